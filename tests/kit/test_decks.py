"""domain/kit/decks.py: provable shuffles (design.md#Dice step 5), hidden orders (design.md#Hidden information)."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import dice
from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import DiceRolled, Event
from domain.kit import decks
from domain.kit.decks import Deck

SEED = bytes(range(32))  # design.md's test vector
CARDS = tuple(f"c{i}" for i in range(1, 9))
#: Fisher-Yates over c1..c8 with the test vector's nonce 0, worked by hand from these faces.
FACES = [4, 1, 2, 3, 1, 1, 1]
ORDER = ("c6", "c5", "c8", "c7", "c3", "c2", "c1", "c4")


def box(nonce: int = 0, seed: bytes = SEED) -> DiceBox:
    return DiceBox(epoch=0, client_seed="table-1", next_nonce=nonce, server_seed=seed)


def shuffle(deck: Deck, dice_box: DiceBox | None = None) -> DiceRolled:
    return decks.shuffle(deck, dice_box or box(), purpose="exploration deck", rule="blackstone-fortress.md#Setup", actor="host")


def test_a_shuffle_is_one_roll_with_the_test_vector_order():
    event = shuffle(Deck("exploration", CARDS))
    assert (event.nonce, event.sides, event.faces, event.results) == (0, [8, 7, 6, 5, 4, 3, 2], FACES, FACES)
    assert event.deck == list(CARDS)
    assert tuple(event.order) == ORDER
    assert decks.order_of(event) == ORDER
    assert not decks.hides_order(event)


def test_the_exact_cards_drawn_after_a_shuffle():
    deck = decks.shuffled(Deck("exploration", CARDS), shuffle(Deck("exploration", CARDS)))
    cards, rest = decks.draw(deck, 3, rule="r")
    assert cards == ("c6", "c5", "c8")
    assert rest.draw_pile == ("c7", "c3", "c2", "c1", "c4")
    assert decks.drawn(deck, cards) == rest


def test_a_hidden_shuffle_carries_no_order_but_the_same_order_follows_from_it():
    visible = shuffle(Deck("exploration", CARDS))
    hidden = shuffle(Deck("exploration", CARDS, hidden=True))
    assert hidden.order is None
    assert decks.hides_order(hidden)
    assert hidden.faces == visible.faces
    assert decks.order_of(hidden) == tuple(visible.order) == ORDER
    assert decks.shuffled(Deck("exploration", CARDS, hidden=True), hidden).draw_pile == ORDER


def test_a_hidden_shuffle_does_not_record_the_order_it_shuffles_away():
    """The cards before the shuffle are listed sorted, so an earlier hidden order does not leak."""
    deck = Deck("exploration", ORDER, hidden=True)
    event = shuffle(deck)
    assert event.deck == sorted(ORDER)
    assert decks.shuffled(deck, event).draw_pile == ORDER  # c1..c8 again, so the same faces give the same order


def test_the_dice_box_default_shuffle_is_unchanged_byte_for_byte():
    default = box().shuffle(list(CARDS), purpose="p", rule="r", actor="a")
    assert msgspec.json.encode(default) == msgspec.json.encode(
        DiceRolled(0, 0, "server", [8, 7, 6, 5, 4, 3, 2], FACES, FACES, "p", "r", "a", deck=list(CARDS), order=list(ORDER))
    )
    hidden = box().shuffle(list(CARDS), purpose="p", rule="r", actor="a", hidden=True)
    assert hidden == msgspec.structs.replace(default, order=None)


def test_a_shuffle_of_manual_dice_follows_the_typed_faces():
    manual = DiceBox(epoch=0, client_seed="table-1", next_nonce=0, manual_faces=[1, 3, 1])
    event = decks.shuffle(Deck("initiative", ("a", "b", "c", "d"), hidden=True), manual, purpose="p", rule="r", actor="a")
    assert (event.source, event.order) == ("manual", None)
    assert decks.order_of(event) == ("b", "d", "c", "a")  # tests/test_dice.py's worked Fisher-Yates


def test_a_reshuffle_takes_the_discard_pile_back():
    deck = Deck("encounter", ("c1", "c2", "c3"), ("c4", "c5", "c6", "c7", "c8"))
    event = decks.reshuffle(deck, box(), purpose="p", rule="r", actor="a")
    assert event.deck == list(CARDS)
    after = decks.shuffled(deck, event)
    assert (after.draw_pile, after.discard_pile) == (ORDER, ())


def test_a_shuffle_and_a_reshuffle_record_who_why_and_the_visible_order_they_started_from():
    deck = Deck("encounter", ("c3", "c1", "c2"), ("c5", "c4"))
    for event, cards in ((decks.shuffle(deck, box(), purpose="p", rule="r", actor="a"), ["c3", "c1", "c2"]), (decks.reshuffle(deck, box(), purpose="p", rule="r", actor="a"), ["c3", "c1", "c2", "c5", "c4"])):
        assert (event.purpose, event.rule, event.actor) == ("p", "r", "a")
        assert event.deck == cards  # a visible deck lists its cards as they lay, unsorted
        assert event.order is not None


def test_a_hidden_reshuffle_records_no_order():
    deck = Deck("encounter", ("c3", "c1"), ("c2",), hidden=True)
    event = decks.reshuffle(deck, box(), purpose="p", rule="r", actor="a")
    assert event.deck == ["c1", "c2", "c3"]
    assert event.order is None


def test_a_shuffle_of_the_draw_pile_leaves_the_discard_pile():
    deck = Deck("encounter", CARDS, ("x",))
    after = decks.shuffled(deck, shuffle(deck))
    assert (after.draw_pile, after.discard_pile) == (ORDER, ("x",))


def test_applying_another_deck_s_shuffle_is_a_bug_not_a_state():
    with pytest.raises(ValueError, match="did not shuffle deck 'other'"):
        decks.shuffled(Deck("other", ("a", "b")), shuffle(Deck("exploration", CARDS)))
    roll = box().roll([6], purpose="p", rule="r", actor="a")
    with pytest.raises(ValueError, match="not a shuffle"):
        decks.order_of(roll)
    assert not decks.hides_order(roll)
    assert not decks.hides_order(Event())


def test_a_shuffle_of_one_card_or_none_still_uses_a_nonce():
    dice_box = box()
    for cards in ((), ("only",)):
        event = shuffle(Deck("d", cards), dice_box)
        assert (event.sides, decks.order_of(event)) == ([], cards)
    assert dice_box.next_nonce == 2


def test_drawing_a_negative_number_of_cards_is_a_bug():
    with pytest.raises(ValueError, match="^cannot draw -1 cards$"):
        decks.draw(Deck("exploration", CARDS), -1, rule="r")


def test_drawing_more_than_the_pile_holds_is_refused_citing_the_game_s_rule():
    with pytest.raises(RuleError) as refused:
        decks.draw(Deck("legacy", ("a",)), 2, rule="blackstone-fortress.md#Legacy step")
    assert (refused.value.code, refused.value.rule, refused.value.params) == (
        "deck_too_small",
        "blackstone-fortress.md#Legacy step",
        {"deck": "legacy", "wanted": 2, "left": 1},
    )
    assert decks.draw(Deck("legacy"), 0, rule="r") == ((), Deck("legacy"))


def test_a_draw_event_must_name_the_top_cards():
    with pytest.raises(ValueError, match="not the top cards"):
        decks.drawn(Deck("d", ("a", "b")), ["b"])


def test_discard_and_returning_cards():
    deck = decks.discard(Deck("d", ("a",), ("x",)), ["y", "z"])
    assert deck.discard_pile == ("x", "y", "z")  # the last discarded is on top
    assert decks.to_top(deck, "t").draw_pile == ("t", "a")
    assert decks.to_bottom(deck, "b").draw_pile == ("a", "b")
    assert decks.draw(decks.to_top(deck, "t"), rule="r")[0] == ("t",)


cards_st = st.lists(st.sampled_from("abcdefghij"), max_size=15).map(tuple)
seeds = st.binary(min_size=32, max_size=32)


@given(cards_st, seeds, st.booleans())
def test_a_shuffle_is_a_permutation(cards, seed, hidden):
    deck = Deck("d", cards, hidden=hidden)
    event = shuffle(deck, box(seed=seed))
    assert sorted(decks.order_of(event)) == sorted(cards)
    assert decks.order_of(event) == tuple(dice.apply_shuffle(event.deck, event.faces))
    assert decks.shuffled(deck, event).draw_pile == decks.order_of(event)


@given(cards_st, cards_st, seeds, st.lists(st.integers(0, 3), max_size=8))
def test_draw_discard_and_reshuffle_conserve_the_cards(draw_pile, discard_pile, seed, draws):
    deck = Deck("d", draw_pile, discard_pile)
    hand: list[str] = []
    for count in draws:
        count = min(count, len(deck.draw_pile))
        cards, deck = decks.draw(deck, count, rule="r")
        hand += cards
        if len(hand) > 2:
            deck = decks.discard(deck, hand[:2])
            hand = hand[2:]
    assert Counter(deck.draw_pile + deck.discard_pile + tuple(hand)) == Counter(draw_pile + discard_pile)
    after = decks.shuffled(deck, decks.reshuffle(deck, box(seed=seed), purpose="p", rule="r", actor="a"))
    assert Counter(after.draw_pile) == Counter(deck.draw_pile + deck.discard_pile)
    if deck.discard_pile:
        assert after.discard_pile == ()
