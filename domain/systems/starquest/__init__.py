"""Star Quest: solo/co-op heroes against an AI, in the English and the German rules versions."""

from __future__ import annotations

import typing

from domain.contract import GameSystem
from domain.systems.starquest import events as ev
from domain.systems.starquest import roster
from domain.systems.starquest.ai import ai
from domain.systems.starquest.carry import carry_in, carry_out, party
from domain.systems.starquest.commands import COMMANDS, AiBegin, AiCast
from domain.systems.starquest.decide import decide
from domain.systems.starquest.events import EVENTS
from domain.systems.starquest.evolve import evolve
from domain.systems.starquest.loading import load_pack
from domain.systems.starquest.naming import SPECIAL_RULES, rule_texts
from domain.systems.starquest.setup import Options, setup
from domain.systems.starquest.state import Battle
from domain.systems.starquest.versions import Version


def _ai_key(state, command) -> str:  # noqa: ANN001
    """An AI caster's activation is two commands (the cast, then the rest): two keys per round;
    so is one that starts with dice (AiBegin, then the rest)."""
    suffix = ":cast" if isinstance(command, AiCast) else ":begin" if isinstance(command, AiBegin) else ""
    return f"{state.game.round}:{'+'.join(command.units())}{suffix}"


SYSTEM = GameSystem(
    name="star-quest",
    title="Star Quest (English and German rules versions)",
    versions=typing.get_args(Version),
    packs={"core": "domain.systems.starquest:packs/core"},
    load_pack=load_pack,
    commands=COMMANDS,
    events=EVENTS,
    options=Options,
    setup=setup,
    state=Battle | None,
    decide=decide,
    evolve=evolve,
    outcome=lambda battle: battle.outcome,
    # The AI phase started, or an activation ended (the next unit's turn); an AI caster casts
    # first and acts after, so the end of a cast counts too, and so does an activation start
    # that rolled dice.
    ai_wakes=(ev.AiPhaseStarted, ev.ActivationEnded, ev.SpellRolled, ev.SpellNotCast, ev.AiActionDue),
    ai=lambda state: ai(state.game) if state.game is not None else None,
    ai_key=_ai_key,
    campaign_initial=roster.Roster,
    campaign_state=roster.Roster,
    campaign_evolve=roster.evolve,
    campaign_view=roster.view,
    carry_out=carry_out,
    carry_in=carry_in,
    party=party,
    words="domain.systems.starquest.words",
    rule_texts=rule_texts,
    special_rules=SPECIAL_RULES,
)
