"""What the AI flowchart has an AI unit do now (star-quest.en.md#AI Activations;
star-quest.de.md#KI-AKTIVIERUNGEN), as one pure reading: the AI follows it (ai.py) and every AI
command, whoever sends it, is checked against it (ai_turn.py), so the two cannot disagree.

Where the flowchart leaves room, the check leaves it too (docs/starquest-rules-notes.md, AI):
an Advance may end on any spot the engine accepts from which the unit can shoot its target, a
Rush on any spot closer to where it rushes. The AI itself takes the shortest such advance and
the rush that ends closest. Spots are tried as the engine judges moves (`actions.planned_move`)
and shots (`shooting.shooters_for`): straight moves on a tape measure, no pathfinding.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence

import msgspec

from domain.errors import RuleError
from domain.systems.starquest import geometry
from domain.systems.starquest.actions import placed, planned_move
from domain.systems.starquest.content import Weapon
from domain.systems.starquest.groups import coherent, is_group
from domain.systems.starquest.melee import can_fight, in_charge_range
from domain.systems.starquest.movement import KEEP_AWAY, difficult_cap, move_allowance, short_of_units
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.shooting import shooters_for
from domain.systems.starquest.state import Battle, Figure, Unit
from domain.systems.starquest.weapon_rules import has_rule

#: "Are you within 3" of an AI Goal?" (star-quest.de.md: less than 3"), centre of the lead model to the goal.
GOAL_REACH = 3.0
#: Bearings and steps of the spots the AI tries when the straight way does not do.
BEARINGS = 24
STEPS = 12
#: Rushes try these shares of the move off the straight way.
RUSH_SHARES = (1.0, 0.75, 0.5, 0.25)
#: The shares of an advance's move the firing spots are tried at.
ADVANCE_SHARES = tuple(k / STEPS for k in range(1, STEPS + 1))
#: The bearings' cosines and sines, worked out once.
_COS_SIN = tuple((math.cos(2 * math.pi * j / BEARINGS), math.sin(2 * math.pi * j / BEARINGS)) for j in range(BEARINGS))
SHOOTING = ("hold", "advance")


class Step(msgspec.Struct, frozen=True):
    """The flowchart's answer: one action; the hero it shoots, charges or rushes at, or the AI
    goal it rushes to; and the spot the AI itself picks for a move (None: no closer spot exists)."""

    action: str
    target: str | None = None
    goal: tuple[float, float] | None = None
    to: tuple[float, float] | None = None


def step(battle: Battle, unit: Unit) -> Step:
    """Step 1: an enemy in sight? Step 2: can it shoot or charge after a move? Step 3: the goal.
    Unconscious heroes are ignored (#Shooting); a Shaken unit stays idle (#Morale); an Immobile
    one only Holds (#Special Rules Reference)."""
    if unit.shaken:
        return Step("skip")
    heroes = sorted((h for h in battle.side("hero") if h.can_act), key=lambda h: (_gap(battle, unit, h), h.id))
    if battle.profile(unit).rule("Immobile"):
        in_reach = [h for h in heroes if _shoots(battle, unit, unit.figures, h)]
        return Step("hold", target=in_reach[0].id if in_reach else None)
    if not any(_sees(battle, unit, h) for h in heroes):
        return _to_goal(battle, unit)
    shot = _shot(battle, unit, heroes)
    closest_chargeable = next((h for h in heroes if in_charge_range(battle, unit, h)), None) if can_fight(battle, unit) else None
    if closest_chargeable is not None and _charges(battle, unit, closest_chargeable, shot[0] if shot else None):
        return Step("charge", target=closest_chargeable.id)
    if shot:
        hero, spot = shot
        return Step("hold", target=hero.id) if spot is None else Step("advance", target=hero.id, to=spot)
    closest = heroes[0]
    aim = min(battle.bases(closest), key=lambda b: geometry.distance(battle.bases(unit)[0], b))
    to = _rush_spot(battle, unit, aim, battle.scale(KEEP_AWAY) + 0.01, lambda point: _lead_gap(battle, unit, point, closest))
    return Step("rush", target=closest.id, to=to)


def check(res: Resolution, unit_id: str, action: str, target: str | None, to: tuple[float, float] | None) -> None:
    """Refuse an AI command that is not the flowchart's step for the unit now: another action,
    another target, or a rush that gets no closer. An advance's end is checked after the move
    (`check_shot`), where the engine will shoot from."""
    battle = res.battle
    unit = battle.units[unit_id]
    due = step(battle, unit)
    if action != due.action or (due.action in (*SHOOTING, "charge") and target != due.target):
        params: dict[str, object] = {"unit": unit_id, "action": due.action}
        if due.target is not None:
            params |= {"variant": "target", "target": due.target}
        elif due.action == "rush" and due.goal is not None:
            params |= {"variant": "goal", "x": due.goal[0], "y": due.goal[1]}
        raise res.refuse("not_the_ai_step", "ai", **params)
    if action != "rush" or to is None or due.to is None:
        return  # a rush that no spot brings closer may end anywhere the engine accepts
    lead = battle.bases(unit)[0]
    if due.goal is not None:
        if math.dist(to, due.goal) < math.dist((lead.x, lead.y), due.goal) - geometry.TOLERANCE:
            return
        raise res.refuse("not_the_ai_step", "ai", variant="goal", unit=unit_id, action="rush", x=due.goal[0], y=due.goal[1])
    assert due.target is not None
    hero = battle.units[due.target]
    if _lead_gap(battle, unit, geometry.Point(*to), hero) < _lead_gap(battle, unit, geometry.Point(lead.x, lead.y), hero) - geometry.TOLERANCE:
        return
    raise res.refuse("not_the_ai_step", "ai", variant="closer", unit=unit_id, action="rush", target=due.target)


def check_shot(res: Resolution, unit_id: str, target: str, moved: list[Figure]) -> None:
    """An advance "only as much as needed" to shoot must end where the unit can shoot its target:
    judged on where the move puts its models, before dangerous terrain on the way rolls."""
    battle = res.battle
    unit = battle.units[unit_id]
    if not _shoots(battle, unit, moved, battle.units[target]):
        raise res.refuse("not_the_ai_step", "ai", variant="shot", unit=unit_id, action="advance", target=target)


def live_weapons(battle: Battle, unit: Unit) -> list[Weapon]:
    """The unit's ranged weapons it may still fire (a used Limited weapon is spent)."""
    weapons = (battle.weapon(name) for name in battle.profile(unit).weapons)
    return [w for w in weapons if w.range > 0 and not (w.rule("Limited") and w.name in unit.weapons_fired)]


# -- step 2: shoot, charge or rush ------------------------------------------------------------


def _shot(battle: Battle, unit: Unit, heroes: list[Unit]) -> tuple[Unit, tuple[float, float] | None] | None:
    """The closest hero it can shoot after an advance, and the nearest spot to shoot it from (None:
    from where it stands, a Hold)."""
    weapons = live_weapons(battle, unit)
    if not weapons:
        return None
    reach = battle.scale(max(w.range for w in weapons))
    mine = battle.bases(unit)
    lead = mine[0]
    ring: list[tuple[float, geometry.Point]] | None = None  # the same for every hero: made once, when first needed
    for hero in heroes:
        if _shoots(battle, unit, unit.figures, hero):
            return hero, None
        if ring is None:
            ring = sorted(((math.hypot(p.x - lead.x, p.y - lead.y), p) for p in _ring(lead, move_allowance(battle, unit, "advance"), ADVANCE_SHARES)), key=lambda kp: kp[0])
        spot = _firing_spot(battle, unit, mine, hero, reach, ring)
        if spot is not None:
            return hero, spot
    return None


def _firing_spot(battle: Battle, unit: Unit, mine: list[geometry.Base], hero: Unit, reach: float, ring: list[tuple[float, geometry.Point]]) -> tuple[float, float] | None:
    """The spot closest to the unit within an advance from which it can shoot the hero: the
    straight way in to range first, then the spots around it (`ring`, by their distance from
    the lead model; the straight way goes before the ring's spots as far as it)."""
    lead = mine[0]
    aim = min(battle.bases(hero), key=lambda b: geometry.distance(lead, b))
    straight = _straight(battle, unit, lead, aim, "advance", max(reach, battle.scale(KEEP_AWAY)))
    away = math.hypot(straight.x - lead.x, straight.y - lead.y)
    first = bisect.bisect_left(ring, away, key=lambda kp: kp[0])
    spots = [p for _, p in ring[:first]] + [straight] + [p for _, p in ring[first:]]
    targets = battle.bases(hero)
    for point in spots:
        if not _in_reach_there(mine, lead, point, targets, reach):
            continue
        if _shot_ruled_out(battle, unit, point, hero):
            continue
        figures = _tried(battle, unit, "advance", point)
        if figures is not None and _shoots(battle, unit, figures, hero):
            return (point.x, point.y)
    return None


def _shot_ruled_out(battle: Battle, unit: Unit, point: geometry.Point, hero: Unit) -> bool:
    """True when a move to `point`, were the engine to accept it, would leave the unit unable to
    shoot the hero: asked before the engine's costlier judging of the move (`_tried`). Only
    where the models' places are known without it: the move keeps them around the lead, as
    for every unit but an AI group that must close up."""
    moved = placed(battle, unit, point.x, point.y)
    if is_group(battle, unit) and not coherent(battle, unit, moved):
        return False  # the group closes up: its places are `_tried`'s to find
    return not _shoots(battle, unit, moved, hero)


def _in_reach_there(mine: list[geometry.Base], lead: geometry.Base, point: geometry.Point, targets: list[geometry.Base], reach: float) -> bool:
    """Would any model, the unit moved so its lead stands at `point`, be within `reach` of a target
    model? `geometry.distance` and `at_most` written out, to the same bits, as this runs for
    every spot tried."""
    limit = reach + geometry.TOLERANCE
    hypot = math.hypot
    for b in mine:
        x, y, r = b.x + point.x - lead.x, b.y + point.y - lead.y, b.radius
        for t in targets:
            if max(0.0, hypot(x - t.x, y - t.y) - (r + t.radius)) <= limit:
                return True
    return False


def _charges(battle: Battle, unit: Unit, foe: Unit, shot_at: Unit | None) -> bool:
    """"Else Charge closest": when no shot is possible (English); the German rules also charge
    instead of shooting when the charge would deal more damage (star-quest.de.md#KI-AKTIVIERUNGEN)."""
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


# -- step 3: the AI goal ------------------------------------------------------------------------


def _to_goal(battle: Battle, unit: Unit) -> Step:
    lead = battle.bases(unit)[0]
    goal = min(battle.mission.ai_goals, key=lambda p: math.dist((lead.x, lead.y), p))
    away, reach = math.dist((lead.x, lead.y), goal), battle.scale(GOAL_REACH)
    if geometry.short_of(away, reach) or (geometry.at_most(away, reach) and battle.version.ai_goal_reach == "within"):
        return Step("skip", goal=goal)
    to = _rush_spot(battle, unit, geometry.Point(*goal), 0.0, lambda point: math.dist((point.x, point.y), goal))
    return Step("rush", goal=goal, to=to)


# -- spots ------------------------------------------------------------------------------------


def _rush_spot(battle: Battle, unit: Unit, aim: geometry.Point | geometry.Base, reach: float, away: Callable[[geometry.Point], float]) -> tuple[float, float] | None:
    """Where a rush toward `aim` ends: straight at it if the engine accepts that and it gets
    closer, else the accepted spot around that ends closest; None if no spot gets closer."""
    lead = battle.bases(unit)[0]
    now = away(geometry.Point(lead.x, lead.y)) - geometry.TOLERANCE
    straight = _straight(battle, unit, lead, aim, "rush", reach)
    if away(straight) < now and _tried(battle, unit, "rush", straight) is not None:
        return (straight.x, straight.y)
    spots = sorted(_ring(lead, move_allowance(battle, unit, "rush"), RUSH_SHARES), key=away)
    for point in spots:
        if away(point) >= now:
            return None
        if _tried(battle, unit, "rush", point) is not None:
            return (point.x, point.y)
    return None


def _ring(lead: geometry.Base, allowance: float, shares: Sequence[float]) -> list[geometry.Point]:
    return [geometry.Point(lead.x + allowance * share * cos, lead.y + allowance * share * sin) for share in shares for cos, sin in _COS_SIN]


def _straight(battle: Battle, unit: Unit, lead: geometry.Base, aim: geometry.Point | geometry.Base, action: str, reach: float) -> geometry.Point:
    """Where the lead model ends moving straight at `aim`: the action's move, at most 6" when any
    model's way crosses difficult terrain (#Terrain), stopping at the first hero in its way (only
    Flying passes over units) and with no model ending within 1" of a hero (#Movement)."""
    allowance = move_allowance(battle, unit, action)
    heroes = () if battle.profile(unit).rule("Flying") else [b for h in battle.side("hero") if h.on_table for b in battle.bases(h)]
    end = geometry.move_toward(lead, aim, allowance, obstacles=heroes, reach=reach)
    dx, dy = end.x - lead.x, end.y - lead.y
    crossed = (
        t
        for base in battle.bases(unit)
        for t in geometry.path_terrain(geometry.Point(base.x, base.y), geometry.Point(base.x + dx, base.y + dy), battle.terrain, radius=base.radius)
    )
    capped = difficult_cap(battle, unit, allowance, crossed)
    if capped < allowance:
        end = geometry.move_toward(lead, aim, capped, obstacles=heroes, reach=reach)
    return short_of_units(battle, unit, lead, end)


def _tried(battle: Battle, unit: Unit, action: str, point: geometry.Point) -> list[Figure] | None:
    """The models' places after this move as the engine would make it, or None if it refuses it."""
    try:
        moved = planned_move(Resolution(battle, None, "ai"), unit, action, point.x, point.y)  # type: ignore[arg-type]  # no dice: a move rolls none
    except RuleError:
        return None
    return moved


# -- looking ----------------------------------------------------------------------------------


def _shoots(battle: Battle, unit: Unit, figures: Sequence[Figure], hero: Unit) -> bool:
    """Can any weapon the unit may still fire hit the hero with its models at `figures`?"""
    placed = msgspec.structs.replace(unit, figures=tuple(figures))
    there = msgspec.structs.replace(battle, units={**battle.units, unit.id: placed})
    return any(shooters_for(there, placed, hero, w) for w in live_weapons(battle, unit))


def _sees(battle: Battle, unit: Unit, hero: Unit) -> bool:
    return any(geometry.line_of_sight(a, h, battle.terrain) for a in battle.bases(unit) for h in battle.bases(hero))


def _gap(battle: Battle, unit: Unit, hero: Unit) -> float:
    return min(geometry.distance(a, h) for a in battle.bases(unit) for h in battle.bases(hero))


def _lead_gap(battle: Battle, unit: Unit, point: geometry.Point, hero: Unit) -> float:
    lead = battle.bases(unit)[0]
    there = geometry.Base(point.x, point.y, lead.z, lead.radius)
    return min(geometry.distance(there, h) for h in battle.bases(hero))
