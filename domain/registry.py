"""The game systems a server runs, by name: the one place that lists them.

A new system is one package under `domain/systems/` and one line in `_BUILT_IN`. Tests add
systems of their own with `register`.
"""

from __future__ import annotations

from domain.campaign_events import CAMPAIGN_COMMANDS, CAMPAIGN_EVENTS
from domain.commands import CORE_COMMANDS
from domain.contract import GameSystem
from domain.errors import RuleError
from domain.events import CORE_EVENTS
from domain.systems import blackstone, grimdark, ruinstars, starquest, table

_BUILT_IN = (table.SYSTEM, starquest.SYSTEM, blackstone.SYSTEM, ruinstars.SYSTEM, grimdark.SYSTEM)

SYSTEMS: dict[str, GameSystem] = {}
#: Bumped on every registration, so caches of decoders built from the systems know they are old.
generation = 0


class SystemClash(ValueError):
    """A system whose messages would make another's, or the engine's, undecodable."""


def _tag(kind: type) -> str:
    return kind.__struct_config__.tag  # type: ignore[attr-defined]


def register(system: GameSystem) -> None:
    """Add a system; refuses one whose tags clash with the engine's or another's campaign tags."""
    global generation
    if system.name in SYSTEMS and SYSTEMS[system.name] is not system:
        raise SystemClash(f"a system named {system.name!r} is registered already")
    core = {_tag(k) for k in (*CORE_EVENTS, *CORE_COMMANDS, *CAMPAIGN_EVENTS, *CAMPAIGN_COMMANDS)}
    if clash := sorted(core & {_tag(k) for k in (*system.events, *system.commands)}):
        raise SystemClash(f"{system.name} reuses the engine's message tags {clash}")
    prefix = f"{system.name}."
    if wrong := sorted(_tag(k) for k in (*system.campaign_events, *system.campaign_commands) if not _tag(k).startswith(prefix)):
        raise SystemClash(f"{system.name}'s campaign messages must be tagged {prefix}<Name>: {wrong}")
    SYSTEMS[system.name] = system
    generation += 1


def unregister(name: str) -> None:
    global generation
    SYSTEMS.pop(name, None)
    generation += 1


def system_named(name: str) -> GameSystem:
    try:
        return SYSTEMS[name]
    except KeyError:
        raise RuleError("unknown_system", "README.md#game-systems", params={"name": name, "known": sorted(SYSTEMS)}, field="system") from None


for _system in _BUILT_IN:
    register(_system)
