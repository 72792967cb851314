"""design.md#Dice: the normative algorithm, its test vector, and its fairness."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import dice

VECTOR_SEED = bytes(range(32))


def test_design_test_vector():
    assert dice.commitment(VECTOR_SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert dice.faces(VECTOR_SEED, "table-1", 0, [6, 6, 6]) == [2, 6, 2]
    assert dice.faces(VECTOR_SEED, "table-1", 1, [20]) == [19]


def test_client_seed_parts_join_with_colons():
    assert dice.effective_client_seed(["table-1", "ann", "bob"]) == "table-1:ann:bob"


def _first_word(seed: bytes, client_seed: str, nonce: int) -> int:
    block = hmac.new(seed, f"{client_seed}:{nonce}:0".encode(), hashlib.sha256).digest()
    return int.from_bytes(block[:4], "big")


def test_biased_words_are_skipped():
    """A die of 3*2**30 sides rejects every word >= 3*2**30; find a roll whose first word is one."""
    sides = 3 * 2**30
    nonce = next(n for n in range(1000) if _first_word(VECTOR_SEED, "t", n) >= sides)
    block = hmac.new(VECTOR_SEED, f"t:{nonce}:0".encode(), hashlib.sha256).digest()
    words = [int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4)]
    expected = next(w for w in words if w < sides) % sides + 1
    assert dice.faces(VECTOR_SEED, "t", nonce, [sides]) == [expected]


def test_stream_continues_into_the_next_round():
    """Eight words per HMAC block: the ninth die of a roll comes from round 1."""
    block = hmac.new(VECTOR_SEED, b"t:0:1", hashlib.sha256).digest()
    ninth = int.from_bytes(block[:4], "big") % 2 + 1  # a d2 never rejects
    assert dice.faces(VECTOR_SEED, "t", 0, [2] * 9)[8] == ninth


def test_d3_is_a_halved_d6():
    assert [dice.d3_from_d6(f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def test_shuffle_is_fisher_yates_with_dice_of_shrinking_size():
    deck = ["a", "b", "c", "d"]
    assert dice.shuffle_sides(4) == [4, 3, 2]
    # i=3 swaps with j=0, i=2 with j=2, i=1 with j=0
    assert dice.apply_shuffle(deck, [1, 3, 1]) == ["b", "d", "c", "a"]


@given(st.binary(min_size=32, max_size=32), st.text(max_size=20), st.integers(0, 10**6), st.lists(st.integers(1, 1000), max_size=30))
def test_faces_are_always_in_range(seed, client_seed, nonce, sides):
    drawn = dice.faces(seed, client_seed, nonce, sides)
    assert len(drawn) == len(sides)
    assert all(1 <= f <= s for f, s in zip(drawn, sides))


@given(st.lists(st.text(max_size=3), min_size=1, max_size=40), st.binary(min_size=32, max_size=32))
def test_a_shuffle_is_a_permutation(deck, seed):
    order = dice.apply_shuffle(deck, dice.faces(seed, "c", 0, dice.shuffle_sides(len(deck))))
    assert sorted(order) == sorted(deck)


def _chi_square(counts: list[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sides", "rolls", "critical"),
    [(6, 60_000, 20.515), (20, 20_000, 43.820)],  # chi-square at p = 0.001 for 5 and 19 degrees of freedom
)
def test_faces_are_uniform(sides, rolls, critical):
    counts = [0] * sides
    seed = hashlib.sha256(b"chi-square").digest()
    for nonce in range(rolls // 10):
        for face in dice.faces(seed, "uniformity", nonce, [sides] * 10):
            counts[face - 1] += 1
    assert sum(counts) == rolls
    assert _chi_square(counts) < critical, counts
