"""A Blackstone Fortress mission is one combat (part 1's `Battle`) or an expedition (an
`Expedition`, holding the combat under way): the system's members take either and hand it on
(docs/blackstone-expedition-design.md)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.contract import Viewer
from domain.events import Event
from domain.systems.blackstone import ai as combat_ai
from domain.systems.blackstone import exploration, expedition_view
from domain.systems.blackstone.decide import decide as combat_decide
from domain.systems.blackstone.evolve import evolve as combat_evolve
from domain.errors import RuleError
from domain.systems.blackstone.expedition_commands import EXPEDITION_COMMANDS, SetUpExpedition
from domain.systems.blackstone.expedition_events import ExpeditionSetUp
from domain.systems.blackstone.expedition_evolve import evolve as expedition_evolve
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.state import Battle
from domain.systems.blackstone.versions import rule
from domain.systems.blackstone.views import view as combat_view


def decide(state, command, dice, actor, refs) -> list[Event]:  # noqa: ANN001 - the engine's MissionState
    if isinstance(command, SetUpExpedition) and state.game is None:
        return exploration.set_up(command, state.rules_version, dice, actor)
    if isinstance(state.game, Expedition):
        return exploration.decide(state, command, dice, actor, refs)
    if isinstance(command, EXPEDITION_COMMANDS) and state.game is not None:
        raise RuleError("not_an_expedition", rule("EXPLORATION ROUNDS"), params={"command": type(command).__name__})
    return combat_decide(state, command, dice, actor, refs)


def evolve(game: Battle | Expedition | None, event: Event) -> Battle | Expedition:
    if isinstance(game, Expedition) or isinstance(event, ExpeditionSetUp):
        return expedition_evolve(game, event)
    return combat_evolve(game, event)


def outcome(game: Battle | Expedition) -> str | None:
    """How the mission ended; a one-off expedition's verdict, "won" or "lost", once judged."""
    if isinstance(game, Expedition) and game.result is not None:
        return game.result
    return game.outcome


def view(game: Battle | Expedition | None, viewer: Viewer) -> Any:
    if isinstance(game, Expedition):
        return expedition_view.view(game, viewer)
    return combat_view(game, viewer)


def combat_state(state):  # noqa: ANN001, ANN201 - the engine's MissionState
    """The mission as part 1's AI reads it: its game the combat under way, if any."""
    if isinstance(state.game, Expedition):
        return msgspec.structs.replace(state, game=state.game.combat)
    return state


def ai(state):  # noqa: ANN001, ANN201
    return combat_ai.ai(combat_state(state))


def ai_key(state, command) -> str:  # noqa: ANN001
    key = combat_ai.ai_key(combat_state(state), command)
    return f"round-{state.game.round}:{key}" if isinstance(state.game, Expedition) else key
