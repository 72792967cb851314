"""The workers' side of the hostiles, a pure function of the mission (README.md#ai-worker): the
hostile group whose initiative card is up activates with one command, keyed by turn and card,
so a job delivered twice or a worker killed mid-way writes it once. The rules it follows are
in hostiles.py; with a fifth player as the hostile player the workers do nothing."""

from __future__ import annotations

from domain.systems.blackstone import events as ev
from domain.systems.blackstone.commands import ActivateHostiles
from domain.systems.blackstone.state import Battle

#: After these a group's card may be up: the first card of the activation phase, or the next one.
WAKES = (ev.ActivationsBegun, ev.ActivationEnded)


def ai(state) -> ActivateHostiles | None:  # noqa: ANN001 - the engine's MissionState
    battle: Battle | None = state.game
    if battle is None or battle.outcome is not None or battle.hostile_player or battle.hostile_turn is not None:
        return None
    card = battle.current
    if card is None or card in battle.tracks:
        return None
    return ActivateHostiles(card)


def ai_key(state, command: ActivateHostiles) -> str:  # noqa: ANN001
    """One group activation a turn."""
    return f"{state.game.turn}:{command.card}"
