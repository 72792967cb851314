"""Solo battles for the AI's tests (domain/systems/grimdark/ai.py): the battle as the named army's
worker sees it, and a battle played to its end with the host's roll-offs, the solo army's
commands and the other army's from the same rule pointed at it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import msgspec

from domain.systems.grimdark import ai
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.state import (
    DEPLOYMENT_ROLL_OFF,
    MISSION_ROLL,
    OBJECTIVE_ROLL_OFF,
    OVER,
    SCOUT_ROLL_OFF,
)
from tests.grimdark.game import Game
from tests.harness import Turn

ROLL_OFFS = {DEPLOYMENT_ROLL_OFF: "deployment", OBJECTIVE_ROLL_OFF: "objectives", SCOUT_ROLL_OFF: "scouts"}


def as_solo(game: Game, army: str) -> Any:
    """The mission's state with `army` as the solo one: what `ai` would do for it."""
    assert game.state is not None
    return msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, solo=army))


def play(game: Game, other: str = "", turns: int = 600) -> list[Any]:
    """To the end: the host's roll-offs, the solo army's commands, `other`'s (the first army that
    is not solo when empty) by the same rule; returns the solo army's commands."""
    other = other or next(s for s in game.game.sides if s != game.game.solo)
    by_ai = []
    for _ in range(turns):
        if game.game.phase == OVER:
            return by_ai
        if game.game.phase in ROLL_OFFS:
            game.do(cmd.RollOff(purpose=ROLL_OFFS[game.game.phase]))
            continue
        assert game.game.phase != MISSION_ROLL
        command = ai.ai(game.state)
        if command is not None:
            by_ai.append(command)
        else:
            command = ai.ai(as_solo(game, other))
            assert command is not None, f"nobody acts: {game.game.phase} up {game.game.up}"
        game.do(command)
    raise AssertionError("the battle did not end")


def host(turn: Turn) -> bool:
    """The host over HTTP: it rolls the roll-offs."""
    game = turn.game
    if game is None or game.phase not in ROLL_OFFS:
        return False
    turn.accepted({"type": "RollOff", "purpose": ROLL_OFFS[game.phase]})
    return True


def commanding(army: str):
    """A player of `army`: what `ai` would do were it the solo army, sent as that player."""

    def strategy(turn: Turn) -> bool:
        game = turn.game
        if game is None or game.phase == "over":
            return False
        command = ai.ai(SimpleNamespace(game=msgspec.structs.replace(game, solo=army)))
        if command is None:
            return False
        turn.accepted({"type": type(command).__name__, **msgspec.to_builtins(command)})
        return True

    return strategy
