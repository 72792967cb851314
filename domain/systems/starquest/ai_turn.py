"""Resolving an AI unit's activation as the AI function decided it, with the players' rules."""

from __future__ import annotations

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import ai_rules
from domain.systems.starquest.actions import finish, move, only_hold_if_immobile, planned_move
from domain.systems.starquest.activation_start import begin
from domain.systems.starquest.melee import charge
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.shooting import attack, shooters_for
from domain.systems.starquest.weapon_rules import deadly_first

AI_ACTIONS = ("skip", "hold", "advance", "rush", "charge")


def ai_activate(res: Resolution, command: cmd.AiActivate) -> None:
    battle = res.battle
    if battle.phase != "ai" or not battle.ai_queue or battle.ai_queue[0] != command.unit:
        due = battle.ai_queue[0] if battle.phase == "ai" and battle.ai_queue else "no AI unit"
        raise res.refuse("not_this_units_turn", "ai", due=due)
    if command.action not in AI_ACTIONS:
        raise res.refuse("unknown_ai_action", "ai", actions=list(AI_ACTIONS))
    if battle.turn is None:  # else an AI caster's activation, started by its cast (casting.ai_cast)
        res.emit(ev.ActivationStarted(command.unit))
        begin(res, command.unit)
    if not res.unit(command.unit).can_act:  # dangerous terrain or Afflicted took it out
        finish(res, command.unit)
        return
    if command.action != "skip":
        only_hold_if_immobile(res, command.unit, command.action)
    to = None if command.x is None or command.y is None else (command.x, command.y)
    ai_rules.check(res, command.unit, command.action, command.target, to)
    if command.action in ("advance", "rush"):
        if command.x is None or command.y is None:
            raise res.refuse("no_destination", "ai", action=command.action)
        if command.action == "advance" and command.target:
            ai_rules.check_shot(res, command.unit, command.target, planned_move(res, res.unit(command.unit), "advance", command.x, command.y))
        move(res, command.unit, command.action, command.x, command.y)
    elif command.action == "hold":
        res.emit(ev.ActionTaken(command.unit, "hold"))
    elif command.action == "charge":
        assert command.target is not None  # `ai_rules.check` refused a charge at any other than the flowchart's target
        charge(res, command.unit, command.target)
    if command.target and command.action in ("hold", "advance"):
        _fire_everything(res, command.unit, command.target)
    finish(res, command.unit)


def ai_begin(res: Resolution, command: cmd.AiBegin) -> None:
    """Only the start of an AI activation (dangerous terrain, conditions): the AI flowchart is
    followed once the unit has activated (#AI Activations), so a lead model killed here is not
    the one the AI's move is measured from; a unit taken out ends its activation at once."""
    battle = res.battle
    if battle.phase != "ai" or not battle.ai_queue or battle.ai_queue[0] != command.unit or battle.turn is not None:
        due = battle.ai_queue[0] if battle.phase == "ai" and battle.ai_queue else "no AI unit"
        raise res.refuse("not_this_units_turn", "ai", due=due)
    res.emit(ev.ActivationStarted(command.unit))
    begin(res, command.unit)
    if res.unit(command.unit).can_act:
        res.emit(ev.AiActionDue(command.unit))
    else:
        finish(res, command.unit)


def _fire_everything(res: Resolution, unit_id: str, target_id: str) -> None:
    battle = res.battle
    unit, target = battle.units[unit_id], battle.units.get(target_id)
    if target is None or not target.on_table or target.unconscious:
        return
    for weapon in deadly_first(battle, unit, ai_rules.live_weapons(battle, unit)):
        shooters = shooters_for(res.battle, res.battle.units[unit_id], res.battle.units[target_id], weapon)
        if shooters and res.battle.units[target_id].on_table and not res.battle.units[target_id].unconscious:
            attack(res, unit_id, weapon, target_id, shooters)
