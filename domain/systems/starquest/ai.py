"""The AI: what an AI unit does next, as a pure function of the battle (star-quest.en.md#AI Activations).

The worker calls `ai(battle)` and submits the command it returns through the same command path
as the players; the engine checks and resolves it like any other.
"""

from __future__ import annotations

from domain.systems.starquest import geometry
from domain.systems.starquest.activation_start import rolls as start_rolls
from domain.systems.starquest.casting import wants_to_cast
from domain.systems.starquest.commands import AiActivate, AiBegin, AiCast
from domain.systems.starquest.melee import can_fight, in_charge_range
from domain.systems.starquest.movement import KEEP_AWAY, difficult_cap, move_allowance, short_of_units
from domain.systems.starquest.state import Battle, Unit
from domain.systems.starquest.weapon_rules import has_rule

GOAL_REACH = 3.0


def ai(battle: Battle) -> AiActivate | AiCast | AiBegin | None:
    """The next AI activation of the round, or None when no AI unit is due. An AI caster first
    casts (star-quest.en.md "Caster(X) [AI Units]"), then acts on what the spell left; a unit
    whose activation starts with dice (dangerous terrain, conditions) first starts it, then acts
    on what is left, so its move is measured from the lead model that is still standing."""
    if battle.phase != "ai" or not battle.ai_queue or battle.pending is not None:
        return None
    unit = battle.units[battle.ai_queue[0]]
    if battle.turn is None and wants_to_cast(battle, unit):
        return AiCast(unit.id)
    if battle.turn is None and start_rolls(battle, unit):
        return AiBegin(unit.id)
    lead = battle.bases(unit)[0]
    heroes = [h for h in battle.side("hero") if h.can_act]
    seen = [h for h in heroes if _sees(battle, unit, h)]
    if battle.profile(unit).rule("Immobile"):
        return _hold(battle, unit, seen)
    if seen:
        target = min(seen, key=lambda h: (_gap(battle, unit, h), h.id))
        reach = _longest_range(battle, unit)
        advance = move_allowance(battle, unit, "advance")
        can_shoot = bool(reach) and geometry.at_most(_gap(battle, unit, target), advance + reach)
        closest = min(heroes, key=lambda h: (_gap(battle, unit, h), h.id))
        if _charges(battle, unit, closest, target if can_shoot else None):
            return AiActivate(unit.id, "charge", target=closest.id)
        if can_shoot:
            goal = _toward(battle, unit, lead, target, "advance", max(reach, battle.scale(KEEP_AWAY)))
            return AiActivate(unit.id, "advance", goal.x, goal.y, target.id)
        goal = _toward(battle, unit, lead, target, "rush", battle.scale(KEEP_AWAY) + 0.01)
        return AiActivate(unit.id, "rush", goal.x, goal.y)
    # No enemy in sight (or none left standing): step 3, the AI goal.
    goal_point = min(battle.mission.ai_goals, key=lambda p: (lead.x - p[0]) ** 2 + (lead.y - p[1]) ** 2)
    if geometry.at_most(((lead.x - goal_point[0]) ** 2 + (lead.y - goal_point[1]) ** 2) ** 0.5, battle.scale(GOAL_REACH)):
        return AiActivate(unit.id, "skip")
    end = _move(battle, unit, lead, geometry.Point(*goal_point), "rush")
    return AiActivate(unit.id, "rush", end.x, end.y)


def _hold(battle: Battle, unit: Unit, seen: list[Unit]) -> AiActivate:
    """An Immobile unit may only Hold (star-quest.en.md "Special Rules Reference", Immobile): it
    shoots the closest hero in sight that its weapons reach from where it stands, if any."""
    reach = _longest_range(battle, unit)
    in_reach = [h for h in seen if reach and geometry.at_most(_gap(battle, unit, h), reach)]
    target = min(in_reach, key=lambda h: (_gap(battle, unit, h), h.id)) if in_reach else None
    return AiActivate(unit.id, "hold", target=target.id if target else None)


def _charges(battle: Battle, unit: Unit, foe: Unit, shot_at: Unit | None) -> bool:
    """"Else Charge closest": when no shot is possible (English); the German rules also charge
    instead of shooting when the charge would deal more damage (star-quest.de.md#KI-AKTIVIERUNGEN)."""
    if not can_fight(battle, unit) or not in_charge_range(battle, unit, foe):
        return False
    if shot_at is None:
        return True
    return battle.version.ai_charge == "more-damage" and expected_wounds(battle, unit, foe, melee=True) > expected_wounds(battle, unit, shot_at, melee=False)


def expected_wounds(battle: Battle, unit: Unit, target: Unit, melee: bool) -> float:
    """A rough average of the unblocked hits of all the unit's melee (with a charge's Lance/Thrust
    and Impact) or ranged weapons, every model attacking; cover, range and other rules left out."""
    profile, defense = battle.profile(unit), battle.profile(target).defense
    tired = melee and (unit.fatigued or unit.shaken)
    total = 0.0
    for name in profile.weapons:
        weapon = battle.weapon(name)
        if weapon.melee != melee:
            continue
        bonus = int(melee and bool(has_rule(battle, weapon, unit, "Lance") or has_rule(battle, weapon, unit, "Thrust")))
        quality = 2 if has_rule(battle, weapon, unit, "Reliable") else profile.quality
        hit = 1 / 6 if tired else _chance(quality - bonus)
        total += len(unit.figures) * weapon.attacks * hit * (1 - _chance(defense + weapon.ap + bonus))
    impact = profile.rule("Impact")
    if melee and impact and not tired:
        total += len(unit.figures) * int(impact) * _chance(2) * (1 - _chance(defense))
    return total


def _chance(target: int) -> float:
    """Chance of rolling `target` or more, a 6 always and a 1 never succeeding."""
    return min(5, max(1, 7 - target)) / 6


def _sees(battle: Battle, unit: Unit, hero: Unit) -> bool:
    return any(geometry.line_of_sight(a, h, battle.terrain) for a in battle.bases(unit) for h in battle.bases(hero))


def _gap(battle: Battle, unit: Unit, hero: Unit) -> float:
    return min(geometry.distance(a, h) for a in battle.bases(unit) for h in battle.bases(hero))


def _longest_range(battle: Battle, unit: Unit) -> float:
    ranges = [battle.weapon(w).range for w in battle.profile(unit).weapons]
    return battle.scale(max(ranges, default=0))


def _toward(battle: Battle, unit: Unit, lead: geometry.Base, target: Unit, action: str, reach: float) -> geometry.Point:
    closest = min(battle.bases(target), key=lambda b: geometry.distance(lead, b))
    return _move(battle, unit, lead, closest, action, reach)


def _move(battle: Battle, unit: Unit, lead: geometry.Base, goal: geometry.Point | geometry.Base, action: str, reach: float = 0.0) -> geometry.Point:
    """Where the lead model ends moving straight at `goal`, as `actions.move` will accept it: the
    action's move, at most 6" when any model's way crosses difficult terrain (#Terrain), and no
    model of the unit ending within 1" of another unit (#Movement)."""
    allowance = move_allowance(battle, unit, action)
    # Only Flying passes over other units: the way stops at the first hero it meets.
    heroes = () if battle.profile(unit).rule("Flying") else [b for h in battle.side("hero") if h.on_table for b in battle.bases(h)]
    end = geometry.move_toward(lead, goal, allowance, obstacles=heroes, reach=reach)
    dx, dy = end.x - lead.x, end.y - lead.y
    crossed = (
        t
        for base in battle.bases(unit)
        for t in geometry.path_terrain(geometry.Point(base.x, base.y), geometry.Point(base.x + dx, base.y + dy), battle.terrain, radius=base.radius)
    )
    capped = difficult_cap(battle, unit, allowance, crossed)
    if capped < allowance:
        end = geometry.move_toward(lead, goal, capped, obstacles=heroes, reach=reach)
    return short_of_units(battle, unit, lead, end)
