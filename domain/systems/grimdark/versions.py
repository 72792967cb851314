"""Grimdark Future has one rules version here, 1.5; sections are cited by their headings, and its
readings of the One Page Rules mechanics it shares with the other One Page Rules game are one
table (`ONE_PAGE`)."""

from __future__ import annotations

from typing import Literal

from domain.kit.onepage import OnePageTable

Version = Literal["1.5"]
RULES_FILE = "grimdark-future-1.5.md"


def rule(section: str) -> str:
    """The citation of a rules section: `rule("Movement")` is "grimdark-future-1.5.md#Movement"."""
    return f"{RULES_FILE}#{section}"


#: Grimdark Future's readings of the shared mechanics (domain/kit/onepage.py): a 1 always fails,
#: and a target above 6 takes a 6 followed by a 4+ (#General Principles, Modifiers); the attacker
#: rolls each hit against the target's Defense to wound, AP(X) lowering the Defense (#Shooting,
#: #Special Rules, AP(X)); Blast(X) multiplies every hit by X (Blast(X)); Regeneration ignores a
#: wound on 5+; Advance 6", Rush and Charge 12" (#Activation); Fast moves 9"/18" and Slow 4"/8"
#: (Fast, Slow).
ONE_PAGE = OnePageTable(
    always_succeed=(),
    beyond_six=4,
    defense_roller="attacker",
    blast_at_most_models=False,
    moves={"advance": 6.0, "rush": 12.0, "charge": 12.0},
    speed_rules={"Fast": {"advance": 3.0, "rush": 6.0, "charge": 6.0}, "Slow": {"advance": -2.0, "rush": -4.0, "charge": -4.0}},
)
