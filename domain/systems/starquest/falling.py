"""Jumping and falling (star-quest.en.md#Jumping, #Falling; star-quest.de.md#SONDERBEWEGUNGEN).

A hero's straight move may cross a gap of up to 1" and drop up to 3" as normal movement;
anything bigger up to 6" needs the `Jump` command: after a move action, the hero jumps from
where it stands to a landing spot, taking one Dex test plus one for every full 3" of the jump
(the longer of its horizontal length and its drop). Passed: it lands there, and the jump does
not count against its move. Failed: it falls from the ledge, unless its player pays to stop
within 1" of the ledge; either way its activation ends.

Gaps and drops, and the check that a plain move crosses none that needs a jump, are in ground.py.
"""

from __future__ import annotations

import math

from domain.kit import onepage
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, dangerous, geometry
from domain.systems.starquest.actions import finish, own_turn
from domain.systems.starquest.ground import gap_and_drop, profile
from domain.systems.starquest.movement import keep_away
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Figure
from domain.systems.starquest.versions import ONE_PAGE

#: Strider passes jumping tests on this or more (#Special Rules Reference, Strider).
STRIDER_JUMP = 2
#: Gap left between a hero that stops at the ledge and the ledge itself.
_LEDGE_SLACK = 0.01
JUMP_ACTIONS = ("advance", "rush")


def jump(res: Resolution, command: cmd.Jump) -> None:
    turn = own_turn(res, command.unit)
    battle, unit = res.battle, res.unit(command.unit)
    if unit.side != "hero":
        raise res.refuse("not_a_hero", "jumping", unit=unit.id)
    if turn.action not in JUMP_ACTIONS or turn.actions == 0:
        raise res.refuse("jump_needs_move", "jumping")
    if turn.jumped_at == turn.actions:
        raise res.refuse("already_jumped", "jumping", unit=unit.id)
    table = battle.mission.table
    if not (0 <= command.x <= table and 0 <= command.y <= table):
        raise res.refuse("off_table", "movement", x=command.x, y=command.y, table=table)
    figure = unit.figures[0]
    gap, drop = gap_and_drop(battle, figure, command.x, command.y)
    length = max(math.hypot(command.x - figure.x, command.y - figure.y), drop)
    kind = geometry.crossing(gap, drop)
    if kind == "walk":
        raise res.refuse("no_jump_needed", "jumping", gap=gap, drop=max(drop, 0))
    if kind == "impossible" or length > geometry.MAX_JUMP + geometry.TOLERANCE:
        raise res.refuse("too_far_to_jump", "jumping", reach=geometry.MAX_JUMP, length=length)
    keep_away(res, unit, [_landing(res, figure, command.x, command.y)])
    context = {"x": repr(command.x), "y": repr(command.y), "inches": repr(length)}
    profile_ = battle.profile(unit)
    if profile_.rule("Flying"):
        _jumped(res, unit.id, True, context)
        return
    target = STRIDER_JUMP if profile_.rule("Strider") else battle.hero(unit.profile).dexterity
    failed = sum(1 for _ in range(geometry.full_steps(length) + 1) if not res.test(unit.id, "dex", target, "jump"))
    if not failed:
        _jumped(res, unit.id, True, context)
        return
    cost = failed * battle.version.pass_failed_test
    res.emit(ev.ChoiceOffered(unit.id, "pass_failed_test", cost, {**context, "then": "jump"}))


def _landing(res: Resolution, figure: Figure, x: float, y: float) -> Figure:
    return res.battle.standing(figure, x, y)


def _jumped(res: Resolution, unit_id: str, passed: bool, context: dict[str, str]) -> None:
    """All tests passed (or paid for): land. Else the hero falls, unless it pays to stop at the ledge."""
    unit = res.unit(unit_id)
    res.emit(ev.Jumped(unit_id, float(context["inches"]), passed))
    if not unit.can_act:
        return  # paying for the tests knocked it out: it stays where it was
    if passed:
        _moved(res, unit_id, _landing(res, unit.figures[0], float(context["x"]), float(context["y"])))
        return
    res.emit(ev.ChoiceOffered(unit_id, "stop_at_ledge", res.battle.version.stop_at_ledge, {**context, "then": "stop_at_ledge"}))


def _ledge_answered(res: Resolution, unit_id: str, accepted: bool, context: dict[str, str]) -> None:
    """Paid: stop within 1" of the ledge. Not paid: fall to the bottom. The activation ends."""
    unit = res.unit(unit_id)
    figure = unit.figures[0]
    radius = res.battle.base(unit, figure).radius
    goal = geometry.Point(float(context["x"]), float(context["y"]))
    stretches = profile(geometry.Point(figure.x, figure.y), goal, res.battle.terrain)
    ledge = next((d0 for d0, _, h in stretches if h < figure.z - geometry.TOLERANCE), stretches[-1][1])
    if accepted or not unit.can_act:
        if unit.can_act:
            _moved(res, unit_id, _along(res, figure, goal, max(0.0, ledge - radius - _LEDGE_SLACK)))
    else:
        bottom = min(h for _, _, h in stretches)
        start, end = next((d0, d1) for d0, d1, h in stretches if h == bottom and d1 > ledge - geometry.TOLERANCE)
        where = min(start + radius, (start + end) / 2) if end - start > 0 else start
        landed = _along(res, figure, goal, where)
        _moved(res, unit_id, landed, fell=True)
    if res.battle.turn is not None and res.battle.turn.unit == unit_id:
        finish(res, unit_id)


def _moved(res: Resolution, unit_id: str, to: Figure, fell: bool = False) -> None:
    """The hero goes where its jump took it; a fall hurts, then dangerous terrain on the way
    (the landing spot included) is rolled for, as for any model moving across it (#Terrain)."""
    unit = res.unit(unit_id)
    start = unit.figures[0]
    res.emit(ev.Moved(unit_id, [to]))
    if fell:
        hurt(res, unit_id, start.id, geometry.fall_height(start.z, to.z))
    radius = res.battle.base(unit, start).radius
    crossed = geometry.path_terrain(geometry.Point(start.x, start.y), geometry.Point(to.x, to.y), res.battle.terrain, radius=radius)
    if any(t.dangerous for t in crossed) and not res.battle.profile(unit).rule("Flying") and res.unit(unit_id).can_act:
        dangerous.moved_through(res, unit_id)


def _along(res: Resolution, figure: Figure, goal: geometry.Point, inches: float) -> Figure:
    length = math.hypot(goal.x - figure.x, goal.y - figure.y)
    t = 0.0 if length <= 0 else min(1.0, inches / length)
    return res.battle.standing(figure, figure.x + t * (goal.x - figure.x), figure.y + t * (goal.y - figure.y))


def hurt(res: Resolution, unit_id: str, figure_id: str, height: float) -> None:
    """What a fall does to one model (#Falling): in a unit of several models it is killed, until
    one is left; a lone model takes one hit with AP(1) per full 3" fallen, if it fell 2" or more."""
    res.emit(ev.FigureFell(unit_id, figure_id, height))
    unit = res.unit(unit_id)
    if len(unit.figures) > 1:
        res.emit(ev.FigureKilled(unit_id, figure_id))
        return
    ap = geometry.fall_ap(height)
    if ap is None:
        return
    defense = res.battle.profile(unit).defense
    (face,) = res.roll(1, f"{unit_id} blocks the fall's hit (AP {ap})", "falling")
    if not onepage.passes(ONE_PAGE, face, defense, onepage.defense_modifier(ONE_PAGE, ap)):
        res.wound(unit_id, figure_id, 1)


choices.CONTINUATIONS.update({"jump": _jumped, "stop_at_ledge": _ledge_answered})
