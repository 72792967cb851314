"""Explorers giving each other cards (blackstone-fortress.md#RESOURCE CARDS): discovery cards in
an expedition's leader step, resource cards at the Precipice. An exchange is a give each way."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.expedition_state import EXPLORATION, LEADER, Expedition
from domain.systems.blackstone.quest import Quest
from domain.systems.blackstone.quest_messages import GiveResources, ResourcesGiven
from domain.systems.blackstone.versions import rule

EXCHANGES = rule("RESOURCE CARDS")


def give_cards(expedition: Expedition, command: xcmd.GiveCards) -> list[Event]:
    """Between two explorers of the expedition still alive, cards the giver holds: in the leader
    step any of its cards, at the start of the expedition its resource and artefact cards."""
    alive = [x for x in expedition.explorers if x not in expedition.dead]
    giver = command.giver
    exchangeable = (*expedition.resources.get(giver, ()), *expedition.artefacts.get(giver, ()))
    if expedition.step == LEADER:
        exchangeable = (*expedition.held.get(giver, ()), *exchangeable)
    check(giver, command.receiver, command.cards, alive, exchangeable)
    return [xev.CardsGiven(giver, command.receiver, list(command.cards))]


def at_the_start(expedition: Expedition) -> bool:
    """After set-up, before the first exploration card (#RESOURCE CARDS)."""
    return expedition.round == 1 and expedition.step == EXPLORATION and expedition.card is None


def give_resources(quest: Quest, command: GiveResources) -> list[Event]:
    """At the Precipice: after an expedition ended and before the next sets out; resource cards
    and stronghold artefact cards alike."""
    records = quest.in_order()
    if not records or any(r.outcome is None for r in records):
        raise RuleError("not_at_the_precipice", EXCHANGES)
    alive = [x for x, explorer in quest.explorers.items() if not explorer.dead]
    giver = quest.explorers.get(command.giver)
    held = (*giver.resources, *giver.artefacts) if giver is not None else ()
    check(command.giver, command.receiver, command.cards, alive, held)
    return [ResourcesGiven(command.giver, command.receiver, list(command.cards))]


def check(giver: str, receiver: str, cards: Sequence[str], alive: Sequence[str], held: Sequence[str]) -> None:
    """Two different explorers alive, and cards the giver holds, each once."""
    if giver == receiver or not {giver, receiver} <= set(alive):
        raise RuleError("no_such_exchange", EXCHANGES, params={"giver": giver, "receiver": receiver, "explorers": sorted(alive)})
    if len(set(cards)) != len(cards) or set(cards) - set(held):
        raise RuleError("cards_not_held", EXCHANGES, params={"explorer": giver, "cards": list(cards), "held": list(held)})
