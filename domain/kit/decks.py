"""A card deck whose order may be secret: shuffles are provable rolls, draws name their card.

One shuffle is one roll event (design.md#Dice step 5). A *hidden* deck's shuffle event does not
carry the resulting order: the order follows from the event's `deck` and faces, which a viewer's
filter withholds until the epoch's seed is revealed; each draw is the game system's own event
naming the card drawn (design.md#Hidden information). The server's state, which applies the whole
event, knows the order; a view of the state must not show a hidden draw pile.

The functions are pure: a decider calls `shuffle`/`reshuffle`/`draw` and records what they
return, and `evolve` replays the same change with `shuffled`/`drawn`/`discard`/`to_top`/`to_bottom`.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain import dice
from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import DiceRolled


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A named deck: the draw pile, top card first, and the discard pile, the top card last.

    `hidden`: nobody may know the draw pile's order, so its shuffles record none in the clear.
    """

    name: str
    draw_pile: tuple[str, ...] = ()
    discard_pile: tuple[str, ...] = ()
    hidden: bool = False


def shuffle(deck: Deck, box: DiceBox, *, purpose: str, rule: str, actor: str) -> DiceRolled:
    """Shuffle the draw pile (the discard pile stays); apply the event with `shuffled`."""
    return box.shuffle(_recorded(deck, deck.draw_pile), purpose=purpose, rule=rule, actor=actor, hidden=deck.hidden)


def reshuffle(deck: Deck, box: DiceBox, *, purpose: str, rule: str, actor: str) -> DiceRolled:
    """Shuffle the discard pile back into the draw pile: every card of the deck in one roll."""
    cards = deck.draw_pile + deck.discard_pile
    return box.shuffle(_recorded(deck, cards), purpose=purpose, rule=rule, actor=actor, hidden=deck.hidden)


def _recorded(deck: Deck, cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards as the event lists them before the shuffle: a hidden deck's sorted, so the
    event does not disclose the order an earlier hidden shuffle left them in."""
    return tuple(sorted(cards)) if deck.hidden else cards


def order_of(event: DiceRolled) -> tuple[str, ...]:
    """The order a shuffle event left its deck in, re-computed from `deck` and the faces.

    The same as a visible event's `order`, and the only way to learn a hidden one's
    (design.md#Dice step 5). A ValueError if the event is no shuffle or its faces were withheld.
    """
    if event.deck is None:
        raise ValueError(f"roll {event.purpose!r} is not a shuffle")
    return tuple(dice.apply_shuffle(event.deck, event.faces))


def hides_order(event: object) -> bool:
    """A shuffle that keeps its order secret: a viewer's filter must withhold its faces (and
    results, which repeat them) until the epoch's seed is revealed (design.md#Hidden information)."""
    return isinstance(event, DiceRolled) and event.deck is not None and event.order is None


def shuffled(deck: Deck, event: DiceRolled) -> Deck:
    """The deck after its shuffle event: the draw pile in the new order; a reshuffle also empties
    the discard pile. A ValueError if the event shuffled other cards than this deck holds."""
    order = order_of(event)
    cards = sorted(order)
    if deck.discard_pile and cards == sorted(deck.draw_pile + deck.discard_pile):
        return msgspec.structs.replace(deck, draw_pile=order, discard_pile=())
    if cards == sorted(deck.draw_pile):
        return msgspec.structs.replace(deck, draw_pile=order)
    raise ValueError(f"roll {event.purpose!r} did not shuffle deck {deck.name!r}")


def draw(deck: Deck, count: int = 1, *, rule: str) -> tuple[tuple[str, ...], Deck]:
    """The top `count` cards, top first, and the deck without them.

    The decider names the cards in its own event; `rule` is cited when the pile is too small,
    since what an empty deck means is each game's own rule.
    """
    if count < 0:
        raise ValueError(f"cannot draw {count} cards")
    if count > len(deck.draw_pile):
        raise RuleError("deck_too_small", rule, params={"deck": deck.name, "wanted": count, "left": len(deck.draw_pile)})
    return deck.draw_pile[:count], msgspec.structs.replace(deck, draw_pile=deck.draw_pile[count:])


def drawn(deck: Deck, cards: Sequence[str]) -> Deck:
    """Apply a draw event that names `cards`: they must be the top cards, else log and deck disagree."""
    cards = tuple(cards)
    if deck.draw_pile[: len(cards)] != cards:
        raise ValueError(f"{list(cards)} are not the top cards of deck {deck.name!r}")
    return msgspec.structs.replace(deck, draw_pile=deck.draw_pile[len(cards) :])


def discard(deck: Deck, cards: Sequence[str]) -> Deck:
    """Put `cards` on the discard pile in turn, so the last one ends on top."""
    return msgspec.structs.replace(deck, discard_pile=deck.discard_pile + tuple(cards))


def to_top(deck: Deck, card: str) -> Deck:
    """Return a card to the top of the draw pile: it is the next one drawn."""
    return msgspec.structs.replace(deck, draw_pile=(card, *deck.draw_pile))


def to_bottom(deck: Deck, card: str) -> Deck:
    """Return a card to the bottom of the draw pile: it is drawn last."""
    return msgspec.structs.replace(deck, draw_pile=(*deck.draw_pile, card))
