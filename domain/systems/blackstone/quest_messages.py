"""The quest's campaign commands and events (docs/blackstone-expedition-design.md): tagged
`blackstone-fortress.<Name>`, since one campaign stream may hold several systems' events."""

from __future__ import annotations

from typing import Annotated, ClassVar

from msgspec import Meta

from domain.commands import HOST, PLAYERS, Command
from domain.events import Event
from domain.kit.choices import PendingChoice
from domain.systems.blackstone.content import LegacyCard, MortisCard, Spacecraft, Stronghold


Id = Annotated[str, Meta(min_length=1, max_length=40)]


class BeginQuest(Command, tag="blackstone-fortress.BeginQuest"):
    """The quest's decks from a pack; the server fills in the cards (`campaign_prepare`)."""

    roles: ClassVar[frozenset[str]] = HOST
    pack: str = "core"
    legacy_cards: list[LegacyCard] = []
    discovery_cards: list[str] = []
    spacecraft: list[Spacecraft] = []
    #: Each archeotech card's trading points.
    archeotech: dict[str, int] = {}
    #: Each explorer's (id) spacecraft.
    ships: dict[str, str] = {}
    #: The clue cards of the discovery deck, the explorers (ids) of the pack, the strongholds
    #: and the hidden vault (none, or one).
    clues: list[str] = []
    roster: list[str] = []
    strongholds: list[Stronghold] = []
    hidden_vault: list[Stronghold] = []
    mortis_cards: list[MortisCard] = []


Explorers = Annotated[list[Id], Meta(min_length=1, max_length=4)]


class AttackStronghold(Command, tag="blackstone-fortress.AttackStronghold"):
    """#STRONGHOLDS: the players agree, after picking the expedition's explorers, to discard 4
    clue cards those explorers hold; the stronghold deck is shuffled and one drawn."""

    roles: ClassVar[frozenset[str]] = HOST
    explorers: Explorers
    clues: Annotated[list[Id], Meta(max_length=8)]


class AttemptVault(Command, tag="blackstone-fortress.AttemptVault"):
    """#THE HIDDEN VAULT: with 4 strongholds conquered, the players agree that the picked
    explorers' next expedition goes for the vault."""

    roles: ClassVar[frozenset[str]] = HOST
    explorers: Explorers


class DrawLegacy(Command, tag="blackstone-fortress.DrawLegacy"):
    """#PRECIPICE, 2. Legacy step: the leader shuffles the legacy deck and draws a card (the
    expedition's leader at its end, or the host for the table; another of its players is
    refused)."""

    roles: ClassVar[frozenset[str]] = PLAYERS


class Heal(Command, tag="blackstone-fortress.Heal"):
    """#PRECIPICE, 1. Healing step: every wound heals; an explorer that came back out of action
    makes its recovery roll first, and each explorer that died takes a mortis card."""

    roles: ClassVar[frozenset[str]] = HOST


class BeginTrading(Command, tag="blackstone-fortress.BeginTrading"):
    """#PRECIPICE, 3. Trading step: the leader shuffles each spacecraft's resource deck and lays
    out its top three cards; then the explorers trade in leader order: `order` lists the
    expedition's living explorers so, as the leader chooses (#SETUP: "in leader order"); empty:
    the order they set out in. The expedition's leader at its end, or the host for the table."""

    roles: ClassVar[frozenset[str]] = PLAYERS
    order: Annotated[list[Id], Meta(max_length=4)] = []


class Trade(Command, tag="blackstone-fortress.Trade"):
    """The explorer whose turn it is visits `spacecraft` (empty: none), converts archeotech it
    holds into trading points and buys laid-out resource cards there."""

    roles: ClassVar[frozenset[str]] = PLAYERS
    explorer: Id
    spacecraft: Annotated[str, Meta(max_length=40)] = ""
    convert: Annotated[list[Id], Meta(max_length=20)] = []
    buy: Annotated[list[Id], Meta(max_length=6)] = []

    def units(self) -> tuple[str, ...]:
        """A player trades only for an explorer it controls (its seats on the campaign)."""
        return (self.explorer,)


class GiveResources(Command, tag="blackstone-fortress.GiveResources"):
    """#RESOURCE CARDS: at the Precipice an explorer gives resource or stronghold artefact cards
    it holds to another."""

    roles: ClassVar[frozenset[str]] = PLAYERS
    giver: Id
    receiver: Id
    cards: Annotated[list[Id], Meta(min_length=1, max_length=20)]


class QuestBegun(Event, tag="blackstone-fortress.QuestBegun"):
    pack: str
    legacy_cards: list[LegacyCard]
    discovery_cards: list[str]
    spacecraft: list[Spacecraft] = []
    archeotech: dict[str, int] = {}
    ships: dict[str, str] = {}
    clues: list[str] = []
    roster: list[str] = []
    strongholds: list[Stronghold] = []
    hidden_vault: list[Stronghold] = []
    mortis_cards: list[MortisCard] = []


class MortisTaken(Event, tag="blackstone-fortress.MortisTaken"):
    """The mortis card of an explorer that died, drawn from the shuffled mortis deck at the
    Precipice's healing step (#EXPLORATION ROUNDS, 2. Recovery step: "take a mortis card")."""

    explorer: str
    card: str


class CluesSpent(Event, tag="blackstone-fortress.CluesSpent"):
    """#STRONGHOLDS: the clue cards discarded from the explorers holding them, back into the
    discovery deck (each expedition shuffles it)."""

    clues: dict[str, list[str]]


class StrongholdDrawn(Event, tag="blackstone-fortress.StrongholdDrawn"):
    """The stronghold the explorers' next expedition attacks (#STRONGHOLDS)."""

    stronghold: str
    explorers: list[str]


class VaultAttempted(Event, tag="blackstone-fortress.VaultAttempted"):
    """The explorers' next expedition goes for the hidden vault (#THE HIDDEN VAULT)."""

    vault: str
    explorers: list[str]


class LegacyDrawn(Event, tag="blackstone-fortress.LegacyDrawn"):
    """A legacy card drawn at the Precipice after `expedition` (a mission id), the `number`-th."""

    card: str
    expedition: str
    number: int


class QuestFailed(Event, tag="blackstone-fortress.QuestFailed"):
    """The quest ends in failure (#THE HIDDEN VAULT): `reason` "legacy_deck_empty" (a legacy card
    was wanted and none was left, #PRECIPICE, 2. Legacy step) or "too_few_explorers" (fewer
    than 4 explorers alive to set out)."""

    expedition: str
    reason: str = "legacy_deck_empty"


class PrecipiceRecoveryRolled(Event, tag="blackstone-fortress.PrecipiceRecoveryRolled"):
    """The blackstone die for an explorer that came back out of action: dead at or under its
    grievous wounds, counted `eased` fewer by the recovery_roll `cards` it holds."""

    explorer: str
    face: int
    grievous: int
    died: bool
    cards: list[str] = []
    eased: int = 0


class ExplorersHealed(Event, tag="blackstone-fortress.ExplorersHealed"):
    """The healing step after `expedition` is over: every explorer still alive sets out unwounded."""

    expedition: str


class ResourcesLaidOut(Event, tag="blackstone-fortress.ResourcesLaidOut"):
    """The top cards of a spacecraft's resource deck after its shuffle: three, fewer when it runs short."""

    spacecraft: str
    cards: list[str]


class TradingBegun(Event, tag="blackstone-fortress.TradingBegun"):
    """The trading step after `expedition`: `order` is the explorers in leader order; `choice`
    waits for the first."""

    expedition: str
    order: list[str]
    choice: PendingChoice


class Traded(Event, tag="blackstone-fortress.Traded"):
    """`points` from the converted archeotech (+1 on its own ship, and the `credits`: the
    trading_point cards the visit used), `spent` on what it bought; the rest is `lost`. The
    converted cards go back into the discovery deck, the credits into their spacecraft's deck."""

    explorer: str
    spacecraft: str
    converted: list[str]
    bought: list[str]
    points: int
    spent: int
    lost: int
    credits: list[str] = []


class TradingTurn(Event, tag="blackstone-fortress.TradingTurn"):
    """The next explorer in leader order may trade."""

    choice: PendingChoice


class ResourcesGiven(Event, tag="blackstone-fortress.ResourcesGiven"):
    giver: str
    receiver: str
    cards: list[str]


class TradingEnded(Event, tag="blackstone-fortress.TradingEnded"):
    """Every explorer has had its turn: the Precipice after `expedition` is over."""

    expedition: str


QUEST_COMMANDS = (BeginQuest, Heal, DrawLegacy, BeginTrading, Trade, GiveResources, AttackStronghold, AttemptVault)
QUEST_EVENTS = (QuestBegun, PrecipiceRecoveryRolled, ExplorersHealed, LegacyDrawn, QuestFailed, ResourcesLaidOut, TradingBegun, Traded, TradingTurn, TradingEnded, ResourcesGiven, CluesSpent, StrongholdDrawn, VaultAttempted, MortisTaken)
