"""Mysterious terrain and objectives (grimdark-future-1.5.md#Mysterious Terrain, #Mysterious
Objectives), when the mission plays with them: after a unit's move, one die on the pack's table
for each piece it entered and each marker it came within 3" of for the first time; the result
stays. Pieces that wound or hit the units moving through them do so here; the dangerous and
difficult ground around a marker is geometry.terrain's, the roll modifiers weapon_rules.py's."""

from __future__ import annotations

from domain.kit.boards import inches
from domain.systems.grimdark import attacks, casualties, geometry, morale
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit, Wounds

TERRAIN, OBJECTIVES = "Mysterious Terrain", "Mysterious Objectives"
#: Effect 4 of #Mysterious Terrain: D6 automatic hits, rolled to wound with no special rule.
HAZARD = Weapon("Mysterious terrain")


def reveal(res: Resolution, before: Unit) -> list[str]:
    """After `before` moved: reveal what it entered or came near; the pieces it moved into or
    through (started or ended in), by id, for `harm`."""
    game = res.game
    if not game.mysteries:
        return []
    unit = game.units[before.id]
    bases = unit.bases()
    pieces = {p.id for p in game.mission.terrain}
    entered = sorted(p.id for p in geometry.crossed(game, before, bases) if p.id in pieces)
    for piece in entered:
        _reveal(res, "terrain", piece, TERRAIN)
    for marker in game.markers:
        if not marker.destroyed and not marker.carrier and geometry.near_marker(unit, marker):
            _reveal(res, "objectives", marker.id, OBJECTIVES)
    return entered


def harm(res: Resolution, before: Unit, entered: list[str]) -> None:
    for piece in entered:
        _harm(res, before, piece)


def _reveal(res: Resolution, table: str, place: str, section: str) -> None:
    if place in res.game.revealed or not any(row.table == table for row in res.game.mysteries):
        return
    face = res.roll(1, f"{place}: {section.lower()}", section)[0]
    effect = next(row.effect for row in res.game.mysteries if row.table == table and row.low <= face <= row.high)
    res.emit(ev.MysteryRevealed(table, place, face, effect))


def _harm(res: Resolution, before: Unit, piece: str) -> None:
    """Effects 3 and 4: D3 automatic wounds, or D6 automatic hits rolled to wound. As dangerous
    terrain's, the wounds go on the models whose way crossed the piece, each on the first of them
    still standing (a Tough one takes them until removed), not on models the owner picks."""
    effect = res.game.revealed.get(piece)
    unit = res.game.units[before.id]
    if effect not in ("wounds", "hits") or unit.destroyed:
        return
    if effect == "wounds":
        count = res.roll_d3(f"{piece}: automatic wounds on {unit.id}", TERRAIN)
    else:
        hits = res.roll(1, f"{piece}: automatic hits on {unit.id}", TERRAIN)[0]
        count = attacks.automatic_hits(res, piece, unit.id, HAZARD, hits).count
    shape = next(p for p in geometry.terrain(res.game) if p.id == piece)
    starts = {m.id: m for m in before.models}
    exposed = [m.id for m in unit.models if inches.path_terrain((starts[m.id].x, starts[m.id].y), (m.x, m.y), [shape], unit.radius(m))]
    for _ in range(count):
        now = res.game.units[unit.id]
        alive = [model_id for model_id in exposed if now.model(model_id)]
        if not alive:
            break
        casualties.apply(res, now, alive[:1], Wounds(1))
    if count:
        morale.after_wounds(res, unit.id)
