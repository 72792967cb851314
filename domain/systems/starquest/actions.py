"""Deploying, activating, and the actions of a hero's activation (star-quest.en.md#Activation)."""

from __future__ import annotations

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import dangerous, flow, geometry, morale
from domain.systems.starquest.ground import check_walk
from domain.systems.starquest.groups import keep_together
from domain.systems.starquest.movement import difficult_cap, keep_away, move_allowance
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Figure, Unit


def deploy(res: Resolution, command: cmd.DeployHero) -> None:
    battle, unit = res.battle, res.unit(command.unit)
    if battle.phase != "deployment":
        raise res.refuse("not_deployment", "setup")
    if unit.side != "hero":
        raise res.refuse("not_a_hero", "setup", unit=unit.id)
    if not geometry.in_zone((command.x, command.y), [(p[0], p[1]) for p in battle.mission.deployment]):
        raise res.refuse("outside_deployment", "setup", x=command.x, y=command.y)
    lead = unit.figures[0]
    if unit.deployed and (lead.x, lead.y) == (command.x, command.y):
        raise res.refuse("already_there", "setup", unit=unit.id, x=command.x, y=command.y)
    placed = geometry.Base(command.x, command.y, 0.0, battle.base(unit, lead).radius)
    for other in battle.units.values():
        if other.id == unit.id or not other.on_table:
            continue
        for base in battle.bases(other):
            if geometry.overlaps(placed, base):
                raise res.refuse("bases_overlap", "setup", unit=unit.id, other=other.id)
    keep_away(res, unit, [battle.standing(lead, command.x, command.y)], placing=True)
    res.emit(ev.HeroDeployed(unit.id, command.x, command.y))


def start_round(res: Resolution, command: cmd.StartRound) -> None:
    battle = res.battle
    if battle.phase != "deployment":
        raise res.refuse("round_under_way", "round", round=battle.round)
    if missing := [u.id for u in battle.side("hero") if not u.deployed and not u.set_aside]:
        raise res.refuse("heroes_not_deployed", "setup", units=missing)
    if not any(u.deployed for u in battle.side("hero")):
        raise res.refuse("no_hero_deployed", "setup")
    flow.start_round(res)


def activate(res: Resolution, command: cmd.Activate) -> None:
    battle, unit = res.battle, res.unit(command.unit)
    if battle.phase != "heroes" or unit.side != "hero":
        raise res.refuse("not_your_phase", "round")
    if battle.turn is not None:
        raise res.refuse("activation_under_way", "activation", unit=battle.turn.unit)
    if unit.activated:
        raise res.refuse("already_activated", "activation", unit=unit.id)
    if not unit.can_act:
        raise res.refuse("cannot_act", "shooting", unit=unit.id, condition="unconscious" if unit.unconscious else "out")
    res.emit(ev.ActivationStarted(unit.id))


def extra_action(res: Resolution, command: cmd.TakeExtraAction) -> None:
    turn = own_turn(res, command.unit)
    if turn.allowed > 1:
        raise res.refuse("one_extra_action", "activation")
    res.emit(ev.ExtraActionTaken(command.unit))
    res.strain(command.unit, res.battle.version.extra_action, "additional action")


def rest(res: Resolution, command: cmd.Rest) -> None:
    only_hold_if_immobile(res, command.unit, "rest")
    turn = own_turn(res, command.unit)
    if turn.actions or turn.skill_action:
        raise res.refuse("rest_alone", "resting")
    res.emit(ev.ActionTaken(command.unit, "rest"))
    res.relieve(command.unit, res.battle.version.rest_restores, "rest")


def hold(res: Resolution, command: cmd.Hold) -> None:
    take_action(res, command.unit, "hold")


def advance(res: Resolution, command: cmd.Advance) -> None:
    move(res, command.unit, "advance", command.x, command.y)


def rush(res: Resolution, command: cmd.Rush) -> None:
    move(res, command.unit, "rush", command.x, command.y)


def end_activation(res: Resolution, command: cmd.EndActivation) -> None:
    own_turn(res, command.unit, idle_ok=True)
    finish(res, command.unit)


def finish(res: Resolution, unit_id: str) -> None:
    """Shaken recovery, Fatigue and morale tests, then the activation ends and the round moves on
    (morale.end_of_activation; a hero's choice to ignore being Shaken may make it wait)."""
    morale.end_of_activation(res, unit_id)


def own_turn(res: Resolution, unit_id: str, idle_ok: bool = False):
    """The activation under way, which must be this unit's; a resting hero, or one that fell
    unconscious during it (#Shooting, Unconscious: it stays idle), may only end it."""
    turn = res.battle.turn
    if turn is None or turn.unit != unit_id:
        raise res.refuse("not_activated", "activation", unit=unit_id)
    if not idle_ok and not res.unit(unit_id).can_act:
        raise res.refuse("cannot_act", "shooting", unit=unit_id, condition="unconscious")
    if turn.resting and not idle_ok:
        raise res.refuse("resting", "resting", unit=unit_id)
    return turn


def not_through_enemies(res: Resolution, unit: Unit, moved: list[Figure]) -> None:
    """Only Flying may move through other units (star-quest.en.md "Special Rules Reference",
    Flying; de "Fliegen"): no model's straight way may pass over an enemy model's base."""
    battle = res.battle
    enemies = [(other, base) for other in battle.units.values() if other.side != unit.side and other.on_table for base in battle.bases(other)]
    for figure, end in zip(unit.figures, moved, strict=True):
        start = battle.base(unit, figure)
        for other, base in enemies:
            if geometry.passes_over(start, geometry.Point(end.x, end.y), base):
                raise res.refuse("through_enemy", "movement", unit=unit.id, enemy=other.id)


def only_hold_if_immobile(res: Resolution, unit_id: str, action: str) -> None:
    """An Immobile unit may only use Hold actions: a move, a charge or a rest is refused."""
    if action != "hold" and res.battle.profile(res.unit(unit_id)).rule("Immobile"):
        raise res.refuse("immobile", "special", unit=unit_id)


def take_action(res: Resolution, unit_id: str, action: str) -> None:
    """The activation's next action (Hold, Advance, Rush, Charge): refused when none is left, the
    unit is Shaken, or it is Immobile and the action is not a Hold (star-quest.en.md "Special
    Rules Reference", Immobile; star-quest.de.md "Immobilis")."""
    only_hold_if_immobile(res, unit_id, action)
    turn = own_turn(res, unit_id)
    if turn.actions >= turn.allowed:
        raise res.refuse("no_action_left", "activation", unit=unit_id, allowed=turn.allowed, cost=res.battle.version.extra_action, resource=res.battle.version.resource)
    if res.unit(unit_id).shaken:
        raise res.refuse("shaken", "morale", unit=unit_id)
    res.emit(ev.ActionTaken(unit_id, action))


def move(res: Resolution, unit_id: str, action: str, x: float, y: float) -> None:
    """A straight move: the unit's first model goes to (x, y) and the others keep their places
    around it; the terrain crossed applies (#Movement, #Terrain)."""
    take_action(res, unit_id, action)
    before = res.unit(unit_id).figures
    moved = planned_move(res, res.unit(unit_id), action, x, y)
    res.emit(ev.Moved(unit_id, moved))
    dangerous.moved_across(res, unit_id, before, moved)


def placed(battle: Battle, unit: Unit, x: float, y: float) -> list[Figure]:
    """The unit's models moved straight so its first model stands at (x, y), the others keeping
    their places around it (kept on the table), before a group closes up (`planned_move`)."""
    lead, table = unit.figures[0], battle.mission.table
    dx, dy = x - lead.x, y - lead.y
    return [battle.standing(f, min(max(f.x + dx, 0.0), table), min(max(f.y + dy, 0.0), table)) for f in unit.figures]


def planned_move(res: Resolution, unit: Unit, action: str, x: float, y: float) -> list[Figure]:
    """Where a straight move of `action` to (x, y) leaves the unit's models, or a refusal: every check of a move but the action itself, so the AI can
    try a spot the way the engine will judge it (ai_rules.py)."""
    battle = res.battle
    lead = unit.figures[0]
    table = battle.mission.table
    if not (0 <= x <= table and 0 <= y <= table):
        raise res.refuse("off_table", "movement", x=x, y=y, table=table)
    check_walk(res, unit, x, y)
    dx, dy = x - lead.x, y - lead.y
    length = (dx * dx + dy * dy) ** 0.5
    profile = battle.profile(unit)
    paths = [(f, geometry.path_terrain(geometry.Point(f.x, f.y), geometry.Point(f.x + dx, f.y + dy), battle.terrain, radius=battle.base(unit, f).radius)) for f in unit.figures]
    allowance = difficult_cap(battle, unit, move_allowance(battle, unit, action), (t for _, crossed in paths for t in crossed))
    if length > allowance + geometry.TOLERANCE:
        raise res.refuse("too_far", "movement", action=action, allowance=allowance, length=length)
    moved = keep_together(res, unit, move_allowance(battle, unit, action), placed(battle, unit, x, y))
    keep_away(res, unit, moved)
    if not profile.rule("Flying"):
        not_through_enemies(res, unit, moved)
    return moved
