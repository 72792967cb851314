"""What an Army Forge unit is (grimdark-future-1.5.md#Unit Types) and the base it stands on
(docs/grimdark-future-content-format.md, Army Forge lists).

Army Forge's files name no unit type: the kind is read from the rules a unit has, by the table
below, and the base from the bases Army Forge suggests for its models. Pure.
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

from domain.systems.grimdark import armyforge_shapes as af
from domain.systems.grimdark.content import DEFAULT_BASE, rule_value

Kind = Literal["infantry", "vehicle", "monster", "titan"]
#: The later editions' flyer (#Unit Types, Flyers); a Flyer counts as a Vehicle here.
FLYER_RULE = "Aircraft"
#: Tough(X) from which a unit is a Titan (#Unit Types, Titans).
TITAN_TOUGH = 15
#: Tough(X) from which a unit of one model is a Vehicle or Monster (#Unit Types, Vehicles/Monsters).
BIG_TOUGH = 6
#: Rules that make a Vehicle or Monster a Monster: living things.
MONSTER_RULES = ("Fear", "Regeneration")
#: The base of a kind when Army Forge suggests none we can read (millimetres).
KIND_BASE: dict[Kind, int] = {"infantry": DEFAULT_BASE, "vehicle": 60, "monster": 60, "titan": 100}
_MILLIMETRES = re.compile(r"\d+")


class UnitType(msgspec.Struct, frozen=True):
    kind: Kind = "infantry"
    flyer: bool = False
    base: int = DEFAULT_BASE


def unit_type(unit: af.Unit, texts: list[str]) -> UnitType:
    """The kind, whether it flies, and its base, from its rules' `texts` (as Army Forge writes
    them, rating in brackets) and the bases of `unit`."""
    names = {t.split("(")[0] for t in texts}
    tough = int(rule_value(tuple(texts), "Tough"))
    kind: Kind = "infantry"
    if tough >= TITAN_TOUGH:
        kind = "titan"
    elif FLYER_RULE in names or rule_value(tuple(texts), "Transport") or (unit.size == 1 and tough >= BIG_TOUGH):
        kind = "monster" if names & set(MONSTER_RULES) and FLYER_RULE not in names else "vehicle"
    return UnitType(kind, FLYER_RULE in names, _base(unit.bases, kind))


def _base(bases: af.Bases | None, kind: Kind) -> int:
    """The round base, else the square one; the longer side of an oval ("60x35")."""
    for text in (bases.round, bases.square) if bases else ():
        sizes = [int(n) for n in _MILLIMETRES.findall(str(text))]
        if sizes:
            return max(sizes)
    return KIND_BASE[kind]
