"""Blackstone Fortress has one rules version, English; sections are cited by their headings."""

from __future__ import annotations

from typing import Literal

Version = Literal["en"]
RULES_FILE = "blackstone-fortress.md"


def rule(section: str) -> str:
    """The citation of a rules section: `rule("ATTACKS")` is "blackstone-fortress.md#ATTACKS"."""
    return f"{RULES_FILE}#{section}"
