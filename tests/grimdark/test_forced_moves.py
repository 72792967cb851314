"""Where a move the rules make for a model ends (domain/systems/grimdark/forced_moves.py;
grimdark-future-1.5.md#Melee: closing in, backing off; #Solid Buildings): straight at its goal,
as far as its inches and its climbs allow, short of a solid building in its way; to the
thousandth of an inch, stepping back from the first rounded spot that would reach too far. A
Flying model climbs nothing and passes over buildings, but does not end on one."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.grimdark.forced_moves import step
from tests.grimdark.game import SHALLOW, Game, with_rules
from tests.grimdark.test_buildings import BLOCKHOUSE
from tests.grimdark.test_heights import LEDGE

RADIUS = inches.base_radius_inches(25)


def _table(*pieces: Any, pack: Any = SHALLOW) -> Game:
    pack = msgspec.structs.replace(pack, missions=tuple(msgspec.structs.replace(m, terrain=pieces) for m in pack.missions))
    game = Game(pack=pack)
    game.prepare()
    return game


def _step(game: Game, start: tuple[float, float], goal: tuple[float, float], allowance: float = 3.0) -> tuple[tuple[float, float], float]:
    spot, used = step(game.game, game.unit("vanguard-squad"), Base(*start, radius=RADIUS), goal, allowance)
    return spot, round(used, 3)


def test_a_diagonal_way_into_a_building_stops_touching_its_wall_at_the_thousandth_found_first():
    """The blockhouse's north wall is at y 7: a 25 mm base stops with its centre 0.492" from it,
    at the first spot on the thousandth's grid, stepping back from where the way meets the wall."""
    game = _table(BLOCKHOUSE)
    assert _step(game, (23.886, 8.26), (21.598, 7.299)) == ((22.056, 7.492), 1.985)
    assert _step(game, (26.78, 8.658), (24.305, 7.23)) == ((24.758, 7.492), 2.334)
    assert _step(game, (23, 9), (23, 8)) == ((23, 8), 1.0)  # the goal short of the wall: reached
    assert _step(game, (23, 9), (23, 9)) == ((23, 9), 0.0)  # already there
    assert _step(game, (23, 7.492), (23, 6)) == ((23, 7.492), 0.0)  # touching the wall: not an inch


def test_a_flying_model_passes_over_a_ledge_without_climbing_but_stops_short_of_a_building():
    """The ledge 2" high at y 11.5..13: a walking model's climb counts against its 3"; a flying
    model's does not. A Flying model does not end over a building's wall either."""
    walking = _table(LEDGE)
    assert _step(walking, (12, 10), (12, 14)) == ((12, 11.5), 1.5)  # 2" up would take it past 3"
    flying = _table(LEDGE, pack=with_rules("Vanguard Squad", rules=("Flying",)))
    assert _step(flying, (12, 10), (12, 14)) == ((12, 13.001), 3.001)  # within the kit's tolerance
    over = _table(BLOCKHOUSE, pack=with_rules("Vanguard Squad", rules=("Flying",)))
    assert _step(over, (23, 9), (23, 6)) == ((23, 7.492), 1.508)
