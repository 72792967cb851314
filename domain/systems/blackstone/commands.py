"""What players, the host and the workers ask of a Blackstone Fortress combat."""

from __future__ import annotations

from typing import ClassVar

from domain.commands import HOST, PLAYERS, WORKER, Command
from domain.systems.blackstone.content import ActionDie, Chamber, CombatCard, EncounterCard, Explorer, Hostile


class SetUpBattle(Command, tag=True):
    """The combat's content, copied from the pack so replays never depend on it."""

    roles: ClassVar[frozenset[str]] = HOST
    card: CombatCard
    chambers: list[Chamber]
    explorers: list[Explorer]
    hostiles: list[Hostile]
    action_dice: list[ActionDie]
    encounter_cards: list[EncounterCard]
    hostile_player: str = ""


class ExplorerCommand(Command):
    #: The explorer (its initiative card's name); `miniature` picks one of Rein and Raus's pair.
    unit: str
    miniature: str = ""

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class PlaceExplorer(ExplorerCommand, tag=True):
    """Before the first turn: change the hex a miniature starts in (its chamber's, or an ambush's)."""

    q: int = 0
    r: int = 0


class StartTurn(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST


class BeginActivations(Command, tag=True):
    """The leader closes the initiative phase (after covering fire and gambits)."""

    roles: ClassVar[frozenset[str]] = HOST


class Spend(ExplorerCommand):
    #: The activation die spent: its face on the track, or an available destiny die's face.
    die: int = 0
    destiny: bool = False


class Move(Spend, tag=True):
    q: int = 0
    r: int = 0


class Attack(Spend, tag=True):
    weapon: str = ""
    target: str = ""
    #: A second die spent to aim (blackstone-fortress.md#EXPLORER ACTIONS, Aiming): ignores cover.
    aim: int | None = None
    aim_destiny: bool = False


class EndActivation(ExplorerCommand, tag=True):
    pass


class RollEvent(Command, tag=True):
    """The event phase: the end-of-combat check, then the leader's event roll."""

    roles: ClassVar[frozenset[str]] = HOST


COMMANDS = (SetUpBattle, PlaceExplorer, StartTurn, BeginActivations, Move, Attack, EndActivation, RollEvent)


# -- hostile groups' activations (domain/systems/blackstone/hostiles.py) ---------------------------


class HostileCommand(Command):
    """A command for the hostiles: the seat "hostile" (a fifth player's), or the workers'."""

    def units(self) -> tuple[str, ...]:
        return ("hostile",)


class ActivateHostiles(HostileCommand, tag=True):
    """The group whose initiative card is up activates (blackstone-fortress.md#HOSTILE ACTIONS):
    the worker's command, or the hostile player's."""

    roles: ClassVar[frozenset[str]] = PLAYERS | WORKER
    card: str


class PickHostile(HostileCommand, tag=True):
    """The hostile player's pick of the next hostile among equally close ones (#HOSTILE ACTIVATIONS)."""

    miniature: str


COMMANDS += (ActivateHostiles, PickHostile)
