"""The workers' side of the hostiles, a pure function of the mission (README.md#ai-worker): the
hostile group whose initiative card is up activates with one command, keyed by turn and card,
so a job delivered twice or a worker killed mid-way writes it once. An overwatch offer pauses
the group (#OVERWATCH): nothing is due while explorers may answer; then one command carries it
on, keyed by how many times it paused. The rules it follows are in hostiles.py; with a fifth
player as the hostile player the workers do nothing."""

from __future__ import annotations

from domain.systems.blackstone import events as ev
from domain.systems.blackstone.commands import ActivateHostiles, ResumeHostiles
from domain.systems.blackstone.state import Battle

#: After these a group's card may be up (the first card of the activation phase, or the next
#: one), or a paused group may go on (the last explorer answered overwatch).
WAKES = (ev.ActivationsBegun, ev.ActivationEnded, ev.OverwatchClosed)


def ai(state) -> ActivateHostiles | ResumeHostiles | None:  # noqa: ANN001 - the engine's MissionState
    battle: Battle | None = state.game
    if battle is None or battle.outcome is not None or battle.hostile_player:
        return None
    turn = battle.hostile_turn
    if turn is not None:
        return ResumeHostiles(turn.card) if turn.paused and battle.watch is None else None
    card = battle.current
    if card is None or card in battle.tracks:
        return None
    return ActivateHostiles(card)


def ai_key(state, command: ActivateHostiles | ResumeHostiles) -> str:  # noqa: ANN001
    """One group activation a turn; one continuation after each pause."""
    if isinstance(command, ResumeHostiles):
        return f"{state.game.turn}:{command.card}:resume-{state.game.hostile_turn.pauses}"
    return f"{state.game.turn}:{command.card}"
