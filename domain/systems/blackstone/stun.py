"""Stunned miniatures (blackstone-fortress.md#ATTACKS, Stunned): a stunned explorer's miniature
discards an activation die to stand up before it acts (combat.acting refuses anything else);
a stunned miniature stunned again suffers 1 wound instead. The hostiles' side stands a stunned
hostile up instead of its behaviour roll."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.combat import acting, spend, suffer
from domain.systems.blackstone.commands import StandUp
from domain.systems.blackstone.state import Battle, Miniature
from domain.systems.blackstone.versions import rule


def stand_up(battle: Battle, command: StandUp) -> list[Event]:
    """Any activation die from the card (not a destiny die: it is discarded, not spent on an action)."""
    track, mini = acting(battle, command, standing_up=True)
    if not mini.stunned:
        raise RuleError("not_stunned", rule("ATTACKS"), params={"miniature": mini.id})
    return [spend(battle, track, command.die, False, 1, "stand up"), ev.StoodUp(mini.id)]


def stun(battle: Battle, target: Miniature, *, by: str, dice: DiceBox, actor: str) -> list[Event]:
    """A weapon's stun: lay the miniature down, or 1 wound if it is down already."""
    if target.stunned:
        return suffer(battle, target, 1, 0, by=by, dice=dice, actor=actor)
    return [ev.Stunned(target.id)]
