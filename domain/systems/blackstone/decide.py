"""Deciding Blackstone Fortress's commands: check, then the events, or a RuleError citing
the section (`blackstone-fortress.md#SECTION`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices
from domain.systems.blackstone import card_play, combat, creation, event_phase, explorer_actions, hostiles, initiative, inspiration, overwatch
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone.state import Battle
from domain.systems.blackstone.versions import rule


def decide(state, command, dice, actor, refs) -> list[Event]:  # noqa: ANN001
    battle: Battle | None = state.game
    if isinstance(command, cmd.SetUpBattle):
        if battle is not None:
            raise RuleError("battle_set_up", rule("BATTLEFIELD CREATION"))
        return creation.set_up(command, state.rules_version, dice, actor)
    if battle is None:
        raise RuleError("battle_not_set_up", rule("BATTLEFIELD CREATION"))
    if battle.outcome is not None:
        raise RuleError("combat_over", rule("COMBAT"), params={"outcome": battle.outcome})
    if battle.deployment is not None:
        if not isinstance(command, cmd.PickHex):
            choices.check_nothing_pending(battle.deployment.pending, rule=rule("BATTLEFIELD CREATION"))
        return creation.pick_deployment(battle, command)
    if isinstance(command, cmd.PlaceExplorer):
        track = battle.tracks.get(command.unit)
        miniature = command.miniature or (track.miniatures[0] if track and len(track.miniatures) == 1 else "")
        if track is None or miniature not in track.miniatures:
            raise RuleError("which_miniature", rule("THE RATLING TWINS"), params={"unit": command.unit, "miniatures": list(track.miniatures) if track else []})
        return creation.place_explorer(battle, command, miniature)
    return HANDLERS[type(command)](battle, command, dice, actor)  # every other command has one


Handler = Callable[[Battle, Any, DiceBox, str], list[Event]]

#: Each command of a combat under way and the rule module deciding it (battle, command, dice, actor).
HANDLERS: dict[type, Handler] = {
    cmd.StartTurn: lambda battle, _command, dice, actor: combat.start_turn(battle, dice, actor),
    cmd.BeginActivations: lambda battle, _command, _dice, _actor: combat.begin_activations(battle),
    cmd.Move: lambda battle, command, _dice, _actor: combat.move(battle, command),
    cmd.Attack: combat.attack,
    cmd.EndActivation: combat.end_activation,
    cmd.RollEvent: lambda battle, _command, dice, actor: event_phase.roll_event(battle, dice, actor),
    cmd.CoveringFire: lambda battle, command, _dice, _actor: initiative.covering_fire(battle, command),
    cmd.Gambit: initiative.gambit,
    cmd.Recuperate: explorer_actions.recuperate,
    cmd.Search: lambda battle, command, _dice, _actor: explorer_actions.search(battle, command),
    cmd.Summon: lambda battle, command, _dice, _actor: explorer_actions.summon(battle, command),
    cmd.Unique: lambda battle, command, _dice, _actor: explorer_actions.unique(battle, command),
    cmd.StandUp: lambda battle, command, _dice, _actor: explorer_actions.stand_up(battle, command),
    cmd.UseCard: lambda battle, command, _dice, _actor: card_play.use_card(battle, command),
    cmd.Overwatch: overwatch.attack,
    cmd.PassOverwatch: lambda battle, command, _dice, _actor: overwatch.pass_(battle, command),
    cmd.Inspire: lambda battle, command, _dice, _actor: inspiration.inspire(battle, command),
    cmd.DefenceRerolls: lambda battle, command, _dice, _actor: inspiration.defence_rerolls(battle, command),
    cmd.ResolveEvent: event_phase.resolve_event,
    cmd.ActivateHostiles: hostiles.activate_group,
    cmd.PickHostile: hostiles.pick_hostile,
    cmd.PickTarget: hostiles.pick_target,
    cmd.PickWeapon: hostiles.pick_weapon,
    cmd.PickHex: hostiles.pick_hex,
    cmd.ResumeHostiles: hostiles.resume,
}
