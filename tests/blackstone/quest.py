"""A Blackstone Fortress campaign for rule tests: the engine's campaign decider and fold, the
campaign's dice typed in as manual faces, and expeditions run as missions of it
(tests/blackstone/expedition.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain import campaign, epochs
from domain.campaign_events import CampaignCreated, CampaignDiceRolled, MissionAdded
from domain.errors import RuleError
from domain.registry import system_named
from domain.systems.blackstone import carry
from domain.systems.blackstone.quest import Quest
from domain.systems.blackstone.expedition_commands import EndExpedition
from domain.systems.blackstone.quest_messages import BeginQuest, DrawLegacy
from tests.blackstone.expedition import ExpeditionGame, faces_for
from tests.blackstone.game import CORE
from tests.rule_table import SEED

SYSTEM = "blackstone-fortress"


class QuestTable:
    def __init__(self) -> None:
        self.events: list[Any] = []
        self.state: campaign.CampaignState | None = None
        self.apply(CampaignCreated("c-1", "quest test", "host", "digest"))
        self.apply(*campaign.open_epoch(self.state, SEED))
        self.missions = 0

    def apply(self, *events: Any) -> None:
        for event in events:
            self.events.append(event)
            self.state = campaign.evolve(self.state, event)

    @property
    def quest(self) -> Quest:
        return self.state.game(SYSTEM)

    def patch_quest(self, **changes: Any) -> None:
        """Change the quest outside the rules, to set a scene."""
        quest = msgspec.structs.replace(self.quest, **changes)
        self.state = msgspec.structs.replace(self.state, games={**self.state.games, SYSTEM: quest})

    def do(self, command: Any, *faces: int, actor: str = "host") -> list[Any]:
        """A campaign command, completed with the core pack as the service completes it."""
        command = campaign.complete(system_named(SYSTEM), command, {"core": CORE})
        box = epochs.dice_box(self.state.epochs[-1], server_seed=None, fresh_seed=None, manual_faces=list(faces), rolled=CampaignDiceRolled)
        events = campaign.decide(self.state, command, box, actor)
        self.apply(*events)
        return events

    def refused(self, command: Any, *faces: int, actor: str = "host") -> RuleError:
        before = self.state
        try:
            self.do(command, *faces, actor=actor)
        except RuleError as error:
            assert self.state is before
            return error
        raise AssertionError(f"{type(command).__name__} was accepted")

    def begin(self) -> None:
        self.do(BeginQuest("core"))

    def expedition(self, exploration: Sequence[str], **options: Any) -> ExpeditionGame:
        """A new expedition of the quest: its set-up carried in, the mission recorded."""
        self.missions += 1
        mission_id = f"m-{self.missions}"
        game = ExpeditionGame(exploration, carried=lambda command: campaign.prepare(self.state, SYSTEM, command, "en"), mission_id=mission_id, **options)
        self.apply(MissionAdded(mission_id, f"expedition {self.missions}", SYSTEM, carry.party(game.command)))
        return game

    def conclude(self, game: ExpeditionGame) -> None:
        self.apply(game.conclusion())

    def past_the_first_precipice(self) -> None:
        """The quest begun, a first expedition ended at once by agreement, its legacy step drawing
        the card that changes nothing ("quiet-stars"): the explorers are free for the next one."""
        self.begin()
        first = self.expedition(["silent-hall"])
        first.do(EndExpedition())
        self.conclude(first)
        legacy = sorted(c.id for c in CORE.legacy_cards)
        self.do(DrawLegacy(), *faces_for(legacy, ["quiet-stars"]))
