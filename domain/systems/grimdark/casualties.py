"""Wounds become casualties (grimdark-future-1.5.md#Shooting, #Special Rules, Tough(X)): the
owner picks the models, one per wound, a Tough model taking X wounds before it is removed, and a
wounded Tough model first. With no choice to make (one model left, or every model falls) the
battle does not wait."""

from __future__ import annotations

from domain.errors import RuleError
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit
from domain.systems.grimdark.versions import rule

SHOOTING = "Shooting"


def due(res: Resolution, unit_id: str, wounds: int, then: str) -> bool:
    """Take `wounds` on the unit now if there is no choice; True when its owner must pick."""
    unit = res.game.units[unit_id]
    if wounds <= 0 or unit.destroyed:
        return False
    if len(unit.models) == 1 or wounds >= sum(unit.tough - m.wounds for m in unit.models):
        apply(res, unit, [m.id for m in unit.models], wounds)
        return False
    res.emit(ev.CasualtiesDue(unit_id, wounds, then))
    return True


def check_pick(unit: Unit, picked: list[str], wounds: int) -> None:
    """The picks take exactly the wounds due: every one a model of the unit, none twice, a
    wounded Tough model first, and no model named past the last wound."""
    known = {m.id: m for m in unit.models}
    unknown = [p for p in picked if p not in known]
    if unknown or len(set(picked)) != len(picked):
        raise RuleError("bad_casualties", rule(SHOOTING), params={"unit": unit.id, "models": picked, "known": sorted(known)}, field="models")
    wounded = [m.id for m in unit.models if m.wounds]
    if wounded and picked and picked[0] != wounded[0]:
        raise RuleError("wounded_model_first", rule("Special Rules"), params={"unit": unit.id, "model": wounded[0]}, field="models")
    room = [unit.tough - known[p].wounds for p in picked]
    if sum(room) < wounds or sum(room[:-1]) >= wounds:
        raise RuleError("casualties_do_not_fit", rule(SHOOTING), params={"unit": unit.id, "wounds": wounds, "models": picked, "takes": sum(room)}, field="models")


def apply(res: Resolution, unit: Unit, order: list[str], wounds: int) -> None:
    for model_id in order:
        if wounds <= 0:
            return
        model = unit.model(model_id)
        assert model is not None
        taken = min(wounds, unit.tough - model.wounds)
        wounds -= taken
        if model.wounds + taken < unit.tough:
            res.emit(ev.ModelWounded(unit.id, model_id, taken))
        else:
            res.emit(ev.ModelRemoved(unit.id, model_id))
