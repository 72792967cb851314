"""Units keep 1" from every other unit, friend or foe, unless charging (star-quest.en.md#Movement;
star-quest.de.md#BEWEGUNG): moves, deployment, placements and the AI's moves alike."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.systems.starquest import geometry
from domain.systems.starquest.commands import Activate, Advance, DeployHero, PlaceAmbusher, Scurry, SetAside, StartRound
from tests.starquest.game import Game, enemy, hero, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SECTION = {"en": "star-quest.en.md#Movement", "de": "star-quest.de.md#BEWEGUNG"}
RIM = 32 / 25.4  # two 32 mm bases: centre to centre when touching


def two_heroes(rules: str) -> Game:
    """Ace at (10, 6), Bo at (16, 6)."""
    return Game(rules, heroes=[hero("Ace"), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (16.0, 6.0)})


@BOTH
def test_a_move_may_not_end_within_1_inch_of_a_friendly_unit(rules):
    g = two_heroes(rules)
    g.do(Activate("ace"))
    error = g.refused(Advance("ace", 16.0 - RIM - 0.5, 6.0))
    assert (error.code, error.rule) == ("too_close", SECTION[rules])
    assert error.params == {"unit": "bo", "gap": pytest.approx(0.5)}
    g.do(Advance("ace", 16.0 - RIM - 1.0, 6.0))  # exactly 1"
    assert g.at("ace") == pytest.approx((16.0 - RIM - 1.0, 6.0))


@BOTH
def test_a_move_may_pass_a_friend(rules):
    """Friends may be passed on the way (only enemies block it, "Moving through models"); the end keeps 1"."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (13.0, 6.0)})
    g.do(Activate("ace"))
    g.do(Advance("ace", 16.0, 6.0))
    assert g.at("ace") == (16.0, 6.0)


@BOTH
def test_deploying_within_1_inch_of_another_hero_is_refused(rules):
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], start=False, at={"ace": (10.0, 6.0), "bo": (20.0, 6.0)})
    error = g.refused(DeployHero("bo", 10.0 + RIM + 0.9, 6.0))
    assert (error.code, error.params) == ("too_close", {"unit": "ace", "gap": pytest.approx(0.9)})
    g.do(DeployHero("bo", 10.0 + RIM + 1.0, 6.0))


@BOTH
def test_an_ambusher_is_placed_1_inch_from_friendly_heroes(rules):
    """#Special Rules Reference (Ambush) with #Movement: a hero set down is no charge."""
    g = Game(rules, heroes=[hero("Ace", rules=["Ambush"]), hero("Bo")], start=False, at={"bo": (20.0, 6.0)})
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    bo = g.at("bo")
    error = g.refused(PlaceAmbusher("ace", bo[0] + RIM + 0.5, bo[1]))
    assert (error.code, error.params["unit"]) == ("too_close", "bo")
    g.do(PlaceAmbusher("ace", bo[0] + RIM + 1.0, bo[1]))


@BOTH
def test_a_scurry_stops_1_inch_from_a_friend(rules):
    """#Skill actions (Scurry): D3" toward a point, but it ends 1" from a friendly hero."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (10.0 + RIM + 2.0, 6.0)})
    g.do(Activate("ace"))
    g.do(Scurry("ace", 20.0, 6.0), 5, 6)  # Dex passed, D3 = 3"
    assert g.at("ace") == pytest.approx((11.0, 6.0))


@BOTH
def test_the_ai_stops_its_move_1_inch_from_a_friendly_unit(rules):
    """#AI Activations with #Movement: the AI's Rush toward a hero ends 1" from a friendly AI unit
    standing at its end, and the engine accepts it."""
    guard = enemy("Guard", toughness=3, rules=["Immobile"])
    g = Game(rules, enemies=[enemy(), guard], waves=[wave(1, "Grunt", (25.0, 36.0)), wave(1, "Guard", (25.0, 24.0 - RIM - 0.5))], at={"ace": (25.0, 6.0)}, sentry=False)
    g.idle_heroes()
    g.do(g.ai_command(), actor="worker")  # the Guard holds
    command = g.ai_command()
    assert (command.unit, command.action) == ("grunt-1-1", "rush")
    g.do(command, actor="worker")
    grunt, guard_at = g.at("grunt-1-1"), g.at("guard-2-1")
    assert math.dist(grunt, guard_at) - RIM == pytest.approx(1.0)
    assert grunt == pytest.approx((25.0, guard_at[1] + RIM + 1.0))


@BOTH
def test_an_ai_group_closing_up_keeps_1_inch_from_a_friendly_unit(rules):
    """#AI Groups with #Movement: the cluster place 0.97" from a friendly Post is skipped; the group
    still ends together and every model ends 1" or more from the Post."""
    mob = msgspec.structs.replace(enemy("Mob", models=3, base_mm=25), tags=("ai-group",))
    post = enemy("Post", rules=["Immobile"], toughness=3)
    waves = [wave(1, "Mob", (10.0, 30.0), (14.0, 30.0), (18.0, 30.0)), wave(1, "Post", (18.8, 21.5))]
    g = Game(rules, heroes=[hero("Ace")], enemies=[mob, post], waves=waves, at={"ace": (24.0, 6.0)}, sentry=False)
    g.idle_heroes()
    g.run_ai()
    mobs = g.battle.bases(g.unit("mob-1-1"))
    assert [(round(b.x, 3), round(b.y, 3)) for b in mobs] == [(16.046, 19.635), (15.304, 20.92), (17.531, 19.635)]
    assert min(geometry.distance(g.battle.bases(g.unit("post-2-1"))[0], b) for b in mobs) >= 1.0
    assert geometry.coherent(mobs, 1.0, 3.0)
