"""Dangerous terrain (star-quest.en.md#Terrain, Dangerous Terrain; star-quest.de.md#GELÄNDE):
rolled for a model that moves across it, and for one that activates in it."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from domain.systems.starquest import geometry
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Figure


def moved_through(res: Resolution, unit_id: str, figure_ids: Collection[str] | None = None) -> None:
    """A model that crossed dangerous terrain rolls, one die per Tou for a single model; each 1
    wounds. `figure_ids` names the models that crossed (all of the unit's when left out)."""
    unit = res.unit(unit_id)
    for figure in unit.figures:
        if figure_ids is not None and figure.id not in figure_ids:
            continue
        count = res.battle.profile(unit).toughness if len(unit.figures) == 1 else 1
        ones = sum(1 for face in res.roll(count, f"dangerous terrain: {figure.id}", "terrain") if face == 1)
        res.wound(unit_id, figure.id, ones)


def moved_across(res: Resolution, unit_id: str, before: Sequence[Figure], after: Sequence[Figure]) -> None:
    """Each model whose own straight way, from where it stood to where it ends, crossed
    dangerous terrain rolls (a model of a group closing up is judged on its own path); Flying
    models ignore terrain while moving."""
    battle = res.battle
    unit = res.unit(unit_id)
    if battle.profile(unit).rule("Flying"):
        return
    crossing = {
        a.id
        for b, a in zip(before, after, strict=True)
        if any(t.dangerous for t in geometry.path_terrain(geometry.Point(b.x, b.y), geometry.Point(a.x, a.y), battle.terrain, radius=battle.base(unit, b).radius))
    }
    if crossing:
        moved_through(res, unit_id, crossing)


def activated_in(res: Resolution, unit_id: str) -> None:
    """Each model whose base centre stands in a dangerous piece rolls, as many dice as its Tou
    for a lone model, one die a model otherwise; each 1 is a wound. Flying does not help: it
    only ignores terrain while moving, and this model is standing in it."""
    unit = res.unit(unit_id)
    lone = len(unit.figures) == 1
    for figure in unit.figures:
        if not stands_in(res.battle, figure):
            continue
        count = res.battle.profile(unit).toughness if lone else 1
        ones = sum(1 for face in res.roll(count, f"activates in dangerous terrain: {figure.id}", "terrain") if face == 1)
        res.wound(unit_id, figure.id, ones)


def stands_in(battle: Battle, figure: Figure) -> bool:
    """Whether the model's base centre is inside a dangerous piece, so that it rolls on activating."""
    return any(t.dangerous and geometry.point_in_polygon((figure.x, figure.y), t.polygon) for t in battle.terrain)
