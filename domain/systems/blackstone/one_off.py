"""A one-off expedition's objective (blackstone-fortress.md#ONE-OFF EXPEDITIONS): when it ends,
the players win if the explorers hold at least the difficulty level's clue cards and points of
archeotech. A dead explorer's cards are lost (#EXPLORATION ROUNDS, 2. Recovery step), so only
the living explorers' count."""

from __future__ import annotations

from domain.systems.blackstone.expedition_events import ObjectiveJudged
from domain.systems.blackstone.expedition_state import Expedition


def judge(expedition: Expedition) -> ObjectiveJudged | None:
    """The objective against what the living explorers hold; None on any other expedition."""
    level = expedition.objective
    if level is None:
        return None
    cards = expedition.content.discovery_cards
    held = [cards[c] for x, hand in expedition.held.items() if x not in expedition.dead for c in hand if c in cards]
    clues = sum(1 for c in held if c.kind == "clue")
    points = sum(c.points for c in held if c.kind == "archeotech")
    achieved = clues >= level.clues and points >= level.archeotech
    return ObjectiveJudged(level.name, clues, points, level.clues, level.archeotech, achieved)
