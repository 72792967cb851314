"""Wounds become casualties (grimdark-future-1.5.md#Shooting, #Special Rules, Tough(X)): the
owner picks the models, one per wound, a Tough model taking X wounds before it is removed, and a
wounded Tough model first; a Tough hero in a unit without Tough after the regular models. With no
choice to make (one model left, every model falls, or the wounds take every regular model and
reach the one hero) the battle does not wait."""

from __future__ import annotations

from domain.errors import RuleError
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import transports
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit, Wounds
from domain.systems.grimdark.versions import rule

SHOOTING = "Shooting"
#: #Special Rules, Deadly: a model taking its wounds multiplies them by 3.
DEADLY_TIMES = 3


def due(res: Resolution, unit_id: str, wounds: Wounds, then: str) -> bool:
    """Take `wounds` on the unit now if there is no choice; True when its owner must pick."""
    unit = res.game.units[unit_id]
    if wounds.count <= 0 or unit.destroyed:
        return False
    room = sum(unit.tough_of(m) - m.wounds for m in unit.models)
    frail = all(unit.tough_of(m) == 1 for m in unit.models)
    everyone = (not wounds.deadly and wounds.count >= room) or (frail and wounds.count >= len(unit.models))
    regular = [m.id for m in unit.models if unit.tough_of(m) == 1]
    last_hero = not unit.profile.rule("Tough") and len(unit.models) - len(regular) == 1 and wounds.count >= len(regular)
    if len(unit.models) == 1 or everyone or last_hero:
        apply(res, unit, [*regular, *(m.id for m in unit.models if m.id not in regular)], wounds)
        return False
    res.emit(ev.CasualtiesDue(unit_id, wounds.count, then, wounds.deadly))
    return True


def taken(unit: Unit, order: list[str], wounds: Wounds) -> tuple[list[tuple[str, int]], Wounds]:
    """The wounds each model named takes, in order, and those left over: the Deadly ones first,
    each one wound times 3 on one model and never carried over to the next (#Special Rules,
    Deadly), then the others, carried over from model to model."""
    deadly, plain = wounds.deadly, wounds.count - wounds.deadly
    result = []
    for model_id in order:
        model = unit.model(model_id)
        assert model is not None
        room, got = unit.tough_of(model) - model.wounds, 0
        while deadly and got < room:
            got, deadly = got + min(DEADLY_TIMES, room - got), deadly - 1
        more = min(plain, room - got)
        result.append((model_id, got + more))
        plain -= more
    return result, Wounds(deadly + plain, deadly)


def check_pick(unit: Unit, picked: list[str], wounds: Wounds) -> None:
    """The picks take exactly the wounds due: every one a model of the unit, none twice, a
    wounded Tough model first (the regular models before it when it is a hero in a unit without
    Tough), and no model named past the last wound. Wounds left over once every model is named
    are lost: Deadly ones never carry over, so they may outnumber what the models can take."""
    known = {m.id: m for m in unit.models}
    unknown = [p for p in picked if p not in known]
    if unknown or len(set(picked)) != len(picked):
        raise RuleError("bad_casualties", rule(SHOOTING), params={"unit": unit.id, "models": picked, "known": sorted(known)}, field="models")
    wounded = [m.id for m in unit.models if m.wounds]
    regular_first = not unit.profile.rule("Tough") and any(unit.tough_of(m) == 1 for m in unit.models)
    if wounded and picked and picked[0] != wounded[0] and not regular_first:
        raise RuleError("wounded_model_first", rule("Special Rules"), params={"unit": unit.id, "model": wounded[0]}, field="models")
    _regular_first(unit, picked)
    each, left = taken(unit, picked, wounds)
    if (left.count and len(picked) < len(unit.models)) or any(got == 0 for _, got in each):
        takes = sum(unit.tough_of(known[p]) - known[p].wounds for p in picked)
        raise RuleError("casualties_do_not_fit", rule(SHOOTING), params={"unit": unit.id, "wounds": wounds.count, "models": picked, "takes": takes}, field="models")


def _regular_first(unit: Unit, picked: list[str]) -> None:
    """#Special Rules, Tough(X): a Tough hero in a unit without Tough takes wounds only once the
    regular models are all removed (named before it)."""
    if unit.profile.rule("Tough"):
        return
    regular = [m.id for m in unit.models if unit.tough_of(m) == 1]
    for k, model_id in enumerate(picked):
        left = [r for r in regular if r not in picked[:k]]
        if model_id not in regular and left:
            raise RuleError("regular_models_first", rule("Special Rules"), params={"unit": unit.id, "model": model_id, "regular": left}, field="models")


def apply(res: Resolution, unit: Unit, order: list[str], wounds: Wounds) -> None:
    for model_id, got in taken(unit, order, wounds)[0]:
        model = unit.model(model_id)
        assert model is not None
        if got and model.wounds + got < unit.tough_of(model):
            res.emit(ev.ModelWounded(unit.id, model_id, got))
        elif got:
            res.emit(ev.ModelRemoved(unit.id, model_id))
            if res.game.units[unit.id].destroyed:
                transports.wrecked(res, unit.id, apply)
