"""Grimdark Future 1.5: army battles on a 6'x4' table (grimdark-future-1.5.md). Built so far:
army lists as data, the preparation, activations, shooting, melee, morale, terrain, psychics,
heroes joining units, transports, Ambush, flyers and titans, the six missions and multi-player
sides; docs/grimdark-future-rules-notes.md lists what is not built
yet. The mechanics it shares with the other One Page Rules game are the kit's core
(domain/kit/onepage.py)."""

from __future__ import annotations

import typing

from domain.commands import Command
from domain.contract import GameSystem, SpecialRule
from domain.systems.grimdark import ai
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.content import RULES
from domain.systems.grimdark.decide import decide
from domain.systems.grimdark.events import EVENTS
from domain.systems.grimdark.evolve import evolve
from domain.systems.grimdark.loading import load_pack
from domain.systems.grimdark.setup import Options, setup
from domain.systems.grimdark.state import Game
from domain.systems.grimdark.versions import Version

VERSIONS = typing.get_args(Version)


def seats(game: Game | None, command: Command) -> tuple[str, ...]:
    """Players hold armies: a unit's command acts for its army; a side's (an edge, a marker) for
    the side, named after its first army, whose player speaks for it (#Multi-Player Games)."""
    if isinstance(command, cmd.UnitCommand) and game is not None and command.unit in game.units:
        return (game.units[command.unit].army,)
    return command.units()


def rule_texts(game: Game | None) -> list[str]:
    if game is None:
        return []
    found = {r for u in game.units.values() for m in u.models for r in u.profile_of(m).rules} | {r for u in game.units.values() for r in u.profile.rules}
    found |= {r for u in game.units.values() for m in u.models for w in m.weapons for r in w.rules}
    found |= {"Pinned"} if any(u.pinned for u in game.units.values()) else set()
    return sorted(found)


SYSTEM = GameSystem(
    name="grimdark-future",
    title="Grimdark Future 1.5",
    versions=VERSIONS,
    packs={"core": "domain.systems.grimdark:packs/core"},
    load_pack=load_pack,
    commands=cmd.COMMANDS,
    events=EVENTS,
    options=Options,
    setup=setup,
    state=Game | None,
    decide=decide,
    evolve=evolve,
    outcome=lambda game: game.outcome if game else None,
    seats=seats,
    words="domain.systems.grimdark.words",
    rule_texts=rule_texts,
    # Solo play: the army named by the `solo` option is the workers' (ai.py).
    ai_wakes=ai.WAKES,
    ai=ai.ai,
    ai_key=ai.ai_key,
    special_rules=tuple(SpecialRule(name, place, values, VERSIONS) for name, (place, values) in RULES.items()),
)
