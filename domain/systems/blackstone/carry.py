"""Explorers from expedition to expedition of a quest (blackstone-fortress.md#NEW EXPEDITIONS):
who sets out, what the campaign hands the expedition, and how each explorer comes back."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign_events import UnitReport
from domain.errors import RuleError
from domain.systems.blackstone.expedition_commands import SetUpExpedition
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.quest import GRIEVOUS, Quest
from domain.systems.blackstone.versions import rule


def party(setup: Any) -> list[str]:
    """An expedition's explorers; a lone combat carries none."""
    return [slug(x.name) for x in setup.plan.explorers] if isinstance(setup, SetUpExpedition) else []


def carry_in(setup: Any, quest: Quest, _rules: str) -> Any:
    """The set-up with the legacy cards in force, the campaign's discovery deck and the
    discovery cards each explorer brings along; refused for a failed quest, before the last
    expedition's Precipice legacy step or while its trading step is under way (the Precipice
    comes first, #NEW EXPEDITIONS), for a dead explorer or one on another expedition."""
    if not isinstance(setup, SetUpExpedition) or not quest.begun:
        return setup
    if quest.outcome is not None:
        raise RuleError("quest_over", rule("THE HIDDEN VAULT"), params={"outcome": quest.outcome})
    if quest.trading is not None:
        raise RuleError("trading_under_way", rule("NEW EXPEDITIONS"), params={"expedition": quest.trading.expedition})
    if due := [r.mission_id for r in quest.expeditions.values() if r.outcome is not None and not r.legacy_drawn]:
        raise RuleError("precipice_due", rule("NEW EXPEDITIONS"), params={"expedition": due[-1]})
    explorers = party(setup)
    if dead := [x for x in explorers if x in quest.explorers and quest.explorers[x].dead]:
        raise RuleError("explorer_dead", rule("NEW EXPEDITIONS"), params={"explorers": dead})
    if busy := [x for x in explorers if quest.in_expedition(x) is not None]:
        raise RuleError("explorer_on_expedition", rule("NEW EXPEDITIONS"), params={"explorers": busy, "mission": quest.in_expedition(busy[0])})
    deck = set(quest.discovery)
    held = {x: list(quest.explorers[x].discoveries) for x in explorers if x in quest.explorers and quest.explorers[x].discoveries}
    plan = msgspec.structs.replace(setup.plan, legacy=quest.in_force(), discovery_cards=[c for c in setup.plan.discovery_cards if c.id in deck], held=held)
    return msgspec.structs.replace(setup, plan=plan)


def carry_out(game: Any) -> list[UnitReport]:
    """Each explorer of an expedition as it comes back, with its grievous wounds for the
    Precipice's recovery roll of one out of action; a lone combat reports none."""
    if not isinstance(game, Expedition):
        return []
    return [
        UnitReport(
            unit=track.id,
            name=track.profile,
            ended="dead" if track.id in game.dead else ("out of action" if track.out_of_action else "standing"),
            dead=track.id in game.dead,
            wounds=track.wounds + track.grievous,
            conditions=[f"{GRIEVOUS}{track.grievous}"] if track.grievous else [],
            items=list(game.held.get(track.id, ())),
        )
        for track in game.explorers.values()
    ]
