"""Blackstone Fortress: expedition combat on hexes, explorers against hostiles
(blackstone-fortress.md). Part 1: the combat; see docs/blackstone-rules-notes.md for what is
built and what is not yet."""

from __future__ import annotations

import typing

from domain.contract import GameSystem
from domain.events import DiceRolled
from domain.systems.blackstone import ai
from domain.systems.blackstone.commands import COMMANDS
from domain.systems.blackstone.decide import decide
from domain.systems.blackstone.events import EVENTS
from domain.systems.blackstone.evolve import evolve
from domain.systems.blackstone.loading import load_pack
from domain.systems.blackstone.setup import Options, setup
from domain.systems.blackstone.state import Battle
from domain.systems.blackstone.versions import Version
from domain.systems.blackstone.views import view

SYSTEM = GameSystem(
    name="blackstone-fortress",
    title="Warhammer Quest: Blackstone Fortress (combat)",
    versions=typing.get_args(Version),
    packs={"core": "domain.systems.blackstone:packs/core"},
    load_pack=load_pack,
    commands=COMMANDS,
    events=EVENTS,
    options=Options,
    setup=setup,
    state=Battle | None,
    decide=decide,
    evolve=evolve,
    follows=(DiceRolled,),
    outcome=lambda battle: battle.outcome,
    view=view,
    # The workers play the hostile groups (unless a fifth player does): a group's card may come
    # up when the activation phase begins or when the card before it is done.
    ai_wakes=ai.WAKES,
    ai=ai.ai,
    ai_key=ai.ai_key,
    words="domain.systems.blackstone.words",
)
