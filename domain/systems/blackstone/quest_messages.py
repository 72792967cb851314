"""The quest's campaign commands and events (docs/blackstone-expedition-design.md): tagged
`blackstone-fortress.<Name>`, since one campaign stream may hold several systems' events."""

from __future__ import annotations

from typing import ClassVar

from domain.commands import HOST, Command
from domain.events import Event
from domain.systems.blackstone.content import LegacyCard


class BeginQuest(Command, tag="blackstone-fortress.BeginQuest"):
    """The quest's decks from a pack; the server fills in the cards (`campaign_prepare`)."""

    roles: ClassVar[frozenset[str]] = HOST
    pack: str = "core"
    legacy_cards: list[LegacyCard] = []
    discovery_cards: list[str] = []


class DrawLegacy(Command, tag="blackstone-fortress.DrawLegacy"):
    """#PRECIPICE, 2. Legacy step: the leader shuffles the legacy deck and draws a card."""

    roles: ClassVar[frozenset[str]] = HOST


class QuestBegun(Event, tag="blackstone-fortress.QuestBegun"):
    pack: str
    legacy_cards: list[LegacyCard]
    discovery_cards: list[str]


class LegacyDrawn(Event, tag="blackstone-fortress.LegacyDrawn"):
    """A legacy card drawn at the Precipice after `expedition` (a mission id), the `number`-th."""

    card: str
    expedition: str
    number: int


class QuestFailed(Event, tag="blackstone-fortress.QuestFailed"):
    """#PRECIPICE, 2. Legacy step: a legacy card was wanted and none was left."""

    expedition: str


QUEST_COMMANDS = (BeginQuest, DrawLegacy)
QUEST_EVENTS = (QuestBegun, LegacyDrawn, QuestFailed)
