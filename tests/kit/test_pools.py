"""domain/kit/pools.py: outcome tables as data, clamps, re-roll budgets."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from domain import dice
from domain.errors import RuleError
from domain.kit import pools
from domain.kit.pools import Bands, OutcomeTable, RerollBudget, Threshold

SEED = bytes(range(32))  # design.md's test vector: nonce 0 rolls 3d6 as [2, 6, 2], nonce 1 a d20 as [19]

#: ruinstars-2e.md#Successes and failures: at or under the stat; a 1 is critical, a 6 always fails.
RUINSTARS = Threshold(target=3, under=True, critical=1, always_fail=(6,))
#: grimdark-future-1.5.md#General Principles: Quality 4+, a 1 always fails.
GRIMDARK = Threshold(target=4, always_fail=(1,))
#: blackstone-fortress.md#Event table.
EVENTS = pools.bands(
    20,
    [
        (1, 1, "all_is_dust"),
        (2, 3, "unfulfilled_destiny"),
        (4, 6, "not_dead_yet"),
        (7, 10, "changing_conditions"),
        (11, 14, "escape_chamber"),
        (15, 17, "inspiration"),
        (18, 19, "heroic_effort"),
        (20, 20, "lucky_find"),
    ],
)


def test_the_test_vector_roll_read_through_two_games_tables():
    faces = dice.faces(SEED, "table-1", 0, [6, 6, 6])
    assert faces == [2, 6, 2]
    assert pools.classify(RUINSTARS, faces) == ("success", "failure", "success")
    assert pools.tally(RUINSTARS, faces) == {"critical": 0, "success": 2, "failure": 1}
    assert pools.classify(GRIMDARK, faces) == ("failure", "success", "failure")
    assert pools.tally(GRIMDARK, faces) == {"success": 1, "failure": 2}


def test_a_blackstone_event_roll_reads_its_band():
    assert dice.faces(SEED, "table-1", 1, [20]) == [19]
    assert pools.outcome(EVENTS, 19) == "heroic_effort"
    assert [pools.outcome(EVENTS, f) for f in (1, 2, 3, 20)] == ["all_is_dust", "unfulfilled_destiny", "unfulfilled_destiny", "lucky_find"]
    assert EVENTS.outcomes[:2] == ("all_is_dust", "unfulfilled_destiny")
    assert pools.outcome(EVENTS, 20, modifier=+3) == "lucky_find"  # a modified face stays on the die
    assert pools.outcome(EVENTS, 2, modifier=-5) == "all_is_dust"


def test_roll_under_criticals_are_natural_and_a_6_always_fails():
    """ruinstars-2e.md#Successes and failures, and #Tactical orders: a die changed to 1 is no critical."""
    assert pools.outcome(RUINSTARS, 1) == "critical"
    assert pools.outcome(RUINSTARS, 2, modifier=-1) == "success"
    assert pools.outcome(RUINSTARS, 4, modifier=-1) == "success"
    assert pools.outcome(RUINSTARS, 4) == "failure"
    assert pools.outcome(msgspec.structs.replace(RUINSTARS, target=6), 6, modifier=-3) == "failure"
    assert pools.outcome(RUINSTARS, 1, modifier=+4) == "critical"


def test_natural_faces_override_modifiers_and_target():
    assert pools.outcome(Threshold(target=2, always_fail=(1,)), 1, modifier=+5) == "failure"
    always_six = Threshold(target=7, always_succeed=(6,))
    assert pools.outcome(always_six, 6) == "success"
    assert pools.outcome(always_six, 5, modifier=+1) == "failure"
    assert pools.outcome(Threshold(target=4, critical=6), 6, modifier=-5) == "critical"


def test_a_modifier_cap_clamps_the_total_modifier():
    capped = Threshold(target=4, modifier_cap=1)
    assert pools.outcome(capped, 2, modifier=+3) == "failure"
    assert pools.outcome(capped, 3, modifier=+3) == "success"
    assert pools.outcome(capped, 5, modifier=-3) == "success"
    assert pools.outcome(capped, 4, modifier=-3) == "failure"


def test_tables_are_content_a_pack_can_hold():
    loaded = msgspec.convert({"type": "threshold", "target": 3, "under": True, "critical": 1, "always_fail": [6]}, OutcomeTable)
    assert loaded == RUINSTARS
    assert msgspec.convert({"type": "bands", "faces": ["failure", "success", "critical"]}, OutcomeTable).sides == 3
    assert msgspec.json.decode(msgspec.json.encode(EVENTS), type=OutcomeTable) == EVENTS
    with pytest.raises(msgspec.ValidationError, match=r"natural faces \[1\] both always fail and succeed"):
        msgspec.convert({"type": "threshold", "target": 4, "always_fail": [1], "always_succeed": [1]}, OutcomeTable)


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        (lambda: Threshold(target=4, always_fail=(7,)), r"natural faces \[7\] are outside 1..6"),
        (lambda: Threshold(target=4, critical=7), r"natural faces \[7\] are outside 1..6"),
        (lambda: Threshold(target=3, under=True, critical=2, always_fail=(2,)), r"natural faces \[2\] both always fail"),
        (lambda: Threshold(target=4, modifier_cap=-1), "negative"),
        (lambda: Threshold(target=4, sides=0), "at least one side"),
        (lambda: pools.bands(6, [(1, 3, "failure"), (5, 6, "success")]), r"faces \[4\] are in no band"),
        (lambda: pools.bands(6, [(1, 4, "failure"), (4, 6, "success")]), "face 4 is in two bands"),
        (lambda: pools.bands(6, [(1, 7, "failure")]), "not on a d6"),
    ],
)
def test_a_contradictory_table_never_exists(table, problem):
    with pytest.raises(ValueError, match=problem):
        table()


def test_a_face_the_die_does_not_have_is_a_bug():
    with pytest.raises(ValueError, match="not on a d6"):
        pools.outcome(GRIMDARK, 7)


# --- re-rolls ---------------------------------------------------------------------------

COVER = RerollBudget("ruinstars-2e.md#Re-rolls", limit=1)


def refusal(budget: RerollBudget, pool, picks) -> tuple[str, str, dict]:
    with pytest.raises(RuleError) as refused:
        pools.reroll(budget, pool, picks)
    return refused.value.code, refused.value.rule, refused.value.params


def test_a_budget_allows_its_limit_then_refuses():
    after = pools.reroll(COVER, [2, 6, 2], [1])
    assert after.used == (1,)
    assert refusal(after, [2, 4, 2], [0]) == ("reroll_limit", "ruinstars-2e.md#Re-rolls", {"limit": 1, "left": 0, "asked": 1})
    assert refusal(RerollBudget("r", limit=2), [1, 2, 3], [0, 1, 2]) == ("reroll_limit", "r", {"limit": 2, "left": 2, "asked": 3})


def test_each_die_is_rerolled_at_most_once():
    """ruinstars-2e.md#Re-rolls: once a die is re-rolled, its result is final."""
    twice = RerollBudget("ruinstars-2e.md#Re-rolls", limit=None, used=(1,))
    assert refusal(twice, [2, 4, 2], [1]) == ("already_rerolled", "ruinstars-2e.md#Re-rolls", {"die": 1, "face": 4})
    assert refusal(RerollBudget("r", limit=None), [2, 4, 2], [0, 0]) == ("already_rerolled", "r", {"die": 0, "face": 2})


def test_only_eligible_faces_may_be_rerolled():
    """Relentless: "re-roll all die results of 6" (ruinstars-2e.md#Weapon specials)."""
    sixes = RerollBudget("ruinstars-2e.md#Weapon specials", limit=None, faces=(6,))
    assert pools.reroll(sixes, [6, 2, 6], [0, 2]).used == (0, 2)
    assert refusal(sixes, [6, 2, 6], [1]) == ("reroll_not_allowed", "ruinstars-2e.md#Weapon specials", {"die": 1, "face": 2, "faces": [6]})


def test_a_pick_outside_the_pool_is_refused():
    assert refusal(COVER, [2, 6], [2]) == ("no_such_die", "ruinstars-2e.md#Re-rolls", {"die": 2, "dice": 2})
    assert refusal(COVER, [2, 6], [-1]) == ("no_such_die", "ruinstars-2e.md#Re-rolls", {"die": -1, "dice": 2})


def test_rerolled_faces_replace_the_picked_dice():
    assert pools.rerolled([2, 6, 2], [1, 0], [3, 5]) == (5, 3, 2)
    with pytest.raises(ValueError, match="^1 dice picked, 0 faces rolled$"):
        pools.rerolled([2, 6, 2], [1], [])


def test_criticals_of_a_roll_high_table_run_from_the_critical_face_up():
    """A natural 1 that always fails beside criticals on 5+ is no contradiction: the two meet
    nowhere (grimdark-future-1.5.md#General Principles: a 1 always fails)."""
    table = Threshold(target=4, critical=5, always_fail=(1,))
    assert pools.classify(table, [1, 4, 5, 6]) == ("failure", "success", "critical", "critical")
    with pytest.raises(ValueError, match=r"natural faces \[5\] both always fail and succeed"):
        Threshold(target=4, critical=5, always_fail=(5,))


def test_a_modifier_cap_of_zero_ignores_every_modifier():
    table = Threshold(target=4, modifier_cap=0)
    assert pools.classify(table, [3, 4], modifier=2) == ("failure", "success")


def test_without_a_modifier_the_natural_face_is_read():
    assert pools.classify(GRIMDARK, [3, 4]) == ("failure", "success")
    assert pools.tally(GRIMDARK, [3, 4, 4]) == {"success": 2, "failure": 1}
    assert pools.tally(GRIMDARK, [3, 4, 4], modifier=1) == {"success": 3, "failure": 0}


def test_a_banded_table_names_each_face_s_outcome():
    table = pools.bands(3, [(1, 1, "miss"), (2, 3, "hit")])
    assert table == Bands(("miss", "hit", "hit"))
    assert pools.classify(table, [1, 2, 3]) == ("miss", "hit", "hit")


# --- properties -------------------------------------------------------------------------

@st.composite
def thresholds(draw) -> Threshold:
    """Any table that can exist: contradictory ones refuse to be built (tested above)."""
    try:
        return Threshold(
            target=draw(st.integers(-2, 9)),
            under=draw(st.booleans()),
            critical=draw(st.none() | st.integers(1, 6)),
            always_fail=tuple(draw(st.sets(st.integers(1, 6), max_size=2))),
            always_succeed=tuple(draw(st.sets(st.integers(1, 6), max_size=2))),
            modifier_cap=draw(st.none() | st.integers(0, 3)),
        )
    except ValueError:
        reject()


banded = st.lists(st.sampled_from(["failure", "success", "critical", "event"]), min_size=1, max_size=20).map(lambda f: Bands(tuple(f)))


@given(st.data(), thresholds() | banded, st.integers(-5, 5))
def test_counts_sum_to_the_number_of_dice(data, table, modifier):
    faces = data.draw(st.lists(st.integers(1, table.sides), max_size=12))
    counts = pools.tally(table, faces, modifier)
    assert sum(counts.values()) == len(faces)
    assert set(counts) == set(table.outcomes)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8), st.none() | st.integers(0, 4), st.lists(st.lists(st.integers(0, 7), max_size=3), max_size=5))
def test_a_budget_never_rerolls_a_die_twice_nor_beyond_its_limit(pool, limit, requests):
    budget = RerollBudget("r", limit=limit)
    for picks in requests:
        try:
            budget = pools.reroll(budget, pool, picks)
        except RuleError:
            continue
    assert len(set(budget.used)) == len(budget.used)
    assert limit is None or len(budget.used) <= limit
    assert all(0 <= die < len(pool) for die in budget.used)
