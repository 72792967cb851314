"""Star Quest battlefield geometry: its readings of the table, in inches, on the kit's board.

The measuring itself (distances, sight, cover, straight moves, polygons) is the shared
continuous board, `domain.kit.boards.inches`, re-exported here under the names the engine
has always used. What stays here is Star Quest's: the table sizes and `scale`, how tall its
models are, melee reach, and the jumping and falling rules. Rules are measured on a 48" table
(star-quest.en.md#Battlefield); `scale` converts for the small table.

Boundary convention (see the kit): a polygon's boundary belongs to the OUTSIDE.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from domain.kit.boards import inches as board
from domain.kit.boards.inches import (
    TOLERANCE,
    Base,
    Point,
    Polygon,
    Terrain,
    Vertex,
    at_most,
    base_radius_inches,
    clear_travel,
    closest,
    coherent,
    contacts,
    distance,
    formation_slots,
    ground_height,
    ground_profile,
    in_zone,
    move_toward,
    overlaps,
    passes_over,
    path_terrain,
    point_in_polygon,
    segment_hits_polygon,
    short_of,
    vertical_gap,
    within,
)
from domain.kit.boards.inches import contacts as _contacts  # its former name here

__all__ = [
    "EYE_HEIGHT",
    "FALL_MIN",
    "FULL_TABLE",
    "MAX_JUMP",
    "MELEE_REACH",
    "MELEE_VERTICAL",
    "MODEL_HEIGHT",
    "SMALL_TABLE",
    "STEP",
    "TOLERANCE",
    "WALK_DROP",
    "WALK_GAP",
    "Base",
    "Point",
    "Polygon",
    "Terrain",
    "Vertex",
    "_contacts",
    "at_most",
    "base_radius_inches",
    "clear_travel",
    "closest",
    "coherent",
    "contacts",
    "cover_share",
    "crossing",
    "distance",
    "eye_height",
    "fall_ap",
    "fall_height",
    "formation_slots",
    "full_steps",
    "ground_height",
    "ground_profile",
    "in_cover",
    "in_zone",
    "line_of_sight",
    "move_toward",
    "overlaps",
    "passes_over",
    "path_terrain",
    "point_in_polygon",
    "scale",
    "segment_hits_polygon",
    "short_of",
    "unit_in_cover",
    "vertical_gap",
    "within",
]

FULL_TABLE = 48.0
SMALL_TABLE = 24.0
EYE_HEIGHT = 1.0
"""A model sees from 1" above its base: a typical 28-32 mm figure's head."""
MODEL_HEIGHT = 1.25
"""A model's body reaches a little above its eyes, so it hides others on its own level."""
MELEE_REACH = 2.0
MELEE_VERTICAL = 4.0
STEP = 3.0
WALK_GAP = 1.0
WALK_DROP = 3.0
MAX_JUMP = 6.0
FALL_MIN = 2.0


def scale(inches: float, table: float = FULL_TABLE) -> float:
    """Every rule distance shrinks with the table (star-quest.en.md#Battlefield: 2'x2' halves them)."""
    return inches * table / FULL_TABLE


# --- line of sight and cover, at Star Quest's model heights -----------------------------


def eye_height(model: Base) -> float:
    """Sight is taken EYE_HEIGHT above the model's feet."""
    return model.z + EYE_HEIGHT


def line_of_sight(shooter: Base, target: Base, terrain: Sequence[Terrain] = (), blockers: Sequence[Base] = ()) -> bool:
    """True line of sight (star-quest.en.md#Shooting) between bases, seeing from EYE_HEIGHT and
    hidden by bodies MODEL_HEIGHT tall; see `inches.line_of_sight`. The line runs eye to eye,
    rising or falling with the models' heights: a wall blocks it only where the line passes
    below the wall's top, so a model on the ground sees one on a roof over a low wall."""
    return board.line_of_sight(shooter, target, terrain, blockers, eye=EYE_HEIGHT, body=MODEL_HEIGHT, eye_to_eye=True)


def cover_share(target: Base, shooter: Base, terrain: Sequence[Terrain], obstructions: bool = True) -> float:
    """Share of the target's base in cover (star-quest.en.md#Terrain); obstructions=False for
    weapons that ignore cover from sight obstructions (star-quest.en.md#Special Rules Reference)."""
    return board.cover_share(target, shooter, terrain, obstructions, eye=EYE_HEIGHT)


def in_cover(target: Base, shooter: Base, terrain: Sequence[Terrain], fully: bool = False, obstructions: bool = True) -> bool:
    """Is this model in cover (star-quest.en.md#Terrain)? "Mostly" is the single-model reading,
    fully=True the one counted for models of bigger units."""
    return board.in_cover(target, shooter, terrain, fully, obstructions, eye=EYE_HEIGHT)


def unit_in_cover(models: Sequence[Base], shooter: Base, terrain: Sequence[Terrain], obstructions: bool = True) -> bool:
    """Does a unit get cover (star-quest.en.md#Terrain)? One model: mostly; more: over half fully."""
    return board.unit_in_cover(models, shooter, terrain, obstructions, eye=EYE_HEIGHT)


# --- special movement ------------------------------------------------------------------


def full_steps(length: float, step: float = STEP) -> int:
    """How many whole steps fit (jump tests and falling AP count every full 3";
    star-quest.en.md#Special movement). Tolerant of float noise: 5.9999999999 is two steps."""
    return board.full_steps(length, step)


def fall_height(z_from: float, z_to: float) -> float:
    """How far a model drops; climbing up is not a fall, so never negative."""
    return max(0.0, z_from - z_to)


def crossing(gap: float, drop: float = 0.0) -> Literal["walk", "jump", "impossible"]:
    """How a hero can cross a horizontal gap and/or drop (star-quest.en.md#Special movement):
    small ones as normal movement, bigger ones up to MAX_JUMP only by jumping, beyond that not
    at all (it can still fall). Reads the jump limit as applying to gaps and drops alike."""
    gap, drop = max(gap, 0.0), max(drop, 0.0)
    if gap <= WALK_GAP + TOLERANCE and drop <= WALK_DROP + TOLERANCE:
        return "walk"
    if gap <= MAX_JUMP + TOLERANCE and drop <= MAX_JUMP + TOLERANCE:
        return "jump"
    return "impossible"


def fall_ap(height: float) -> int | None:
    """AP of the hit a fall deals (one per full 3"), or None when the drop is too low to hurt
    (star-quest.en.md#Special movement)."""
    if height < FALL_MIN - TOLERANCE:
        return None
    return full_steps(height)
