"""domain/kit/onepage.py: the One Page Rules mechanics as Star Quest and Grimdark Future read
them, each through its own table (star-quest.en.md#General Principles,
grimdark-future-1.5.md#General Principles)."""

from __future__ import annotations

import pytest

from domain.kit import onepage
from domain.systems.grimdark.versions import ONE_PAGE as GRIMDARK
from domain.systems.starquest.versions import ONE_PAGE as STAR_QUEST


@pytest.mark.parametrize(
    ("face", "target", "modifier", "star_quest", "grimdark"),
    [
        (4, 4, 0, True, True),
        (3, 4, 0, False, False),
        (1, 2, 3, False, False),  # a 1 always fails in both
        (6, 4, -3, True, False),  # Star Quest: a 6 always succeeds; Grimdark: 6 - 3 < 4
        (5, 6, 1, True, True),
    ],
)
def test_a_roll_against_a_value_in_both_games(face, target, modifier, star_quest, grimdark):
    assert onepage.passes(STAR_QUEST, face, target, modifier) is star_quest
    assert onepage.passes(GRIMDARK, face, target, modifier) is grimdark


def test_above_six_grimdark_takes_a_six_then_a_four_and_star_quest_a_six_alone():
    """Quality 6+ at -1 needs a 7: grimdark-future-1.5.md#General Principles, Modifiers."""
    assert onepage.needs_second_die(GRIMDARK, 6, 6, -1) and not onepage.needs_second_die(GRIMDARK, 5, 6, -1)
    assert not onepage.needs_second_die(STAR_QUEST, 6, 6, -1)
    assert [onepage.passes(GRIMDARK, 6, 6, -1, second) for second in (3, 4)] == [False, True]
    assert onepage.passes(STAR_QUEST, 6, 6, -1) is True
    rolled: list[int] = []

    def more(count: int) -> list[int]:
        rolled.append(count)
        return [4, 2][:count]

    assert onepage.successes(GRIMDARK, [6, 5, 6, 1], 6, -1, more) == [True, False, False, False]
    assert rolled == [2]
    assert onepage.successes(STAR_QUEST, [6, 5, 6, 1], 6, -1, more) == [True, False, True, False]
    assert rolled == [2]  # Star Quest rolls nothing more


def test_defense_blocks_in_star_quest_and_wounds_in_grimdark():
    """Defense 4+, AP(1): Star Quest's defender blocks on 5+ (4 - 1 off the roll); Grimdark's
    attacker wounds on 3+ (Defense 4 - 1)."""
    faces = [2, 3, 4, 5, 6]
    sq = [onepage.passes(STAR_QUEST, f, 4, onepage.defense_modifier(STAR_QUEST, 1)) for f in faces]
    gf = [onepage.passes(GRIMDARK, f, 4, onepage.defense_modifier(GRIMDARK, 1)) for f in faces]
    assert (sq, onepage.wounds_from(STAR_QUEST, sq)) == ([False, False, False, True, True], 3)
    assert (gf, onepage.wounds_from(GRIMDARK, gf)) == ([False, True, True, True, True], 4)
    assert onepage.defense_modifier(STAR_QUEST, 2, bonus=1) == -1  # cover +1 to the block
    assert onepage.defense_modifier(GRIMDARK, 2, bonus=1) == 3  # Poison(1) +1 to the wound


def test_regeneration_blast_and_speed_rules():
    assert onepage.regenerated(STAR_QUEST, [4, 5, 6, 1]) == onepage.regenerated(GRIMDARK, [4, 5, 6, 1]) == 2
    assert onepage.blast_times(STAR_QUEST, 3, 2) == 2 and onepage.blast_times(GRIMDARK, 3, 2) == 3
    fast = {"Fast"}.__contains__
    slow = {"Slow"}.__contains__
    assert [onepage.move_inches(STAR_QUEST, a, fast) for a in ("advance", "rush", "charge")] == [8.0, 16.0, 16.0]
    assert [onepage.move_inches(GRIMDARK, a, fast) for a in ("advance", "rush", "charge")] == [9.0, 18.0, 18.0]
    assert [onepage.move_inches(GRIMDARK, a, slow) for a in ("advance", "rush")] == [4.0, 8.0]
    assert onepage.move_inches(STAR_QUEST, "advance", lambda rule: False) == 6.0


def test_without_a_modifier_the_natural_face_meets_the_target():
    assert onepage.passes(GRIMDARK, 4, 4) is True
    assert onepage.passes(GRIMDARK, 3, 4) is False
    assert not onepage.needs_second_die(GRIMDARK, 6, 6)
    assert onepage.needs_second_die(GRIMDARK, 6, 7)


def test_a_target_of_exactly_six_needs_no_second_die():
    """grimdark-future-1.5.md#General Principles: only a total above 6 takes the follow-up die."""
    assert not onepage.needs_second_die(GRIMDARK, 6, 6, 0)
    assert onepage.passes(GRIMDARK, 6, 6, 0) is True
    assert onepage.needs_second_die(GRIMDARK, 6, 7, 0)


def test_follow_up_dice_must_come_one_for_each_die_due():
    """A roll that hands back fewer follow-up dice than asked for is a bug, not a miss."""
    with pytest.raises(ValueError):
        onepage.successes(GRIMDARK, [6, 6], 6, -1, lambda count: [4])
