"""The dice of one decision (domain/dicebox.py, design.md#Dice): typed faces taken in order and
checked, what a refusal tells the player, and the seeds the box hands out only when given."""

from __future__ import annotations

import pytest

from domain.campaign_events import CampaignDiceRolled
from domain.dicebox import DiceBox, NoSeed
from domain.errors import RuleError
from service.i18n import error_message


def _manual(*faces: int) -> DiceBox:
    return DiceBox(epoch=2, client_seed="c", next_nonce=5, manual_faces=list(faces))


def _refusal(call) -> RuleError:
    with pytest.raises(RuleError) as caught:
        call()
    assert (caught.value.rule, caught.value.field) == ("design.md#Dice", "faces")
    return caught.value


def test_typed_faces_go_to_the_rolls_in_order_and_use_no_nonce():
    box = _manual(6, 1, 3, 2, 1)
    assert box.manual
    first = box.roll([6, 6], purpose="to hit", rule="r", actor="ann")
    second = box.roll([6], purpose="d3", rule="r", actor="ann", halved=[True], notation="d3", modifier=2)
    shuffled = box.shuffle(["a", "b", "c"], purpose="deck", rule="r", actor="ann")
    assert (first.faces, first.results, first.nonce, first.source, first.epoch, first.total) == ([6, 1], [6, 1], None, "manual", 2, None)
    assert (second.faces, second.results, second.total) == ([3], [2], 4)
    assert (shuffled.sides, shuffled.faces, shuffled.order, shuffled.nonce) == ([3, 2], [2, 1], ["c", "a", "b"], None)
    assert box.next_nonce == 5
    box.check_all_manual_faces_used()


def test_the_highest_and_lowest_face_of_a_die_are_possible():
    event = _manual(1, 20, 1, 2).roll([20, 20, 2, 2], purpose="p", rule="r", actor="a")
    assert event.faces == [1, 20, 1, 2]


@pytest.mark.parametrize(("sides", "face"), [(6, 7), (6, 0), (2, 3), (20, -1)])
def test_a_face_the_die_cannot_show_is_refused(sides: int, face: int):
    error = _refusal(lambda: _manual(1, face).roll([sides, sides], purpose="p", rule="r", actor="a"))
    assert (error.code, error.params) == ("impossible_face", {"sides": sides, "face": face})
    assert error_message(error.code, error.params, "en") == f"a d{sides} cannot show {face}"
    assert error_message(error.code, error.params, "de") == f"ein W{sides} kann keine {face} zeigen"


def test_too_few_faces_say_where_the_decision_stands():
    box = _manual(4, 5, 6)
    box.roll([6, 6], purpose="to hit", rule="r", actor="a")
    error = _refusal(lambda: box.roll([6, 8], purpose="to block", rule="r", actor="a"))
    assert (error.code, error.params) == ("missing_faces", {"given": 3, "used": 2, "needed": [6, 8], "purpose": "to block"})
    assert error_message(error.code, error.params, "en") == (
        "the roll for to block needs a typed face for each of its dice (sides: 6, 8); 2 of the 3 typed face(s) went to the rolls before it"
    )


def test_no_typed_faces_at_all():
    error = _refusal(lambda: _manual().roll([6], purpose="p", rule="r", actor="a"))
    assert error.params == {"given": 0, "used": 0, "needed": [6], "purpose": "p"}


def test_faces_left_over_are_counted():
    box = _manual(1, 2, 3)
    box.roll([6], purpose="p", rule="r", actor="a")
    error = _refusal(box.check_all_manual_faces_used)
    assert (error.code, error.params) == ("too_many_faces", {"left": 2})
    assert error_message(error.code, error.params, "en") == "2 typed face(s) left over; type exactly one face per die"


def test_a_server_box_hands_out_only_the_seeds_it_was_given():
    box = DiceBox(epoch=0, client_seed="c", next_nonce=0)
    assert not box.manual
    with pytest.raises(NoSeed, match="^the caller did not hand this dice box the epoch's seed$"):
        box.reveal()
    with pytest.raises(NoSeed):
        box.roll([6], purpose="p", rule="r", actor="a")
    with pytest.raises(RuntimeError, match="^the caller did not hand this dice box a fresh seed$"):
        box.fresh_seed()
    given = DiceBox(epoch=0, client_seed="c", next_nonce=0, server_seed=b"s" * 32, fresh_seed=b"f" * 32)
    assert (given.reveal(), given.fresh_seed()) == (b"s" * 32, b"f" * 32)
    given.check_all_manual_faces_used()


def test_a_campaigns_box_records_its_own_event_type():
    box = DiceBox(epoch=1, client_seed="c", next_nonce=0, server_seed=bytes(32), rolled=CampaignDiceRolled)
    event = box.roll([6], purpose="p", rule="r", actor="a")
    assert type(event) is CampaignDiceRolled
    assert (event.epoch, event.nonce, event.source) == (1, 0, "server")


def test_a_shuffle_short_of_typed_faces_names_its_purpose():
    error = _refusal(lambda: _manual(1).shuffle(["a", "b", "c"], purpose="initiative", rule="r", actor="a"))
    assert error.params == {"given": 1, "used": 0, "needed": [3, 2], "purpose": "initiative"}


def test_a_total_without_a_constant_is_the_results_alone():
    assert _manual(5, 2).roll([6, 6], purpose="p", rule="r", actor="a", notation="2d6").total == 7


def test_one_halving_flag_per_die():
    with pytest.raises(ValueError):
        _manual(5, 2).roll([6, 6], purpose="p", rule="r", actor="a", halved=[True])
