"""Game systems a mission can run: one package each, found by name."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.commands import Command
from domain.errors import RuleError
from domain.events import Event


@dataclass(frozen=True)
class GameSystem:
    """What the mission aggregate needs from a game system (design.md#The shape of the code).

    `decide(state, command, dice, actor)` and `evolve(game, event)` are pure; `versions` lists
    the rules versions a mission may pick.
    """

    name: str
    title: str
    versions: tuple[str, ...]
    initial: Callable[[str, dict[str, str]], Any]
    decide: Callable[..., list[Event]] | None = None
    evolve: Callable[[Any, Event], Any] | None = None
    #: What an AI-controlled unit does next, as a command (pure; the worker submits it).
    ai: Callable[[Any], Command | None] | None = None
    #: Names the activation an AI command carries out, unique within the mission: the worker's
    #: idempotency key (README.md#ai-worker). Unset: the state's round and the command's units,
    #: for systems where a unit activates at most once a round.
    ai_key: Callable[[Any, Command], str] | None = None
    #: Campaigns (domain/campaign.py): how each hero leaves an ended game (a list of
    #: `HeroReport`), and the set-up command given the campaign's heroes (unit id → `Hero`).
    carry_out: Callable[[Any], list[Any]] | None = None
    carry_in: Callable[[Command, Any], Command] | None = None
    commands: tuple[type[Command], ...] = field(default=())
    events: tuple[type[Event], ...] = field(default=())


def _registry() -> dict[str, GameSystem]:
    from domain.systems import starquest, table

    return {s.name: s for s in (table.SYSTEM, starquest.SYSTEM)}


SYSTEMS = _registry()


def system_named(name: str) -> GameSystem:
    try:
        return SYSTEMS[name]
    except KeyError:
        raise RuleError("unknown_system", "README.md#game-systems", params={"name": name, "known": sorted(SYSTEMS)}) from None
