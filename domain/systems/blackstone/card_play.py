"""Resource and stronghold artefact cards in play (blackstone-fortress.md#RESOURCE CARDS): using
a card in a combat, one small function per kind of effect (the closed list is card_kinds.py's).

A card is used in its holder's activation (`UseCard`), at no cost but the activation die it
shows; a discarded card leaves its holder (the campaign shuffles it back into its spacecraft's
deck), an exhausted one lies face down until the next turn of combat; a permanent card is never
used: its bonus counts on every roll it fits (`card_kinds.attack_bonus`).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import inspiration
from domain.systems.blackstone.card_kinds import PERMANENT
from domain.systems.blackstone.combat import activating, spend
from domain.systems.blackstone.commands import UseCard
from domain.systems.blackstone.content import PlayCard
from domain.systems.blackstone.state import Battle, Track
from domain.systems.blackstone.versions import rule

RESOURCE_CARDS = rule("RESOURCE CARDS")


def use_card(battle: Battle, command: UseCard) -> list[Event]:
    """#RESOURCE CARDS: a card the explorer holds, not permanent (its bonus is always on), not
    exhausted this turn; its activation die paid; then what its kind does."""
    track = activating(battle, command.unit)
    card = battle.cards.get(command.card)
    if card is None or command.card not in track.cards:
        raise RuleError("card_not_held", RESOURCE_CARDS, params={"unit": track.id, "card": command.card, "held": list(track.cards)})
    if card.use == PERMANENT:
        raise RuleError("card_permanent", RESOURCE_CARDS, params={"card": card.name})
    if card.id in track.exhausted:
        raise RuleError("card_exhausted", RESOURCE_CARDS, params={"card": card.name})
    paid: list[Event] = [spend(battle, track, command.die, command.destiny, card.effect.die, card.name)] if card.effect.die else []
    played = EFFECTS[card.effect.kind](track, card)
    return [*paid, ev.CardUsed(track.id, card.id, card.use, card.effect.kind, card.effect.amount), *played]


Effect = Callable[[Track, PlayCard], list[Event]]


def _nothing(_track: Track, _card: PlayCard) -> list[Event]:
    """none, extra_dice, reroll: CardUsed itself says it (evolve.py keeps the dice for the attack)."""
    return []


def _heal(track: Track, card: PlayCard) -> list[Event]:
    """Wounds, not grievous ones (#WOUNDS: none heal during an encounter); none to heal: refused."""
    if not track.wounds:
        raise RuleError("nothing_to_heal", RESOURCE_CARDS, params={"unit": track.id, "card": card.name})
    return [ev.Healed(track.id, min(card.effect.amount, track.wounds))]


def _inspiration(track: Track, card: PlayCard) -> list[Event]:
    """Points up to 4; at 4 already the card would be wasted: refused."""
    if track.inspiration >= inspiration.MAX_POINTS:
        raise RuleError("inspiration_full", rule("INSPIRATION"), params={"unit": track.id, "card": card.name, "max": inspiration.MAX_POINTS})
    return inspiration.gain(track, card.effect.amount)


EFFECTS: dict[str, Effect] = {
    "none": _nothing,
    "heal": _heal,
    "inspiration": _inspiration,
    "extra_dice": _nothing,
    "reroll": _nothing,
}
