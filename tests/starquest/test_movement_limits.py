"""Limits of a move a player reads (star-quest.en.md#Movement, #Terrain, #Special Rules Reference;
star-quest.de.md#BEWEGUNG, #GELÄNDE, #SONDERREGELN): Flying over difficult ground, and the
1" a move keeps only from units still on the table, and dangerous ground under a base's edge."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest.commands import Activate, Advance, Rush
from tests.starquest.game import Game, hero, of, piece

BOTH = pytest.mark.parametrize("rules", ["en", "de"])


@BOTH
def test_flying_rushes_its_full_12_inches_across_difficult_terrain(rules):
    mud = piece("mud", 0, 9, 48, 11, difficult=True)
    g = Game(rules, heroes=[hero("Ace", rules=["Flying"])], terrain=[mud])
    g.do(Activate("ace"))
    g.do(Rush("ace", 10, 18))  # 12" across the mud; without Flying only 6" (test_rules)
    assert g.at("ace") == (10, 18)


@BOTH
def test_a_move_may_end_within_1_inch_of_a_dead_hero(rules):
    """A dead hero's model stays in the log where it fell but is off the table: no 1" to keep."""
    g = Game(rules, at={"ace": (44.0, 4.0)})  # the Bystander died at (47.5, 0.5)
    g.do(Activate("ace"))
    g.do(Advance("ace", 46.0, 1.5))  # 0.32" from the Bystander's base
    assert g.at("ace") == (46.0, 1.5)


@BOTH
def test_a_move_whose_base_edge_crosses_dangerous_terrain_rolls_unless_flying(rules):
    """#Terrain: the base crossing counts, not only its centre; Flying ignores terrain while moving."""
    acid = piece("acid", 10.4, 8, 11, 10, dangerous=True)  # under the base's edge, beside its centre's way
    g = Game(rules, heroes=[hero("Ace", toughness=6)], terrain=[acid])
    g.do(Activate("ace"))
    events = g.do(Advance("ace", 10, 12), 2, 2, 2, 2, 2, 1)
    assert [e.purpose for e in of(events, DiceRolled)] == ["dangerous terrain: ace"]
    assert g.wounds("ace") == [1]
    flying = Game(rules, heroes=[hero("Ace", toughness=6, rules=["Flying"])], terrain=[acid])
    flying.do(Activate("ace"))
    assert not of(flying.do(Advance("ace", 10, 12)), DiceRolled)
