"""Blast(X) sharing its hits (star-quest.en.md#Special Rules Reference, Blast(X);
star-quest.de.md#SONDERREGELN, Blast(X) [Explosion(X)]): both versions read the same."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import (
    Activate,
    Answer,
    EndActivation,
    Hold,
    Shoot,
)
from service.i18n import error_message
from tests.starquest.game import Game, enemy, hero, names, of, wave, weapon

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SPECIAL = {"en": "star-quest.en.md#Special Rules Reference", "de": "star-quest.de.md#SONDERREGELN"}
PAIR, LONE = "pair-1-1", "lone-2-1"


def cluster(rules: str, blast: int = 3, arms=("Frag", "Rifle")) -> Game:
    """Ace at (24, 6); a pair at (24, 20) and (25.5, 20); a lone Tou 3 model 2" beside the pair."""
    g = Game(
        rules,
        heroes=[hero(weapons=list(arms))],
        enemies=[enemy("Pair", models=2), enemy("Lone", toughness=3)],
        weapons=[weapon("Frag", rules=[f"Blast({blast})"])],
        waves=[wave(1, "Pair", (24.0, 20.0), (25.5, 20.0)), wave(1, "Lone", (27.5, 20.0))],
        at={"ace": (24.0, 6.0)},
    )
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    return g


@BOTH
def test_blast_hits_left_over_from_an_even_split_are_the_shooting_players_pick(rules):
    """#Blast(X): X counts the target's models and the enemy models within 3" of it (2 + 1: 3
    hits); the hits are split evenly between the target and the units within 3", the player
    picks where the odd one goes; the shot's other weapons fire after the answer."""
    g = cluster(rules)
    events = g.do(Shoot("ace", PAIR), 5)
    offered = events[-1]
    assert isinstance(offered, ev.ChoiceOffered) and offered.kind == "blast_split" and offered.cost == 0
    assert (offered.context["then"], offered.context["extra"], offered.context["units"]) == ("blast_split", "1", f'["{PAIR}","{LONE}"]')
    assert g.battle.pending is not None and not of(events, ev.AttackResolved)
    assert g.refused(EndActivation("ace")).code == "choice_pending"
    events = g.do(Answer("ace", True, pick=[LONE]), 2, 2, 6, 5, 2)
    assert names(events)[:2] == ["ChoiceMade", "BlastSplit"]
    assert events[0] == ev.ChoiceMade("ace", "blast_split", True)
    assert of(events, ev.BlastSplit) == [ev.BlastSplit("ace", "Frag", {PAIR: 1, LONE: 2})]
    resolved = [(e.weapon, e.target, e.hits, e.wounds, e.cover) for e in of(events, ev.AttackResolved)]
    assert resolved == [("Frag", PAIR, 1, 1, False), ("Frag", LONE, 2, 1, False), ("Rifle", PAIR, 1, 1, False)]
    assert g.unit(PAIR).dead and g.wounds(LONE) == [1] and g.battle.pending is None


@BOTH
def test_blast_a_bad_pick_is_refused_and_the_choice_still_waits(rules):
    """#Blast(X) ("players pick how"): exactly the left-over count of different units of those sharing."""
    g = cluster(rules, arms=("Frag",))
    g.do(Shoot("ace", PAIR), 5)
    for pick in ([], [LONE, PAIR], ["sentry-3-1"], None):
        error = g.refused(Answer("ace", True, pick=pick))
        assert (error.code, error.rule, error.params) == ("bad_blast_split", SPECIAL[rules], {"extra": 1, "units": [PAIR, LONE]})
    assert error_message(error.code, error.params, "en", system="star-quest") == f"pick 1 different unit(s) of {PAIR}, {LONE} to take the hits left over from an even split"
    assert g.battle.pending is not None


@BOTH
def test_blast_declining_the_pick_gives_the_odd_hit_to_the_target(rules):
    """#Blast(X): a player who does not pick gets the default: the target first."""
    g = cluster(rules, arms=("Frag",))
    g.do(Shoot("ace", PAIR), 5)
    events = g.do(Answer("ace", False), 2, 2, 6)
    assert of(events, ev.BlastSplit)[0].shares == {PAIR: 2, LONE: 1}
    assert [(e.target, e.hits, e.wounds) for e in of(events, ev.AttackResolved)] == [(PAIR, 2, 2), (LONE, 1, 0)]
    assert g.unit(PAIR).dead


@BOTH
def test_blast_an_even_split_needs_no_choice(rules):
    """#Blast(X): Blast(2) makes 2 hits for 2 units: one each, nothing to pick."""
    g = cluster(rules, blast=2, arms=("Frag",))
    events = g.do(Shoot("ace", PAIR), 5, 6, 2)
    assert not of(events, ev.ChoiceOffered) and g.battle.pending is None
    assert of(events, ev.BlastSplit)[0].shares == {PAIR: 1, LONE: 1}
    assert [(e.target, e.hits, e.blocked) for e in of(events, ev.AttackResolved)] == [(PAIR, 1, 1), (LONE, 1, 0)]


@BOTH
def test_blast_ai_shooters_split_evenly_target_first_then_closest(rules):
    """#Blast(X) for the AI: no player picks, so a fixed rule: the target, then the units closest
    to the shooter. Three heroes within 3" of each other, Blast(2): 2 hits for 3 units."""
    g = Game(
        rules,
        heroes=[hero("Ace"), hero("Bo"), hero("Cy")],
        enemies=[enemy("Bomber", weapons=["Bomb"])],
        weapons=[weapon("Bomb", range=24, rules=["Blast(2)"])],
        waves=[wave(1, "Bomber", (24.0, 20.0))],
        at={"ace": (24.0, 6.0), "bo": (26.3, 6.0), "cy": (21.5, 6.0)},  # heroes keep 1" apart (#Movement)
        sentry=False,
    )
    g.idle_heroes()
    command, events = g.ai_step(5, 2, 2)
    assert command.target == "ace"
    assert of(events, ev.BlastSplit) == [ev.BlastSplit("bomber-1-1", "Bomb", {"ace": 1, "bo": 1, "cy": 0})]
    assert [(e.target, e.hits, e.wounds) for e in of(events, ev.AttackResolved)] == [("ace", 1, 1), ("bo", 1, 1)]
    assert g.wounds("cy") == [0]


@BOTH
def test_blast_a_pick_answers_only_a_blast_split(rules):
    """star-quest.en.md#General Principles: a failed test's choice is yes or no; a pick there is refused."""
    from domain.systems.starquest.commands import Scurry

    g = Game(rules)
    g.do(Activate("ace"))
    g.do(Scurry("ace", 10, 20), 1)
    error = g.refused(Answer("ace", True, pick=["ace"]))
    assert error.code == "nothing_to_pick" and error.rule.startswith(f"star-quest.{rules}.md#")
