"""What an army may hold at each game size (grimdark-future-1.5.md#Preparation, The Armies, and
#Playing Bigger Games; domain/systems/grimdark/armies.py): the points, the fewest and most heroes,
the most vehicles or monsters and the most titans, each limit met exactly and passed by one."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import RuleError
from domain.systems.grimdark.armies import check
from domain.systems.grimdark.content import Army
from tests.grimdark.game import CORE

PREPARATION = "grimdark-future-1.5.md#Preparation"
BIGGER = "grimdark-future-1.5.md#Playing Bigger Games"
#: The rulebook's table: points -> (most heroes, most vehicles or monsters, most titans); one
#: hero at least at every size.
LIMITS = {
    500: (1, 2, 0), 750: (1, 3, 0), 1000: (2, 4, 1), 1250: (2, 5, 1), 1500: (3, 6, 1), 1750: (3, 7, 1),
    2000: (4, 8, 2), 2250: (4, 9, 2), 2500: (5, 10, 2), 2750: (5, 11, 2), 3000: (6, 12, 3),
}
_SQUAD = CORE.army("ashen-vanguard").units[1]
HERO = msgspec.structs.replace(_SQUAD, name="Hero", hero=True, points=1)
VEHICLE = msgspec.structs.replace(_SQUAD, name="Tank", kind="vehicle", points=1)
MONSTER = msgspec.structs.replace(_SQUAD, name="Beast", kind="monster", points=1)
TITAN = msgspec.structs.replace(_SQUAD, name="Titan", kind="titan", points=1)


def army(*units: Any, army_id: str = "host", points: int = 0) -> Army:
    """An army of `units`, with a plain squad of `points` more."""
    filler = (msgspec.structs.replace(_SQUAD, points=points),) if points else ()
    return Army(army_id, army_id, (*units, *filler))


def refused(side: list[Army], points: int) -> tuple[str, str, dict, str | None]:
    with pytest.raises(RuleError) as error:
        check(side, points)
    return error.value.code, error.value.rule, error.value.params, error.value.field


@pytest.mark.parametrize("points", sorted(LIMITS))
def test_each_size_takes_its_most_heroes_vehicles_and_titans_and_not_one_more(points):
    heroes, big, titans = LIMITS[points]
    section = PREPARATION if points == 500 else BIGGER
    half = big // 2
    full = [HERO] * heroes + [VEHICLE] * half + [MONSTER] * (big - half) + [TITAN] * titans
    check([army(*full, points=points - len(full))], points)
    assert refused([army(*full, HERO)], points) == ("army_heroes", section, {"army": "host", "heroes": heroes + 1, "min": 1, "max": heroes}, "options.armies")
    assert refused([army(*full, MONSTER)], points) == ("army_vehicles", section, {"army": "host", "count": big + 1, "max": big}, "options.armies")
    assert refused([army(*full, VEHICLE)], points)[2]["count"] == big + 1
    assert refused([army(*full, TITAN)], points) == ("army_titans", section, {"army": "host", "count": titans + 1, "max": titans}, "options.armies")
    assert refused([army(VEHICLE)], points) == ("army_heroes", section, {"army": "host", "heroes": 0, "min": 1, "max": heroes}, "options.armies")
    assert refused([army(HERO, points=points)], points) == ("army_over_points", section, {"army": "host", "points": points + 1, "max": points}, "options.armies")


def test_a_size_off_the_table_names_the_known_ones():
    with pytest.raises(RuleError) as error:
        check([army(HERO)], 1100, field="army_list")
    assert (error.value.code, error.value.rule, error.value.params, error.value.field) == ("unknown_game_size", BIGGER, {"points": 1100, "known": sorted(LIMITS)}, "options.points")


def test_a_side_of_two_players_splits_the_points_and_counts_the_limits_together():
    """#Multi-Player Games: each player's army gets half the points, rounded down; the heroes and
    vehicles of both count against the side's limits."""
    first, second = army(HERO, points=374, army_id="first"), army(VEHICLE, VEHICLE, points=373, army_id="second")
    check([first, second], 750)
    over = army(HERO, points=375, army_id="first")
    assert refused([over, second], 750) == ("army_over_points", "grimdark-future-1.5.md#Multi-Player Games", {"army": "first", "points": 376, "max": 375}, "options.armies")
    assert refused([army(HERO, HERO, HERO, army_id="first"), second], 1000)[2] == {"army": "first+second", "heroes": 3, "min": 1, "max": 2}
    both = [army(HERO, VEHICLE, VEHICLE, army_id="first"), army(VEHICLE, VEHICLE, army_id="second")]
    assert refused(both, 750) == ("army_vehicles", BIGGER, {"army": "first+second", "count": 4, "max": 3}, "options.armies")
    with pytest.raises(RuleError) as odd:
        check([army(HERO, points=332, army_id="a"), army(points=333, army_id="b"), army(points=334, army_id="c")], 1000)
    assert odd.value.params == {"army": "c", "points": 334, "max": 333}
