"""Star Quest: solo/co-op heroes against an AI, in the English and the German rules versions."""

from __future__ import annotations

from domain.systems import GameSystem
from domain.systems.starquest.ai import ai
from domain.systems.starquest.carry import carry_in, carry_out
from domain.systems.starquest.commands import COMMANDS, AiBegin, AiCast
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
    # An AI caster's activation is two commands (the cast, then the rest): two keys per round;
    # so is one that starts with dice (AiBegin, then the rest).
    ai_key=lambda state, command: f"{state.game.round}:{'+'.join(command.units())}{':cast' if isinstance(command, AiCast) else ':begin' if isinstance(command, AiBegin) else ''}",
    commands=COMMANDS,
    events=EVENTS,
)
