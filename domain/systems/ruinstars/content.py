"""Ruinstars content: unit stat cards with their weapons, items, squads and missions, as data
(docs/ruinstars-content-format.md). Every name here is ours; the rules decide what the numbers do.

A weapon special is written as its code with its x where it takes one ("RNG12", "ACC1", "2MC",
"*"); `SPECIALS` says which codes exist, which take an x and where they apply.
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

FORMAT = "docs/ruinstars-content-format.md"
Kind = Literal["melee", "ranged"]
#: ruinstars-2e.md#WEAPON SPECIALS: code -> (lowest and highest x or None, the weapon kinds it fits).
SPECIALS: dict[str, tuple[tuple[int, int] | None, tuple[str, ...]]] = {
    "*": (None, ("melee", "ranged")),
    "2MC": (None, ("melee",)),
    "2RC": (None, ("ranged",)),
    "ACC": ((1, 10), ("ranged",)),
    "AUT": ((1, 10), ("melee", "ranged")),
    "BLS": (None, ("melee", "ranged")),
    "BRU": ((1, 10), ("melee",)),
    "CHR": ((1, 10), ("melee", "ranged")),
    "HIT": (None, ("melee", "ranged")),
    "HVY": (None, ("melee", "ranged")),
    "LIM": (None, ("melee", "ranged")),
    "NCV": (None, ("melee", "ranged")),
    "PBK": (None, ("ranged",)),
    "RLT": (None, ("melee", "ranged")),
    "RND": ((1, 10), ("melee", "ranged")),
    "RNG": ((1, 48), ("ranged",)),
    "SPR": (None, ("melee", "ranged")),
    "STN": (None, ("melee", "ranged")),
}
_SPECIAL = re.compile(r"^(\*|2MC|2RC|[A-Z]{3})(\d*)$")
#: A skill as a card writes it: its name, `*` when Unique, and its cost when it has one:
#: "Strategize* (1 ACT)", "Rally (1 TO)", "Duty Before Death".
_SKILL = re.compile(r"^(?P<name>[^*()]*[^*()\s])\s*(?P<unique>\*)?(?:\s*\((?P<cost>\d+)\s*(?P<pays>ACT|TO)\))?$")
#: The base a unit or item stands on when its card names none (millimetres).
DEFAULT_BASE = 32


class Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


def split_special(text: str) -> tuple[str, int | None] | None:
    """A special as (code, x), or None when it is not written as a code with digits."""
    match = _SPECIAL.match(text)
    if match is None:
        return None
    return match.group(1), int(match.group(2)) if match.group(2) else None


class Skill(Struct):
    """A skill (ruinstars-2e.md#SKILLS): `pays` is "ACT" or "TO" with its `cost`, "" when passive."""

    name: str
    unique: bool = False
    cost: int = 0
    pays: str = ""


def read_skill(text: str) -> Skill | None:
    """A skill from its card text, or None when the text is not written as one."""
    match = _SKILL.match(text.strip())
    if match is None:
        return None
    cost = match.group("cost")
    return Skill(
        match.group("name"),
        bool(match.group("unique")),
        int(cost) if cost else 0,
        match.group("pays") or "",
    )


class Weapon(Struct):
    """ruinstars-2e.md#WEAPON STATS: melee or ranged, ATT dice, SKL to roll under, its specials."""

    name: str
    kind: Kind
    att: int
    skl: int
    specials: tuple[str, ...] = ()
    #: Gear Points it adds when chosen; 0 for a weapon that comes with the unit.
    gp: int = 0

    @property
    def optional(self) -> bool:
        """Gear a squad chooses for the unit (#BUILDING YOUR SQUAD): it costs GP, or it is
        Unique (`*`)."""
        return self.gp > 0 or self.special("*") is not None

    def special(self, code: str) -> int | None:
        """The x of `code` (1 for a special without one), or None when the weapon lacks it."""
        for text in self.specials:
            parsed = split_special(text)
            if parsed and parsed[0] == code:
                return parsed[1] if parsed[1] is not None else 1
        return None


class Unit(Struct):
    """ruinstars-2e.md#STAT CARDS: a unit's card."""

    name: str
    act: int
    arm: int
    hit: int
    gp: int = 0
    fv: int = 0
    weapons: tuple[Weapon, ...] = ()
    #: Skills as the card writes them (`read_skill`): "Strategize* (1 ACT)".
    skills: tuple[str, ...] = ()
    leader: bool = False
    #: Marked with an asterisk: a squad includes it once (#BUILDING YOUR SQUAD).
    unique: bool = False
    base: int = DEFAULT_BASE

    def skill(self, name: str) -> Skill | None:
        return next((s for s in self.abilities() if s.name == name), None)

    def abilities(self) -> list[Skill]:
        """Its skills as read (a text that is no skill is left out: loading refuses it)."""
        return [s for s in map(read_skill, self.skills) if s is not None]


class Item(Struct):
    """An item that can be targeted in combat (a Spawn Point): no ACT, only ARM and HIT."""

    name: str
    arm: int
    hit: int
    base: int = DEFAULT_BASE


class Pick(Struct):
    """A unit of a squad with the optional gear chosen for it (#BUILDING YOUR SQUAD)."""

    card: str
    gear: tuple[str, ...] = ()


class Squad(Struct):
    """A squad as built: one entry per unit (a card may repeat), a card's name alone when the
    unit takes no optional gear."""

    name: str
    units: tuple[str | Pick, ...]

    def picks(self) -> list[Pick]:
        return [Pick(u) if isinstance(u, str) else u for u in self.units]


class Piece(Struct):
    """A terrain piece (ruinstars-2e.md#PREPARE BATTLEFIELD): a polygon in inches from the
    battlefield's corner and its height in inches. Every piece blocks sight, movement and
    Adjacency across it; `elevated`: units can stand on its top; `climbable`: the players agreed
    it can be climbed (#VERTICAL MOVEMENT)."""

    id: str
    polygon: tuple[tuple[float, float], ...]
    height: float
    elevated: bool = False
    climbable: bool = False
    #: A door: closed at the start, it blocks like any piece; open, it blocks nothing.
    door: bool = False


class Marker(Struct):
    """A marker or token units pick up, carry, drop and give (#BASIC ACTIONS), where it lies."""

    id: str
    at: tuple[float, float]
    base: int = DEFAULT_BASE


class MissionAction(Struct):
    """An action a mission's briefing defines (ruinstars-2e.md#MISSION ACTIONS): its ACT cost
    (repeats cost more, as every action), the marker the unit must be Adjacent to and control
    (none: anywhere), and the Mission Points its squad scores by it."""

    id: str
    act: int = 1
    marker: str = ""
    points: int = 0


class Injury(Struct):
    """A line of a play mode's Injury table (#APPLY INJURIES): the D6 faces and the injury."""

    roll: tuple[int, ...]
    injury: str


class Mission(Struct):
    """A mission's battlefield, deployment, turns and swarm (ruinstars-2e.md#1 - SURVIVE)."""

    id: str
    name: str
    #: The battlefield's side in inches (#BATTLEFIELD: 2' by 2').
    size: int = 24
    turns: int = 4
    #: Player units deploy within this many inches of the centre.
    deploy_within: float = 4
    #: The item the spawn points are, and where each stands ([x, y] in inches).
    spawn_item: str = ""
    spawn_points: tuple[tuple[float, float], ...] = ()
    #: The unit card spawned next to each spawn point, and at most how many per point a turn.
    spawns: str = ""
    spawn_max: int = 0
    terrain: tuple[Piece, ...] = ()
    markers: tuple[Marker, ...] = ()
    actions: tuple[MissionAction, ...] = ()
    #: How it is won (`ending.VICTORIES`): every spawn point Taken Out at the end of the last
    #: turn, or by most MP.
    victory: str = "spawn_points"
    #: Mission Points scored at the end of each turn (`ending.SCORINGS`): none, or `attrition`
    #: (the Force Value of the enemy units a squad Took Out that turn).
    scoring: str = ""
    #: MP each winning squad earns at the mission's end besides those it scored (#EARN MP).
    reward: int = 0
    #: The play mode's Injury table, rolled for each unit Taken Out (none: only the roll).
    injuries: tuple[Injury, ...] = ()
    #: Played on the grid (ruinstars-2e.md#PLAYING ON A GRID): places are squares [column,
    #: row] from 0, `walls` lie between two squares [x1, y1, x2, y2] side by side, and
    #: `heights` raise squares [x, y, squares high]; `terrain` is for free play only.
    grid: bool = False
    walls: tuple[tuple[int, int, int, int], ...] = ()
    heights: tuple[tuple[int, int, int], ...] = ()


class Fielded(Struct):
    """A squad as a mission fields it: its id, its name, and its unit ids with their cards
    (in the order the squad lists them)."""

    id: str
    name: str
    units: tuple[tuple[str, str], ...]
    #: The optional gear each unit took, by unit id (units without any left out).
    gear: dict[str, tuple[str, ...]] = {}
    #: Co-op mini squads fielded together: the Leader whose standing counts for the TO dice
    #: (the Squad Leader); empty: any Leader of the squad.
    leader: str = ""
    #: Co-op mini squads: the mini squad each unit came from (its player's seat).
    owners: dict[str, str] = {}


SECTIONS = ("units", "items", "squads", "missions")


class PackHeader(Struct):
    name: str
    version: str


class PackFile(Struct):
    pack: PackHeader | None = None
    units: tuple[Unit, ...] = ()
    items: tuple[Item, ...] = ()
    squads: tuple[Squad, ...] = ()
    missions: tuple[Mission, ...] = ()


class Pack(Struct):
    name: str
    version: str
    units: tuple[Unit, ...]
    items: tuple[Item, ...]
    squads: tuple[Squad, ...]
    missions: tuple[Mission, ...]

    def named(self, section: str, key: str):  # noqa: ANN201 - one of the sections' types
        field = "id" if section == "missions" else "name"
        return next(
            (item for item in getattr(self, section) if getattr(item, field) == key),
            None,
        )
