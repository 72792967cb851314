"""The AI: what an AI unit does next, as a pure function of the battle (star-quest.en.md#AI Activations).

The worker calls `ai(battle)` and submits the command it returns through the same command path
as the players; the engine checks it against the same flowchart reading (ai_rules.py) and
resolves it like any other.
"""

from __future__ import annotations

from domain.systems.starquest.activation_start import rolls as start_rolls
from domain.systems.starquest.ai_rules import SHOOTING, step
from domain.systems.starquest.casting import wants_to_cast
from domain.systems.starquest.commands import AiActivate, AiBegin, AiCast
from domain.systems.starquest.state import Battle


def ai(battle: Battle) -> AiActivate | AiCast | AiBegin | None:
    """The next AI activation of the round, or None when no AI unit is due. An AI caster first
    casts (star-quest.en.md "Caster(X) [AI Units]"), then acts on what the spell left; a unit
    whose activation starts with dice (dangerous terrain, conditions) first starts it, then acts
    on what is left, so its move is measured from the lead model that is still standing."""
    if battle.phase != "ai" or not battle.ai_queue or battle.pending is not None:
        return None
    unit = battle.units[battle.ai_queue[0]]
    if battle.turn is None and wants_to_cast(battle, unit):
        return AiCast(unit.id)
    if battle.turn is None and start_rolls(battle, unit):
        return AiBegin(unit.id)
    due = step(battle, unit)
    x, y = due.to if due.to is not None else (None, None)
    if due.action == "rush" and due.to is None:
        x, y = unit.figures[0].x, unit.figures[0].y  # no spot gets it any closer
    return AiActivate(unit.id, due.action, x, y, target=due.target if due.action in (*SHOOTING, "charge") else None)
