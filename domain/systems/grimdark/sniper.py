"""Sniper (grimdark-future-1.5.md#Special Rules): the weapon shoots at Quality 2+ ignoring cover
(attacks.py, weapon_rules.py), and its attacker may pick the model of the target it hits: the
wounds of its Sniper weapons go on that model first (a Deadly one's times 3); what that model
cannot take joins the other wounds, which the owner places as always."""

from __future__ import annotations

from domain.errors import RuleError
from domain.systems.grimdark import casualties
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit, Wounds
from domain.systems.grimdark.versions import rule

#: Models firing a Sniper weapon count as having Quality 2+.
SNIPER_QUALITY = 2


def check(unit: Unit, target: Unit, model_id: str, weapons: dict[tuple[Weapon, int], int]) -> None:
    """A pick needs a Sniper weapon that reaches, and a model of the target."""
    if not any(w.rule("Sniper") for w, _ in weapons):
        raise RuleError("no_sniper", rule("Special Rules"), params={"unit": unit.id, "target": target.id}, field="sniped")
    if target.model(model_id) is None:
        raise RuleError("not_in_target", rule("Special Rules"), params={"model": model_id, "target": target.id, "models": [m.id for m in target.models]}, field="sniped")


def hit_picked(res: Resolution, target_id: str, model_id: str, wounds: Wounds) -> Wounds:
    """Put the Sniper wounds on the picked model, those of a weapon that is Deadly too each times
    3 (#Special Rules, Deadly, as casualties.taken counts them); the wounds left for the owner to
    place, the Deadly ones the model could not take still Deadly."""
    target = res.game.units[target_id]
    model = target.model(model_id)
    if not model_id or not wounds.sniped or model is None:
        return wounds
    picked = Wounds(wounds.sniped, wounds.sniped_deadly)
    spare = casualties.taken(target, [model_id], picked)[1]
    casualties.apply(res, target, [model_id], picked)
    return Wounds(wounds.count - wounds.sniped + spare.count, wounds.deadly - wounds.sniped_deadly + spare.deadly)
