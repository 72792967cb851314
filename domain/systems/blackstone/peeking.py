"""A look at the next exploration card (Smuggler's map, a peek_exploration card, card_kinds.py;
blackstone-fortress.md#RESOURCE CARDS, #EXPLORATION ROUNDS, 1. Exploration step): secret from
every reader but the players commanding the explorer who looked, the host included, until the
card is revealed by `Explore` or the expedition is over. The event is redacted on every way out
(`visible`: event pages, streams, replay, export, audit) and the state's record of it in the
view (`view_peeks`)."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone import recovery_cards, vitality
from domain.systems.blackstone.card_play import RESOURCE_CARDS
from domain.systems.blackstone.expedition_commands import LookAhead
from domain.systems.blackstone.expedition_state import ENDED, EXPLORATION, Expedition, Peek, kind_of
from domain.systems.blackstone.versions import rule

ROUNDS = rule("EXPLORATION ROUNDS")
CARD_KIND = "peek_exploration"


def look(expedition: Expedition, command: LookAhead) -> list[Event]:
    """In the exploration step, before `Explore`: an explorer of the party alive and in action
    (#WOUNDS) holding a peek_exploration card not used yet on this expedition, and a card left
    to look at."""
    track = recovery_cards.holder(expedition, command, EXPLORATION)
    held = vitality.held(expedition, track.id)
    card = expedition.content.cards.get(command.card)
    if card is None or command.card not in held:
        raise RuleError("card_not_held", RESOURCE_CARDS, params={"unit": track.id, "card": command.card, "held": list(held)})
    if card.effect.kind != CARD_KIND:
        raise RuleError("card_cannot_look_ahead", RESOURCE_CARDS, params={"card": card.name})
    if any(p.card == card.id for p in expedition.peeks):
        raise RuleError("card_used_this_expedition", RESOURCE_CARDS, params={"card": card.name})
    if not expedition.exploration.draw_pile:
        raise RuleError("nothing_to_look_at", ROUNDS, params={"card": card.name})
    top = expedition.exploration.draw_pile[0]
    return [xev.ExplorationPeeked(track.id, card.id, top, kind_of(top), expedition.dealt[top])]


def public(slot: str, game: object) -> bool:
    """The card looked at is public once revealed (its position left the deck) or the
    expedition is over (its deck's order is then no secret, as its shuffle's faces)."""
    if not isinstance(game, Expedition):
        return False
    return game.step == ENDED or slot not in game.exploration.draw_pile


def sees(unit: str, slot: str, viewer: Viewer, game: object) -> bool:
    return unit in viewer.units or public(slot, game)


def visible(event: Event, viewer: Viewer, game: object) -> Event | None:
    """The system's filter of its events on every way out: a look blanked for other readers."""
    if isinstance(event, xev.ExplorationPeeked) and not sees(event.unit, event.slot, viewer, game):
        return msgspec.structs.replace(event, slot="", kind="", seen="")
    return event


def view_peeks(expedition: Expedition, viewer: Viewer) -> tuple[Peek, ...]:
    """The looks taken, each blanked for a reader who may not see it yet."""
    return tuple(p if sees(p.unit, p.slot, viewer, expedition) else Peek(p.unit, p.card) for p in expedition.peeks)
