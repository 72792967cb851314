"""Ruinstars has one rules version, the 2nd edition; sections are cited by their headings."""

from __future__ import annotations

from typing import Literal

Version = Literal["2e"]
RULES_FILE = "ruinstars-2e.md"


def rule(section: str) -> str:
    """The citation of a rules section: `rule("MOVEMENT")` is "ruinstars-2e.md#MOVEMENT"."""
    return f"{RULES_FILE}#{section}"
