"""Attacks of Opportunity (ruinstars-2e.md#ATTACKS OF OPPORTUNITY): a unit moving out of
Adjacency to enemies is held while their squad picks one of them to make a free melee attack
against it (or none); the mover's blunting took ATT dice off when it moved. Once the attack is
over the move goes on, if the mover still stands (`resolution.settle`)."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices
from domain.systems.ruinstars import combat, resolution
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import NO_ATTACK, Game
from domain.systems.ruinstars.versions import rule

OPPORTUNITY = rule("ATTACKS OF OPPORTUNITY")


def answer(
    game: Game, command: cmd.OpportunityAttack, dice: DiceBox, actor: str
) -> list[Event]:
    held = game.held
    if held is None:
        raise RuleError("nothing_pending", OPPORTUNITY, params={"who": command.squad})
    choices.check_answer(game.pending, command.squad, command.attacker, rule=OPPORTUNITY)
    if command.attacker == NO_ATTACK:
        declined: list[Event] = [ev.OpportunityDeclined(command.squad)]
        return declined + resolution.settle(resolution.fold(game, declined), dice, actor)
    attacker = game.models[command.attacker]
    weapon = combat.weapon_of(game, attacker, command.weapon, "melee", OPPORTUNITY)
    taken: list[Event] = [ev.OpportunityTaken(command.squad, attacker.id, held.unit)]
    after = resolution.fold(game, taken)
    target = after.models[held.unit]
    paid = combat.Paid(0, 0, held.blunt)
    return taken + combat.roll_attack(after, attacker, weapon, target, paid, [], dice, actor)
