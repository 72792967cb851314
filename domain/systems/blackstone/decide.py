"""Deciding Blackstone Fortress's commands: check, then the events, or a RuleError citing
the section (`blackstone-fortress.md#SECTION`)."""

from __future__ import annotations

from domain.errors import RuleError
from domain.kit import choices
from domain.events import Event
from domain.systems.blackstone import combat, creation, event_phase, explorer_actions, hostiles, initiative, inspiration, overwatch
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
    if isinstance(command, cmd.StartTurn):
        return combat.start_turn(battle, dice, actor)
    if isinstance(command, cmd.BeginActivations):
        return combat.begin_activations(battle)
    if isinstance(command, cmd.Move):
        return combat.move(battle, command)
    if isinstance(command, cmd.Attack):
        return combat.attack(battle, command, dice, actor)
    if isinstance(command, cmd.EndActivation):
        return combat.end_activation(battle, command, dice, actor)
    if isinstance(command, cmd.RollEvent):
        return event_phase.roll_event(battle, dice, actor)
    return _more(battle, command, dice, actor)


def _more(battle: Battle, command, dice, actor: str) -> list[Event]:  # noqa: ANN001
    """The initiative phase's swaps, the other explorer actions, overwatch, inspiration, the
    event table's picks and the hostile groups' activations."""
    if isinstance(command, cmd.CoveringFire):
        return initiative.covering_fire(battle, command)
    if isinstance(command, cmd.Gambit):
        return initiative.gambit(battle, command, dice, actor)
    if isinstance(command, cmd.Recuperate):
        return explorer_actions.recuperate(battle, command, dice, actor)
    if isinstance(command, cmd.Search):
        return explorer_actions.search(battle, command)
    if isinstance(command, cmd.Summon):
        return explorer_actions.summon(battle, command)
    if isinstance(command, cmd.Unique):
        return explorer_actions.unique(battle, command)
    if isinstance(command, cmd.StandUp):
        return explorer_actions.stand_up(battle, command)
    if isinstance(command, cmd.Overwatch):
        return overwatch.attack(battle, command, dice, actor)
    if isinstance(command, cmd.PassOverwatch):
        return overwatch.pass_(battle, command)
    if isinstance(command, cmd.Inspire):
        return inspiration.inspire(battle, command)
    if isinstance(command, cmd.DefenceRerolls):
        return inspiration.defence_rerolls(battle, command)
    if isinstance(command, cmd.ResolveEvent):
        return event_phase.resolve_event(battle, command, dice, actor)
    if isinstance(command, cmd.ActivateHostiles):
        return hostiles.activate_group(battle, command, dice, actor)
    if isinstance(command, cmd.PickHostile):
        return hostiles.pick_hostile(battle, command, dice, actor)
    if isinstance(command, cmd.PickTarget):
        return hostiles.pick_target(battle, command, dice, actor)
    if isinstance(command, cmd.PickWeapon):
        return hostiles.pick_weapon(battle, command, dice, actor)
    if isinstance(command, cmd.PickHex):
        return hostiles.pick_hex(battle, command, dice, actor)
    if isinstance(command, cmd.ResumeHostiles):
        return hostiles.resume(battle, command, dice, actor)
    raise RuleError("not_implemented_yet", rule("COMBAT"), params={"command": type(command).__name__})
