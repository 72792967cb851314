"""Play on the grid (domain/systems/ruinstars/grid.py, ruinstars-2e.md#PLAYING ON A GRID): a
free-play mission laid on squares, the deployment zone on both sides of the centre, the climb
of a step, passing a squadmate, a diagonal past a wall's end, Cover between raised squares,
refused Moves, and the squares a Bug's move toward its enemy may end on. Walls lie between two
squares [x1, y1, x2, y2]; heights raise squares [x, y, squares]."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import grid
from domain.systems.ruinstars.content import Marker
from domain.systems.ruinstars.grid import SQUARES
from tests.ruinstars.game import ANYWHERE, PVP, Game
from tests.ruinstars.test_combat import of
from tests.ruinstars.test_grid import board, field

MOVEMENT = "ruinstars-2e.md#MOVEMENT"


def test_a_step_up_costs_its_height_and_1_to_crest_a_step_down_1_less():
    """#MOVEMENT (grid), in squares: 1 up is 2, 2 up from 1 high is 2 + 1; 1 down is 1 (the
    first square of descent free), 3 down to 1 high is 2; a level step adds nothing."""
    assert [grid.climb(0, 1), grid.climb(1, 3), grid.climb(1, 0), grid.climb(3, 1), grid.climb(2, 2)] == [2, 3, 1, 2, 0]


def test_a_free_play_mission_laid_on_the_grid_puts_its_places_on_the_squares_they_lie_in():
    """#PLAYING ON A GRID: each spawn point and marker in inches goes to the square it lies in."""
    survive = msgspec.structs.replace(ANYWHERE.named("missions", "survive"), markers=(Marker("crate", (5.0, 9.5)), Marker("case", (23.9, 0.2))))
    squared = grid.squared(survive)
    assert squared.grid and squared.spawn_points == ((1.0, 1.0), (10.0, 2.0), (6.0, 10.0))
    assert squared.markers == (Marker("crate", (2.0, 4.0)), Marker("case", (11.0, 0.0)))


def test_deployment_counts_the_far_side_of_the_centre_and_a_zone_of_0_is_the_centre_squares():
    """#DEPLOYMENT (grid): square 9's near edge is 6" past the centre; with a zone of 0" (a
    mission's own), squares 5 and 6, which touch the centre, are in it and 7 is not."""
    mission = msgspec.structs.replace(ANYWHERE.named("missions", "survive"), deploy_within=4)
    game = Game(PVP, pack=msgspec.structs.replace(ANYWHERE, missions=(mission,)), grid=True)
    far = game.refused(cmd.Deploy(unit="trooper", x=9, y=6))
    assert (far.code, far.params) == ("outside_deployment", {"unit": "trooper", "inches": 6.0, "within": 4})
    tight = msgspec.structs.replace(mission, deploy_within=0)
    game = Game(PVP, pack=msgspec.structs.replace(ANYWHERE, missions=(tight,)), grid=True)
    game.do(cmd.Deploy(unit="trooper", x=5, y=6))
    game.do(cmd.Deploy(unit="wren", x=6, y=5))
    near = game.refused(cmd.Deploy(unit="fighter", x=7, y=6))
    assert (near.code, near.params) == ("outside_deployment", {"unit": "fighter", "inches": 2.0, "within": 0})


def test_a_move_passes_through_a_squadmates_square_not_an_enemys():
    """#MOVEMENT (grid): Wren on (0, 5) to (2, 5) through Issa Quill's square, the Trooper and
    the Fighter on either side of her: 2 squares, 4"."""
    game = board({"wren": (0, 5), "issa-quill": (1, 5), "trooper": (1, 4), "fighter": (1, 6)})
    game.do(cmd.Activate(unit="wren"))
    (moved,) = game.do(cmd.Move(unit="wren", x=2, y=5))
    assert (moved.inches, moved.climb) == (4.0, 0.0)


def test_a_move_onto_a_taken_square_or_off_the_grid_is_refused_under_movement():
    game = board({"wren": (0, 5), "issa-quill": (1, 5)})
    game.do(cmd.Activate(unit="wren"))
    taken = game.refused(cmd.Move(unit="wren", x=1, y=5))
    assert (taken.code, taken.rule, taken.params) == ("on_another_base", MOVEMENT, {"unit": "wren", "others": ["issa-quill"]})
    off = game.refused(cmd.Move(unit="wren", x=-1, y=5))
    assert (off.code, off.rule, off.params) == ("off_the_battlefield", MOVEMENT, {"unit": "wren", "x": -1, "y": 5, "size": 24})


def test_a_diagonal_past_the_end_of_a_wall_is_adjacent():
    """#ADJACENT (grid): Wren on (7, 3) and the Shooter on (8, 4), the wall on x = 8 beside
    rows 4 and 5: the way round by (8, 3) is open, so her Arc Lash reaches (AUT1: 1 strike)."""
    game = field({"wren": (7, 3), "shooter": (8, 4)})
    game.do(cmd.Activate(unit="wren"))
    events = game.do(cmd.MeleeCombat(unit="wren", weapon="Arc Lash", target="shooter"), 6, 6, 6)
    assert of(events, ev.AttackResolved) == [ev.AttackResolved("wren", "shooter", 1, 0, 1)]


def test_cover_from_a_wall_between_raised_squares_of_one_height():
    """#COVER and #MODIFIERS (grid): the Trooper and Wren each on a square 1 high (2"), a wall
    on the far edge of hers: no higher than her, he leaves her in cover."""
    game = board({"trooper": (2, 2), "wren": (2, 6)}, walls=((2, 6, 2, 7),), heights=((2, 2, 1), (2, 6, 1)), first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5)
    assert (game.game.roll.unit, game.game.roll.free) == ("wren", {"cover": 1})


def test_a_bugs_move_ends_on_squares_closer_to_its_enemy_the_closest_then_the_cheapest():
    """#FIRST MISSION UNITS, Bug (our reading, docs/ruinstars-rules-notes.md): the Fighter on
    (5, 5) moving 6" (3 squares) at Wren on (9, 5): the squares closer than its 4, closest first,
    then cheapest, then by column and row; not the Trooper's (a squadmate's, passed but not
    ended on), not Issa Quill's (an enemy's), nor (7, 8) and (8, 8), whose ways pass between
    her and Teo Marsh; not (6, 2), 3 squares off and 1 high (2 more to climb)."""
    game = board(
        {"fighter": (5, 5), "wren": (9, 5), "trooper": (8, 5), "issa-quill": (7, 7), "teo-marsh": (6, 8)},
        heights=((6, 2, 1),),
    )
    off = msgspec.structs.replace(game.game, models={**game.game.models, "oda-venn": msgspec.structs.replace(game.unit("oda-venn"), at=None)})
    ends = SQUARES.toward(off, game.unit("fighter"), game.unit("wren"), 6.0)
    assert ends == [
        (8, 4), (8, 6),
        (7, 3), (7, 4), (7, 5), (7, 6), (8, 3), (8, 7),
        (6, 4), (6, 5), (6, 6), (6, 3), (6, 7), (7, 2), (8, 2),
    ]  # fmt: skip
