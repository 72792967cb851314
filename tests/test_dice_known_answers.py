"""design.md#Dice against answers computed from the spec alone (tests/fixtures/dice_vectors.py
writes them with hashlib and hmac, importing nothing of ours): the notation's sides, the faces
of every nonce, d3 halving, more than 16 dice, biased words skipped, shuffles, and a decision
that rolls several times, one nonce each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain import dice, notation
from domain.dicebox import DiceBox
from domain.events import DiceRolled

VECTORS = json.loads((Path(__file__).parent / "fixtures" / "dice_vectors.json").read_text())
ROLLS = VECTORS["rolls"]
TRAY_ROLLS = [r for r in ROLLS if r["notation"] is not None]
SHUFFLES = VECTORS["shuffles"]


def _id(vector: dict) -> str:
    return f"{vector.get('notation') or len(vector['sides'])}@{vector['client_seed']}:{vector['nonce']}"


def _box(vector: dict, nonce_key: str = "nonce") -> DiceBox:
    return DiceBox(epoch=3, client_seed=vector["client_seed"], next_nonce=vector[nonce_key], server_seed=bytes.fromhex(vector["server_seed"]))


def test_the_commitment_is_the_seeds_sha256():
    for seed, commitment in VECTORS["commitments"].items():
        assert dice.commitment(bytes.fromhex(seed)) == commitment


@pytest.mark.parametrize("vector", ROLLS, ids=_id)
def test_faces_are_the_specs(vector: dict):
    assert dice.faces(bytes.fromhex(vector["server_seed"]), vector["client_seed"], vector["nonce"], vector["sides"]) == vector["faces"]


@pytest.mark.parametrize("vector", TRAY_ROLLS, ids=_id)
def test_the_notation_rolls_the_specs_dice(vector: dict):
    parsed = notation.parse(vector["notation"])
    assert parsed.die_sides() == vector["sides"]
    assert parsed.halved() == vector["halved"]


@pytest.mark.parametrize("vector", TRAY_ROLLS, ids=_id)
def test_a_tray_roll_records_the_specs_faces_results_and_total(vector: dict):
    parsed = notation.parse(vector["notation"])
    box = _box(vector)
    event = box.roll(parsed.die_sides(), purpose="check", rule="r", actor="ann", halved=parsed.halved(), notation=vector["notation"], modifier=parsed.modifier)
    assert (event.epoch, event.nonce, event.source) == (3, vector["nonce"], "server")
    assert (event.sides, event.faces, event.results, event.total) == (vector["sides"], vector["faces"], vector["results"], vector["total"])
    assert (event.purpose, event.rule, event.actor, event.notation) == ("check", "r", "ann", vector["notation"])
    assert box.next_nonce == vector["nonce"] + 1


def test_a_roll_without_notation_has_no_total():
    vector = TRAY_ROLLS[0]
    event = _box(vector).roll(vector["sides"], purpose="to hit", rule="r", actor="ai", unit="u1", replaces=4)
    assert (event.faces, event.results, event.total, event.unit, event.replaces) == (vector["faces"], vector["faces"], None, "u1", 4)


def test_d3_results_are_the_d6_faces_halved():
    (vector,) = [r for r in TRAY_ROLLS if r["notation"] == "4d3"]
    assert notation.parse("4d3").halved() == [True] * 4
    assert vector["sides"] == [6] * 4
    assert [dice.d3_from_d6(f) for f in vector["faces"]] == vector["results"]


def test_vectors_cover_long_rolls_and_skipped_words():
    assert max(len(r["sides"]) for r in ROLLS) == 100
    assert any(r["skipped_words"] for r in ROLLS)


@pytest.mark.parametrize("vector", SHUFFLES, ids=lambda v: f"{len(v['deck'])} cards")
def test_a_shuffle_is_the_specs(vector: dict):
    assert dice.shuffle_sides(len(vector["deck"])) == vector["sides"]
    assert dice.apply_shuffle(vector["deck"], vector["faces"]) == vector["order"]
    event = _box(vector).shuffle(vector["deck"], purpose="deck", rule="r", actor="host")
    assert (event.nonce, event.sides, event.faces, event.results) == (vector["nonce"], vector["sides"], vector["faces"], vector["faces"])
    assert (event.deck, event.order, event.notation, event.total) == (vector["deck"], vector["order"], None, None)


def test_a_hidden_shuffle_records_the_faces_but_not_the_order():
    vector = SHUFFLES[0]
    event = _box(vector).shuffle(vector["deck"], purpose="deck", rule="r", actor="host", hidden=True)
    assert (event.faces, event.deck, event.order) == (vector["faces"], vector["deck"], None)


def test_a_shuffle_needs_one_face_per_swap():
    with pytest.raises(ValueError):
        dice.apply_shuffle(["a", "b", "c"], [1])
    with pytest.raises(ValueError):
        dice.apply_shuffle(["a", "b", "c"], [1, 1, 1])


def test_a_die_without_sides_is_refused_with_its_count():
    with pytest.raises(ValueError, match="^a die needs at least one side, got 0$"):
        dice.faces(bytes(32), "t", 0, [6, 0])


def test_every_roll_of_one_decision_takes_the_next_nonce():
    decision = VECTORS["decision"]
    box = _box(decision, "first_nonce")
    events: list[DiceRolled] = []
    for step in decision["steps"]:
        if "deck" in step:
            events.append(box.shuffle(step["deck"], purpose="p", rule="r", actor="a"))
        else:
            parsed = notation.parse(step["notation"])
            events.append(box.roll(parsed.die_sides(), purpose="p", rule="r", actor="a", halved=parsed.halved(), notation=step["notation"], modifier=parsed.modifier))
    assert [e.nonce for e in events] == [s["nonce"] for s in decision["steps"]] == [7, 8, 9, 10]
    assert [e.faces for e in events] == [s["faces"] for s in decision["steps"]]
    assert box.next_nonce == 11
