"""A Ruinstars mission as the rules keep it: the battlefield's units and items, the squads, and
where the turn stands."""

from __future__ import annotations

import msgspec

from domain.kit.boards.inches import Base, Terrain
from domain.kit.choices import PendingChoice
from domain.systems.ruinstars.content import Fielded, Item, Mission, Unit, Weapon

READY, ACTIVATED, TAKEN_OUT = "ready", "activated", "taken_out"
#: Phases: deployment, initiative (the winner picks who starts), activations, end_of_turn (all
#: activated, waiting for the end-of-turn steps), between_turns, mission_end.
DEPLOYMENT, INITIATIVE, ACTIVATIONS = "deployment", "initiative", "activations"
END_OF_TURN, BETWEEN_TURNS, MISSION_END = "end_of_turn", "between_turns", "mission_end"
SWARM = "swarm"
#: The answer of a squad that lets an Attack of Opportunity pass.
NO_ATTACK = "none"


class Model(msgspec.Struct, frozen=True):
    """A unit or an item on the battlefield (ruinstars-2e.md#UNIT STATS)."""

    id: str
    card: str
    squad: str
    hit: int
    radius: float
    at: Base | None = None
    status: str = READY
    act: int = 0
    #: How often each action was done in the current activation (#ACTIONS: repeats cost more).
    done: dict[str, int] = {}
    item: bool = False
    #: Weapons with Limited Ammo it has used this mission (ruinstars-2e.md#WEAPON SPECIALS, LIM).
    spent: tuple[str, ...] = ()
    #: A Critical Strike of a Stun weapon hit it: -1 ACT in its next activation (STN).
    stunned: bool = False
    #: It made its Attack of Opportunity this turn (one a turn).
    opportunity: bool = False
    #: The markers it carries.
    carrying: tuple[str, ...] = ()
    #: Skills with a TO cost it performed this turn (once a turn, #USING TACTICAL ORDERS).
    skills_used: tuple[str, ...] = ()
    #: The optional gear its squad chose for it (#BUILDING YOUR SQUAD).
    gear: tuple[str, ...] = ()
    #: Taken Out: in which turn and by which unit (Mission Points, injuries).
    out_turn: int = 0
    out_by: str = ""
    #: Mission End: the injury roll and what the mission's table gives.
    injury: tuple[int, str] | None = None


class Held(msgspec.Struct, frozen=True):
    """Where a unit moves once the Attack of Opportunity it provoked is over; `blunt`: the ATT
    dice the attack rolls fewer."""

    unit: str
    x: float
    y: float
    blunt: int


class Duty(msgspec.Struct, frozen=True):
    """A unit with Duty Before Death at 0 HIT: `by` brought it there; `acted`: its free action
    is made."""

    unit: str
    by: str
    acted: bool = False


class Blow(msgspec.Struct, frozen=True):
    """Damage a unit still has to roll Armor Saves against, dealt by `by`."""

    unit: str
    damage: int
    by: str
    melee: bool
    #: Ranged damage to a target in Cover: one save die may be re-rolled (#COVER).
    cover: bool = False


class Roll(msgspec.Struct, frozen=True):
    """Dice rolled and not yet counted: the squad owning them may re-roll or change them first
    (ruinstars-2e.md#USING TACTICAL ORDERS), then accepts them. `step` is "attack" (the unit's
    strikes against `other`) or "saves" (the unit's Armor Saves against `damage` from `other`)."""

    squad: str
    step: str
    unit: str
    other: str
    weapon: str
    melee: bool
    stat: int
    faces: tuple[int, ...]
    #: Per die, how much Tactical Orders changed it.
    changes: tuple[int, ...]
    #: Positions re-rolled so far (each die once, #RE-ROLLS).
    rerolled: tuple[int, ...] = ()
    #: Re-rolls it may take without Tactical Orders, by source (support, ACC, BRU, RLT).
    free: dict[str, int] = {}
    #: Attack: strikes scored without a die (AUT); saves: the damage to save.
    auto: int = 0
    damage: int = 0
    #: Attack: the other units its strikes hit too (BLS, CHR), in order.
    also: tuple[str, ...] = ()
    #: Attack with Spread: the other targets, and the dice each target takes (`other` first).
    spread: tuple[str, ...] = ()
    split: tuple[int, ...] = ()
    #: Damage still to save after this roll, in order.
    queue: tuple[Blow, ...] = ()


class Game(msgspec.Struct, frozen=True):
    rules: str
    mission: Mission
    cards: dict[str, Unit]
    items: dict[str, Item]
    squads: tuple[Fielded, ...]
    models: dict[str, Model]
    turn: int = 0
    phase: str = DEPLOYMENT
    #: The squad whose activation it is, and the unit activating (if one is).
    up: str = ""
    active: str = ""
    #: The player squad that activated last this turn (the swarm's activations come between).
    last: str = ""
    pending: PendingChoice | None = None
    #: ruinstars-2e.md#MISSION END: victory, defeat or draw, and the squads that won.
    outcome: str | None = None
    winners: tuple[str, ...] = ()
    #: Mission Points each squad scored (and, at the mission's end, earned).
    mp: dict[str, int] = {}
    #: Tactical Orders each squad has left this turn (ruinstars-2e.md#TACTICAL ORDERS).
    orders: dict[str, int] = {}
    #: The TO dice each squad rolled at the start of this turn: 5, or 3 with its Squad Leader
    #: Taken Out (ruinstars-2e.md#TACTICAL ORDERS); their faces are the turn's roll event.
    to_dice: dict[str, int] = {}
    #: The roll its owner may still re-roll or change before it counts (rolls in flight).
    roll: Roll | None = None
    #: A Move or Dash paid for and held while an Attack of Opportunity is chosen and resolved.
    held: Held | None = None
    #: A unit answering Duty Before Death before it is Taken Out.
    duty: Duty | None = None
    #: The mission's terrain pieces as the kit measures them (every one blocks sight), open
    #: doors left out.
    terrain: tuple[Terrain, ...] = ()
    open_doors: tuple[str, ...] = ()
    #: Markers lying on the battlefield (those carried are the carrier's).
    markers: dict[str, Base] = {}

    def squad_of(self, unit: str) -> str:
        return self.models[unit].squad

    def weapons(self, model: Model) -> list[Weapon]:
        """The weapons the unit carries: its card's, optional ones only when chosen."""
        return [
            w
            for w in self.cards[model.card].weapons
            if not w.optional or w.name in model.gear
        ]

    def units_of(self, squad: str) -> list[Model]:
        return [m for m in self.models.values() if m.squad == squad and not m.item]
