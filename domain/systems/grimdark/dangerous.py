"""#Terrain, Dangerous Terrain (grimdark-future-1.5.md): a die for every model that moves across a
dangerous piece or activates in one; each 1 is a wound on that model. Flying and Flyers ignore
terrain."""

from __future__ import annotations

from domain.kit.boards import inches
from domain.systems.grimdark import casualties, morale
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit, Wounds

TERRAIN = "Terrain"


def moved(res: Resolution, before: Unit, crossed: list[inches.Terrain]) -> None:
    """After a unit's move (or Hold): the models whose way crossed, started or ended in a
    dangerous piece roll; the wounds go on the model that rolled the 1, not the owner's pick."""
    hazards = [p for p in crossed if p.dangerous]
    if not hazards or before.rule("Flying") or before.profile.flyer:
        return
    unit = res.game.units[before.id]
    exposed = [
        m.id
        for old, m in zip(before.models, unit.models, strict=True)
        if any(inches.path_terrain((old.x, old.y), (m.x, m.y), hazards, unit.radius(m)))
    ]
    faces = res.roll(len(exposed), f"{unit.id}: dangerous terrain", TERRAIN)
    hurt = [model_id for model_id, face in zip(exposed, faces, strict=True) if face == 1]
    for model_id in hurt:
        casualties.apply(res, res.game.units[unit.id], [model_id], Wounds(1))
    if hurt:
        morale.after_wounds(res, unit.id)
