"""The Star Quest decider: checks a command against the rules and returns what it causes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.systems.starquest import actions, activation_start, ai_turn, ambush, answers, carry, casting, conditions, discover, falling, hero_skills, melee, push, scouting, shooting, skills
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest.resolution import Resolution, rule_for
from domain.systems.starquest.setup import check_party
from domain.systems.starquest.slugs import slug


def decide(mission: Any, command: Any, dice: DiceBox, actor: str, refs: Mapping[int, Any]) -> list[Any]:
    battle = mission.game
    if isinstance(command, cmd.SetUpBattle):
        return _set_up(mission, command)
    if battle is None:
        raise RuleError("battle_not_set_up", rule_for(mission.rules_version, "setup"), params={})
    res = Resolution(battle, dice, actor)
    if battle.outcome is not None:
        raise res.refuse("battle_over", "round", outcome=battle.outcome)
    pending = battle.pending
    if pending is not None and not (isinstance(command, cmd.Answer) and command.unit == pending.unit):
        raise res.refuse("choice_pending", "general", unit=pending.unit, kind=pending.kind, cost=pending.cost, resource=battle.version.resource)
    _HANDLERS[type(command)](res, command)
    return res.events


def _set_up(mission: Any, command: cmd.SetUpBattle) -> list[Any]:
    if mission.game is not None:
        raise RuleError("battle_set_up", rule_for(mission.rules_version, "setup"), params={})
    check_party(mission.rules_version, [h.name for h in command.heroes])
    carry.refuse_fallen(mission.rules_version, command.carried)
    party = [slug(h.name) for h in command.heroes]
    return [ev.BattleSetUp(mission.rules_version, command.mission, command.heroes, command.enemies, command.weapons, command.spells, party, command.carried)]


_HANDLERS: dict[type, Callable[[Resolution, Any], None]] = {
    cmd.DeployHero: actions.deploy,
    cmd.StartRound: actions.start_round,
    cmd.Activate: activation_start.activate,
    cmd.TakeExtraAction: actions.extra_action,
    cmd.Rest: actions.rest,
    cmd.Hold: actions.hold,
    cmd.Advance: actions.advance,
    cmd.Rush: actions.rush,
    cmd.Charge: melee.charge_command,
    cmd.Shoot: shooting.shoot,
    cmd.Scurry: skills.scurry,
    cmd.Revive: skills.revive,
    cmd.Answer: answers.answer,
    cmd.EndActivation: actions.end_activation,
    cmd.AiActivate: ai_turn.ai_activate,
    cmd.Jump: falling.jump,
    cmd.Push: push.push,
    cmd.InflictStatus: conditions.inflict,
    cmd.SetAside: ambush.set_aside,
    cmd.PlaceAmbusher: ambush.place_hero,
    cmd.ScoutMove: scouting.scout_command,
    cmd.Cast: casting.cast,
    cmd.AiCast: casting.ai_cast,
    cmd.Discover: discover.discover,
    cmd.UseHeroSkill: hero_skills.use,
    cmd.AiBegin: ai_turn.ai_begin,
}
