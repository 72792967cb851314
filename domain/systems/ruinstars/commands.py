"""What the host and the players ask of a Ruinstars mission."""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec

from domain.commands import HOST, PLAYERS, WORKER, Command
from domain.systems.ruinstars.content import Fielded, Item, Mission, Unit


class SetUpMission(Command, tag=True):
    """The mission's content, copied from the pack so replays never depend on it."""

    roles: ClassVar[frozenset[str]] = HOST
    mission: Mission
    cards: list[Unit]
    items: list[Item]
    squads: list[Fielded]


#: The workers play the swarm's units in PvE (ruinstars-2e.md#1 - SURVIVE; `ai.py`).
SWARM_PLAYERS = PLAYERS | WORKER


class UnitCommand(Command):
    roles: ClassVar[frozenset[str]] = SWARM_PLAYERS
    unit: str

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class Deploy(UnitCommand, tag=True):
    """Before the first turn: set a unit down (inches from the battlefield's corner; on the
    grid, the square's column and row)."""

    x: float
    y: float


class StartTurn(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST


class ChooseFirst(Command, tag=True):
    """The squad that won initiative picks the squad that activates first."""

    squad: str
    first: str

    def units(self) -> tuple[str, ...]:
        return (self.squad,)


class Activate(UnitCommand, tag=True):
    pass


class Action(UnitCommand, kw_only=True):
    """An action of the activating unit; `orders` of its ACT cost are paid with the squad's
    Tactical Orders (ruinstars-2e.md#ACTIONS), the rest with the unit's ACT."""

    orders: int = 0


class Move(Action, tag=True):
    """A Move action, in a straight line to (x, y) (on the grid: to the square, by the cheapest
    way); `blunt`: inches of it given up to blunt an Attack of Opportunity
    (ruinstars-2e.md#ATTACKS OF OPPORTUNITY: 1 ATT die less per 2", a square on the grid)."""

    x: float
    y: float
    blunt: Annotated[float, msgspec.Meta(ge=0)] = 0.0


class Dash(Move, tag=True):
    """A Dash: a Move of up to 2"."""


class PickUp(Action, tag=True):
    """Pick up an Adjacent marker the unit controls."""

    marker: str


class Drop(Action, tag=True):
    """Drop a carried marker at (x, y), Adjacent to the unit."""

    marker: str
    x: float
    y: float


class Give(Action, tag=True):
    """Pass a carried marker to an Adjacent squadmate the unit controls."""

    marker: str
    to: str


class OpenCloseDoor(Action, tag=True):
    """Open an Adjacent closed door, or close an open one."""

    door: str


class RangedCombat(Action, tag=True):
    """Attack `target` with a ranged `weapon`; `also`: Chain Reaction's secondary targets;
    `spread` and `dice`: a Spread weapon's other targets and the ATT dice each target takes
    (`target` first)."""

    weapon: str
    target: str
    also: list[str] = []
    spread: list[str] = []
    dice: list[int] = []


class PerformMissionAction(Action, tag=True):
    """Perform one of the mission's own actions (ruinstars-2e.md#MISSION ACTIONS)."""

    action: str


class UseSkill(Action, tag=True):
    """Perform one of the unit's skills with an ACT or TO cost (ruinstars-2e.md#SKILLS)."""

    skill: str


class MeleeCombat(RangedCombat, tag=True):
    """Attack an Adjacent `target` with a melee `weapon`."""


class OpportunityAttack(Command, tag=True):
    """The squad a moving unit leaves names which of its Adjacent units attacks it, with which
    melee weapon, or "none"."""

    roles: ClassVar[frozenset[str]] = SWARM_PLAYERS
    squad: str
    attacker: str
    weapon: str = ""

    def units(self) -> tuple[str, ...]:
        return (self.squad,)


class RollCommand(Command):
    """A command on the roll in flight, by the squad that owns it."""

    roles: ClassVar[frozenset[str]] = SWARM_PLAYERS
    squad: str

    def units(self) -> tuple[str, ...]:
        return (self.squad,)


class Reroll(RollCommand, tag=True):
    """Re-roll these dice (positions from 0): free re-rolls first, then one TO each."""

    dice: list[int]


class ChangeDie(RollCommand, tag=True):
    """Change one die by `by` (+ or -), one TO per step."""

    die: int
    by: int


class AcceptRoll(RollCommand, tag=True):
    """The dice stand: count them and go on."""


class EndActivation(UnitCommand, tag=True):
    pass


class PassDuty(UnitCommand, tag=True):
    """A unit called to Duty Before Death makes no action: it is Taken Out."""


class EndTurn(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST


COMMANDS = (
    SetUpMission,
    Deploy,
    StartTurn,
    ChooseFirst,
    Activate,
    Move,
    Dash,
    PickUp,
    Drop,
    Give,
    OpenCloseDoor,
    PerformMissionAction,
    UseSkill,
    RangedCombat,
    MeleeCombat,
    OpportunityAttack,
    Reroll,
    ChangeDie,
    AcceptRoll,
    EndActivation,
    PassDuty,
    EndTurn,
)
