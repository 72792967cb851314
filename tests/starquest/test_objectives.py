"""Objectives and the Reach and Collect victory conditions of a mission (the mission's own
conditions, decided as in flow.py), and Shaken units neither seizing nor contesting them
(star-quest.en.md#Morale, Shaken; star-quest.de.md#MORAL, Angeschlagen)."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry, objectives
from domain.systems.starquest.commands import Activate, Advance, Discover, EndActivation
from domain.systems.starquest.content import Collect, KillAll, Objective, Reach, SearchToken, Survive
from tests.starquest.game import Game, enemy, hero, of, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
LIFT = Objective(id="lift", at=(20.0, 20.0))


def reach_game(rules: str, **kw) -> Game:
    return Game(rules, heroes=[hero("Ace"), hero("Bo")], objectives=(LIFT,), victory=[Reach(objective="lift")], **kw)


@BOTH
def test_reach_a_hero_within_one_inch_of_the_objective_wins(rules):
    g = reach_game(rules, at={"ace": (15.0, 15.0), "bo": (10.0, 6.0)})
    g.do(Activate("ace"))
    g.do(Advance("ace", 17.5, 18.0))  # the base edge stays 2.57" from the point: not close enough
    events = g.do(EndActivation("ace"))
    assert g.battle.outcome is None and not of(events, ev.MissionDecided)
    g.next_round()
    g.do(Activate("ace"))
    g.do(Advance("ace", 19.5, 19.5))  # the base edge is within 1" of the objective
    events = g.do(EndActivation("ace"))
    assert of(events, ev.MissionDecided)[0].outcome == "victory" and g.battle.outcome == "victory"


@BOTH
def test_shaken_heroes_cannot_seize_an_objective(rules):
    """A Shaken hero standing on the objective does not seize it (#Morale, Shaken)."""
    g = reach_game(rules, at={"ace": (10.0, 6.0), "bo": (20.0, 20.5)})
    g.patch("bo", shaken=True)
    g.do(Activate("ace"))
    g.do(EndActivation("ace"))
    assert g.battle.outcome is None
    g.patch("bo", shaken=False)
    g.do(Activate("bo"))
    g.do(EndActivation("bo"))
    assert g.battle.outcome == "victory"


@BOTH
def test_enemies_contest_an_objective_unless_shaken(rules):
    """An enemy within 1" contests the objective, so the hero there does not hold it; a Shaken
    enemy does not contest (#Morale, Shaken)."""
    g = reach_game(rules, at={"ace": (18.8, 20.0), "bo": (10.0, 6.0)}, enemies=[enemy("Warden")], waves=[wave(1, "Warden", (21.2, 20.0))])
    g.do(Activate("bo"))
    g.do(EndActivation("bo"))
    assert g.battle.outcome is None
    g.patch("warden-1-1", shaken=True)
    g.do(Activate("ace"))
    g.do(EndActivation("ace"))
    assert g.battle.outcome == "victory"


@BOTH
def test_collect_wins_once_the_heroes_picked_up_enough_items(rules):
    tokens = (
        SearchToken(id="a", at=(10.0, 7.2), content="Calm Tab"),
        SearchToken(id="b", at=(14.0, 7.2), content="Purge Vial"),
        SearchToken(id="c", at=(30.0, 7.2), content="Calm Tab"),
    )
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], search_tokens=tokens, victory=[Collect(tokens=2)])
    g.do(Activate("ace"))
    g.do(Discover("ace", "a"))
    g.do(EndActivation("ace"))
    assert g.battle.outcome is None and g.battle.collected == 1
    g.do(Activate("bo"))
    g.do(Discover("bo", "b"))
    events = g.do(EndActivation("bo"))
    assert of(events, ev.MissionDecided)[0].outcome == "victory"


@BOTH
def test_collect_and_reach_must_both_hold(rules):
    """Every victory condition must hold (flow.decide_outcome): reaching alone is not enough."""
    tokens = (SearchToken(id="a", at=(20.0, 21.2), content="Calm Tab"),)
    g = Game(rules, heroes=[hero("Ace")], search_tokens=tokens, objectives=(LIFT,), victory=[Collect(tokens=1), Reach(objective="lift")], at={"ace": (20.0, 20.0)})
    g.do(Activate("ace"))
    g.do(EndActivation("ace"))
    assert g.battle.outcome is None
    g.run_ai()
    g.do(Activate("ace"))
    g.do(Discover("ace", "a"))
    g.do(EndActivation("ace"))
    assert g.battle.outcome == "victory"


#: An objective off the diagonal (x and y differ), 3" from the left edge.
BEACON = Objective(id="beacon", at=(3.0, 30.0))


def beacon_game(rules: str, ace: tuple[float, float]) -> Game:
    return Game(rules, heroes=[hero("Ace"), hero("Bo")], objectives=(BEACON,), victory=[Reach(objective="beacon")], at={"ace": ace, "bo": (40.0, 6.0)})


@BOTH
def test_a_base_edge_exactly_one_inch_away_seizes_the_objective(rules):
    """1" is measured from the base's edge and includes the limit itself (with the kit's
    measuring tolerance): a 32 mm base centred here stands exactly 1" + 0.001" from the point."""
    g = beacon_game(rules, ace=(1.3690787401574804, 30.0))
    base = g.battle.base(g.unit("ace"), g.unit("ace").figures[0])
    assert geometry.distance(base, geometry.Base(3.0, 30.0)) == 1.0 + geometry.TOLERANCE
    assert objectives.holder(g.battle, "beacon") == "hero"


@BOTH
def test_the_objective_is_a_point_not_a_base(rules):
    """A base edge 1.5" from the objective's point is too far: the objective has no radius of
    its own, and it stands at (3, 30), not at (30, 30) or (3, 3)."""
    g = beacon_game(rules, ace=(3.0 + 0.63 + 1.5, 30.0))
    assert objectives.holder(g.battle, "beacon") is None
    g = beacon_game(rules, ace=(30.0, 30.0))
    assert objectives.holder(g.battle, "beacon") is None
    g = beacon_game(rules, ace=(3.0, 31.5))
    assert objectives.holder(g.battle, "beacon") == "hero"


@BOTH
def test_objectives_judge_only_reach_and_collect(rules):
    """Survive and Kill all are the round's to judge (flow.py): asked about them, the objectives
    say not met, even after the rounds Survive asks for."""
    g = beacon_game(rules, ace=(3.0, 31.5))
    assert objectives.holds(g.battle, Reach(objective="beacon"))
    assert not objectives.holds(g.battle, Survive(rounds=0))
    assert not objectives.holds(g.battle, KillAll())
