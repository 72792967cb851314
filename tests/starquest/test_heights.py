"""A model stands at the height of the ground under it, however it got there (star-quest.en.md#Jumping,
#Falling, #Movement; star-quest.de.md#SONDERBEWEGUNGEN, #BEWEGUNG): deploying, moving, charging,
scouting, scurrying, jumping, pushing, AI moves and every placement. Every die is typed."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import (
    Activate,
    Advance,
    Answer,
    Charge,
    EndActivation,
    Jump,
    PlaceAmbusher,
    Push,
    Rush,
    ScoutMove,
    Scurry,
    SetAside,
    StartRound,
)
from domain.systems.starquest.content import Wave, WaveUnit
from tests.starquest.game import Game, enemy, hero, of, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
#: A 2" roof: climbed and left by walking (a drop up to 3" needs no jump).
ROOF = piece("roof", 20, 20, 30, 30, elevated=True, height=2.0)
RIM = 32 / 25.4  # two 32 mm bases: centre to centre when touching


def z(game: Game, unit_id: str) -> list[float]:
    return [f.z for f in game.unit(unit_id).figures]


@BOTH
def test_a_hero_deployed_on_a_roof_stands_on_it(rules):
    g = Game(rules, terrain=[ROOF], at={"ace": (25.0, 25.0)})
    assert z(g, "ace") == [2.0]


@BOTH
def test_a_wave_placed_on_a_roof_stands_on_it(rules):
    g = Game(rules, terrain=[ROOF], enemies=[enemy()], waves=[wave(1, "Grunt", (25.0, 25.0))])
    assert z(g, "grunt-1-1") == [2.0]


@BOTH
def test_advance_onto_a_roof_and_rush_off_it(rules):
    g = Game(rules, terrain=[ROOF], at={"ace": (25.0, 16.0)})
    g.do(Activate("ace"))
    g.do(Advance("ace", 25.0, 21.0))
    assert z(g, "ace") == [2.0]
    g.do(EndActivation("ace"))
    g.run_ai()
    g.do(Activate("ace"))
    g.do(Rush("ace", 25.0, 33.0))
    assert z(g, "ace") == [0.0]


@BOTH
def test_a_charge_ends_on_the_roof_its_target_stands_on(rules):
    """#Melee: into base contact; the charger climbs the 2" roof and stands on it."""
    g = Game(rules, terrain=[ROOF], enemies=[enemy()], waves=[wave(1, "Grunt", (25.0, 24.0))], at={"ace": (25.0, 14.0)})
    g.do(Activate("ace"))
    events = g.do(Charge("ace", "grunt-1-1"))
    contact = of(events, ev.Moved)[0].figures[0]
    assert (contact.y, contact.z) == (pytest.approx(24.0 - RIM), 2.0)
    assert z(g, "ace") == [2.0]  # stepped back 1", still on the roof


@BOTH
def test_a_scout_move_onto_a_roof(rules):
    g = Game(rules, heroes=[hero("Ace", rules=["Scout"])], terrain=[ROOF], at={"ace": (25.0, 14.0)}, start=False)
    g.do(ScoutMove("ace", 25.0, 24.0))
    assert z(g, "ace") == [2.0]


@BOTH
def test_a_scurry_onto_a_roof(rules):
    g = Game(rules, terrain=[ROOF], at={"ace": (25.0, 18.5)})
    g.do(Activate("ace"))
    g.do(Scurry("ace", 25.0, 25.0), 5, 6)  # Dex passed, D3 = 3"
    assert g.at("ace") == pytest.approx((25.0, 21.5)) and z(g, "ace") == [2.0]


@BOTH
def test_a_jump_lands_on_the_far_roof(rules):
    """#Jumping: a 2" gap between two 2" roofs; the hero lands on the far one."""
    far = piece("far", 32, 20, 40, 30, elevated=True, height=2.0)
    g = Game(rules, terrain=[ROOF, far], at={"ace": (28.0, 25.0)})
    g.do(Activate("ace"))
    g.do(Advance("ace", 29.0, 25.0))
    g.do(Jump("ace", 33.0, 25.0), 4, 4)
    assert g.at("ace") == (33.0, 25.0) and z(g, "ace") == [2.0]


@BOTH
def test_a_failed_jump_lands_at_the_height_of_the_ground_below(rules):
    """#Falling: placed at the bottom; it stands on the table there."""
    high = piece("high", 10, 10, 20, 20, elevated=True, height=5.0)
    g = Game(rules, terrain=[high], at={"ace": (18.0, 15.0)})
    assert z(g, "ace") == [5.0]
    g.do(Activate("ace"))
    g.do(Advance("ace", 19.0, 15.0))
    g.do(Jump("ace", 23.0, 15.0), 1, 4)
    g.do(Answer("ace", False))
    g.do(Answer("ace", False), 6)  # the fall's hit is blocked
    assert z(g, "ace") == [0.0] and g.at("ace")[0] > 20.0


@BOTH
def test_an_ai_move_ends_on_a_roof(rules):
    """#AI Activations: a Rush toward the hero crosses onto the roof and stands on it."""
    g = Game(rules, terrain=[ROOF], enemies=[enemy()], waves=[wave(1, "Grunt", (25.0, 36.0))], at={"ace": (25.0, 6.0)})
    g.idle_heroes()
    command = g.ai_command()
    assert command.action == "rush"
    g.do(command, actor="worker")
    assert g.at("grunt-1-1") == pytest.approx((25.0, 24.0)) and z(g, "grunt-1-1") == [2.0]


@BOTH
def test_a_push_onto_and_off_a_roof(rules):
    """#Skill actions (Push) and #Falling: pushed onto the roof it stands on it; pushed off a 2"
    roof it falls (a lone model: one hit, here blocked by a 6)."""
    g = Game(rules, terrain=[ROOF], enemies=[enemy()], waves=[wave(1, "Grunt", (25.0, 19.0))], at={"ace": (25.0, 16.0)})
    g.do(Activate("ace"))
    g.do(Push("ace", "grunt-1-1"), 4)
    assert g.at("grunt-1-1") == pytest.approx((25.0, 21.0)) and z(g, "grunt-1-1") == [2.0]
    top = Game(rules, terrain=[ROOF], enemies=[enemy()], waves=[wave(1, "Grunt", (25.0, 29.0))], at={"ace": (25.0, 26.0)})
    top.do(Activate("ace"))
    events = top.do(Push("ace", "grunt-1-1"), 4, 6)
    assert of(events, ev.FigureFell) == [ev.FigureFell("grunt-1-1", "grunt-1-1.1", 2.0)]
    assert top.at("grunt-1-1") == pytest.approx((25.0, 31.0)) and z(top, "grunt-1-1") == [0.0]


@BOTH
def test_a_hero_ambusher_placed_on_a_roof_stands_on_it(rules):
    """#Special Rules Reference (Ambush)."""
    g = Game(rules, heroes=[hero("Ace", rules=["Ambush"]), hero("Bo")], terrain=[ROOF], start=False)
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    g.do(PlaceAmbusher("ace", 25.0, 25.0))
    assert z(g, "ace") == [2.0]


def test_an_ai_ambusher_placed_on_a_roof_stands_on_it():
    """star-quest.en.md#Special Rules Reference (Ambush [AI Units]): the quarter's centre (12, 12) is on a roof."""
    roof = piece("roof", 8, 8, 16, 16, elevated=True, height=2.0)
    stalker = enemy("Stalker", rules=["Ambush"])
    g = Game("en", enemies=[stalker], waves=[Wave(round=1, units=(WaveUnit(enemy="Stalker", models=1, ambush=True),))], terrain=[roof], start=False, at={"ace": (40.0, 6.0)})
    g.do(StartRound(), 1)  # D3 = 1: round 2
    g.idle_heroes()
    g.do(g.ai_command(), 1, actor="worker")  # quarter 1
    assert g.at("stalker-1-1") == pytest.approx((12.0, 12.0)) and z(g, "stalker-1-1") == [2.0]
