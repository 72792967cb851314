"""Play on the grid (ruinstars-2e.md#PLAYING ON A GRID): a unit stands on a 2" square, named by
its column and row (x and y, from 0); the kit's square board measures the rest. A square counts
as 2" everywhere, so the rules' inches (a Move's 6", RNG6") hold as they are: 3 squares."""

from __future__ import annotations

import msgspec

from domain.errors import RuleError
from domain.kit.boards import square
from domain.kit.boards.inches import Base
from domain.kit.boards.square import Cell
from domain.systems.ruinstars.content import Mission
from domain.systems.ruinstars.state import Game, Model
from domain.systems.ruinstars.versions import rule

#: ruinstars-2e.md#GENERAL RULES (grid): each square is 2"; #MODIFIERS: High Ground from 4"
#: higher, measured in inches here too.
SQUARE_INCHES, HIGH_GROUND_INCHES = 2, 4
#: ruinstars-2e.md#MOVEMENT (grid): cresting a top or going over an edge costs 1 square; the
#: first square of a descent is free.
CREST, FREE_DESCENT = 1, 1
GRID = rule("PLAYING ON A GRID")


def climb(left: int, entered: int) -> int:
    """ruinstars-2e.md#MOVEMENT (grid), in squares a step onto another level adds: up, each
    square of height and 1 to crest the top; down, the same but the first square of descent
    free."""
    if entered > left:
        return entered - left + CREST
    if entered < left:
        return left - entered - FREE_DESCENT + CREST
    return 0


def squared(mission: Mission) -> Mission:
    """A free-play mission laid on the grid: each place it gives in inches becomes the square it
    lies in. Its terrain pieces are measured in inches and have no squares: such a mission is
    refused (a grid mission names its `walls` and `heights`)."""
    if mission.terrain:
        raise RuleError(
            "no_grid_map",
            GRID,
            params={"mission": mission.id, "terrain": [p.id for p in mission.terrain]},
        )
    return msgspec.structs.replace(
        mission,
        grid=True,
        spawn_points=tuple(
            (float(x // SQUARE_INCHES), float(y // SQUARE_INCHES)) for x, y in mission.spawn_points
        ),
        markers=tuple(
            msgspec.structs.replace(
                m, at=(float(m.at[0] // SQUARE_INCHES), float(m.at[1] // SQUARE_INCHES))
            )
            for m in mission.markers
        ),
    )


def board_of(mission: Mission) -> square.Board:
    """The mission's squares: size / 2 a side, its walls between squares and its raised squares."""
    side = mission.size // SQUARE_INCHES
    return square.Board.build(
        side,
        side,
        walls=[(Cell(a, b), Cell(c, d)) for a, b, c, d in mission.walls],
        heights={Cell(x, y): h for x, y, h in mission.heights},
    )


def cell(base: Base) -> Cell:
    return Cell(int(base.x), int(base.y))


class Squares:
    def spot(self, game: Game, x: float, y: float, radius: float) -> Base:
        """On the square, as high as it stands."""
        raised = square.height(board_of(game.mission), Cell(int(x), int(y)))
        return Base(x, y, raised * SQUARE_INCHES, radius)

    def near(self, game: Game, a: Base, b: Base) -> bool:
        """Contiguous squares, diagonals too, on the same level, no wall between (a diagonal
        is open while one of the two squares beside the corner gives a way round, kit
        `line_of_sight`)."""
        ca, cb = cell(a), cell(b)
        return (
            square.distance(ca, cb) == 1
            and a.z == b.z
            and square.line_of_sight(ca, cb, walls=board_of(game.mission).walls, strict=False)
        )

    def distance(self, a: Base, b: Base) -> float:
        """ruinstars-2e.md#RANGE (grid): squares counted as if moving horizontally, a diagonal
        one square (walls and heights not counted), 2" each."""
        return float(square.distance(cell(a), cell(b)) * SQUARE_INCHES)

    def from_centre(self, game: Game, base: Base) -> float:
        """From the centre of the battlefield to the square's nearest point, the farther of
        the two directions: a square whose near edge is 4" off counts as within 4"."""
        centre = game.mission.size / 2
        gaps = [
            max(0.0, at * SQUARE_INCHES - centre, centre - (at + 1) * SQUARE_INCHES)
            for at in (base.x, base.y)
        ]
        return max(gaps)

    def place_problem(
        self, game: Game, unit: str, base: Base, others: tuple[Base, ...]
    ) -> tuple[str, dict] | None:
        """A whole square on the board, with no other unit or item on it."""
        board = board_of(game.mission)
        if not (float(base.x).is_integer() and float(base.y).is_integer()):
            return "not_a_square", {"unit": unit, "x": base.x, "y": base.y}
        here = cell(base)
        if not square.on_board(board, here):
            return "off_the_battlefield", {
                "unit": unit,
                "x": base.x,
                "y": base.y,
                "size": game.mission.size,
            }
        on = sorted(
            m.id
            for m in game.models.values()
            if m.id != unit and m.at is not None and cell(m.at) == here
        )
        if on or any(cell(other) == here for other in others):
            return "on_another_base", {"unit": unit, "others": on}
        return None

    def in_sight(self, game: Game, a: Model, b: Model) -> bool:
        """ruinstars-2e.md#LINE OF SIGHT (grid): from a corner of a's square to the two nearest
        corners of b's, no wall crossed (kit `corner_sight`); units do not block it."""
        assert a.at is not None and b.at is not None
        return square.corner_sight(cell(a.at), cell(b.at), board_of(game.mission).walls)

    def in_cover(self, game: Game, attacker: Model, target: Model) -> bool:
        """ruinstars-2e.md#COVER (grid): a wall on an edge of the target's square; #MODIFIERS:
        not from an attacker 4" (2 squares) higher."""
        assert attacker.at is not None and target.at is not None
        if attacker.at.z - target.at.z >= HIGH_GROUND_INCHES:
            return False
        return square.against_wall(cell(target.at), board_of(game.mission).walls)

    def path(self, game: Game, model: Model, end: Base) -> tuple[float, float]:
        """The cheapest way square by square: never into an enemy unit's square, through a
        squadmate's or an item's but not ending there, round walls, paying for each change of
        level (`climb`). A square it may not stand on is refused first."""
        assert model.at is not None
        if problem := self.place_problem(game, model.id, end, ()):
            code, params = problem
            raise RuleError(code, rule("MOVEMENT"), params=params)
        board = board_of(game.mission)
        route = square.shortest_path(
            board,
            cell(model.at),
            cell(end),
            blockers=self._enemies(game, model),
            occupied=self._others(game, model),
            climb=climb,
        )
        if route is None:
            raise RuleError(
                "no_route", rule("MOVEMENT"), params={"unit": model.id, "x": end.x, "y": end.y}
            )
        heights = [square.height(board, c) for c in route.cells]
        climbed = sum(climb(a, b) for a, b in zip(heights, heights[1:]))
        return float(route.cost * SQUARE_INCHES), float(climbed * SQUARE_INCHES)

    def crossed(self, game: Game, model: Model, end: Base) -> list[str]:
        """None: the route goes round enemy units (without one, `path` refuses the move)."""
        return []

    def around(self, game: Game, target: Base, radius: float, spots: int) -> list[Base]:
        """The eight squares round the target on the board, in the kit's order (column, then
        row)."""
        board = board_of(game.mission)
        return [
            self.spot(game, float(c.x), float(c.y), radius)
            for c in square.neighbours(cell(target))
            if square.on_board(board, c)
        ]

    def toward(
        self, game: Game, mover: Model, target: Model, reach: float
    ) -> list[tuple[float, float]]:
        """The squares the move can end on that are closer to the target, the closest first,
        then the cheapest, then in column and row order."""
        assert mover.at is not None and target.at is not None
        goal, start = cell(target.at), cell(mover.at)
        now = square.distance(start, goal)
        ends = square.reachable(
            board_of(game.mission),
            start,
            blockers=self._enemies(game, mover),
            occupied=self._others(game, mover),
            max_cost=int(reach // SQUARE_INCHES),
            climb=climb,
        )
        closer = sorted(
            (square.distance(c, goal), cost, c) for c, cost in ends if square.distance(c, goal) < now
        )
        return [(float(c.x), float(c.y)) for _, _, c in closer]

    @staticmethod
    def _enemies(game: Game, model: Model) -> frozenset[Cell]:
        return frozenset(
            cell(m.at)
            for m in game.models.values()
            if m.at is not None and m.squad != model.squad and not m.item
        )

    @staticmethod
    def _others(game: Game, model: Model) -> frozenset[Cell]:
        return frozenset(
            cell(m.at) for m in game.models.values() if m.at is not None and m.id != model.id
        )


SQUARES = Squares()
