"""Deciding Grimdark Future's commands: check, then the events, or a RuleError citing the section
(`grimdark-future-1.5.md#Section`). Nothing is written for a refused command."""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.systems.grimdark import actions, ambush, army_lists, buildings, casualties, melee, preparation, psychic, spell_effects, transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import OVER, Game, Wounds
from domain.systems.grimdark.versions import rule

#: Every other command: the engine decodes only this system's, so each has its handler here.
_HANDLERS = {
    cmd.SubmitArmyList: army_lists.submit,
    cmd.RollMission: preparation.roll_mission,
    cmd.RollOff: preparation.roll_off,
    cmd.PickEdge: preparation.pick_edge,
    cmd.ChooseFirstMarker: preparation.choose_first_marker,
    cmd.PlaceMarker: preparation.place_marker,
    cmd.Deploy: preparation.deploy,
    cmd.Hold: actions.hold,
    cmd.Advance: actions.advance,
    cmd.Rush: actions.rush,
    cmd.Charge: actions.charge,
    cmd.Embark: actions.embark,
    cmd.Cast: psychic.cast,
    cmd.CastSpell: psychic.cast_spell,
    cmd.Dispel: psychic.dispel,
    cmd.AllowSpell: psychic.allow,
}
#: What may answer a spell waiting for its enemy (#Dispelling).
_ANSWERS = (cmd.Dispel, cmd.AllowSpell)


def decide(state, command, dice, actor, refs) -> list[Event]:  # noqa: ANN001
    game: Game | None = state.game
    if isinstance(command, cmd.SetUpMission):
        if game is not None:
            raise RuleError("mission_set_up", rule("Preparation"))
        return [ev.MissionSetUp(state.rules_version, command.mission, command.armies, command.sides, command.table, command.mysteries, command.solo, command.points)]
    if game is None:
        raise RuleError("mission_not_set_up", rule("Preparation"))
    if game.phase == OVER:
        raise RuleError("battle_over", rule("Preparation"), params={"outcome": game.outcome})
    res = Resolution(game, dice, actor)
    waiting = transports.stranded(game)
    if isinstance(command, cmd.PlaceSurvivors):
        return transports.place_survivors(res, command)
    if isinstance(command, cmd.ArriveFromAmbush):
        return ambush.arrive(res, command)
    if isinstance(command, cmd.MoveAmbusher):
        return ambush.shift(res, command)
    if ambush.waiting(game):
        raise RuleError("ambush_pending", rule("Special Rules"), params={"units": ambush.waiting(game)})
    if waiting:
        raise RuleError("survivors_to_place", rule("Special Rules"), params={"units": waiting})
    if isinstance(command, cmd.MoveSurvivor):
        return melee.move_survivor(res, command)
    if game.survivor:
        raise RuleError("survivor_to_move", rule("Melee"), params={"unit": game.survivor})
    if isinstance(command, cmd.DefendBuilding):
        return actions.defend(res, command)
    if game.storming is not None:
        inside = [u.id for u in buildings.occupants(game, game.storming.building)]
        raise RuleError("defender_to_choose", rule(buildings.BUILDINGS), params={"building": game.storming.building, "units": inside})
    if isinstance(command, cmd.RemoveCasualties):
        return remove_casualties(res, command)
    if game.pending is not None:
        raise RuleError("casualties_pending", rule("Shooting"), params={"unit": game.pending.unit, "wounds": game.pending.wounds})
    casting = game.casting
    if casting is not None and casting.spell is not None and not isinstance(command, _ANSWERS):
        raise RuleError("spell_pending", rule("Dispelling"), params={"unit": casting.unit, "spell": casting.spell.name})
    return _HANDLERS[type(command)](res, command)


def remove_casualties(res: Resolution, command: cmd.RemoveCasualties) -> list[Event]:
    pending = res.game.pending
    if pending is None or pending.unit != command.unit:
        raise RuleError("no_casualties_due", rule("Shooting"), params={"unit": command.unit, "due": pending.unit if pending else ""})
    unit = res.game.units[pending.unit]
    wounds = Wounds(pending.wounds, pending.deadly)
    casualties.check_pick(unit, command.models, wounds)
    casualties.apply(res, unit, command.models, wounds)
    res.emit(ev.CasualtiesTaken(unit.id))
    if pending.then == "end":
        actions.after_shooting(res, unit.id, wounds)
    elif pending.then == "cast":
        spell_effects.after_spell(res, unit.id, wounds)
    elif pending.then == "strike_back":
        melee.strike_back(res)
    else:
        melee.finish(res)
    return res.events
