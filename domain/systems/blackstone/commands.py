"""What players, the host and the workers ask of a Blackstone Fortress combat."""

from __future__ import annotations

from typing import ClassVar

from domain.commands import HOST, PLAYERS, WORKER, Command
from domain.systems.blackstone.content import ActionDie, Chamber, CombatCard, EncounterCard, Explorer, Hostile, PlayCard


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
    #: A lone combat's resource and artefact cards (#RESOURCE CARDS): as the combat plays them,
    #: and the ids each explorer holds (an expedition's combat takes the expedition's instead).
    cards: list[PlayCard] = []
    held: dict[str, list[str]] = {}


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
    #: Re-roll each failed die once, 1 inspiration point each while they last (#INSPIRATION).
    reroll: bool = False


class EndActivation(ExplorerCommand, tag=True):
    pass


class RollEvent(Command, tag=True):
    """The event phase: the end-of-combat check, then the leader's event roll."""

    roles: ClassVar[frozenset[str]] = HOST


class CoveringFire(ExplorerCommand, tag=True):
    """Two explorers who see each other swap initiative cards (#COMBAT, 3. Covering fire); a
    player holding both, or the host when two players agree, sends it."""

    other: str = ""

    def units(self) -> tuple[str, ...]:
        return (self.unit, self.other)


class Gambit(ExplorerCommand, tag=True):
    """An agility roll to swap with a hostile group's card (#COMBAT, 4. Gambits), paid with an
    activation die or 2 inspiration points. `group`: the card wanted on a critical success
    (and on a success when two are equally close)."""

    die: int = 0
    inspiration: bool = False
    group: str = ""
    reroll: bool = False


class Recuperate(Spend, tag=True):
    reroll: bool = False


class Search(Spend, tag=True):
    #: Pay 3 inspiration points to search a hex with no discovery marker.
    inspiration: bool = False


class Summon(Spend, tag=True):
    """Replace the portal in hex (q, r), next to the miniature, with an escape chamber."""

    q: int = 0
    r: int = 0


class Unique(Spend, tag=True):
    action: str = ""


class UseCard(Spend, tag=True):
    """Use a resource or artefact card the explorer holds in its activation (#RESOURCE CARDS);
    `die` pays a card that shows an activation die cost, else it stays 0. `target`: the ally
    explorer a heal_ally card heals, or the hostile miniature a push card pushes to hex (q, r)."""

    card: str = ""
    target: str = ""
    q: int = 0
    r: int = 0


class StandUp(Spend, tag=True):
    """A stunned miniature discards an activation die to stand up (#ATTACKS, Stunned)."""


class Overwatch(ExplorerCommand, tag=True):
    """A weapon action with overwatch dice at the hostile that triggered it (#OVERWATCH)."""

    die: int = 0
    weapon: str = ""
    aim: int | None = None
    reroll: bool = False


class PassOverwatch(ExplorerCommand, tag=True):
    pass


class Inspire(ExplorerCommand, tag=True):
    """Spend 3 inspiration points to turn the character card to its inspired side."""


class DefenceRerolls(ExplorerCommand, tag=True):
    """A standing choice: re-roll (or not) failed defence dice with inspiration from now on;
    defence rolls come in the hostiles' activation, where no explorer command is asked."""

    reroll: bool = True


class ResolveEvent(Command, tag=True):
    """The leader's pick for an event of the event table (an explorer, a hostile, a marker, a portal)."""

    roles: ClassVar[frozenset[str]] = HOST
    pick: str = ""


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


class PickTarget(HostileCommand, tag=True):
    """The hostile player's pick of the explorer miniature a hostile attacks, among those the
    instructions leave equal (#HOSTILE MOVEMENT AND ATTACKS: "as they see fit")."""

    target: str


class PickWeapon(HostileCommand, tag=True):
    """The hostile player's pick of the weapon a hostile attacks with, among those it carries
    that reach the target (#HOSTILE MOVEMENT AND ATTACKS)."""

    weapon: str


class PickHex(HostileCommand, tag=True):
    """The hostile player's pick of the hex a hostile moves or is deployed to, among those the
    rules leave equal (#HOSTILE MOVEMENT AND ATTACKS, #REINFORCEMENTS)."""

    q: int
    r: int


class ResumeHostiles(HostileCommand, tag=True):
    """The group's activation goes on after the explorers answered an overwatch offer (#OVERWATCH):
    the worker's command, or the hostile player's."""

    roles: ClassVar[frozenset[str]] = PLAYERS | WORKER
    card: str


COMMANDS = (
    SetUpBattle,
    PlaceExplorer,
    StartTurn,
    BeginActivations,
    Move,
    Attack,
    EndActivation,
    RollEvent,
    CoveringFire,
    Gambit,
    Recuperate,
    Search,
    Summon,
    Unique,
    UseCard,
    StandUp,
    Overwatch,
    PassOverwatch,
    Inspire,
    DefenceRerolls,
    ResolveEvent,
    ActivateHostiles,
    PickHostile,
    PickTarget,
    PickWeapon,
    PickHex,
    ResumeHostiles,
)
