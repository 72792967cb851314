"""Where the solo army's flyer goes (domain/systems/grimdark/ai_flyers.py; grimdark-future-1.5.md
#Unit Types, Flyers): off the nearest of the four table edges and back at it, 2" further along
the edge each try, one side then the other; toward the nearest enemy the shortest flight that
ends clear when nothing is in reach from anywhere."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import ai_flyers
from domain.systems.grimdark import commands as cmd
from tests.grimdark.game import BROOD, convoy_ready
from tests.grimdark.test_ai_embarking import moved


@pytest.mark.parametrize(
    ("spot", "gone", "back"),
    [
        ((70, 15), (106.0, 15.0), (70.818, 15.0)),
        ((2, 15), (-34.0, 15.0), (1.182, 15.0)),
        ((30, 28), (30.0, 64.0), (30.0, 28.818)),
        ((30.5, 27.5), (30.5, 63.5), (30.5, 28.818)),
        ((70.5, 15.25), (106.5, 15.25), (70.818, 15.25)),
    ],
)
def test_a_flyer_leaves_by_the_nearest_edge_and_comes_back_at_it(spot, gone, back):
    """The Hawk Skimmer's base has a radius of 1.181": back, it stands just on the table."""
    game = convoy_ready()
    moved(game, {"hawk-skimmer": [spot]})
    assert ai_flyers.off_the_table(game.game, game.unit("hawk-skimmer")) == cmd.Advance(unit="hawk-skimmer", positions=[gone], back=[back])


def test_a_flyer_comes_back_2_inches_further_each_side_in_turn_until_it_has_space():
    """The Escort Squad stands at the east edge around y 15: 15, 17 and 13 are within 1" of it,
    19 is clear."""
    game = convoy_ready()
    moved(game, {"hawk-skimmer": [(70, 15)], "escort-squad": [(71, 15), (71, 16.5), (71, 13.5), (69.5, 15), (69.5, 16.5)]})
    assert ai_flyers.off_the_table(game.game, game.unit("hawk-skimmer")) == cmd.Advance(unit="hawk-skimmer", positions=[(106.0, 15.0)], back=[(70.818, 19.0)])


def test_a_flyer_with_nothing_to_shoot_flies_the_shortest_flight_toward_the_nearest_enemy_that_ends_clear():
    """Without weapons the Hawk Skimmer at (20, 3) has no target anywhere: toward the nearest
    Spine Spitter at (16.5, 20), 18" and 19" end on the Spitters, 20" is clear."""
    game = convoy_ready()
    hawk = game.unit("hawk-skimmer")
    bare = msgspec.structs.replace(hawk, models=tuple(msgspec.structs.replace(m, weapons=()) for m in hawk.models))
    battle = msgspec.structs.replace(game.game, units={**game.game.units, "hawk-skimmer": bare})
    assert ai_flyers.fly(battle, bare) == cmd.Advance(unit="hawk-skimmer", positions=[(15.967, 22.589)])


def _only_on_the_table(game, *kept: str):
    """The battle with every Brood unit but `kept` waiting in reserve."""
    units = {k: msgspec.structs.replace(u, reserve=True) if u.side == BROOD and k not in kept else u for k, u in game.game.units.items()}
    return msgspec.structs.replace(game.game, units=units)


def test_a_flyer_heads_for_the_one_enemy_on_the_table():
    """Only the Brood Mother at (4, 20) stands on the table: the Hawk Skimmer flies 18" from
    (20, 3) straight at her and shoots her."""
    battle = _only_on_the_table(convoy_ready(), "brood-mother")
    assert ai_flyers.fly(battle, battle.units["hawk-skimmer"]) == cmd.Advance(unit="hawk-skimmer", positions=[(7.663, 16.108)], target="brood-mother")


def test_with_no_enemy_on_the_table_a_flyer_flies_north_first():
    battle = _only_on_the_table(convoy_ready())
    assert ai_flyers.fly(battle, battle.units["hawk-skimmer"]) == cmd.Advance(unit="hawk-skimmer", positions=[(20.0, 21.0)])


def test_a_flyer_tries_the_other_side_before_going_further():
    """The Escort Squad around y 16 to 19 at the east edge: 15 and 17 are within 1" of it, 13
    (the other side, 2" away) is clear, before 19."""
    game = convoy_ready()
    moved(game, {"hawk-skimmer": [(70, 15)], "escort-squad": [(71, 16), (71, 17.5), (69.5, 16), (69.5, 17.5), (71, 19)]})
    assert ai_flyers.off_the_table(game.game, game.unit("hawk-skimmer")).back == [(70.818, 13.0)]


@pytest.mark.parametrize(
    ("spot", "escort", "back"),
    [
        ((70, 15), [(71.5, 14.5), (71.5, 13), (70, 13), (68.5, 13), (68.5, 14.5)], (70.818, 17.0)),
        ((30, 28), [(30, 29.3), (28.5, 29.3), (27, 29.3), (31.5, 29.3), (28.5, 27.8)], (34.0, 28.818)),
    ],
)
def test_a_flyer_coming_back_tries_2_inches_one_way_then_the_other_then_4(spot, escort, back):
    """East: y 15 is taken, 17 (2" north) is clear and comes first. North: x 30, 32 and 28 are
    taken, 34 is the next."""
    game = convoy_ready()
    moved(game, {"hawk-skimmer": [spot], "escort-squad": escort})
    assert ai_flyers.off_the_table(game.game, game.unit("hawk-skimmer")).back == [back]
