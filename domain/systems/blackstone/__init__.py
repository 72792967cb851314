"""Blackstone Fortress: expeditions and their combats on hexes, explorers against hostiles
(blackstone-fortress.md). Part 1 is the combat, part 2 the expedition around it
(docs/blackstone-expedition-design.md); docs/blackstone-rules-notes.md lists what is built
and what is not yet."""

from __future__ import annotations

import typing

from domain.contract import GameSystem
from domain.events import DiceRolled
from domain.systems.blackstone import ai, carry, game, peeking, precipice, quest, quest_evolve, quest_view
from domain.systems.blackstone.commands import COMMANDS
from domain.systems.blackstone.events import EVENTS
from domain.systems.blackstone.expedition_commands import EXPEDITION_COMMANDS
from domain.systems.blackstone.expedition_events import EXPEDITION_EVENTS
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.loading import load_pack
from domain.systems.blackstone.quest_messages import QUEST_COMMANDS, QUEST_EVENTS
from domain.systems.blackstone.setup import Options, setup
from domain.systems.blackstone.state import Battle
from domain.systems.blackstone.versions import Version

SYSTEM = GameSystem(
    name="blackstone-fortress",
    title="Warhammer Quest: Blackstone Fortress",
    versions=typing.get_args(Version),
    packs={"core": "domain.systems.blackstone:packs/core"},
    load_pack=load_pack,
    commands=COMMANDS + EXPEDITION_COMMANDS,
    events=EVENTS + EXPEDITION_EVENTS,
    options=Options,
    setup=setup,
    state=Battle | Expedition | None,
    decide=game.decide,
    evolve=game.evolve,
    follows=(DiceRolled,),
    outcome=game.outcome,
    view=game.view,
    visible=peeking.visible,
    # The workers play the hostile groups (unless a fifth player does): a group's card may come
    # up when the activation phase begins or when the card before it is done.
    ai_wakes=ai.WAKES,
    ai=game.ai,
    ai_key=game.ai_key,
    # The quest: a campaign stream around one mission stream per expedition.
    campaign_events=QUEST_EVENTS,
    campaign_commands=QUEST_COMMANDS,
    campaign_initial=quest.Quest,
    campaign_state=quest.Quest,
    campaign_evolve=quest_evolve.evolve,
    campaign_decide=precipice.decide,
    campaign_prepare=precipice.prepare,
    campaign_view=quest_view.view,
    campaign_projections=quest_view.PROJECTIONS,
    carry_in=carry.carry_in,
    carry_out=carry.carry_out,
    party=carry.party,
    words="domain.systems.blackstone.words",
)
