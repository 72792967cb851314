"""Deciding Ruinstars' commands: check, then the events, or a RuleError citing the section
(`ruinstars-2e.md#SECTION`)."""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import (
    carrying,
    combat,
    cycle,
    duty,
    mission_actions,
    opportunity,
    resolution,
    skills,
)
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import MISSION_END, Game
from domain.systems.ruinstars.versions import rule


def decide(state, command, dice, actor, refs) -> list[Event]:  # noqa: ANN001
    game: Game | None = state.game
    if isinstance(command, cmd.SetUpMission):
        if game is not None:
            raise RuleError("mission_set_up", rule("MISSION START"))
        return [
            ev.MissionSetUp(
                state.rules_version,
                command.mission,
                command.cards,
                command.items,
                command.squads,
            )
        ]
    if game is None:
        raise RuleError("mission_not_set_up", rule("MISSION START"))
    if game.phase == MISSION_END:
        raise RuleError("mission_over", rule("MISSION END"), params={"turn": game.turn})
    if isinstance(command, cmd.ChooseFirst):
        return cycle.choose_first(game, command)
    if isinstance(command, cmd.OpportunityAttack):
        return opportunity.answer(game, command, dice, actor)
    choices.check_nothing_pending(game.pending, rule=rule("TURNS"))
    if isinstance(command, cmd.Reroll):
        return resolution.reroll(game, command, dice, actor)
    if isinstance(command, cmd.ChangeDie):
        return resolution.change(game, command, dice, actor)
    if isinstance(command, cmd.AcceptRoll):
        return resolution.accept(game, command, dice, actor)
    if game.roll is not None:
        raise RuleError(
            "roll_in_flight",
            rule("USING TACTICAL ORDERS"),
            params={"squad": game.roll.squad, "unit": game.roll.unit, "step": game.roll.step},
        )
    duty.check_turn(game, command)
    events = _DECIDERS[type(command)](game, command, dice, actor)
    if game.duty is None:
        return events
    return events + duty.done(resolution.fold(game, events))


#: Every other command's decider, once nothing is pending and no roll is in flight.
_DECIDERS = {
    cmd.Deploy: lambda game, command, dice, actor: cycle.deploy(game, command),
    cmd.StartTurn: lambda game, command, dice, actor: cycle.start_turn(game, dice, actor),
    cmd.Activate: lambda game, command, dice, actor: cycle.activate(game, command),
    cmd.Move: lambda game, command, dice, actor: cycle.move(game, command),
    cmd.Dash: lambda game, command, dice, actor: cycle.move(game, command),
    cmd.PickUp: lambda game, command, dice, actor: carrying.pick_up(game, command),
    cmd.Drop: lambda game, command, dice, actor: carrying.drop(game, command),
    cmd.Give: lambda game, command, dice, actor: carrying.give(game, command),
    cmd.OpenCloseDoor: lambda game, command, dice, actor: carrying.open_close_door(game, command),
    cmd.PerformMissionAction: lambda game, command, dice, actor: mission_actions.perform(
        game, command
    ),
    cmd.UseSkill: lambda game, command, dice, actor: skills.perform(
        game, command, cycle.activating(game, command.unit)
    ),
    cmd.RangedCombat: combat.attack,
    cmd.MeleeCombat: combat.attack,
    cmd.EndActivation: lambda game, command, dice, actor: cycle.end_activation(game, command),
    cmd.PassDuty: lambda game, command, dice, actor: duty.pass_duty(game, command),
    cmd.EndTurn: lambda game, command, dice, actor: cycle.end_turn(game, dice, actor),
}
