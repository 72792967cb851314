"""A Blackstone Fortress expedition for rule tests: the core pack, every command through the
mission decider, every die typed in as a manual face. The decks are dealt in the order a test
names (`faces_for` finds the shuffle's faces), so a test pins which card comes up."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.campaign_events import MissionConcluded
from domain.contract import Setup
from domain.systems.blackstone import carry
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.expedition_evolve import evolve as expedition_evolve
from domain.systems.blackstone.expedition_state import Content, Expedition
from domain.systems.blackstone.setup import Options, setup
from domain.systems.blackstone.state import Battle
from tests.blackstone.game import CORE
from tests.rule_table import RuleTable

PARTY = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"


def faces_for(cards: Sequence[str], wanted: Sequence[str]) -> list[int]:
    """The faces of a shuffle of `cards` (as the event lists them) that puts `wanted` on top in
    that order, the rest after them as they stood (domain/dice.py apply_shuffle, backwards)."""
    target = [*wanted, *(c for c in cards if c not in wanted)]
    order, faces = list(cards), []
    for i in range(len(order) - 1, 0, -1):
        j = order.index(target[i])
        order[i], order[j] = order[j], order[i]
        faces.append(j + 1)
    assert order == target
    return faces


def deal_faces(exploration: Sequence[str], discovery: Sequence[str], content: Content) -> list[int]:
    """Every face of an expedition's set-up that deals `exploration` (card ids, top first, at
    most 4 of each kind) and puts `discovery` on top of the discovery deck, from the content
    as the legacy cards left it."""
    combats = [c for c in exploration if c in content.combat_cards]
    challenges = [c for c in exploration if c in content.challenge_cards]
    slots = {card: f"combat-{n + 1}" for n, card in enumerate(combats)} | {card: f"challenge-{n + 1}" for n, card in enumerate(challenges)}
    dealt = [f"combat-{n}" for n in range(1, 1 + min(4, len(content.combat_cards)))] + [f"challenge-{n}" for n in range(1, 1 + min(4, len(content.challenge_cards)))]
    return [
        *faces_for(sorted(content.combat_cards), combats),
        *faces_for(sorted(content.challenge_cards), challenges),
        *faces_for(sorted(dealt), [slots[c] for c in exploration]),
        *faces_for(sorted(content.discovery_cards), discovery),
    ]


class ExpeditionGame(RuleTable):
    def __init__(
        self,
        exploration: Sequence[str],
        discovery: Sequence[str] = (),
        *,
        explorers: str = PARTY,
        players: str = "ann, bob",
        legacy: Sequence[str] = (),
        carried: Callable[[Any], Any] = lambda command: command,
        mission_id: str = "m-1",
        mode: str = "expedition",
        difficulty: str = "",
    ) -> None:
        self.create("blackstone-fortress", "en", mission_id=mission_id)
        command = setup(Setup("en", Options(mode=mode, explorers=explorers, players=players, difficulty=difficulty), {"core": CORE}))
        plan = msgspec.structs.replace(command.plan, legacy=[CORE.named("legacy_cards", c) for c in legacy])
        command = carried(msgspec.structs.replace(command, plan=plan))
        self.command = command
        content = expedition_evolve(None, xev.ExpeditionSetUp("en", command.plan)).content
        if command.plan.stronghold is not None:
            # A stronghold's cards come in its own order: only the discovery deck is shuffled.
            self.do(command, *faces_for(sorted(content.discovery_cards), discovery))
        else:
            self.do(command, *deal_faces(exploration, discovery, content))

    @property
    def expedition(self) -> Expedition:
        assert self.state is not None and isinstance(self.state.game, Expedition)
        return self.state.game

    @property
    def battle(self) -> Battle:
        assert self.expedition.combat is not None
        return self.expedition.combat

    def patch_combat(self, **changes: Any) -> None:
        """Change the combat under way outside the rules, to set a scene."""
        combat = msgspec.structs.replace(self.battle, **changes)
        self.state = msgspec.structs.replace(self.state, game=msgspec.structs.replace(self.expedition, combat=combat))

    def patch_expedition(self, **changes: Any) -> None:
        """Change the expedition outside the rules, to set a scene."""
        self.state = msgspec.structs.replace(self.state, game=msgspec.structs.replace(self.expedition, **changes))

    def patch_explorer(self, unit: str, **changes: Any) -> None:
        tracks = {**self.expedition.explorers, unit: msgspec.structs.replace(self.expedition.explorers[unit], **changes)}
        self.state = msgspec.structs.replace(self.state, game=msgspec.structs.replace(self.expedition, explorers=tracks))

    def patch_found(self, **found: tuple[str, ...]) -> None:
        """Discovery cards found on this expedition, by explorer id, set outside the rules (the
        explorers not named keep the piles they had)."""
        expedition = self.expedition
        self.state = msgspec.structs.replace(self.state, game=msgspec.structs.replace(expedition, found={**expedition.found, **found}, held={**expedition.held, **found}))

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def conclusion(self) -> Any:
        """The campaign's record of this expedition once ended (as the engine writes it when the
        host ends the mission)."""
        ended = msgspec.structs.replace(self.state, outcome="ended")
        return MissionConcluded(ended.mission_id, "ended", self.expedition.outcome, carry.carry_out(self.expedition))
