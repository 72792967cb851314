"""A Grimdark Future mission's set-up from its options and a pack (domain/systems/grimdark/setup.py;
docs/grimdark-future-content-format.md): what the set-up command carries, and what the host reads
when an option names something the pack does not hold (the code, the document cited, the
parameters and the option at fault)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark.setup import Options, seated, setup
from tests.grimdark.game import BROOD, CONVOY, CORE, VANGUARD

FORMAT = "docs/grimdark-future-content-format.md"
ARMIES = [VANGUARD, BROOD, CONVOY]
MISSIONS = ["duel", "seize-ground", "relic-hunt", "sabotage", "breakthrough", "king-of-the-hill"]


def _setup(content: Any = CORE, packs: dict | None = None, **options: Any) -> Any:
    """The set-up command of `options` with the core pack `content` (or the `packs` given)."""
    return setup(Setup("1.5", Options(**options), packs if packs is not None else {"core": content}))


def _refused(content: Any = CORE, packs: dict | None = None, **options: Any) -> tuple[str, str, dict, str | None]:
    with pytest.raises(RuleError) as refused:
        _setup(content, packs, **options)
    return refused.value.code, refused.value.rule, refused.value.params, refused.value.field


def test_a_duel_carries_the_mission_the_two_armies_and_nothing_else():
    made = _setup()
    assert (made.mission.id, [a.id for a in made.armies], made.sides, made.table, made.mysteries, made.solo, made.points) == ("duel", [VANGUARD, BROOD], [], [], [], "", 500)


def test_an_unknown_pack_or_mission_names_what_there_is():
    assert _refused(packs={"core": CORE, "extra": CORE}, pack="lost") == ("unknown_pack", FORMAT, {"pack": "lost", "known": ["core", "extra"]}, "options.pack")
    assert _refused(mission="last-stand") == ("unknown_mission", FORMAT, {"mission": "last-stand", "known": [*MISSIONS, "random"]}, "options.mission")


def test_a_random_mission_carries_the_six_missions_in_the_order_of_the_table():
    """grimdark-future-1.5.md#Missions: the first face's mission stands in until the roll."""
    made = _setup(mission="random")
    assert ([m.id for m in made.table], made.mission.id) == (MISSIONS, "duel")
    shuffled = msgspec.structs.replace(CORE, missions=tuple(reversed(CORE.missions)))
    assert [m.id for m in _setup(shuffled, mission="random").table] == MISSIONS


def test_the_armies_option_needs_two_sides_of_known_armies_and_at_most_four_players():
    """#Multi-Player Games: two to four players on two sides."""
    assert _refused(armies=f"{VANGUARD},{BROOD},{CONVOY}") == ("bad_armies", FORMAT, {"names": [VANGUARD, BROOD, CONVOY], "known": ARMIES}, "options.armies")
    assert _refused(armies=VANGUARD)[0] == "bad_armies"
    assert _refused(armies=f"{VANGUARD}, lost")[2] == {"names": [VANGUARD, "lost"], "known": ARMIES}
    five = f"{VANGUARD}+{VANGUARD}+{VANGUARD},{BROOD}+{BROOD}"
    assert _refused(armies=five, points=3000)[2]["names"] == [VANGUARD, VANGUARD, VANGUARD, BROOD, BROOD]
    four = _setup(armies=f" {VANGUARD} + {CONVOY} ,{BROOD}+{BROOD}", points=1000)
    assert ([a.id for a in four.armies], four.sides, four.points) == ([VANGUARD, CONVOY, BROOD, f"{BROOD}-2"], [[VANGUARD, CONVOY], [BROOD, f"{BROOD}-2"]], 1000)
    three = _setup(armies=f"{VANGUARD}+{CONVOY},{BROOD}", points=1000)
    assert three.sides == [[VANGUARD, CONVOY], [BROOD]]


def test_an_army_named_again_takes_the_next_free_number():
    vanguard = CORE.army(VANGUARD)
    second = msgspec.structs.replace(vanguard, id=f"{VANGUARD}-2")
    assert [a.id for a in seated([vanguard, vanguard, vanguard])] == [VANGUARD, f"{VANGUARD}-2", f"{VANGUARD}-3"]
    assert [a.id for a in seated([vanguard, second, vanguard])] == [VANGUARD, f"{VANGUARD}-2", f"{VANGUARD}-3"]
    assert [a.id for a in seated([second, vanguard])] == [f"{VANGUARD}-2", VANGUARD]
    assert [a.id for a in seated([second, second])] == [f"{VANGUARD}-2", f"{VANGUARD}-2-2"]
    assert [a.id for a in seated([vanguard, vanguard, second])] == [VANGUARD, f"{VANGUARD}-3", f"{VANGUARD}-2"]


def test_the_solo_army_must_be_one_of_the_seats():
    assert _setup(solo=BROOD).solo == BROOD
    assert _setup(armies=f"{VANGUARD},{VANGUARD}", solo=f"{VANGUARD}-2").solo == f"{VANGUARD}-2"
    assert _refused(solo=CONVOY) == ("unknown_solo", FORMAT, {"solo": CONVOY, "known": [VANGUARD, BROOD]}, "options.solo")


def test_each_side_is_checked_against_the_games_size():
    assert _refused(points=600)[:2] == ("unknown_game_size", "grimdark-future-1.5.md#Playing Bigger Games")
    leaderless = msgspec.structs.replace(CORE, armies=tuple(msgspec.structs.replace(a, units=a.units[1:]) if a.id == BROOD else a for a in CORE.armies))
    assert _refused(leaderless)[2] == {"army": BROOD, "heroes": 0, "min": 1, "max": 1}
    # Both sides break a limit: the first side's is the one named.
    assert _refused(leaderless, armies=f"{VANGUARD}+{CONVOY},{BROOD}") == ("army_over_points", "grimdark-future-1.5.md#Multi-Player Games", {"army": VANGUARD, "points": 500, "max": 250}, "options.armies")


def test_the_mysterious_tables_switched_on_are_carried_and_must_be_in_the_pack():
    terrain = [m for m in CORE.mysteries if m.table == "terrain"]
    objectives = [m for m in CORE.mysteries if m.table == "objectives"]
    assert _setup(mysterious_terrain=True).mysteries == terrain
    assert _setup(mysterious_objectives=True).mysteries == objectives
    assert _setup(mysterious_terrain=True, mysterious_objectives=True).mysteries == list(CORE.mysteries)
    no_terrain = msgspec.structs.replace(CORE, mysteries=tuple(objectives))
    assert _refused(no_terrain, mysterious_terrain=True, mysterious_objectives=True) == ("no_mystery_table", FORMAT, {"pack": "core", "table": "terrain"}, "options.mysterious_terrain")
    assert _refused(msgspec.structs.replace(CORE, mysteries=()), mysterious_objectives=True)[3] == "options.mysterious_objectives"
