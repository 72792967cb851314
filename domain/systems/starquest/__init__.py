"""Star Quest: solo/co-op heroes against an AI, in the English and the German rules versions."""

from __future__ import annotations

from domain.systems import GameSystem
from domain.systems.starquest.ai import ai
from domain.systems.starquest.carry import carry_in, carry_out
from domain.systems.starquest.commands import COMMANDS
from domain.systems.starquest.decide import decide
from domain.systems.starquest.events import EVENTS
from domain.systems.starquest.evolve import evolve
from domain.systems.starquest.versions import VERSIONS

SYSTEM = GameSystem(
    name="star-quest",
    title="Star Quest (English and German rules versions)",
    versions=tuple(VERSIONS),
    initial=lambda version, options: None,
    decide=decide,
    evolve=evolve,
    ai=lambda state: ai(state.game) if state.game is not None else None,
    carry_out=carry_out,
    carry_in=carry_in,
    commands=COMMANDS,
    events=EVENTS,
)
