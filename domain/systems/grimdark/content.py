"""Grimdark Future content: armies of units with their models, weapons, special rules and points,
and the missions a pack offers (docs/grimdark-future-content-format.md). Every name in a pack is
ours; the rules decide what the numbers do.

A special rule is written as the rules file spells it, with its X in brackets where it takes one:
"Fearless", "AP(1)", "Tough(3)". `RULES` says which this server applies so far, and where.
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

FORMAT = "docs/grimdark-future-content-format.md"
Place = Literal["unit", "weapon"]

#: grimdark-future-1.5.md#Special Rules that the rules of this server apply: name -> (where it
#: goes, lowest and highest X or None). The others are listed in docs/grimdark-future-rules-notes.md.
RULES: dict[str, tuple[Place, tuple[int, int] | None]] = {
    "Ambush": ("unit", None),
    "Anti-Air": ("weapon", None),
    "AP": ("weapon", (1, 6)),
    "Blast": ("weapon", (2, 6)),
    "Deadly": ("weapon", None),
    "EMP": ("weapon", None),
    "Fast": ("unit", None),
    "Fear": ("unit", None),
    "Fearless": ("unit", None),
    "Flying": ("unit", None),
    "Furious": ("unit", None),
    "Impact": ("unit", (1, 12)),
    "Indirect": ("weapon", None),
    "Limited": ("weapon", None),
    "Linked": ("weapon", None),
    "Poison": ("weapon", (1, 6)),
    "Psychic": ("unit", (1, 6)),
    "Regeneration": ("unit", None),
    "Rending": ("weapon", None),
    "Scout": ("unit", None),
    "Slow": ("unit", None),
    "Sniper": ("weapon", None),
    "Stealth": ("unit", None),
    "Strider": ("unit", None),
    "Tough": ("unit", (2, 24)),
    "Transport": ("unit", (1, 30)),
}
#: grimdark-future-1.5.md#Unit Types: what Vehicles and Monsters, and Titans, always count as having.
KIND_RULES: dict[str, dict[str, int | bool]] = {"vehicle": {"Fear": True, "Impact": 3}, "monster": {"Fear": True, "Impact": 3}, "titan": {"Fear": True}}
_RULE = re.compile(r"^([A-Z][A-Za-z-]*)(?:\((\d+)\))?$")
#: The base a model stands on when its unit names none (millimetres).
DEFAULT_BASE = 25


class Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


def split_rule(text: str) -> tuple[str, int | None] | None:
    """A special rule as (name, X), or None when it is not written Name or Name(X)."""
    match = _RULE.match(text)
    if match is None:
        return None
    return match.group(1), int(match.group(2)) if match.group(2) else None


def applies(text: str, place: Place) -> bool:
    """Whether `text` is a rule this server applies at `place`, with its X in range."""
    parsed = split_rule(text)
    known = RULES.get(parsed[0]) if parsed else None
    if parsed is None or known is None or known[0] != place:
        return False
    values, x = known[1], parsed[1]
    return x is None if values is None else x is not None and values[0] <= x <= values[1]


def rule_value(rules: tuple[str, ...], name: str) -> int | bool:
    """X of Name(X) among `rules`, True for a plain rule it has, False when it has not."""
    for text in rules:
        parsed = split_rule(text)
        if parsed and parsed[0] == name:
            return True if parsed[1] is None else parsed[1]
    return False


class Weapon(Struct):
    """grimdark-future-1.5.md#Weapons: Name (Range, Attacks, Special Rules); no range: melee."""

    name: str
    attacks: int = 1
    range: int = 0
    rules: tuple[str, ...] = ()

    @property
    def melee(self) -> bool:
        return self.range == 0

    def rule(self, name: str) -> int | bool:
        return rule_value(self.rules, name)


#: grimdark-future-1.5.md#Weapons: models without a melee weapon always have 1 attack in melee.
BARE_HANDS = Weapon("Bare hands", attacks=1)


class Models(Struct):
    """`count` models of a unit that carry the same weapons (a sergeant, the rest of the squad)."""

    name: str
    count: int = 1
    weapons: tuple[Weapon, ...] = ()


class UnitProfile(Struct):
    """A unit of an army list: Quality and Defense are rolled at that value or higher
    (grimdark-future-1.5.md#General Principles, #Shooting); `points` is what it costs."""

    name: str
    quality: int
    defense: int
    points: int
    models: tuple[Models, ...]
    rules: tuple[str, ...] = ()
    hero: bool = False
    #: A Flyer (grimdark-future-1.5.md#Unit Types, Flyers), whatever its kind.
    flyer: bool = False
    #: "infantry", "vehicle", "monster" or "titan" (grimdark-future-1.5.md#Unit Types).
    kind: Literal["infantry", "vehicle", "monster", "titan"] = "infantry"
    base: int = DEFAULT_BASE

    def rule(self, name: str) -> int | bool:
        """Its own rules, and what its kind always counts as having (#Unit Types: Vehicles and
        Monsters have Fear and Impact(3), unless it has an Impact of its own; Titans Fear)."""
        return rule_value(self.rules, name) or KIND_RULES.get(self.kind, {}).get(name, False)

    @property
    def size(self) -> int:
        return sum(m.count for m in self.models)


#: What a spell may do (spell_effects.py), and whom it targets: automatic hits on an enemy unit;
#: +1 to a friendly unit's shooting or melee rolls, or -1 to an enemy's shooting rolls, until the
#: end of that unit's next activation; a friendly unit moved up to the spell's inches.
SPELL_EFFECTS: dict[str, Literal["enemy", "friend"]] = {
    "hits": "enemy",
    "shooting-bonus": "friend",
    "melee-bonus": "friend",
    "shooting-penalty": "enemy",
    "move": "friend",
}
#: The effects that stay on their target until the end of its next activation.
LASTING_SPELLS = ("shooting-bonus", "melee-bonus", "shooting-penalty")


class Spell(Struct):
    """A spell of an army (grimdark-future-1.5.md#Special Rules, Psychic(X)): cast when the
    caster's highest die reaches `value`, at a unit within `range`; `effect` says what it does:
    `hits` automatic hits on an enemy, each rolled to wound as a weapon's with its `rules` (AP(X),
    Deadly...), or one of the other `SPELL_EFFECTS` (a "move" moves up to `inches`)."""

    name: str
    value: int
    range: int
    hits: int = 0
    rules: tuple[str, ...] = ()
    effect: str = "hits"
    inches: int = 0

    def rule(self, name: str) -> int | bool:
        return rule_value(self.rules, name)


class Army(Struct):
    id: str
    name: str
    units: tuple[UnitProfile, ...]
    #: What its Psychics may cast (#Special Rules, Psychic(X)).
    spells: tuple[Spell, ...] = ()

    def spell(self, name: str) -> Spell | None:
        return next((s for s in self.spells if s.name == name), None)

    @property
    def points(self) -> int:
        return sum(u.points for u in self.units)


class Port(Struct):
    """A firing port of a solid building (a door, a window; grimdark-future-1.5.md#Solid
    Buildings): a point on the building's outline and how high above the table it opens."""

    x: float
    y: float
    height: float = 0.0


class TerrainPiece(Struct):
    """A piece on the table (grimdark-future-1.5.md#Terrain): a polygon in inches, how tall it is,
    and what it counts as. Field names match the kit's board Terrain, which is built from it."""

    id: str
    polygon: tuple[tuple[float, float], ...]
    height: float = 3.0
    cover: bool = False
    difficult: bool = False
    dangerous: bool = False
    blocks_sight: bool = False
    #: Models may stand on it, at its height (a hill, a platform, a rooftop): they climb its
    #: height in their move and see from up there.
    elevated: bool = False
    #: A solid building (grimdark-future-1.5.md#Solid Buildings) with Transport(X) seats for
    #: Infantry models, 0 for any other piece; its firing ports, where units shoot in and out.
    transport: int = 0
    ports: tuple[Port, ...] = ()

    def top_port(self) -> Port | None:
        """The topmost firing port, the first listed of equally high ones."""
        return max(self.ports, key=lambda p: p.height) if self.ports else None

    def spot(self) -> tuple[float, float]:
        """Where the models inside a building are kept: at its topmost port, else its first corner."""
        port = self.top_port()
        return (port.x, port.y) if port else self.polygon[0]


class Mission(Struct):
    """A mission of grimdark-future-1.5.md#Missions: how many objective markers it places
    ("d3+2", or a number), where they go, and the table."""

    id: str
    name: str
    markers: str = "d3+2"
    #: "alternate" (#Missions, Placing Objectives), "quarters" (the same, one in each table
    #: quarter: Seize Ground), "centre" (King of the Hill) or "zone-centres" (Breakthrough).
    placement: Literal["alternate", "quarters", "centre", "zone-centres"] = "alternate"
    #: What a seized marker does: counts at the end ("seize"), is picked up by the unit that
    #: seizes it ("carry": Relic Hunt), or, seized by the enemy of the side that placed it, is
    #: destroyed ("sabotage").
    objective: Literal["seize", "carry", "sabotage"] = "seize"
    rounds: int = 4
    width: int = 72
    depth: int = 48
    terrain: tuple[TerrainPiece, ...] = ()


#: What a row of #Mysterious Terrain's table and of #Mysterious Objectives' may give (`Mystery`).
MYSTERY_EFFECTS: dict[str, tuple[str, ...]] = {
    "terrain": ("none", "wounds", "hits", "shooting-bonus", "charge-penalty"),
    "objectives": ("none", "dangerous", "difficult", "shot-at-penalty", "melee-bonus"),
}


class Mystery(Struct):
    """A row of the table rolled when a unit first enters a piece (grimdark-future-1.5.md#Mysterious
    Terrain) or first moves within 3" of a marker (#Mysterious Objectives): a die from `low` to
    `high` gives `effect` (docs/grimdark-future-content-format.md, Mysterious terrain and objectives)."""

    table: Literal["terrain", "objectives"]
    low: int
    high: int
    effect: str


class Header(Struct):
    name: str
    version: str


class PackFile(Struct):
    """One file of a pack: any of the sections, and the header in exactly one file."""

    pack: Header | None = None
    armies: tuple[Army, ...] = ()
    missions: tuple[Mission, ...] = ()
    mysteries: tuple[Mystery, ...] = ()


SECTIONS = ("armies", "missions", "mysteries")


class Pack(msgspec.Struct, frozen=True):
    name: str
    version: str
    armies: tuple[Army, ...] = ()
    missions: tuple[Mission, ...] = ()
    mysteries: tuple[Mystery, ...] = ()

    def army(self, army_id: str) -> Army | None:
        return next((a for a in self.armies if a.id == army_id), None)

    def mission(self, mission_id: str) -> Mission | None:
        return next((m for m in self.missions if m.id == mission_id), None)
