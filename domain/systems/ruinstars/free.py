"""Free play in inches (ruinstars-2e.md#MOVEMENT, #LINE OF SIGHT, #COVER): round bases on the
kit's inch geometry and the mission's terrain pieces."""

from __future__ import annotations

import math

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.ruinstars.state import Game, Model
from domain.systems.ruinstars.versions import rule

#: ruinstars-2e.md#ADJACENT: the closest edges of the bases within 1"; #COVER: terrain within
#: 1" of the target; #MODIFIERS: High Ground from 4" higher.
ADJACENT_INCHES, COVER_INCHES, HIGH_GROUND_INCHES = 1, 1, 4
#: Our reading of a miniature for sight: eyes 1" above its feet, a body 2" tall (any other unit
#: standing on the line blocks it, #LINE OF SIGHT).
EYE, BODY = 1.0, 2.0
#: ruinstars-2e.md#VERTICAL MOVEMENT: 1" onto the top (or over the edge), and climbing down
#: costs 2" less.
CREST_INCHES, DESCENT_LESS = 1, 2
#: A Bug's move toward its target: the turns off the straight line tried when the way is
#: blocked, the gap it keeps to the target's base, and how much short of its reach it stops
#: (rounding stays within it).
SWERVES = (0, 20, -20, 40, -40, 60, -60)
GAP, SLACK = 0.5, 0.01


class Inches:
    def spot(self, game: Game, x: float, y: float, radius: float) -> Base:
        """On top of the elevated piece there, else on the ground."""
        return Base(x, y, inches.ground_height((x, y), game.terrain), radius)

    def near(self, game: Game, a: Base, b: Base) -> bool:
        """Within 1" edge to edge, on the same elevation, and no wall between (no piece taller
        than where they stand crosses the line between their centres)."""
        if not inches.within(a, b, ADJACENT_INCHES):
            return False
        if inches.vertical_gap(a, b) > inches.TOLERANCE:
            return False
        return not any(
            t.height > a.z + inches.TOLERANCE
            and inches.segment_hits_polygon((a.x, a.y), (b.x, b.y), t.polygon)
            for t in game.terrain
        )

    def distance(self, a: Base, b: Base) -> float:
        """The closest points of the bases, horizontally."""
        return inches.distance(a, b)

    def from_centre(self, game: Game, base: Base) -> float:
        """To the base's nearest edge."""
        centre = game.mission.size / 2
        return math.hypot(base.x - centre, base.y - centre) - base.radius

    def place_problem(
        self, game: Game, unit: str, base: Base, others: tuple[Base, ...]
    ) -> tuple[str, dict] | None:
        """On the battlefield, on no piece of terrain it cannot stand on, on no other base (nor
        `others`)."""
        size = game.mission.size
        if not (
            base.radius <= base.x <= size - base.radius
            and base.radius <= base.y <= size - base.radius
        ):
            return "off_the_battlefield", {"unit": unit, "x": base.x, "y": base.y, "size": size}
        if inside := sorted(
            t.id
            for t in game.terrain
            if not t.elevated and inches.point_in_polygon((base.x, base.y), t.polygon)
        ):
            return "inside_terrain", {"unit": unit, "terrain": inside}
        on = sorted(
            m.id
            for m in game.models.values()
            if m.id != unit and m.at is not None and inches.overlaps(base, m.at)
        )
        if on or any(inches.overlaps(base, other) for other in others):
            return "on_another_base", {"unit": unit, "others": on}
        return None

    def in_sight(self, game: Game, a: Model, b: Model) -> bool:
        """Two lines from one point of a's base to two opposite edges of b's, no terrain and no
        other unit's base on either (a unit cannot shoot through units)."""
        assert a.at is not None and b.at is not None
        others = [
            m.at for m in game.models.values() if m.at is not None and m.id not in (a.id, b.id)
        ]
        return inches.sight_to_both_edges(a.at, b.at, game.terrain, others, eye=EYE, body=BODY)

    def in_cover(self, game: Game, attacker: Model, target: Model) -> bool:
        """Terrain within 1" of the target hides part of its base from the attacker;
        #MODIFIERS: not from an attacker at least 4" higher (High Ground)."""
        assert attacker.at is not None and target.at is not None
        if attacker.at.z - target.at.z >= HIGH_GROUND_INCHES - inches.TOLERANCE:
            return False
        near = [
            t
            for t in game.terrain
            if inches.distance_to_polygon(target.at, t.polygon)
            <= COVER_INCHES + inches.TOLERANCE
        ]
        return bool(near) and inches.cover_share(target.at, attacker.at, near, eye=EYE) > 0

    def path(self, game: Game, model: Model, end: Base) -> tuple[float, float]:
        """A straight line, centre to centre, with its climb."""
        start = model.at
        assert start is not None
        climb = _climb(game, model, start, end)
        return math.hypot(end.x - start.x, end.y - start.y) + climb, climb

    def crossed(self, game: Game, model: Model, end: Base) -> list[str]:
        """The enemy units whose bases the straight line passes over."""
        start = model.at
        assert start is not None
        return sorted(
            m.id
            for m in game.models.values()
            if m.at is not None
            and m.squad != model.squad
            and not m.item
            and inches.passes_over(start, inches.Point(end.x, end.y), m.at)
        )

    def around(self, game: Game, target: Base, radius: float, spots: int) -> list[Base]:
        """`spots` places evenly round the target, from east counter-clockwise, 0.5" from its
        base."""
        away = target.radius + radius + GAP
        placed = []
        for k in range(spots):
            angle = 2 * math.pi * k / spots
            x = round(target.x + away * math.cos(angle), 3)
            y = round(target.y + away * math.sin(angle), 3)
            placed.append(self.spot(game, x, y, radius))
        return placed

    def toward(
        self, game: Game, mover: Model, target: Model, reach: float
    ) -> list[tuple[float, float]]:
        """Straight at the target, as far as the reach goes or until the bases are 0.5" apart;
        swerving a little at a time in case the way is blocked."""
        assert mover.at is not None and target.at is not None
        dx, dy = target.at.x - mover.at.x, target.at.y - mover.at.y
        gap = math.hypot(dx, dy)
        length = min(reach - SLACK, gap - target.radius - mover.radius - GAP)
        if length <= 0:
            return []
        heading = math.atan2(dy, dx)
        ends = []
        for swerve in SWERVES:
            angle = heading + math.radians(swerve)
            x = round(mover.at.x + length * math.cos(angle), 3)
            y = round(mover.at.y + length * math.sin(angle), 3)
            if math.hypot(target.at.x - x, target.at.y - y) < gap:
                ends.append((x, y))
        return ends


def _climb(game: Game, model: Model, start: Base, end: Base) -> float:
    """ruinstars-2e.md#VERTICAL MOVEMENT: inches of climbing on the way, piece by piece the
    centre crosses: up, its height above the feet and 1" to crest the top; down, 1" over the
    edge and the height less 2" (at least 0); over a piece not stood on, both. Only pieces the
    mission calls climbable can be climbed."""
    climbable = {p.id for p in game.mission.terrain if p.climbable}
    extra = 0.0
    for piece in inches.path_terrain((start.x, start.y), (end.x, end.y), game.terrain):
        on_start = piece.elevated and inches.point_in_polygon((start.x, start.y), piece.polygon)
        on_end = piece.elevated and inches.point_in_polygon((end.x, end.y), piece.polygon)
        if on_start and on_end:
            continue
        if piece.id not in climbable:
            raise RuleError(
                "not_climbable",
                rule("VERTICAL MOVEMENT"),
                params={"unit": model.id, "terrain": piece.id},
            )
        if not on_start:
            extra += max(0.0, piece.height - start.z) + CREST_INCHES
        if not on_end:
            extra += max(0.0, piece.height - end.z - DESCENT_LESS) + CREST_INCHES
    return extra


INCHES = Inches()
