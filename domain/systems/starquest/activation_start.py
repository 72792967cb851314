"""What happens as a unit activates, before it acts: dangerous terrain it stands in, then its
status conditions (star-quest.en.md#Terrain, #Status conditions). Kept apart so `actions`
and `ai_turn` only call one hook."""

from __future__ import annotations

from domain.systems.starquest import actions, conditions, dangerous
from domain.systems.starquest import commands as cmd
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Unit


def activate(res: Resolution, command: cmd.Activate) -> None:
    """A hero's activation: the usual checks and start, then the activation-start effects."""
    actions.activate(res, command)
    begin(res, command.unit)


def begin(res: Resolution, unit_id: str) -> None:
    """Dangerous terrain first (no choice in it), then the conditions, which may wait for answers."""
    dangerous.activated_in(res, unit_id)
    unit = res.unit(unit_id)
    if unit.on_table and not unit.unconscious:
        conditions.at_activation(res, unit_id)


def rolls(battle: Battle, unit: Unit) -> bool:
    """Whether `begin` rolls dice for this unit, which may kill models (its lead among them) or
    lift a condition: a model standing in dangerous terrain, or a condition tested on activating.
    The AI starts such an activation on its own and decides only after (ai_turn.ai_begin)."""
    return any(dangerous.stands_in(battle, f) for f in unit.figures) or any(s in conditions.TESTED for s in unit.statuses)
