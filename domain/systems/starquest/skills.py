"""Skill actions, once per round each (star-quest.en.md#Skill actions): taking one, and the
Scurry and Revive skill actions. A failed test's choice is offered in choices.py."""

from __future__ import annotations

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, dangerous, geometry
from domain.systems.starquest.actions import own_turn
from domain.systems.starquest.ground import check_walk, walk
from domain.systems.starquest.movement import stop_short
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.unconscious import REVIVE_HEALS

REVIVE_REACH = 3.0
#: The farthest a Scurry's D3" can take a hero.
SCURRY_MOST = 3.0


def skill_action(res: Resolution, unit_id: str, skill: str) -> None:
    """The activation's skill action; refused when taken already or Shaken. Each skill once per
    round follows: a unit activates once a round and takes one skill action in it."""
    turn = own_turn(res, unit_id)
    if turn.skill_action:
        raise res.refuse("skill_action_used", "activation", unit=unit_id)
    if res.unit(unit_id).shaken:
        raise res.refuse("shaken", "morale", unit=unit_id)
    res.emit(ev.SkillUsed(unit_id, skill))


def scurry(res: Resolution, command: cmd.Scurry) -> None:
    skill_action(res, command.unit, "scurry")
    table = res.battle.mission.table
    if not (0 <= command.x <= table and 0 <= command.y <= table):
        raise res.refuse("off_table", "movement", x=command.x, y=command.y, table=table)
    unit = res.unit(command.unit)
    farthest = geometry.move_toward(res.battle.base(unit, unit.figures[0]), geometry.Point(command.x, command.y), res.battle.scale(SCURRY_MOST))
    check_walk(res, unit, farthest.x, farthest.y)
    choices.hero_test(res, command.unit, "dex", "scurry", "scurry", {"x": repr(command.x), "y": repr(command.y)})


def _scurried(res: Resolution, unit_id: str, passed: bool, context: dict[str, str]) -> None:
    """Move up to D3" (a d6 halved) toward the chosen point, on a passed Dex test; like any move
    that is no charge it stops 1" short of enemies and ends 1" from friends, and dangerous terrain crossed rolls (#Movement, #Terrain).
    Its way was checked for gaps and drops up to 3" (`scurry`); it still stops before a stretch
    it could not walk onto, should a shorter roll end in a pit (#Jumping).
    A hero knocked out by the strain it paid to pass the test stays where it is (#Shooting, Unconscious)."""
    if not passed or not res.unit(unit_id).can_act:
        return
    (inches,) = res.roll_d3(1, "scurry distance", "skills")
    battle = res.battle
    unit = res.unit(unit_id)
    figure = unit.figures[0]
    start = battle.base(unit, figure)
    goal = geometry.Point(float(context["x"]), float(context["y"]))
    end = walk(res, unit, figure, stop_short(battle, unit, goal, battle.scale(inches)), refuse=False)
    res.emit(ev.Moved(unit_id, [battle.standing(figure, end.x, end.y)]))
    if any(t.dangerous for t in geometry.path_terrain(geometry.Point(start.x, start.y), end, battle.terrain, radius=start.radius)):
        dangerous.moved_through(res, unit_id)


def revive(res: Resolution, command: cmd.Revive) -> None:
    """A hero within 3" spends its skill action and strain to wake an unconscious one."""
    reviver, target = res.unit(command.unit), res.unit(command.target)
    if target.side != "hero" or not target.unconscious:
        raise res.refuse("not_unconscious", "shooting", unit=target.id)
    battle = res.battle
    reach = battle.scale(REVIVE_REACH)
    if geometry.distance(battle.base(reviver, reviver.figures[0]), battle.base(target, target.figures[0])) > reach + geometry.TOLERANCE:
        raise res.refuse("too_far_to_revive", "shooting", unit=target.id, reach=reach)
    skill_action(res, command.unit, "revive")
    res.strain(command.unit, battle.version.revive, "revive")
    res.emit(ev.HeroRevived(target.id, reviver.id, REVIVE_HEALS))


choices.CONTINUATIONS["scurry"] = _scurried
