"""The hex grid: axial cells, distances, sight lines, cover and cheapest routes.

Written for Blackstone Fortress's boards first. Moves go hex to hex; friends may be passed
but a hex can be too full to stop in, walls on hexsides and obstructed hexes cannot be
crossed, and entering a hex next to an enemy ends the move (blackstone-fortress.md#EXPLORER
ACTIONS, Move): `shortest_path` and `reachable` take `blockers`, `occupied`, `walls` and
`halts` for those. Range counts hexes along the shortest way, the target's hex but not the
attacker's (`distance`; around walls and obstructions, `reachable`; blackstone-fortress.md#ATTACKS,
#HOSTILE ACTIVATIONS). Sight is a line between hex centres that any contact with a board
edge, an obstructed hex or a wall hexside blocks (`line_of_sight` with strict=True;
blackstone-fortress.md#ATTACKS), and a target is in cover when that line touches or crosses a
cover hexside that is not one of the attacker's own (`in_cover` with cover_sides;
blackstone-fortress.md#Cover). Blasts and deployment "in or next to a hex" use `area`.

Cells are axial (q, r), with s = -q - r the third cube coordinate. Geometry is exact: points
are kept in thirds of a hex in axial coordinates (integers), which is enough for centres,
corners and every test here, since "does this line meet that hexagon" survives the linear
map from axial to the real plane.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import Final

import msgspec

from domain.kit.boards import paths
from domain.kit.boards.paths import Route

__all__ = [
    "Board",
    "DIRECTIONS",
    "Hex",
    "Route",
    "Side",
    "area",
    "covered",
    "cube",
    "distance",
    "from_cube",
    "hexagon",
    "in_cover",
    "line",
    "line_of_sight",
    "neighbours",
    "reachable",
    "ring",
    "rotate",
    "sees",
    "shortest_path",
    "side",
    "sides",
    "touched",
]


class Hex(msgspec.Struct, frozen=True, order=True):
    """A hex in axial coordinates; ordered by (q, r), the order every tie is broken in."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


DIRECTIONS: Final = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def cube(h: Hex) -> tuple[int, int, int]:
    return (h.q, h.r, h.s)


def from_cube(q: int, r: int, s: int) -> Hex:
    if q + r + s != 0:
        raise ValueError(f"cube coordinates must add up to 0, not {q + r + s}")
    return Hex(q, r)


def distance(a: Hex, b: Hex) -> int:
    """Hexes counted from a to b, counting b but not a: the cube distance."""
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around h, sorted."""
    return tuple(sorted(Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS))


def rotate(h: Hex, turns: int, centre: Hex = Hex(0, 0)) -> Hex:
    """h turned about `centre` by `turns` sixths of a full turn, each one taking direction
    (1, 0) to (0, 1) (clockwise when r grows downwards); negative turns go the other way.
    Sides turn with their hexes: `side(rotate(a, n), rotate(b, n))`."""
    q, r = h.q - centre.q, h.r - centre.r
    for _ in range(turns % 6):
        q, r = -r, q + r
    return Hex(q + centre.q, r + centre.r)


def area(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex within `radius` of the centre (itself included), sorted: blasts, "in or adjacent to"."""
    return tuple(
        Hex(centre.q + dq, centre.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    )


def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes exactly `radius` away, sorted."""
    return tuple(h for h in area(centre, radius) if distance(centre, h) == radius)


def hexagon(radius: int, centre: Hex = Hex(0, 0)) -> tuple[Hex, ...]:
    """A hexagon-shaped board's cells: `area` under the name a board is built with."""
    return area(centre, radius)


class Side(msgspec.Struct, frozen=True, order=True):
    """The hexside between two neighbouring hexes, lower hex first (see `side`)."""

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if not (self.a < self.b and distance(self.a, self.b) == 1):
            raise ValueError(f"{self.a} and {self.b} do not share a side in that order; use side()")


def side(a: Hex, b: Hex) -> Side:
    """The hexside between two neighbours, whichever order they come in."""
    return Side(a, b) if a < b else Side(b, a)


def sides(h: Hex) -> tuple[Side, ...]:
    """A hex's six sides, sorted."""
    return tuple(sorted(side(h, n) for n in neighbours(h)))


# --- exact geometry, in thirds of a hex ------------------------------------------------

Point = tuple[int, int]
_CORNERS = ((2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2))
"""A hex's corners around its centre, in thirds: where it meets two neighbours, in turn."""
_FACES = ((1, -1), (1, 2), (-2, -1))
"""Three linear forms f with the hex = {p : |f(p - centre)| <= 3}: its three pairs of opposite sides."""


def centre_point(h: Hex) -> Point:
    """The hex's centre in the exact plane of thirds the sight geometry works in."""
    return (3 * h.q, 3 * h.r)


def _orient(o: Point, p: Point, q: Point) -> int:
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def _touches(p: Point, q: Point, h: Hex) -> bool:
    """Does segment pq meet the closed hexagon of h (boundary included)? Separating axes: the
    segment's own line and the hexagon's three side directions."""
    cq, cr = centre_point(h)
    signs = {(_orient(p, q, (cq + dq, cr + dr)) > 0) - (_orient(p, q, (cq + dq, cr + dr)) < 0) for dq, dr in _CORNERS}
    if signs in ({1}, {-1}):
        return False
    for fq, fr in _FACES:
        a = fq * (p[0] - cq) + fr * (p[1] - cr)
        b = fq * (q[0] - cq) + fr * (q[1] - cr)
        if max(a, b) < -3 or min(a, b) > 3:
            return False
    return True


def side_ends(s: Side) -> tuple[Point, Point]:
    """The two corners a hexside runs between, sorted."""
    ca, cb = centre_point(s.a), centre_point(s.b)
    a = {(ca[0] + dq, ca[1] + dr) for dq, dr in _CORNERS}
    shared = sorted(p for p in ((cb[0] + dq, cb[1] + dr) for dq, dr in _CORNERS) if p in a)
    return shared[0], shared[1]


def _on(p: Point, q: Point, v: Point) -> bool:
    """v on segment pq, given that the three are collinear."""
    return min(p[0], q[0]) <= v[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= v[1] <= max(p[1], q[1])


def meets_side(p: Point, q: Point, s: Side) -> bool:
    """Does segment pq touch or cross the hexside s (its ends included)?"""
    w0, w1 = side_ends(s)
    d1, d2, d3, d4 = _orient(w0, w1, p), _orient(w0, w1, q), _orient(p, q, w0), _orient(p, q, w1)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and _on(w0, w1, p))
        or (d2 == 0 and _on(w0, w1, q))
        or (d3 == 0 and _on(p, q, w0))
        or (d4 == 0 and _on(p, q, w1))
    )


# --- lines -------------------------------------------------------------------------------

_NUDGE = (1, 2, -3)
"""The classic nudge, added to the cube coordinates of both ends: unequal and summing to 0, so
it never leaves a point exactly between two hexes and keeps it on the q + r + s = 0 plane."""
_FINE = 16
"""How much finer than the sample spacing the nudge is: more than 6 keeps it a tie-breaker
only (it never moves a point across a boundary it was not exactly on)."""


def _round_div(n: int, d: int) -> int:
    """n / d rounded to the nearest integer, for d > 0 and n / d never exactly a half."""
    return (2 * n + d) // (2 * d)


def line(a: Hex, b: Hex, lean: int = 1) -> tuple[Hex, ...]:
    """The hexes a straight line from a's centre to b's passes, one per step: distance + 1 hexes,
    each the next one's neighbour, by the classic cube interpolation and rounding.

    Where the line runs exactly between two hexes (along a hexside or through a corner), the
    tie is broken by a tiny nudge of both ends: lean=1 pushes it one way, lean=-1 the other,
    always the same way for the same pair. Integer arithmetic throughout, so no rounding noise,
    and line(b, a, lean) is line(a, b, lean) reversed. A hex the line only clips near a corner
    may be skipped; `touched` gives every hex the line meets.
    """
    if lean not in (1, -1):
        raise ValueError("lean is 1 or -1")
    n = distance(a, b)
    if n == 0:
        return (a,)
    unit = n * _FINE
    start, delta = cube(a), (b.q - a.q, b.r - a.r, b.s - a.s)
    out = []
    for i in range(n + 1):
        exact = [(start[k] * n + delta[k] * i) * _FINE + lean * _NUDGE[k] for k in range(3)]
        rounded = [_round_div(v, unit) for v in exact]
        off = [abs(v - r * unit) for v, r in zip(exact, rounded)]
        worst = max(range(3), key=lambda k: off[k])  # no ties: the nudge's parts differ
        rounded[worst] = -sum(rounded) + rounded[worst]
        out.append(Hex(rounded[0], rounded[1]))
    return tuple(out)


def touched(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Every hex whose area, edge included, the segment between the centres of a and b meets,
    sorted (a and b among them). Exact: a line along a hexside touches both hexes, one through
    a corner all three around it."""
    if a == b:
        return (a,)
    p, q = centre_point(a), centre_point(b)
    candidates = {n for h in line(a, b) for n in (h, *neighbours(h))}
    return tuple(sorted(h for h in candidates if _touches(p, q, h)))


def _inside_segment(p: Point, q: Point, v: Point) -> bool:
    """v strictly between p and q on the segment."""
    if _orient(p, q, v) != 0:
        return False
    return 0 < (v[0] - p[0]) * (q[0] - p[0]) + (v[1] - p[1]) * (q[1] - p[1]) < (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2


def crosses_walls(p: Point, q: Point, lines: Collection[Side]) -> bool:
    """Does segment pq pass from one side of these hexsides to the other, strictly between its
    ends? Through a side's middle it crosses; running along a side or touching its end does not;
    through a corner where several meet, it crosses when they leave the corner on both sides
    of it (a barrier bent at the corner)."""
    ends = [side_ends(s) for s in lines]
    for w0, w1 in ends:
        d1, d2, d3, d4 = _orient(p, q, w0), _orient(p, q, w1), _orient(w0, w1, p), _orient(w0, w1, q)
        if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
            return True
    for v in {v for pair in ends for v in pair if _inside_segment(p, q, v)}:
        arms = {_orient(p, q, w1 if w0 == v else w0) for w0, w1 in ends if v in (w0, w1)}
        if any(o > 0 for o in arms) and any(o < 0 for o in arms):
            return True
    return False


# --- sight and cover ---------------------------------------------------------------------


def line_of_sight(a: Hex, b: Hex, blocking: Collection[Hex] = frozenset(), walls: Collection[Side] = frozenset(), *, strict: bool) -> bool:
    """Sight between hex centres over blocking hexes and walls on hexsides (a's and b's own hexes
    never block).

    strict=True: blocked by any contact, as Blackstone Fortress reads it
    (blackstone-fortress.md#ATTACKS): a blocking hex the line touches, even just at its edge or
    a corner, or a wall hexside it touches or crosses (`touched`, exact).
    strict=False: the line is drawn both ways a tie can lean (`line` with lean 1 and -1) and
    blocking hexes block only when both drawings pass one. So a line running between an open
    hex and a blocked one gets through; between two blocked ones, it does not. Walls, being
    lines, are read exactly: they block when the line crosses one (`crosses_walls`), not when it
    runs along one or touches its end.

    Symmetric either way; whatever strict=True sees, strict=False sees too.
    """
    if a == b:
        return True
    if strict:
        hit = touched(a, b)
        if any(h in blocking for h in hit if h != a and h != b):
            return False
        around, p, q = frozenset(hit), centre_point(a), centre_point(b)
        return not any(meets_side(p, q, w) for w in walls if w.a in around or w.b in around)
    if crosses_walls(centre_point(a), centre_point(b), walls):
        return False
    return not all(_drawn_passes(a, b, lean, blocking) for lean in (1, -1))


def _drawn_passes(a: Hex, b: Hex, lean: int, cells: Collection[Hex]) -> bool:
    return any(h in cells for h in line(a, b, lean)[1:-1])


def in_cover(
    attacker: Hex,
    target: Hex,
    cover: Collection[Hex] = frozenset(),
    cover_sides: Collection[Side] = frozenset(),
    *,
    strict: bool,
) -> bool:
    """Is the target in cover from the attacker? Two kinds of cover, either is enough:

    - cover hexsides (blackstone-fortress.md#Cover): the sight line touches or crosses one that
      is not a side of the attacker's own hex;
    - cover hexes, the general grid rule: the sight line passes a cover hex next to the target
      that is not the attacker's. Standing in a cover hex alone is not cover.

    Read as in `line_of_sight`: strict=True, any contact counts (exact); strict=False, both
    drawings of the line must pass a cover hex, and the line must cross a cover hexside.
    """
    if attacker == target:
        return False
    near = frozenset(c for c in cover if c != attacker and c != target and distance(c, target) == 1)
    faces = frozenset(s for s in cover_sides if attacker not in (s.a, s.b))
    if strict:
        hit = touched(attacker, target)
        if any(h in near for h in hit):
            return True
        around, p, q = frozenset(hit), centre_point(attacker), centre_point(target)
        return any(meets_side(p, q, s) for s in faces if s.a in around or s.b in around)
    if crosses_walls(centre_point(attacker), centre_point(target), faces):
        return True
    return all(_drawn_passes(attacker, target, lean, near) for lean in (1, -1))


# --- the board -------------------------------------------------------------------------


class Board(msgspec.Struct, frozen=True):
    """A board of any shape, its hexes listed in `cells`, and what is on it.

    Fields are sorted tuples without repeats, so the same board is always the same bytes;
    `Board.build` sorts for you. `costs` are what entering a hex costs, 1 when not listed.
    Hexes not in `cells` are off the board: not entered, and edges for sight.
    """

    cells: tuple[Hex, ...]
    blocked: tuple[Hex, ...] = ()
    cover: tuple[Hex, ...] = ()
    costs: tuple[tuple[Hex, int], ...] = ()
    walls: tuple[Side, ...] = ()
    cover_sides: tuple[Side, ...] = ()

    def __post_init__(self) -> None:
        if not self.cells:
            raise ValueError("a board needs at least one hex")
        lists = (
            ("cells", self.cells),
            ("blocked", self.blocked),
            ("cover", self.cover),
            ("costs", [c for c, _ in self.costs]),
            ("walls", self.walls),
            ("cover_sides", self.cover_sides),
        )
        for name, items in lists:
            if any(x >= y for x, y in zip(items, items[1:])):
                raise ValueError(f"board {name} must be sorted without repeats; use Board.build")
        on = frozenset(self.cells)
        for cell in (*self.blocked, *self.cover, *(c for c, _ in self.costs)):
            if cell not in on:
                raise ValueError(f"{cell} is off the board")
        if any(cost < 1 for _, cost in self.costs):
            raise ValueError("a hex costs at least 1 to enter")

    @classmethod
    def build(
        cls,
        cells: Iterable[Hex],
        *,
        blocked: Iterable[Hex] = (),
        cover: Iterable[Hex] = (),
        costs: Mapping[Hex, int] | Iterable[tuple[Hex, int]] = (),
        walls: Iterable[Side | tuple[Hex, Hex]] = (),
        cover_sides: Iterable[Side | tuple[Hex, Hex]] = (),
    ) -> Board:
        pairs = costs.items() if isinstance(costs, Mapping) else costs
        return cls(
            tuple(sorted(set(cells))),
            tuple(sorted(set(blocked))),
            tuple(sorted(set(cover))),
            tuple(sorted(dict(pairs).items())),
            tuple(sorted({w if isinstance(w, Side) else side(*w) for w in walls})),
            tuple(sorted({w if isinstance(w, Side) else side(*w) for w in cover_sides})),
        )


class _OffOr:
    """Blocking for sight on a board: its blocked hexes, extra blockers and everything off it."""

    def __init__(self, board: Board, extra: Collection[Hex]) -> None:
        self.on, self.blocking = frozenset(board.cells), frozenset(board.blocked).union(extra)

    def __contains__(self, h: object) -> bool:
        return h not in self.on or h in self.blocking


def sees(board: Board, a: Hex, b: Hex, *, strict: bool, blockers: Collection[Hex] = frozenset()) -> bool:
    """`line_of_sight` on the board: its blocked hexes, walls and edges (off-board hexes block),
    plus `blockers`."""
    return line_of_sight(a, b, _OffOr(board, blockers), frozenset(board.walls), strict=strict)


def covered(board: Board, attacker: Hex, target: Hex, *, strict: bool) -> bool:
    """`in_cover` with the board's cover hexes and cover hexsides."""
    return in_cover(attacker, target, frozenset(board.cover), frozenset(board.cover_sides), strict=strict)


# --- routes ----------------------------------------------------------------------------


def _steps(board: Board, impassable: frozenset[Hex]) -> paths.Steps:
    on, walls, costs = frozenset(board.cells), frozenset(board.walls), dict(board.costs)

    def steps(cell: Hex, phase: int) -> Iterator[tuple[Hex, int, int]]:
        for n in neighbours(cell):
            if n in on and n not in impassable and side(cell, n) not in walls:
                yield n, phase, costs.get(n, 1)

    return steps


def shortest_path(
    board: Board,
    start: Hex,
    goal: Hex,
    *,
    blockers: Collection[Hex] = frozenset(),
    occupied: Collection[Hex] = frozenset(),
    halts: Collection[Hex] = frozenset(),
    max_cost: int | None = None,
) -> Route[Hex] | None:
    """The cheapest route on the board, or None. Blocked hexes, `blockers` (enemies, say) and
    off-board hexes cannot be entered, walls not crossed; entering a hex costs its board cost.
    `occupied` hexes can be passed but not ended on (too full to stop in); entering a `halts`
    hex ends the move (next to an enemy). Ties: see `paths`."""
    impassable = frozenset(board.blocked).union(blockers)
    if goal not in frozenset(board.cells) or goal in impassable:
        return None
    return paths.cheapest(start, goal, _steps(board, impassable), occupied=occupied, halts=halts, max_cost=max_cost)


def reachable(
    board: Board,
    start: Hex,
    *,
    blockers: Collection[Hex] = frozenset(),
    occupied: Collection[Hex] = frozenset(),
    halts: Collection[Hex] = frozenset(),
    max_cost: int | None = None,
) -> tuple[tuple[Hex, int], ...]:
    """Every hex a move from start can end on, with its cheapest cost, sorted (start at 0); the
    rules are `shortest_path`'s. Without max_cost: distances by the shortest way round walls
    and obstructions, as Blackstone Fortress measures them (blackstone-fortress.md#HOSTILE
    ACTIVATIONS)."""
    impassable = frozenset(board.blocked).union(blockers)
    return paths.costs_from(start, _steps(board, impassable), occupied=occupied, halts=halts, max_cost=max_cost)
