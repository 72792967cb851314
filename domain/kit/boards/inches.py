"""The continuous board: round bases and terrain polygons measured in inches, as with a tape.

Pure and deterministic (no randomness, no clock): the engine replays events, so every
measurement must come out the same on every replay. Nothing here is one game's reading: how
high a model's eyes are, how far a step is, how big the table is, are the caller's to say
(a system keeps its own, such as eye heights, in its package).

Boundary convention, used everywhere: a polygon's boundary belongs to the OUTSIDE. A point on
an edge is not in the piece, a sight line that only grazes a corner or runs along an edge is
not blocked, and a move along an edge does not enter the piece. Only the interior counts,
because that is what a player leaning over the table would call "through" or "in". Zones a
model must stand "within" (a deployment zone) are the other way round: see `in_zone`.

Tolerance, one for every rule limit: `TOLERANCE` (0.001"). A length that is at most a limit
plus it is within the limit, one that is over the limit by less is not over it, and a gap
that keeps at least a distance minus it keeps that distance: so a target exactly at 6" is in a
6" range, a move of exactly 6" fits a 6" move, and a model exactly 1" away is 1" away, even
when the positions were typed to the hundredth of an inch. A thousandth is far below what a
tape measures, and far above float noise. The smaller `_EPS` is not a rule slack: it only
keeps the geometry itself (edges, contacts) robust.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import msgspec

TOLERANCE = 1e-3
"""Slack of every rule comparison, in inches (see the module doc)."""

_EPS = 1e-9
_CONTACT_SLACK = 1e-9
_RIM = tuple((math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8))
_AREA = tuple(
    (math.sqrt((ring + 0.5) / 4) * math.cos((k + 0.5) * math.pi / 4), math.sqrt((ring + 0.5) / 4) * math.sin((k + 0.5) * math.pi / 4))
    for ring in range(4)
    for k in range(8)
)
"""32 points of equal area share (4 equal-area rings x 8 sectors), mirror-symmetric about the
axes and diagonals, so a base cut exactly in half by such a line counts as half, not "most"."""

Vertex = tuple[float, float]
Polygon = Sequence[Vertex]


class Point(msgspec.Struct, frozen=True):
    x: float
    y: float


class Base(msgspec.Struct, frozen=True):
    """A model's round base: centre (x, y), elevation z of its feet, radius; all in inches."""

    x: float
    y: float
    z: float = 0.0
    radius: float = 0.0


class Terrain(msgspec.Struct, frozen=True):
    """A terrain piece standing on the table: a simple polygon (convex or not) and its height.

    The flags are the traits inch-measured skirmish games give terrain; what each one does is
    the game's rule. `elevated` pieces can be stood on, at `height`.
    """

    id: str
    polygon: tuple[Vertex, ...]
    height: float
    cover: bool = False
    difficult: bool = False
    dangerous: bool = False
    blocks_sight: bool = False
    elevated: bool = False

    def __post_init__(self) -> None:
        if len(self.polygon) < 3:
            raise ValueError(f"terrain {self.id!r} needs a polygon of at least 3 vertices")
        if self.height < 0:
            raise ValueError(f"terrain {self.id!r} cannot have a negative height")


def base_radius_inches(mm: float) -> float:
    """Bases are sold by diameter in millimetres; rules measure in inches."""
    return mm / 25.4 / 2


# --- distances -------------------------------------------------------------------------


def distance(a: Base, b: Base) -> float:
    """Horizontal base-to-base distance: rules measure between the nearest edges of bases.
    Exactly symmetric (radii summed first), so "who is closer" never depends on argument order."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - (a.radius + b.radius))


def overlaps(a: Base, b: Base) -> bool:
    """Whether two bases overlap on the table (touching does not count)."""
    return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < (a.radius + b.radius - TOLERANCE) ** 2


def vertical_gap(a: Base, b: Base) -> float:
    """Difference of elevations, measured separately because some reaches limit it (melee)."""
    return abs(a.z - b.z)


def within(a: Base, b: Base, horizontal: float, vertical: float | None = None) -> bool:
    """Range checks ("within 3"") with an optional vertical limit, as melee reach often has."""
    if distance(a, b) > horizontal + TOLERANCE:
        return False
    return vertical is None or vertical_gap(a, b) <= vertical + TOLERANCE


def closest(origin: Base, candidates: Sequence[Base]) -> int:
    """Index of the nearest candidate, base to base; ties go to the lowest index so an AI's
    choice never depends on anything but the given order.

    Raises ValueError when there is no candidate: "closest of nothing" is a caller's bug.
    """
    if not candidates:
        raise ValueError("closest() needs at least one candidate")
    best, best_d = 0, distance(origin, candidates[0])
    for i in range(1, len(candidates)):
        d = distance(origin, candidates[i])
        if d < best_d - _EPS:
            best, best_d = i, d
    return best


# --- polygons --------------------------------------------------------------------------


def _xy(p: Point | Vertex) -> Vertex:
    return (p.x, p.y) if isinstance(p, Point) else (float(p[0]), float(p[1]))


def _edges(polygon: Polygon) -> list[tuple[Vertex, Vertex]]:
    """The polygon's edges, a repeated vertex skipped; a list, cheaper than a generator to walk."""
    if not polygon:
        return []
    return [(a, b) for a, b in zip(polygon, (*polygon[1:], polygon[0])) if a[0] != b[0] or a[1] != b[1]]


def _point_segment_distance(px: float, py: float, a: Vertex, b: Vertex) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    ee = ex * ex + ey * ey
    t = 0.0 if ee == 0 else max(0.0, min(1.0, ((px - a[0]) * ex + (py - a[1]) * ey) / ee))
    return math.hypot(px - a[0] - t * ex, py - a[1] - t * ey)


def _on_boundary(x: float, y: float, polygon: Polygon) -> bool:
    return any(_point_segment_distance(x, y, a, b) <= _EPS for a, b in _edges(polygon))


def _inside(x: float, y: float, polygon: Polygon) -> bool:
    x0, y0, x1, y1 = _bbox(polygon)
    if x < x0 - _EPS or x > x1 + _EPS or y < y0 - _EPS or y > y1 + _EPS:
        return False  # far from it: neither inside nor on its boundary
    if _on_boundary(x, y, polygon):
        return False
    inside = False
    for a, b in _edges(polygon):
        if (a[1] > y) != (b[1] > y):
            x_cross = a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if x < x_cross:
                inside = not inside
    return inside


def point_in_polygon(point: Point | Vertex, polygon: Polygon) -> bool:
    """True only for the polygon's interior: a point on an edge or vertex is outside (see module doc)."""
    x, y = _xy(point)
    return _inside(x, y, polygon)


def in_zone(point: Point | Vertex, polygon: Polygon) -> bool:
    """Is the point within a zone (such as a deployment zone)? Its edges, to `TOLERANCE`, count
    as in: a model set exactly on the line is within it, as a player would say."""
    x, y = _xy(point)
    return _inside(x, y, polygon) or any(_point_segment_distance(x, y, a, b) <= TOLERANCE for a, b in _edges(polygon))


def at_most(length: float, limit: float) -> bool:
    """A rule's "up to" and "within": the limit itself (to `TOLERANCE`) is allowed."""
    return length <= limit + TOLERANCE


def short_of(length: float, limit: float) -> bool:
    """A rule's "closer than": only what falls short of the limit by more than `TOLERANCE`."""
    return length < limit - TOLERANCE


def contacts(p: Vertex, dx: float, dy: float, polygon: Polygon) -> list[float]:
    """Parameters t in [0, 1] where p + t*d meets the boundary: crossings, vertex touches and
    the ends of collinear overlaps. Extra values are harmless (they only split intervals)."""
    dd = dx * dx + dy * dy
    dlen = math.sqrt(dd)
    ts = [0.0, 1.0]
    for a, b in _edges(polygon):
        ex, ey = b[0] - a[0], b[1] - a[1]
        apx, apy = a[0] - p[0], a[1] - p[1]
        denom = dx * ey - dy * ex
        if abs(denom) <= 1e-12 * dlen * math.hypot(ex, ey):
            if abs(dx * apy - dy * apx) <= _EPS * dlen:
                for vx, vy in (a, b):
                    t = ((vx - p[0]) * dx + (vy - p[1]) * dy) / dd
                    ts.append(min(1.0, max(0.0, t)))
            continue
        t = (apx * ey - apy * ex) / denom
        u = (apx * dy - apy * dx) / denom
        if -_EPS <= t <= 1 + _EPS and -_EPS <= u <= 1 + _EPS:
            ts.append(min(1.0, max(0.0, t)))
    return sorted(ts)


def segment_hits_polygon(p: Point | Vertex, q: Point | Vertex, polygon: Polygon) -> bool:
    """Does segment pq pass through the polygon's interior?

    Yes when it crosses it, starts or ends inside it, or lies wholly inside it. No when it only
    touches a vertex, runs along an edge (collinear overlap) or stays outside, also for concave
    polygons where it may touch several vertices across a notch. A zero-length segment hits iff
    its point is inside. Works by cutting pq at every boundary contact and testing each piece's
    midpoint, so it is symmetric in p and q by construction (endpoints are put in a fixed order).
    """
    p, q = sorted((_xy(p), _xy(q)))
    if _bbox_apart(_bbox(polygon), min(p[0], q[0]) - _EPS, min(p[1], q[1]) - _EPS, max(p[0], q[0]) + _EPS, max(p[1], q[1]) + _EPS):
        return False
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx * dx + dy * dy <= _EPS * _EPS:
        return _inside(p[0], p[1], polygon)
    ts = contacts(p, dx, dy, polygon)
    for t0, t1 in zip(ts, ts[1:]):
        if t1 - t0 > 1e-12:
            m = (t0 + t1) / 2
            if _inside(p[0] + m * dx, p[1] + m * dy, polygon):
                return True
    return False


def _segment_distance(p: Vertex, q: Vertex, a: Vertex, b: Vertex) -> float:
    """The distance between two segments that do not cross (`path_terrain` asks only after
    `segment_hits_polygon` found no crossing): the nearest of each end to the other segment."""
    return min(
        _point_segment_distance(*a, p, q),
        _point_segment_distance(*b, p, q),
        _point_segment_distance(*p, a, b),
        _point_segment_distance(*q, a, b),
    )


def _bbox(polygon: Polygon) -> tuple[float, float, float, float]:
    """Memoized for the table's (immutable, tuple) polygons: it is asked for on every sight line."""
    if isinstance(polygon, tuple):
        return _tuple_bbox(polygon)
    return _compute_bbox(polygon)


@functools.lru_cache(maxsize=4096)
def _tuple_bbox(polygon: tuple[Vertex, ...]) -> tuple[float, float, float, float]:
    return _compute_bbox(polygon)


def _compute_bbox(polygon: Polygon) -> tuple[float, float, float, float]:
    xs = [v[0] for v in polygon]
    ys = [v[1] for v in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def _bbox_apart(box: tuple[float, float, float, float], x0: float, y0: float, x1: float, y1: float) -> bool:
    return box[2] < x0 or box[0] > x1 or box[3] < y0 or box[1] > y1


def polygon_problem(points: Sequence[Vertex]) -> str | None:
    """What makes a polygon unusable as a terrain piece or a zone, in words for a content author:
    edges that cross (a bow-tie has area but no inside), or no area at all; None when usable."""
    if not _simple(points):
        return "polygon crosses itself; list its corners in order around the edge"
    if abs(_area(points)) < 1e-9:
        return "polygon has no area (its points are repeated or in one line)"
    return None


def _area(points: Sequence[Vertex]) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, [*points[1:], *points[:1]])) / 2


def _simple(points: Sequence[Vertex]) -> bool:
    """No two non-neighbouring edges touch."""
    edges = list(zip(points, [*points[1:], *points[:1]]))
    n = len(edges)
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if _segments_touch(*edges[i], *edges[j]):
                return False
    return True


def _segments_touch(p: Vertex, q: Vertex, r: Vertex, s: Vertex) -> bool:
    def orient(a: Vertex, b: Vertex, c: Vertex) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    def between(a: Vertex, b: Vertex, c: Vertex) -> bool:
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    d1, d2, d3, d4 = orient(r, s, p), orient(r, s, q), orient(p, q, r), orient(p, q, s)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return any(
        math.isclose(d, 0, abs_tol=1e-12) and between(a, b, c)
        for d, a, b, c in ((d1, r, s, p), (d2, r, s, q), (d3, p, q, r), (d4, p, q, s))
    )


def nearest_on_outline(point: Point | Vertex, polygon: Polygon) -> Vertex:
    """The point of the polygon's outline nearest to `point` (the first edge's on ties)."""
    x, y = _xy(point)
    best: tuple[float, Vertex] | None = None
    for a, b in _edges(polygon):
        ex, ey = b[0] - a[0], b[1] - a[1]
        ee = ex * ex + ey * ey
        t = 0.0 if ee == 0 else max(0.0, min(1.0, ((x - a[0]) * ex + (y - a[1]) * ey) / ee))
        spot = (a[0] + t * ex, a[1] + t * ey)
        gap = math.hypot(x - spot[0], y - spot[1])
        if best is None or gap < best[0] - _EPS:
            best = (gap, spot)
    assert best is not None, "a polygon has edges"
    return best[1]


def distance_to_polygon(model: Base, polygon: Polygon) -> float:
    """Horizontal distance from a base's edge to a terrain piece: 0 when they overlap."""
    if _inside(model.x, model.y, polygon):
        return 0.0
    nearest = min(_point_segment_distance(model.x, model.y, a, b) for a, b in _edges(polygon))
    return max(0.0, nearest - model.radius)


# --- terrain under and along ------------------------------------------------------------


def ground_height(point: Point | Vertex, terrain: Sequence[Terrain]) -> float:
    """Where a model placed here stands: on top of the highest elevated piece around it, else the table."""
    x, y = _xy(point)
    return max((t.height for t in terrain if t.elevated and _inside(x, y, t.polygon)), default=0.0)


def ground_profile(start: Point | Vertex, end: Point | Vertex, terrain: Sequence[Terrain]) -> list[tuple[float, float, float]]:
    """The ground under a straight path as (from, to, height) stretches, in inches along it. The
    ground along the path is exact: the path is cut where it meets every elevated piece's outline."""
    (sx, sy), (ex, ey) = _xy(start), _xy(end)
    dx, dy = ex - sx, ey - sy
    length = math.hypot(dx, dy)
    if length <= TOLERANCE:
        return [(0.0, 0.0, ground_height((sx, sy), terrain))]
    cuts = {0.0, 1.0}
    for piece in terrain:
        if piece.elevated:
            cuts.update(contacts((sx, sy), dx, dy, piece.polygon))
    ts = sorted(cuts)
    stretches: list[tuple[float, float, float]] = []
    for t0, t1 in zip(ts, ts[1:]):
        if t1 - t0 <= 1e-12:
            continue
        m = (t0 + t1) / 2
        h = ground_height((sx + m * dx, sy + m * dy), terrain)
        if stretches and stretches[-1][2] == h:
            stretches[-1] = (stretches[-1][0], t1 * length, h)
        else:
            stretches.append((t0 * length, t1 * length, h))
    return stretches


def climb(start: Point | Vertex, end: Point | Vertex, terrain: Sequence[Terrain]) -> float:
    """Every inch up and down a straight path goes over elevated pieces: from the ground at the
    start, along each change of height, to the ground at the end (0 on flat ground)."""
    heights = [ground_height(start, terrain), *(h for _, _, h in ground_profile(start, end, terrain)), ground_height(end, terrain)]
    return sum(abs(b - a) for a, b in zip(heights, heights[1:]))


def path_terrain(start: Point | Vertex, end: Point | Vertex, terrain: Sequence[Terrain], radius: float = 0.0) -> list[Terrain]:
    """Pieces a straight move enters, in the given order: what movement caps for difficult
    terrain and tests for dangerous terrain are counted from.

    With radius 0 this follows the base's centre: a piece counts if the centre passes through,
    starts in or ends in its interior. Pass the base radius to count any piece the sweeping base
    overlaps. Merely touching a piece (edge to edge) does not count.
    """
    p, q = _xy(start), _xy(end)
    lo_x, hi_x = min(p[0], q[0]) - radius, max(p[0], q[0]) + radius
    lo_y, hi_y = min(p[1], q[1]) - radius, max(p[1], q[1]) + radius
    found = []
    for piece in terrain:
        poly = piece.polygon
        if _bbox_apart(_bbox(poly), lo_x, lo_y, hi_x, hi_y):
            continue
        if segment_hits_polygon(p, q, poly) or (
            radius > 0 and any(_segment_distance(p, q, a, b) < radius - _EPS for a, b in _edges(poly))
        ):
            found.append(piece)
    return found


# --- line of sight and cover -----------------------------------------------------------
# `eye` is how far above its feet a model sees from and `body` how tall a model is; both are a
# game's reading of its miniatures, so every caller says them.


def _stands_in(model: Base, piece: Terrain) -> bool:
    return _inside(model.x, model.y, piece.polygon)


def _walls(a: Base, b: Base, terrain: Sequence[Terrain], eye: float) -> list[Polygon]:
    """Sight blockers between a and b: taller than the lower eye, and not a piece either stands in."""
    return [t.polygon for t in _pieces_in_way(a, b, terrain, eye)]


def _bodies(a: Base, b: Base, blockers: Sequence[Base], eye: float, body: float) -> list[Base]:
    low = min(a.z + eye, b.z + eye)
    return [m for m in blockers if m != a and m != b and m.z <= low < m.z + body]


def _pieces_in_way(a: Base, b: Base, terrain: Sequence[Terrain], eye: float) -> list[Terrain]:
    """The pieces that may block sight between a and b (their heights matter to a sloping sight
    line): taller than the lower eye, near the line, and not a piece either stands in."""
    low = min(a.z + eye, b.z + eye)
    reach = max(a.radius, b.radius)
    x0, x1 = min(a.x, b.x) - reach, max(a.x, b.x) + reach
    y0, y1 = min(a.y, b.y) - reach, max(a.y, b.y) + reach
    return [
        t
        for t in terrain
        if t.blocks_sight
        and t.height > low
        and not _bbox_apart(_bbox(t.polygon), x0, y0, x1, y1)
        and not _stands_in(a, t)
        and not _stands_in(b, t)
    ]


def _clear_sloped(p: Vertex, q: Vertex, hp: float, hq: float, pieces: Sequence[Terrain], bodies: Sequence[Base], body: float) -> bool:
    """A sight line from height hp at p to hq at q: a piece blocks it where the line runs through
    its interior below its top; a model where the line passes over its base within its body."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    for piece in pieces:
        ts = contacts(p, dx, dy, piece.polygon) if dx * dx + dy * dy > _EPS * _EPS else [0.0, 1.0]
        for t0, t1 in zip(ts, ts[1:]):
            m = (t0 + t1) / 2
            if t1 - t0 > 1e-12 and _inside(p[0] + m * dx, p[1] + m * dy, piece.polygon):
                if piece.height > min(hp + t0 * (hq - hp), hp + t1 * (hq - hp)) + _EPS:
                    return False
    dd = dx * dx + dy * dy
    for m in bodies:
        if _point_segment_distance(m.x, m.y, p, q) < m.radius - _EPS:
            t = 0.0 if dd == 0 else max(0.0, min(1.0, ((m.x - p[0]) * dx + (m.y - p[1]) * dy) / dd))
            h = hp + t * (hq - hp)
            if m.z <= h < m.z + body:
                return False
    return True


def _clear(p: Vertex, q: Vertex, walls: Sequence[Polygon], bodies: Sequence[Base]) -> bool:
    if any(segment_hits_polygon(p, q, w) for w in walls):
        return False
    return not any(_point_segment_distance(m.x, m.y, p, q) < m.radius - _EPS for m in bodies)


def _sight_points(model: Base) -> list[Vertex]:
    return [(model.x, model.y)] + [(model.x + model.radius * c, model.y + model.radius * s) for c, s in _RIM]


def line_of_sight(
    shooter: Base, target: Base, terrain: Sequence[Terrain] = (), blockers: Sequence[Base] = (), *, eye: float, body: float, eye_to_eye: bool = False
) -> bool:
    """Memoized `_line_of_sight`: the same pairs are asked about again and again while nobody
    moves (each shot, each AI activation), and the answer depends on nothing else.

    With `eye_to_eye` the sight line runs from one model's eyes to the other's, rising or
    falling with their heights: a piece blocks it only where the line passes below the piece's
    top, so a model standing high sees over a lower piece to one standing low. On level ground
    it gives the same answer as the default."""
    if eye_to_eye:
        return _sloped_sight(shooter, target, tuple(terrain), tuple(blockers), eye, body)
    return _line_of_sight(shooter, target, tuple(terrain), tuple(blockers), eye, body)


@functools.lru_cache(maxsize=8192)
def _sloped_sight(shooter: Base, target: Base, terrain: tuple[Terrain, ...], blockers: tuple[Base, ...], eye: float, body: float) -> bool:
    pieces = _pieces_in_way(shooter, target, terrain, eye)
    bodies = [m for m in blockers if m != shooter and m != target]
    hp, hq = shooter.z + eye, target.z + eye
    targets = _sight_points(target)
    return any(_clear_sloped(p, q, hp, hq, pieces, bodies, body) for p in _sight_points(shooter) for q in targets)


@functools.lru_cache(maxsize=8192)
def _line_of_sight(shooter: Base, target: Base, terrain: tuple[Terrain, ...], blockers: tuple[Base, ...], eye: float, body: float) -> bool:
    """True line of sight: can any line from the shooter's base reach the target's base?

    Bases are sampled at 9 fixed points (centre and 8 rim points), so the answer is repeatable.
    Heights: sight is taken at the LOWER of the two eye heights (feet + `eye`); a sight-blocking
    piece blocks only if strictly taller than that, and a model in `blockers` only if its body
    (z .. z + `body`) spans it. A piece the shooter or target stands in (centre inside) is
    ignored for this pair: models see out of, and are seen in, the piece they occupy. Lines
    that only graze a corner, an edge or a model's base do not count as blocked. Symmetric:
    swapping shooter and target gives the same answer.
    """
    walls = _walls(shooter, target, terrain, eye)
    bodies = _bodies(shooter, target, blockers, eye, body)
    targets = _sight_points(target)
    return any(_clear(p, q, walls, bodies) for p in _sight_points(shooter) for q in targets)


def sight_to_both_edges(shooter: Base, target: Base, terrain: Sequence[Terrain] = (), blockers: Sequence[Base] = (), *, eye: float, body: float) -> bool:
    """Stricter sight for games that ask for two uninterrupted lines from one point of the
    shooter's base to two opposite edges of the target's: some sample point of the shooter
    (centre and 8 rim points) sees both ends of one of the target's 4 rim diameters. Walls and
    bodies block as in `line_of_sight`; a line that only grazes them is clear."""
    walls = _walls(shooter, target, terrain, eye)
    bodies = _bodies(shooter, target, blockers, eye, body)
    rim = _sight_points(target)[1:]
    half = len(rim) // 2
    return any(
        _clear(p, rim[k], walls, bodies) and _clear(p, rim[k + half], walls, bodies)
        for p in _sight_points(shooter)
        for k in range(half)
    )


def _area_points(model: Base) -> list[Vertex]:
    return [(model.x + model.radius * c, model.y + model.radius * s) for c, s in _AREA]


def cover_share(target: Base, shooter: Base, terrain: Sequence[Terrain], obstructions: bool = True, *, eye: float) -> float:
    """Memoized `_cover_share`, for the same reason as `line_of_sight`."""
    return _cover_share(target, shooter, tuple(terrain), obstructions, eye)


@functools.lru_cache(maxsize=8192)
def _cover_share(target: Base, shooter: Base, terrain: tuple[Terrain, ...], obstructions: bool, eye: float) -> float:
    """Share of the target's base area (32 fixed sample points) that is in cover from this shooter.

    A point is covered if it is inside a cover piece, or (with `obstructions`) if the line to it
    from the shooter's centre is blocked as in `line_of_sight`. Counting both per point means a
    model half in a crater and half behind a wall is mostly in cover. Set obstructions=False for
    weapons that ignore cover from sight obstructions.
    """
    covers = [t.polygon for t in terrain if t.cover]
    walls = _walls(shooter, target, terrain, eye) if obstructions else []
    here = (shooter.x, shooter.y)
    points = _area_points(target)
    covered = sum(1 for x, y in points if any(_inside(x, y, c) for c in covers) or not _clear(here, (x, y), walls, ()))
    return covered / len(points)


def in_cover(target: Base, shooter: Base, terrain: Sequence[Terrain], fully: bool = False, obstructions: bool = True, *, eye: float) -> bool:
    """Is this model in cover? By default "mostly" (more than half its base); fully=True asks
    for the whole base. A base cut exactly in half is NOT mostly in cover."""
    share = cover_share(target, shooter, terrain, obstructions, eye=eye)
    return share >= 1.0 if fully else share > 0.5


def unit_in_cover(models: Sequence[Base], shooter: Base, terrain: Sequence[Terrain], obstructions: bool = True, *, eye: float) -> bool:
    """Does a unit get cover? A single model: mostly in cover. A bigger unit: more than half of
    its models each fully in cover. No models: no cover."""
    if len(models) == 1:
        return in_cover(models[0], shooter, terrain, obstructions=obstructions, eye=eye)
    fully = sum(1 for m in models if in_cover(m, shooter, terrain, fully=True, obstructions=obstructions, eye=eye))
    return fully * 2 > len(models)


# --- movement ------------------------------------------------------------------------


def _first_contact(sx: float, sy: float, ux: float, uy: float, mover_radius: float, other: Base) -> float | None:
    """Distance along unit direction u at which the mover's base first touches `other`, if ever."""
    wx, wy = sx - other.x, sy - other.y
    reach = mover_radius + other.radius
    b = ux * wx + uy * wy
    c = wx * wx + wy * wy - reach * reach
    if c <= 0:
        return 0.0 if b < 0 else None
    disc = b * b - c
    if disc <= 0:
        return None
    s = -b - math.sqrt(disc)
    return s if s >= 0 else None


def passes_over(start: Base, end: Point, other: Base) -> bool:
    """Whether a base moving straight from `start` to `end` overlaps `other` somewhere on the
    way (touching it does not count: the boundary belongs to the outside)."""
    gap = _point_segment_distance(other.x, other.y, (start.x, start.y), (end.x, end.y))
    return gap < start.radius + other.radius - TOLERANCE


def move_toward(start: Base, goal: Point | Base, max_distance: float, obstacles: Sequence[Base] = (), reach: float = 0.0) -> Point:
    """Where a model ends moving straight at `goal`: after max_distance, on arrival, or at the
    first base contact, whichever comes first.

    A Point goal is reached when the centre is on it (or `reach` from it). A Base goal is
    reached at base contact (or `reach` base-to-base: "advance only as much as needed"), never
    overlapping. Moves are straight lines, deliberately: no pathfinding around obstacles or
    terrain, so an AI's move is the one a player would measure with a tape; bases in the way
    stop the move at contact (a small slack keeps contacts from overlapping through rounding).
    Terrain is not an obstacle here; its effects are the game's (see `path_terrain`).
    """
    dx, dy = goal.x - start.x, goal.y - start.y
    length = math.hypot(dx, dy)
    if isinstance(goal, Base):
        travel = length - start.radius - goal.radius - max(reach, 0.0) - _CONTACT_SLACK
    else:
        travel = length - max(reach, 0.0)
    travel = min(travel, max_distance)
    if length <= _EPS or travel <= 0:
        return Point(start.x, start.y)
    ux, uy = dx / length, dy / length
    for other in obstacles:
        if other == start or other == goal:
            continue
        contact = _first_contact(start.x, start.y, ux, uy, start.radius, other)
        if contact is not None:
            travel = min(travel, contact - _CONTACT_SLACK)
    travel = max(travel, 0.0)
    return Point(start.x + ux * travel, start.y + uy * travel)


def clear_travel(movers: Sequence[Base], ux: float, uy: float, travel: float, others: Sequence[Base], keep: float = 0.0) -> float:
    """How far, at most `travel`, models moving together along the unit direction u may go and
    stop `keep` (base to base) from every base in `others`, or no closer than they started to
    one they started nearer: the farthest such stop, so the way itself may pass them. What is
    left when no stop is clear is 0 (they stay)."""
    spans = []
    for m in movers:
        for o in others:
            wx, wy = m.x - o.x, m.y - o.y
            start = math.hypot(wx, wy)
            reach = min(m.radius + o.radius + keep, start)
            along = ux * wx + uy * wy
            disc = along * along - (start * start - reach * reach)
            if disc > 0:
                spans.append((-along - math.sqrt(disc), -along + math.sqrt(disc)))
    t = max(travel, 0.0)
    while hit := [lo for lo, hi in spans if lo + _EPS < t < hi - _EPS]:
        t = max(min(hit), 0.0)
    return t


def full_steps(length: float, step: float) -> int:
    """How many whole steps of `step` inches fit in `length`: rules that count "every full 3""
    use it. Tolerant of float noise: 5.9999999999 is two steps of 3."""
    if length <= 0:
        return 0
    return int(math.floor(length / step + _EPS))


# --- groups ----------------------------------------------------------------------------


def coherent(bases: Sequence[Base], near: float, far: float) -> bool:
    """Group coherency: every model within `near` of at least one other and within `far` of
    all others, base to base. One model is coherent."""
    for i, a in enumerate(bases):
        others = [b for j, b in enumerate(bases) if j != i]
        if not others:
            return True
        if not any(distance(a, b) <= near + TOLERANCE for b in others):
            return False
        if any(distance(a, b) > far + TOLERANCE for b in others):
            return False
    return True


def formation_slots(centre: Point, radius: float, gap: float, rings: int = 3) -> list[Point]:
    """Centres of a hexagonal cluster around `centre`, nearest first (ties by angle): bases of
    `radius` packed `gap` apart, so the first seven slots keep any group coherent."""
    step = 2 * radius + gap
    slots = []
    for q in range(-rings, rings + 1):
        for r in range(-rings, rings + 1):
            if abs(q + r) > rings:
                continue
            x = centre.x + step * (q + r / 2)
            y = centre.y + step * (r * math.sqrt(3) / 2)
            d = math.hypot(x - centre.x, y - centre.y)
            angle = math.atan2(y - centre.y, x - centre.x) % (2 * math.pi)
            slots.append((round(d, 9), round(angle, 9), Point(x, y)))
    return [p for _, _, p in sorted(slots, key=lambda s: (s[0], s[1]))]
