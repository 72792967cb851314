"""Stunning weapons (blackstone-fortress.md#ATTACKS, Stunned): a weapon with `stun` in its
content lays down the miniature its attack wounded; one that is down already suffers 1 wound
instead. Standing up is the explorer's action (explorer_actions.stand_up) or, for a hostile,
its activation (hostiles.activate)."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.state import Battle, Miniature
from domain.systems.blackstone.wounds import suffer


def stun(battle: Battle, target: Miniature, *, by: str, dice: DiceBox, actor: str) -> list[Event]:
    """Lay the miniature down, or 1 wound (an explorer's defence roll first) if it is down already."""
    if target.stunned:
        return suffer(battle, target, 1, 0, by=by, dice=dice, actor=actor)
    return [ev.Stunned(target.id)]
