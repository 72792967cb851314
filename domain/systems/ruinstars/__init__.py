"""Ruinstars 2nd edition: squads, roll-under dice, free play in inches (ruinstars-2e.md). Part 1:
content, the core dice and the game cycle's skeleton; see docs/ruinstars-rules-notes.md for
what is built and what is not yet."""

from __future__ import annotations

import typing

from domain.contract import GameSystem, SpecialRule
from domain.systems.ruinstars import ai
from domain.systems.ruinstars.commands import COMMANDS
from domain.systems.ruinstars.content import SPECIALS
from domain.systems.ruinstars.decide import decide
from domain.systems.ruinstars.events import EVENTS
from domain.systems.ruinstars.evolve import evolve
from domain.systems.ruinstars.loading import load_pack
from domain.systems.ruinstars.setup import Options, setup
from domain.systems.ruinstars.seats import seats
from domain.systems.ruinstars.state import Game
from domain.systems.ruinstars.versions import Version
from domain.systems.ruinstars.views import view

VERSIONS = typing.get_args(Version)

SYSTEM = GameSystem(
    name="ruinstars",
    title="Ruinstars 2nd edition",
    versions=VERSIONS,
    packs={"core": "domain.systems.ruinstars:packs/core"},
    load_pack=load_pack,
    commands=COMMANDS,
    events=EVENTS,
    options=Options,
    setup=setup,
    state=Game | None,
    decide=decide,
    evolve=evolve,
    outcome=lambda game: game.outcome if game else None,
    seats=seats,
    view=view,
    # The workers play Survive's swarm in PvE: after these its Bugs may owe an action, a roll's
    # answer or an Attack of Opportunity (ai.py).
    ai_wakes=ai.WAKES,
    ai=ai.ai,
    ai_key=ai.ai_key,
    words="domain.systems.ruinstars.words",
    special_rules=tuple(
        SpecialRule(code, "weapon", values, VERSIONS)
        for code, (values, _) in SPECIALS.items()
    ),
)
