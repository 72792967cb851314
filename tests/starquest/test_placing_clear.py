"""Units keep 1" from every unit, friend or foe, and each model's own way counts
(star-quest.en.md#Skill actions Discover, #Movement, #Terrain, #AI Groups; star-quest.de.md#FERTIGKEITSAKTIONEN,
#BEWEGUNG, #GELÄNDE, #KI-AKTIVIERUNGEN): an enemy appearing from a search token, AI groups closing up."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.events import DiceRolled

from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry, groups
from domain.systems.starquest.commands import Activate, Discover
from domain.systems.starquest.content import SearchToken
from tests.starquest.game import Game, enemy, hero, of, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
RADIUS = geometry.base_radius_inches(32)


def _gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1]) - 2 * RADIUS


@BOTH
def test_discover_an_enemy_appears_1_inch_clear_of_an_ai_unit(rules):
    """star-quest.en.md#Movement: units keep 1" from other units, friends too, so the Lurker is
    pushed straight away from the Grunt standing by its token (a Wil 4 test rolled 4)."""
    trap = SearchToken(id="trap", at=(20.0, 20.0), content="enemy:Lurker")
    g = Game(rules, heroes=[hero("Ace", wil=4)], enemies=[enemy("Lurker"), enemy("Grunt")], waves=[wave(1, "Grunt", (20.0, 21.5))], search_tokens=(trap,), at={"ace": (20.0, 15.0)})
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "trap"), 4)
    (figure,) = of(events, ev.UnitPlaced)[0].figures
    assert (figure.x, figure.y) == pytest.approx((20.0, 21.5 - 2 * RADIUS - 1.0))


@BOTH
def test_discover_an_enemy_crowded_on_both_sides_goes_to_the_closest_free_spot(rules):
    """Pushed clear of the hero it would stand within 1" of the Grunt beyond it: it is set down at
    the closest spot around the token that is 1" from both (the ambush placement search)."""
    trap = SearchToken(id="trap", at=(10.0, 7.2), content="enemy:Lurker")
    g = Game(rules, heroes=[hero("Ace", wil=4)], enemies=[enemy("Lurker"), enemy("Grunt")], waves=[wave(1, "Grunt", (10.0, 9.6))], search_tokens=(trap,), at={"ace": (10.0, 6.0)})
    g.do(Activate("ace"))
    events = g.do(Discover("ace", "trap"))
    (figure,) = of(events, ev.UnitPlaced)[0].figures
    spot = (figure.x, figure.y)
    assert _gap(spot, (10.0, 6.0)) >= 1.0 - geometry.TOLERANCE and _gap(spot, (10.0, 9.6)) >= 1.0 - geometry.TOLERANCE
    assert spot == pytest.approx((10.0 + 4 * RADIUS, 7.2))  # four steps of a base radius to the right


# --- AI groups closing up -------------------------------------------------------------------

MOB = "mob-1-1"
SPREAD = ((10.0, 30.0), (14.0, 30.0), (18.0, 30.0))


def _mob(rules: str, *terrain) -> Game:
    """A Mob of three set up apart; the AI rushes its lead from (10, 30) to about (16.05, 19.63)
    and the others close up around it: the third from (18, 30) to about (17.53, 19.63), where the
    plain straight move would have taken it to about (24.05, 19.63)."""
    mob = msgspec.structs.replace(enemy("Mob", models=3, base_mm=25), tags=("ai-group",))
    g = Game(rules, heroes=[hero("Ace")], enemies=[mob], waves=[wave(1, "Mob", *SPREAD)], terrain=list(terrain), at={"ace": (24.0, 6.0)}, sentry=False)
    g.idle_heroes()
    return g


@BOTH
def test_terrain_dangerous_a_group_closing_up_rolls_for_each_models_own_path(rules):
    """star-quest.en.md#Terrain (Dangerous Terrain), #AI Groups: a model rolls for the way it
    really moves; the second model's way to its place crosses the pit (its plain straight move
    would not), so it alone rolls one die, and its 1 kills it."""
    g = _mob(rules, piece("pit", 14.8, 24.5, 15.9, 25.5, dangerous=True))
    command, events = g.ai_step(1)
    assert command.action == "rush"
    (roll,) = of(events, DiceRolled)
    assert roll.faces == [1] and roll.purpose == "dangerous terrain: mob-1-1.2"
    assert of(events, ev.FigureKilled) == [ev.FigureKilled(MOB, "mob-1-1.2")]


@BOTH
def test_terrain_dangerous_a_group_closing_up_rolls_not_for_a_way_it_did_not_take(rules):
    """The third model's plain straight move would cross the pit; its way to its place does not:
    nobody rolls (no die is typed in)."""
    g = _mob(rules, piece("pit", 22.5, 20.5, 24.5, 22.0, dangerous=True))
    command, events = g.ai_step()
    assert command.action == "rush" and not of(events, DiceRolled)
    assert (g.unit(MOB).figures[2].x, g.unit(MOB).figures[2].y) == pytest.approx((17.531, 19.635), abs=0.001)


@BOTH
def test_ai_groups_followers_with_no_place_in_the_cluster_keep_1_inch_too(rules):
    """star-quest.en.md#Movement, #AI Groups: a group of 20 closing up by the table's corner finds
    no cluster place for every follower; those head for where the straight move would put them,
    yet stop 1" before Ace (who stands there) and on no base of their own group."""
    rows = [(9.0 + 1.5 * (i % 10), 9.0 + 1.5 * (i // 10)) for i in range(20)]
    mob = msgspec.structs.replace(enemy("Mob", models=20, base_mm=25), tags=("ai-group",))
    g = Game(rules, heroes=[hero("Ace")], enemies=[mob], waves=[wave(1, "Mob", *rows)], at={"ace": (14.0, 2.0)}, sentry=False)
    battle, unit = g.battle, g.unit(MOB)
    shifted = [battle.standing(f, f.x - 8, f.y - 8) for f in unit.figures]  # the lead to (1, 1)
    closed = groups.close_up(battle, unit, 12.0, shifted)
    ace = battle.bases(g.unit("ace"))[0]
    bases = [battle.base(unit, f) for f in closed]
    gaps = sorted(geometry.distance(ace, b) for b in bases)
    assert gaps[0] == pytest.approx(1.0) and sum(1 for gap in gaps if gap < 1.01) == 4
    assert all(not geometry.overlaps(a, b) for i, a in enumerate(bases) for b in bases[i + 1 :])
    assert (closed[0].x, closed[0].y) == (1.0, 1.0)


@BOTH
def test_ai_activations_an_advance_to_shoot_is_judged_before_dangerous_terrain_rolls(rules):
    """star-quest.en.md#AI Activations, #Terrain: the Mob advances just far enough for its lead to
    have Ace in its Gun's 12"; the lead dies in the pit on its way (a 1), so nobody is left in
    range. The AI's step was right where the move put the models: the activation goes on (no
    shot, the morale test rolled 4) instead of being refused."""
    mob = msgspec.structs.replace(enemy("Mob", models=2, base_mm=25), tags=("ai-group",))
    g = Game(rules, heroes=[hero("Ace")], enemies=[mob], waves=[wave(1, "Mob", (24.0, 24.5), (24.0, 26.0))], terrain=[piece("pit", 22, 21, 26, 22, dangerous=True)], at={"ace": (24.0, 6.0)}, sentry=False)
    g.idle_heroes()
    command, events = g.ai_step(1, 3, 4)
    assert (command.action, command.target) == ("advance", "ace")
    assert of(events, ev.FigureKilled) == [ev.FigureKilled(MOB, "mob-1-1.1")] and not of(events, ev.AttackResolved)
    assert [r.faces for r in of(events, DiceRolled)] == [[1], [3], [4]] and of(events, ev.ActivationEnded)
