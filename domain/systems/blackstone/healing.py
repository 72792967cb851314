"""The Precipice's healing step (blackstone-fortress.md#PRECIPICE, 1. Healing step): every wound
heals, as every expedition sets out unwounded; an explorer that came back out of action (the
host ended the expedition before a recovery step rolled for it) makes its recovery roll on the
campaign's dice first and dies at or under its grievous wounds (counted fewer by the
recovery_roll cards it holds, as in the recovery step, card_kinds.py); each explorer that died (on
the expedition or here) takes a mortis card."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone.combat import BLACKSTONE
from domain.systems.blackstone.quest import ExpeditionRecord, Quest
from domain.kit import decks
from domain.systems.blackstone import precipice_cards
from domain.systems.blackstone.quest_messages import ExplorersHealed, MortisTaken, PrecipiceRecoveryRolled
from domain.systems.blackstone.versions import rule

HEALING = rule("PRECIPICE")
MORTIS = rule("EXPLORATION ROUNDS")


def due(quest: Quest) -> ExpeditionRecord | None:
    """The ended expedition whose Precipice still waits for recovery rolls or mortis cards."""
    return next((r for r in quest.in_order() if r.outcome is not None and (r.recovery_due or r.mortis_due)), None)


def heal(quest: Quest, dice: DiceBox, actor: str) -> list[Event]:
    record = due(quest)
    if record is None:
        raise RuleError("no_healing_step_due", HEALING)
    events: list[Event] = []
    dead = list(record.mortis_due)
    for explorer in (x for x in record.explorers if x in record.recovery_due):
        grievous = record.recovery_due[explorer]
        cards = precipice_cards.of_kind(quest, explorer, "recovery_roll")
        eased = sum(c.effect.amount for c in cards)
        roll = dice.roll([BLACKSTONE], purpose=f"recovery roll: {explorer}", rule=HEALING, actor=actor, unit=explorer)
        died = roll.results[0] <= grievous - eased
        events += [roll, PrecipiceRecoveryRolled(explorer, roll.results[0], grievous, died, [c.id for c in cards], eased)]
        dead += [explorer] if died else []
    return [*events, *mortis(quest, [x for x in record.explorers if x in dead], dice, actor), ExplorersHealed(record.mission_id)]


def mortis(quest: Quest, dead: list[str], dice: DiceBox, actor: str) -> list[Event]:
    """A mortis card for each explorer that died, in party order, from the mortis deck shuffled
    hidden once (#EXPLORATION ROUNDS, 2. Recovery step); none when the deck has run out."""
    deck = decks.Deck("mortis", quest.mortis_deck, hidden=True)
    count = min(len(dead), len(deck.draw_pile))
    if not count:
        return []
    shuffle = decks.shuffle(deck, dice, purpose="shuffle the mortis deck", rule=MORTIS, actor=actor)
    cards = decks.shuffled(deck, shuffle).draw_pile[:count]
    return [shuffle, *(MortisTaken(x, c) for x, c in zip(dead, cards))]
