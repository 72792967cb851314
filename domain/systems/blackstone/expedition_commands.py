"""What the players and the host ask of an expedition between its combats (a combat's own
commands are part 1's, commands.py)."""

from __future__ import annotations

from typing import Annotated, ClassVar

import msgspec
from msgspec import Meta

from domain.commands import HOST, PLAYERS, Command
from domain.systems.blackstone.content import ActionDie, Chamber, ChallengeCard, CombatCard, DiscoveryCard, EncounterCard, Explorer, Hostile, LegacyCard, PlayCard, Stronghold, Difficulty

#: What an expedition sets out for: the quest's next expedition, an attack on the stronghold (or
#: the hidden vault) agreed on, or a one-off expedition apart from any quest.
EXPEDITION, STRONGHOLD, ONE_OFF = "expedition", "stronghold", "one-off"


class ExpeditionPlan(msgspec.Struct, frozen=True):
    """What an expedition sets out with: its players, explorers and content, copied from the
    pack (and the legacy cards in force), so replays never depend on them."""

    players: list[str]
    explorers: list[Explorer]
    hostiles: list[Hostile]
    action_dice: list[ActionDie]
    chambers: list[Chamber]
    combat_cards: list[CombatCard]
    encounter_cards: list[EncounterCard]
    challenge_cards: list[ChallengeCard]
    discovery_cards: list[DiscoveryCard]
    #: The legacy cards in force, in the order drawn.
    legacy: list[LegacyCard] = []
    #: The discovery cards each explorer (id) brings from earlier expeditions (carried in).
    held: dict[str, list[str]] = {}
    #: The resource and stronghold artefact cards each explorer brings (carried in).
    resources: dict[str, list[str]] = {}
    artefacts: dict[str, list[str]] = {}
    #: The resource and artefact cards as a combat plays them (those the party holds, carried in).
    cards: list[PlayCard] = []
    hostile_player: str = ""
    kind: str = EXPEDITION
    #: The stronghold or vault attacked (carried in from the quest), or None.
    stronghold: Stronghold | None = None
    #: A one-off expedition's difficulty level and objective (#ONE-OFF EXPEDITIONS), or None.
    objective: Difficulty | None = None


class SetUpExpedition(Command, tag=True):
    """Decided on the new mission when it is created (a campaign's `carry_in` completes it)."""

    roles: ClassVar[frozenset[str]] = HOST
    plan: ExpeditionPlan


class LeaderCommand(Command):
    """The leader's (or the host's, for the table)."""

    roles: ClassVar[frozenset[str]] = PLAYERS


class Explore(LeaderCommand, tag=True):
    """#EXPLORATION ROUNDS, 1. Exploration step: reveal the top exploration card."""


class EndExpedition(Command, tag=True):
    """All players agree to end the expedition instead of drawing a card (#ENDING AN EXPEDITION):
    the host says so for the table."""

    roles: ClassVar[frozenset[str]] = HOST


class Recover(LeaderCommand, tag=True):
    """#EXPLORATION ROUNDS, 2. Recovery step: recovery rolls, then vitality rolls."""


class UseRecoveryCard(Command, tag=True):
    """#RESOURCE CARDS: in the recovery step, before the leader's `Recover`, the explorer's
    player uses a card of the recovery step it holds (a vitality_roll card, card_kinds.py)."""

    roles: ClassVar[frozenset[str]] = PLAYERS
    unit: Annotated[str, Meta(max_length=40)]
    card: Annotated[str, Meta(max_length=40)]

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class LookAhead(Command, tag=True):
    """#RESOURCE CARDS: in the exploration step, before the leader's `Explore`, the explorer's
    player looks at the next exploration card with a peek_exploration card it holds (once an
    expedition a card); only that player reads which card it is (peeking.py)."""

    roles: ClassVar[frozenset[str]] = PLAYERS
    unit: Annotated[str, Meta(max_length=40)]
    card: Annotated[str, Meta(max_length=40)]

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class PassLead(LeaderCommand, tag=True):
    """#EXPLORATION ROUNDS, 3. Leader step: the leader marker goes to the next player clockwise."""


class GiveCards(LeaderCommand, tag=True):
    """#RESOURCE CARDS: in the leader step an explorer gives discovery, resource or stronghold
    artefact cards it holds to another (an exchange is a give each way); at the start of the
    expedition, before the first card is revealed, resource and artefact cards only."""

    giver: Annotated[str, Meta(max_length=40)]
    receiver: Annotated[str, Meta(max_length=40)]
    cards: Annotated[list[Annotated[str, Meta(max_length=40)]], Meta(min_length=1, max_length=20)]


class PauseExpedition(Command, tag=True):
    """#ENDING AN EXPEDITION: the players pause at the end of a challenge or combat, to carry on
    another day (the host says so for the table)."""

    roles: ClassVar[frozenset[str]] = HOST


class ResumeExpedition(Command, tag=True):
    """The paused expedition carries on where it stopped."""

    roles: ClassVar[frozenset[str]] = HOST


EXPEDITION_COMMANDS = (SetUpExpedition, Explore, EndExpedition, Recover, UseRecoveryCard, LookAhead, PassLead, GiveCards, PauseExpedition, ResumeExpedition)
