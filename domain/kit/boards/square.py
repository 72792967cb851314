"""The square grid: cells, distances, sight lines, cover and cheapest routes.

Written for games played on squares, first Ruinstars' grid option
(ruinstars-2e.md#PLAYING ON A GRID): squares stand for 2", units are adjacent when their
squares touch, diagonals included, unless a wall lies between; range and movement count
squares with a diagonal counting as one (the "chebyshev" metric); walls lie on the edges
between squares; sight is drawn corner to corner (`corner_sight`) and a target with a wall on
one of its square's edges is in cover (`against_wall`). Other games count squares otherwise,
so the metric is a parameter: "manhattan" (no diagonals) and "alternating" (diagonals cost
1, 2, 1, 2, ... along a route).

Everything is exact integer arithmetic, so results never depend on rounding. Square (x, y)
covers the unit square [x, x+1] x [y, y+1]; its centre is (x + 1/2, y + 1/2).

The diagonal corner rule, shared by moves and centre-to-centre sight: going diagonally from
p to q passes exactly through the corner where p, q and the two "flank" squares meet. The
way through counts as open when at least one flank gives a detour: the flank is free and no
wall lies between it and p or q. So a move or sight line squeezes past one blocked square or
one wall end, but not between two blocked squares or through a wall that runs on through
the corner. strict=True (sight only) asks for both detours instead: touching counts.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Literal

import msgspec

from domain.kit.boards import paths
from domain.kit.boards.paths import Route

__all__ = [
    "Board",
    "Cell",
    "Climb",
    "Metric",
    "Route",
    "Side",
    "against_wall",
    "area",
    "corner_sight",
    "covered",
    "distance",
    "height",
    "in_cover",
    "line",
    "line_of_sight",
    "neighbours",
    "passes",
    "reachable",
    "sees",
    "shortest_path",
    "side",
    "sides",
]

Metric = Literal["chebyshev", "manhattan", "alternating"]
_ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
_ALL = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


class Cell(msgspec.Struct, frozen=True, order=True):
    """A square, by column x and row y; ordered by (x, y), the order every tie is broken in."""

    x: int
    y: int


class Side(msgspec.Struct, frozen=True, order=True):
    """The edge between two orthogonally adjacent squares, lower square first (see `side`)."""

    a: Cell
    b: Cell

    def __post_init__(self) -> None:
        if not (self.a < self.b and abs(self.a.x - self.b.x) + abs(self.a.y - self.b.y) == 1):
            raise ValueError(f"{self.a} and {self.b} do not share an edge in that order; use side()")


def side(a: Cell, b: Cell) -> Side:
    """The edge between two orthogonally adjacent squares, whichever order they come in."""
    return Side(a, b) if a < b else Side(b, a)


def sides(cell: Cell) -> tuple[Side, ...]:
    """A square's four edges, sorted."""
    return tuple(sorted(side(cell, Cell(cell.x + dx, cell.y + dy)) for dx, dy in _ORTHOGONAL))


# --- distance --------------------------------------------------------------------------


def distance(a: Cell, b: Cell, metric: Metric = "chebyshev") -> int:
    """Squares counted from a to b, not counting a: what range and movement count.

    "alternating" (diagonals 1, 2, 1, ...) equals floor((chebyshev + manhattan) / 2). It is no
    metric: two diagonals in a row cost 3, one each way 1 + 1, so the triangle inequality can
    miss by 1."""
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    if metric == "chebyshev":
        return max(dx, dy)
    if metric == "manhattan":
        return dx + dy
    if metric == "alternating":
        return max(dx, dy) + min(dx, dy) // 2
    raise ValueError(f"unknown metric {metric!r}")


def neighbours(cell: Cell, metric: Metric = "chebyshev") -> tuple[Cell, ...]:
    """The squares one step away, sorted: eight, or four without diagonals (manhattan)."""
    if metric not in ("chebyshev", "manhattan", "alternating"):
        raise ValueError(f"unknown metric {metric!r}")
    moves = _ORTHOGONAL if metric == "manhattan" else _ALL
    return tuple(Cell(cell.x + dx, cell.y + dy) for dx, dy in moves)


def area(centre: Cell, radius: int, metric: Metric = "chebyshev") -> tuple[Cell, ...]:
    """Every square within `radius` of the centre (itself included), sorted: blasts, auras."""
    return tuple(
        Cell(x, y)
        for x in range(centre.x - radius, centre.x + radius + 1)
        for y in range(centre.y - radius, centre.y + radius + 1)
        if distance(centre, Cell(x, y), metric) <= radius
    )


# --- the board -------------------------------------------------------------------------


class Board(msgspec.Struct, frozen=True):
    """A width x height board of squares (0 <= x < width, 0 <= y < height) and what is on it.

    Fields are sorted tuples without repeats, so the same board is always the same bytes;
    `Board.build` sorts for you. `costs` are what entering a square costs (difficult terrain:
    2), 1 when not listed.
    """

    width: int
    height: int
    blocked: tuple[Cell, ...] = ()
    cover: tuple[Cell, ...] = ()
    costs: tuple[tuple[Cell, int], ...] = ()
    walls: tuple[Side, ...] = ()
    heights: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError("a board needs at least one square")
        for name, items in (("blocked", self.blocked), ("cover", self.cover), ("costs", [c for c, _ in self.costs]), ("walls", self.walls), ("heights", [c for c, _ in self.heights])):
            if any(x >= y for x, y in zip(items, items[1:])):
                raise ValueError(f"board {name} must be sorted without repeats; use Board.build")
        for cell in (*self.blocked, *self.cover, *(c for c, _ in (*self.costs, *self.heights))):
            if not on_board(self, cell):
                raise ValueError(f"{cell} is off the board")
        if any(cost < 1 for _, cost in self.costs):
            raise ValueError("a square costs at least 1 to enter")
        if any(h < 1 for _, h in self.heights):
            raise ValueError("a raised square is at least 1 high; leave ground squares out")

    @classmethod
    def build(
        cls,
        width: int,
        height: int,
        *,
        blocked: Iterable[Cell] = (),
        cover: Iterable[Cell] = (),
        costs: Mapping[Cell, int] | Iterable[tuple[Cell, int]] = (),
        walls: Iterable[Side | tuple[Cell, Cell]] = (),
        heights: Mapping[Cell, int] | Iterable[tuple[Cell, int]] = (),
    ) -> Board:
        pairs = costs.items() if isinstance(costs, Mapping) else costs
        levels = heights.items() if isinstance(heights, Mapping) else heights
        return cls(
            width,
            height,
            tuple(sorted(set(blocked))),
            tuple(sorted(set(cover))),
            tuple(sorted(dict(pairs).items())),
            tuple(sorted({w if isinstance(w, Side) else side(*w) for w in walls})),
            tuple(sorted((c, h) for c, h in dict(levels).items() if h)),
        )


def on_board(board: Board, cell: Cell) -> bool:
    return 0 <= cell.x < board.width and 0 <= cell.y < board.height


def height(board: Board, cell: Cell) -> int:
    """How high the square stands, in squares (0: the ground)."""
    return dict(board.heights).get(cell, 0)


Climb = Callable[[int, int], int]
"""climb(height left, height entered) -> what the change of height adds to the step."""


# --- sight -----------------------------------------------------------------------------


def _walk(a: Cell, b: Cell) -> Iterator[tuple[Cell, Cell, tuple[Cell, ...]]]:
    """The centre line from a to b, one square to the next: (p, q, flanks), where flanks is ()
    when the line crosses the edge between p and q, or the two squares beside the corner it
    passes exactly through when q is diagonal to p. Exact, so the same squares either way."""
    nx, ny = abs(b.x - a.x), abs(b.y - a.y)
    sx, sy = (1 if b.x > a.x else -1), (1 if b.y > a.y else -1)
    x, y, ix, iy = a.x, a.y, 0, 0
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx  # which grid line the line meets next
        p = Cell(x, y)
        if decision == 0:
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
            yield p, Cell(x, y), (Cell(x, p.y), Cell(p.x, y))
        elif decision < 0:
            x, ix = x + sx, ix + 1
            yield p, Cell(x, y), ()
        else:
            y, iy = y + sy, iy + 1
            yield p, Cell(x, y), ()


def line(a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The squares the line between the centres of a and b passes through, from a to b: each
    the next one's neighbour (diagonal where it passes a corner exactly). Reversing a and b
    reverses the line. Squares only touched at a corner are not in it (see `passes`)."""
    return (a, *(q for _, q, _ in _walk(a, b)))


def passes(a: Cell, b: Cell, cells: Collection[Cell], *, strict: bool) -> bool:
    """Does the centre line from a to b pass through one of `cells` on its way (a and b themselves
    not counted)? Through a corner it passes the flank squares when both are in `cells`
    (strict=False: it squeezes between the two otherwise), or either one (strict=True)."""
    for _, q, flanks in _walk(a, b):
        if q != b and q in cells:
            return True
        if flanks and (any if strict else all)(f in cells for f in flanks):
            return True
    return False


def line_of_sight(a: Cell, b: Cell, blocking: Collection[Cell] = frozenset(), walls: Collection[Side] = frozenset(), *, strict: bool) -> bool:
    """Centre-to-centre sight between squares over blocking squares and walls on edges.

    Blocked when the line passes through a blocking square between them (a's and b's own do
    not count), crosses a wall, or goes through a corner that is closed by the corner rule of
    the module doc (strict=False: closed when neither flank gives a detour; strict=True: when
    either does not). Symmetric, since the line is the same either way.
    """
    for p, q, flanks in _walk(a, b):
        if q != b and q in blocking:
            return False
        if not flanks:
            if side(p, q) in walls:
                return False
            continue
        open_ = [f not in blocking and side(p, f) not in walls and side(f, q) not in walls for f in flanks]
        if not (all(open_) if strict else any(open_)):
            return False
    return True


def in_cover(attacker: Cell, target: Cell, cover: Collection[Cell], *, strict: bool) -> bool:
    """The general grid rule: the target is in cover when the sight line from the attacker passes
    a cover square next to the target (diagonals included) that is not the attacker's own
    square, as `passes` reads passing. Standing in a cover square alone is not cover."""
    near = frozenset(c for c in cover if c != attacker and c != target and distance(c, target) == 1)
    return passes(attacker, target, near, strict=strict)


def against_wall(cell: Cell, walls: Collection[Side]) -> bool:
    """Ruinstars' cover (ruinstars-2e.md#COVER): a wall on any edge of the target's square."""
    return any(s in walls for s in sides(cell))


def sees(board: Board, a: Cell, b: Cell, *, strict: bool, blockers: Collection[Cell] = frozenset()) -> bool:
    """`line_of_sight` over the board's blocked squares and walls, plus `blockers` (models, say)."""
    blocking = frozenset(board.blocked).union(blockers)
    return line_of_sight(a, b, blocking, frozenset(board.walls), strict=strict)


def covered(board: Board, attacker: Cell, target: Cell, *, strict: bool) -> bool:
    """`in_cover` with the board's cover squares."""
    return in_cover(attacker, target, frozenset(board.cover), strict=strict)


# --- corner-to-corner sight (Ruinstars) -------------------------------------------------

Point = tuple[int, int]


def _corners(cell: Cell) -> tuple[Point, ...]:
    return ((cell.x, cell.y), (cell.x + 1, cell.y), (cell.x, cell.y + 1), (cell.x + 1, cell.y + 1))


def _ends(s: Side) -> tuple[Point, Point]:
    if s.b.x > s.a.x:
        return (s.b.x, s.a.y), (s.b.x, s.a.y + 1)
    return (s.a.x, s.b.y), (s.a.x + 1, s.b.y)


def _orient(o: Point, p: Point, q: Point) -> int:
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def crosses_walls(p: Point, q: Point, walls: Collection[tuple[Point, Point]]) -> bool:
    """Does segment pq cross the walls, going from one side to the other somewhere strictly
    between its ends? Touching a wall, running along one or reaching its end is not crossing.
    Where walls meet at a corner on the line, it crosses when they leave it on both sides."""
    if p == q:
        return False
    for w0, w1 in walls:
        if _sign(_orient(p, q, w0)) * _sign(_orient(p, q, w1)) < 0 and _sign(_orient(w0, w1, p)) * _sign(_orient(w0, w1, q)) < 0:
            return True
    dx, dy = q[0] - p[0], q[1] - p[1]
    steps = _gcd(abs(dx), abs(dy))
    for k in range(1, steps):
        v = (p[0] + dx // steps * k, p[1] + dy // steps * k)
        arms = {_sign(_orient(p, q, w1 if w0 == v else w0)) for w0, w1 in walls if v in (w0, w1)}
        if {1, -1} <= arms:
            return True
    return False


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def corner_sight(a: Cell, b: Cell, walls: Collection[Side]) -> bool:
    """Ruinstars' grid sight (ruinstars-2e.md#LINE OF SIGHT): from some corner of a's square,
    two lines to the two nearest corners of b's square, neither crossing a wall.

    "Crossing" is read strictly as passing through a wall (see `crosses_walls`), so lines may run
    along a wall or touch its end. When corners tie for second nearest, any of them may be
    taken: the attacker picks the corner, so it may pick among equally near ones too.
    """
    if a == b:
        return True
    lines = [_ends(s) for s in walls]
    targets = _corners(b)
    for p in _corners(a):
        far = sorted((p[0] - t[0]) ** 2 + (p[1] - t[1]) ** 2 for t in targets)[1]
        near = [t for t in targets if (p[0] - t[0]) ** 2 + (p[1] - t[1]) ** 2 <= far]
        clear = [t for t in near if not crosses_walls(p, t, lines)]
        first = min((p[0] - t[0]) ** 2 + (p[1] - t[1]) ** 2 for t in targets)
        if len(clear) >= 2 and any((p[0] - t[0]) ** 2 + (p[1] - t[1]) ** 2 == first for t in clear):
            return True
    return False


# --- routes ----------------------------------------------------------------------------


def _steps(board: Board, metric: Metric, impassable: frozenset[Cell], climb: Climb | None) -> paths.Steps:
    walls = frozenset(board.walls)
    costs = dict(board.costs)
    heights = dict(board.heights)

    def free(c: Cell) -> bool:
        return on_board(board, c) and c not in impassable

    def steps(cell: Cell, phase: int) -> Iterator[tuple[Cell, int, int]]:
        for n in neighbours(cell, metric):
            if not free(n):
                continue
            if n.x == cell.x or n.y == cell.y:
                if side(cell, n) in walls:
                    continue
                length, after = 1, phase
            else:
                flanks = (Cell(n.x, cell.y), Cell(cell.x, n.y))
                if not any(free(f) and side(cell, f) not in walls and side(f, n) not in walls for f in flanks):
                    continue  # the corner rule: no way round it
                length, after = (1 + phase, 1 - phase) if metric == "alternating" else (1, phase)
            rise = climb(heights.get(cell, 0), heights.get(n, 0)) if climb else 0
            yield n, after, length * costs.get(n, 1) + rise

    return steps


def shortest_path(
    board: Board,
    start: Cell,
    goal: Cell,
    *,
    metric: Metric = "chebyshev",
    blockers: Collection[Cell] = frozenset(),
    occupied: Collection[Cell] = frozenset(),
    halts: Collection[Cell] = frozenset(),
    max_cost: int | None = None,
    climb: Climb | None = None,
) -> Route[Cell] | None:
    """The cheapest route on the board, or None. Blocked squares, `blockers` and off-board squares
    cannot be entered, walls not crossed, corners only cut by the module's corner rule. Entering
    a square costs its board cost times the step's length (1; "alternating" diagonals 1, 2, 1,
    ...), plus `climb` of the heights left and entered when given. `occupied` squares can be
    passed but not ended on; entering a `halts` square ends the move. Ties: see `paths`."""
    impassable = frozenset(board.blocked).union(blockers)
    if not on_board(board, goal) or goal in impassable:
        return None
    return paths.cheapest(start, goal, _steps(board, metric, impassable, climb), occupied=occupied, halts=halts, max_cost=max_cost)


def reachable(
    board: Board,
    start: Cell,
    *,
    metric: Metric = "chebyshev",
    blockers: Collection[Cell] = frozenset(),
    occupied: Collection[Cell] = frozenset(),
    halts: Collection[Cell] = frozenset(),
    max_cost: int | None = None,
    climb: Climb | None = None,
) -> tuple[tuple[Cell, int], ...]:
    """Every square a move from start can end on, with its cheapest cost, sorted (start at 0);
    the rules are `shortest_path`'s. Without max_cost: route distances over the whole board."""
    impassable = frozenset(board.blocked).union(blockers)
    return paths.costs_from(start, _steps(board, metric, impassable, climb), occupied=occupied, halts=halts, max_cost=max_cost)
