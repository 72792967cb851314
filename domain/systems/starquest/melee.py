"""Charges and melee (star-quest.en.md#Melee, #Movement, #Special Rules Reference).

A charge is an action: the chargers close in, the defenders close in up to 3", every model in
reach strikes with all its melee weapons (as in `shooting.attack`, without cover), then the
defenders strike back, and the chargers step back to 1" if both units are still there.
Counter weapons strike before the chargers; Impact adds hits on a charge; Fatigue, Furious and
Lance/Thrust are applied per attack in `shooting.attack`. One small function a step.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import dangerous, geometry
from domain.systems.starquest.actions import take_action
from domain.systems.starquest.content import Weapon
from domain.systems.starquest.ground import walk
from domain.systems.starquest.movement import KEEP_AWAY, difficult_cap, move_allowance
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.shooting import attack
from domain.systems.starquest.state import Battle, Unit
from domain.systems.starquest.weapon_rules import deadly_first, has_rule
from domain.systems.starquest.wounding import allocate, defend, regenerate

#: How far defenders may move into contact (#Melee).
DEFENDER_MOVE = 3.0
#: Impact hits land on this or more (#Special Rules Reference, Impact).
IMPACT_HITS_ON = 2
#: The stand-in weapon Impact hits are blocked as: no AP, no special rules.
IMPACT = Weapon(name="Impact", range=0, attacks=1)
#: Extra room when stepping back, so the 1" check of later moves never fails on rounding.
_SEPARATION_SLACK = 1e-4


def charge_command(res: Resolution, command: cmd.Charge) -> None:
    charge(res, command.unit, command.target)


def charge(res: Resolution, unit_id: str, target_id: str) -> None:
    """A hero's Charge action or an AI unit's charge: checks, moves, then the fight."""
    unit, target = res.unit(unit_id), res.unit(target_id)
    if target.side == unit.side or not target.on_table or target.unconscious:
        raise res.refuse("bad_target", "melee", target=target.id)
    take_action(res, unit_id, "charge")  # an Immobile unit may only Hold
    if not in_charge_range(res.battle, res.unit(unit_id), target):
        allowance = move_allowance(res.battle, unit, "charge")
        raise res.refuse("out_of_charge_range", "movement", unit=unit_id, allowance=allowance, target=target_id)
    battle = res.battle
    _close_in(res, unit_id, target_id, lambda start, goal: charge_allowance(battle, unit, start, goal), charging=True)
    if not res.battle.units[unit_id].can_act:
        return  # dangerous terrain ended the charge
    if not battle.profile(target).rule("Immobile"):
        _close_in(res, target_id, unit_id, lambda start, goal: battle.scale(DEFENDER_MOVE), charging=False)
    fight(res, unit_id, target_id)


# -- reach ---------------------------------------------------------------------------------


def charge_allowance(battle: Battle, unit: Unit, start: geometry.Base, goal: geometry.Base) -> float:
    """The charge move of one model toward one enemy model: 12" with Fast/Slow, capped at 6" if
    the straight way to contact crosses difficult terrain (#Terrain) unless Strider or Flying."""
    contact = geometry.move_toward(start, goal, math.inf)
    crossed = geometry.path_terrain(geometry.Point(start.x, start.y), contact, battle.terrain, radius=start.radius)
    return difficult_cap(battle, unit, move_allowance(battle, unit, "charge"), crossed)


def in_charge_range(battle: Battle, unit: Unit, target: Unit) -> bool:
    """At least one charging model is within charge distance of the target unit (#Movement)."""
    foes = battle.bases(target)
    longest = move_allowance(battle, unit, "charge")  # difficult terrain only shortens it
    for start in battle.bases(unit):
        goal = foes[geometry.closest(start, foes)]
        gap = geometry.distance(start, goal)
        if gap <= longest + geometry.TOLERANCE and gap <= charge_allowance(battle, unit, start, goal) + geometry.TOLERANCE:
            return True
    return False


def strikers(battle: Battle, attacker: Unit, target: Unit) -> list[geometry.Base]:
    """The attacker's models within 2" horizontally and 4" vertically of a target model (#Melee)."""
    reach, vertical = battle.scale(geometry.MELEE_REACH), battle.scale(geometry.MELEE_VERTICAL)
    foes = battle.bases(target)
    return [b for b in battle.bases(attacker) if any(geometry.within(b, f, reach, vertical) for f in foes)]


def can_fight(battle: Battle, unit: Unit) -> bool:
    """Has the unit anything to strike with in melee: a melee weapon or Impact?"""
    profile = battle.profile(unit)
    return bool(profile.rule("Impact")) or any(battle.weapon(w).melee for w in profile.weapons)


# -- moves ---------------------------------------------------------------------------------


def _close_in(res: Resolution, mover_id: str, foe_id: str, allowance: Callable[[geometry.Base, geometry.Base], float], charging: bool) -> None:
    """Each model not yet in base contact moves straight at the closest enemy model, until base
    contact, its allowance, or an enemy base in the way ("or as close as possible"). Friendly
    models may be passed over, and Flying passes over every model ("may move through units"),
    but no model ends on another's base. A hero's way is walked (`ground.walk`): a charging
    hero whose way needs a jump is refused, a defending hero stops where the jump would begin."""
    battle = res.battle
    unit, foe = battle.units[mover_id], battle.units[foe_id]
    flying = bool(battle.profile(unit).rule("Flying"))
    placed = {f.id: battle.base(unit, f) for f in unit.figures}
    others = [(u, b) for u in battle.units.values() if u.on_table and u.id != mover_id for b in battle.bases(u)]
    blocking = [] if flying else [b for u, b in others if u.side != unit.side]
    passable = [b for u, b in others if flying or u.side == unit.side]
    foes = battle.bases(foe)
    if not foes:
        return
    moved, risky = [], False
    for figure in unit.figures:
        start = placed[figure.id]
        goal = foes[geometry.closest(start, foes)]
        if geometry.distance(start, goal) <= geometry.TOLERANCE:
            moved.append(figure)
            continue
        end = geometry.move_toward(start, goal, allowance(start, goal), blocking)
        end = _clear_end(start, end, passable + [b for fid, b in placed.items() if fid != figure.id])
        end = walk(res, unit, figure, end, refuse=charging)
        crossed = geometry.path_terrain(geometry.Point(start.x, start.y), end, battle.terrain, radius=start.radius)
        risky = risky or any(t.dangerous for t in crossed)
        placed[figure.id] = geometry.Base(end.x, end.y, battle.ground(end.x, end.y), start.radius)
        moved.append(battle.standing(figure, end.x, end.y))
    if moved == list(unit.figures):
        return
    res.emit(ev.Moved(mover_id, moved))
    if risky and not battle.profile(unit).rule("Flying"):
        dangerous.moved_through(res, mover_id)


def _clear_end(start: geometry.Base, end: geometry.Point, passed: list[geometry.Base]) -> geometry.Point:
    """The last point of the straight way start→end where the base stands on no model passed over."""
    dx, dy = end.x - start.x, end.y - start.y
    length = math.hypot(dx, dy)
    if length <= 0:
        return end
    travel = geometry.clear_travel([start], dx / length, dy / length, length, passed)
    return geometry.Point(start.x + dx / length * travel, start.y + dy / length * travel)


def separate(res: Resolution, charger_id: str, defender_id: str) -> None:
    """Chargers step back together, straight away from the defenders (centre to centre), just
    far enough to be 1" from every defender, and at most to the table edge (#Melee: "if possible")."""
    battle = res.battle
    unit = battle.units[charger_id]
    mine, foes = battle.bases(unit), battle.bases(battle.units[defender_id])
    gap = battle.scale(KEEP_AWAY)
    dx = sum(b.x for b in mine) / len(mine) - sum(b.x for b in foes) / len(foes)
    dy = sum(b.y for b in mine) / len(mine) - sum(b.y for b in foes) / len(foes)
    length = math.hypot(dx, dy)
    ux, uy = (dx / length, dy / length) if length > geometry.TOLERANCE else (0.0, -1.0)
    step = max((_back_off(a, b, ux, uy, a.radius + b.radius + gap) for a in mine for b in foes), default=0.0)
    if step <= 0:
        return
    step = min(step + _SEPARATION_SLACK, min(_room(b, ux, uy, float(battle.mission.table)) for b in mine))
    moved = []
    for figure, base in zip(unit.figures, mine):
        back = walk(res, unit, figure, geometry.Point(base.x + ux * step, base.y + uy * step), refuse=False)
        moved.append(battle.standing(figure, back.x, back.y))
    res.emit(ev.Moved(charger_id, moved))


def _back_off(a: geometry.Base, b: geometry.Base, ux: float, uy: float, apart: float) -> float:
    """How far `a` must move along u for its centre to be `apart` from b's centre (0 if it is)."""
    wx, wy = a.x - b.x, a.y - b.y
    if math.hypot(wx, wy) >= apart - geometry.TOLERANCE:
        return 0.0
    along = wx * ux + wy * uy
    return -along + math.sqrt(along * along - (wx * wx + wy * wy - apart * apart))


def _room(base: geometry.Base, ux: float, uy: float, table: float) -> float:
    """How far a centre can move along u before it leaves the table."""
    limits = [((table if u > 0 else 0.0) - c) / u for c, u in ((base.x, ux), (base.y, uy)) if abs(u) > 1e-12]
    return max(0.0, min(limits, default=math.inf))


# -- the fight -----------------------------------------------------------------------------


def fight(res: Resolution, charger_id: str, defender_id: str) -> None:
    """Counter strikes, the chargers' Deadly strikes, Impact and other strikes (Deadly hits are
    resolved first), the strike back, Fatigue, Fear, and the step back (#Melee, #Special Rules
    Reference). A Shaken defender strikes back too, as fatigued ("defenders must strike back";
    Shaken "counts as fatigued", #Morale)."""
    version = res.battle.version
    dealt = {charger_id: 0, defender_id: 0}
    struck_back = False
    if _standing(res.battle, defender_id):
        struck_back, dealt[defender_id] = _strike(res, defender_id, charger_id, lambda w: bool(w.rule("Counter")), charging=False)
    deadly = _deadly(res, charger_id)
    dealt[charger_id] += _strike(res, charger_id, defender_id, deadly, charging=True)[1]
    if _standing(res.battle, charger_id) and _standing(res.battle, defender_id):
        dealt[charger_id] += _impact(res, charger_id, defender_id)
    dealt[charger_id] += _strike(res, charger_id, defender_id, lambda w: not deadly(w), charging=True)[1]
    if _standing(res.battle, defender_id) and _standing(res.battle, charger_id):
        struck, wounds = _strike(res, defender_id, charger_id, lambda w: not w.rule("Counter"), charging=False)
        struck_back, dealt[defender_id] = struck_back or struck, dealt[defender_id] + wounds
    if struck_back and res.battle.units[defender_id].on_table:
        res.emit(ev.UnitFatigued(defender_id, "struck back"))
    if version.charge_fatigue == "after-charge" and res.battle.units[charger_id].on_table:
        res.emit(ev.UnitFatigued(charger_id, "charged"))
    _fear(res, charger_id, defender_id, dealt[charger_id])
    _fear(res, defender_id, charger_id, dealt[defender_id])
    charger, defender = res.battle.units[charger_id], res.battle.units[defender_id]
    if charger.on_table and not charger.unconscious and defender.on_table:
        separate(res, charger_id, defender_id)


def _standing(battle: Battle, unit_id: str) -> bool:
    return battle.units[unit_id].can_act


def _strike(res: Resolution, attacker_id: str, target_id: str, pick: Callable[[Weapon], bool], charging: bool) -> tuple[bool, int]:
    """Every model in reach strikes with each picked melee weapon; returns (struck, wounds dealt)."""
    struck, wounds = False, 0
    battle, unit = res.battle, res.battle.units[attacker_id]
    for weapon in deadly_first(battle, unit, map(battle.weapon, battle.profile(unit).weapons)):
        attacker, target = res.battle.units[attacker_id], res.battle.units[target_id]
        if not weapon.melee or not pick(weapon) or (weapon.rule("Limited") and weapon.name in attacker.weapons_fired):
            continue
        if not attacker.can_act or not target.can_act:
            break
        models = strikers(res.battle, attacker, target)
        if not models:
            continue
        attack(res, attacker_id, weapon, target_id, models, melee=True, charging=charging)
        struck = True
        wounds += next(e.wounds for e in reversed(res.events) if isinstance(e, ev.AttackResolved))
    return struck, wounds


def _deadly(res: Resolution, unit_id: str) -> Callable[[Weapon], bool]:
    return lambda weapon: bool(has_rule(res.battle, weapon, res.battle.units[unit_id], "Deadly"))


def counter_models(battle: Battle, unit: Unit) -> int:
    """Models carrying a Counter weapon: each takes one from the chargers' Impact."""
    has_counter = any(battle.weapon(w).melee and battle.weapon(w).rule("Counter") for w in battle.profile(unit).weapons)
    return len(unit.figures) if has_counter else 0


def _impact(res: Resolution, charger_id: str, defender_id: str) -> int:
    """Impact(X): X dice per charging model in reach unless fatigued (Shaken counts as fatigued);
    each 2+ is a hit. Counter takes one die (English) or one hit (German) per Counter model."""
    battle = res.battle
    unit, target = battle.units[charger_id], battle.units[defender_id]
    x = battle.profile(unit).rule("Impact")
    models = strikers(battle, unit, target)
    if not x or unit.fatigued or unit.shaken or not models:
        return 0
    counters = counter_models(battle, target)
    count = int(x) * len(models) - (counters if battle.version.counter_reduces == "dice" else 0)
    if count <= 0:
        return 0
    hits = sum(1 for f in res.roll(count, f"Impact on {defender_id}", "special") if f >= IMPACT_HITS_ON)
    if battle.version.counter_reduces == "hits":
        hits = max(0, hits - counters)
    unblocked = defend(res, target, IMPACT, unit, [0] * hits, False, "melee")
    wounds = regenerate(res, target, IMPACT, unit, unblocked)
    res.emit(ev.AttackResolved(charger_id, IMPACT.name, defender_id, hits, hits - unblocked, wounds, False))
    allocate(res, defender_id, wounds, 1, models[0])
    return wounds


def _fear(res: Resolution, unit_id: str, target_id: str, wounds: int) -> None:
    """Fear(X): a unit that dealt at least one melee wound counts X more for the target's morale
    check (#Special Rules Reference, Fear; read as X once per unit and fight)."""
    unit = res.battle.units[unit_id]
    x = res.battle.profile(unit).rule("Fear")
    if x and wounds >= 1:
        res.emit(ev.FearCaused(unit_id, target_id, int(x)))
