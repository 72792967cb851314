"""Scout as the players read it (star-quest.en.md#Special Rules Reference, Scout;
star-quest.de.md#SONDERREGELN, Scout): every refusal's parameters, where an AI scout ends (at
its goal when no hero stands, capped by difficult terrain, kept on the table), and a scout move
through dangerous terrain. Every die is typed (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import ScoutMove, SetAside, StartRound
from tests.starquest.game import Game, enemy, hero, names, of, piece, wave

SPECIAL = "star-quest.en.md#Special Rules Reference"


def scout(**kw) -> Game:
    return Game(heroes=[hero("Ace", rules=["Scout", "Ambush"]), hero("Bo")], at={"ace": (10.0, 6.0)}, start=False, **kw)


def test_refused_scout_moves_name_the_unit_and_the_distances():
    g = scout()
    assert g.refusal(ScoutMove("ace", 10.0, 18.5)) == ("too_far", SPECIAL, {"action": "scout", "allowance": 12.0, "length": 12.5})
    assert g.refusal(ScoutMove("ace", 22.0, 11.0)) == ("too_far", SPECIAL, {"action": "scout", "allowance": 12.0, "length": 13.0})
    assert g.refusal(ScoutMove("ace", 14.0, 6.5))[0] == "too_close"
    assert g.refusal(ScoutMove("bo", 14.0, 10.0)) == ("no_scout", SPECIAL, {"unit": "bo"})
    for x, y in ((48.5, 6.0), (10.0, 48.5), (-0.5, 6.0), (10.0, -0.5)):
        assert g.refusal(ScoutMove("ace", x, y)) == ("off_table", "star-quest.en.md#Movement", {"x": x, "y": y, "table": 48})
    g.do(ScoutMove("ace", 10.0, 18.0))
    assert g.refusal(ScoutMove("ace", 10.0, 20.0)) == ("scouted", SPECIAL, {"unit": "ace"})
    g.do(StartRound())
    assert g.refusal(ScoutMove("ace", 10.0, 19.0)) == ("not_deployment", SPECIAL, {"variant": "scout"})


def test_a_hero_set_aside_does_not_scout():
    g = scout()
    g.do(SetAside("ace"))
    assert g.refusal(ScoutMove("ace", 10.0, 12.0)) == ("not_deployed", SPECIAL, {"unit": "ace"})


def test_a_scout_move_may_end_on_the_tables_edge():
    g = Game(heroes=[hero("Ace", rules=["Scout"]), hero("Bo")], at={"ace": (2.0, 2.0), "bo": (20.0, 6.0)}, start=False)
    g.do(ScoutMove("ace", 0.0, 0.0))
    assert g.at("ace") == (0.0, 0.0)
    h = Game(heroes=[hero("Ace", rules=["Scout"]), hero("Bo")], at={"ace": (46.0, 40.0), "bo": (20.0, 6.0)}, start=False)
    h.do(ScoutMove("ace", 48.0, 48.0))
    assert h.at("ace") == (48.0, 48.0)


def test_a_scout_move_of_nothing_is_the_scout_used():
    g = scout()
    assert g.do(ScoutMove("ace", 10.0, 6.0)) == [ev.Scouted("ace")]


def test_a_scout_move_through_dangerous_terrain_rolls_for_it_unless_flying():
    """star-quest.en.md#Terrain: moving through dangerous terrain rolls; Flying ignores terrain."""
    acid = piece("acid", 8, 9, 12, 10, dangerous=True)
    g = scout(terrain=[acid])
    events = g.do(ScoutMove("ace", 10.0, 14.0), 6, 6, 6, 6, 6, 6)
    assert names(events)[:2] == ["Scouted", "Moved"] and [d.purpose for d in of(events, DiceRolled)] == ["dangerous terrain: ace"]
    flyer = Game(heroes=[hero("Ace", rules=["Scout", "Flying"]), hero("Bo")], terrain=[acid], at={"ace": (10.0, 6.0)}, start=False)
    assert names(flyer.do(ScoutMove("ace", 10.0, 14.0))) == ["Scouted", "Moved"]


def test_an_ai_scout_runs_for_the_nearest_goal_when_no_hero_stands():
    """Our reading (the module's rule): with no hero standing, the AI scout goes straight for the
    nearest AI goal, 12" at most, and may end on it."""
    runner = enemy("Runner", rules=["Scout"])
    g = Game(enemies=[runner], waves=[wave(1, "Runner", (24.0, 40.0))], goals=((44.0, 44.0), (24.0, 30.0)), at={"ace": (24.0, 6.0)}, start=False)
    g.patch("ace", unconscious=True)
    g.do(StartRound())
    assert g.at("runner-1-1") == pytest.approx((24.0, 30.0))
    far = Game(enemies=[runner], waves=[wave(1, "Runner", (4.0, 40.0))], goals=((44.0, 40.0), (40.0, 10.0)), at={"ace": (24.0, 6.0)}, start=False)
    far.patch("ace", unconscious=True)
    far.do(StartRound())
    assert far.at("runner-1-1") == pytest.approx((16.0, 40.0))


def test_an_ai_scout_is_capped_by_difficult_terrain():
    """#Terrain: a way through difficult terrain is 6" at most."""
    runner = enemy("Runner", rules=["Scout"])
    mud = piece("mud", 0, 34, 48, 36, difficult=True)
    g = Game(enemies=[runner], waves=[wave(1, "Runner", (24.0, 40.0))], terrain=[mud], at={"ace": (24.0, 6.0)}, start=False)
    g.do(StartRound())
    assert g.at("runner-1-1") == pytest.approx((24.0, 34.0))


def test_an_ai_scout_goes_for_the_closest_hero():
    runner = enemy("Runner", rules=["Scout"])
    g = Game(heroes=[hero("Ace"), hero("Bo")], enemies=[runner], waves=[wave(1, "Runner", (24.0, 40.0))], at={"ace": (4.0, 6.0), "bo": (30.0, 6.0)}, start=False)
    g.do(StartRound())
    x, y = g.at("runner-1-1")
    assert x > 24.0 and y == pytest.approx(40.0 - 12.0 * 34.0 / (6.0**2 + 34.0**2) ** 0.5)


def test_an_ai_scouts_models_stay_on_the_table():
    """A unit whose straight way would take a model past the edge stops where it stays on."""
    runner = enemy("Runner", rules=["Scout"], models=2, base_mm=25)
    g = Game(enemies=[runner], waves=[wave(1, "Runner", (44.0, 40.0), (47.5, 40.0))], at={"ace": (47.0, 6.0)}, start=False)
    g.do(StartRound())
    share = 0.5 / (12.0 * 3.0 / (3.0**2 + 34.0**2) ** 0.5)
    assert max(f.x for f in g.unit("runner-1-1").figures) == pytest.approx(48.0)
    assert g.at("runner-1-1")[1] == pytest.approx(40.0 - 34.0 * 12.0 * share / (3.0**2 + 34.0**2) ** 0.5)
    left = Game(enemies=[runner], waves=[wave(1, "Runner", (4.0, 40.0), (0.5, 40.0))], at={"ace": (1.0, 6.0)}, start=False)
    left.do(StartRound())
    assert min(f.x for f in left.unit("runner-1-1").figures) == pytest.approx(0.0)

    near = Game(enemies=[runner], waves=[wave(1, "Runner", (4.0, 40.0), (1.5, 40.0))], at={"ace": (1.0, 6.0)}, start=False)
    near.do(StartRound())
    assert min(f.x for f in near.unit("runner-1-1").figures) == pytest.approx(1.5 - 3.0 * 12.0 / (3.0**2 + 34.0**2) ** 0.5)


def test_an_ai_scout_picks_the_goal_nearest_its_lead():
    runner = enemy("Runner", rules=["Scout"])
    g = Game(enemies=[runner], waves=[wave(1, "Runner", (40.0, 10.0))], goals=((4.0, 10.0), (44.0, 40.0)), at={"ace": (24.0, 46.0)}, start=False)
    g.patch("ace", unconscious=True)
    g.do(StartRound())
    assert g.at("runner-1-1") == pytest.approx((40.0 + 12.0 * 4.0 / (4.0**2 + 30.0**2) ** 0.5, 10.0 + 12.0 * 30.0 / (4.0**2 + 30.0**2) ** 0.5))


def test_an_ai_scout_is_capped_by_difficult_terrain_on_its_own_way():
    """Only terrain on the way counts: a bog beside it (where the way mirrored would run) does not."""
    runner = enemy("Runner", rules=["Scout"])
    bog = piece("bog", 14, 33, 18, 35, difficult=True)
    g = Game(enemies=[runner], waves=[wave(1, "Runner", (24.0, 40.0))], terrain=[bog], at={"ace": (14.0, 6.0)}, start=False)
    g.do(StartRound())
    assert g.at("runner-1-1")[1] < 40.0 - 11.0
    mud = piece("mud", 20, 34, 28, 36, difficult=True)
    h = Game(enemies=[runner], waves=[wave(1, "Runner", (24.0, 40.0))], terrain=[mud], at={"ace": (24.0, 6.0)}, start=False)
    h.do(StartRound())
    assert h.at("runner-1-1") == pytest.approx((24.0, 34.0))


def test_a_heros_diagonal_scout_counts_the_terrain_on_its_own_way_and_under_its_base():
    """#Terrain: difficult terrain on the way (the base's whole width) caps the move at 6"."""
    graze = piece("graze", 10.4, 9, 12, 11, difficult=True)  # 0.4" beside the way's centre line, under the base
    g = scout(terrain=[graze])
    assert g.refusal(ScoutMove("ace", 10.0, 14.0))[0] == "too_far"
    mirror = piece("mirror", 6, 9, 8, 11, difficult=True)  # where the way mirrored left would run
    h = scout(terrain=[mirror])
    h.do(ScoutMove("ace", 16.0, 14.0))
    assert h.at("ace") == (16.0, 14.0)


def test_a_heros_diagonal_scout_rolls_for_dangerous_terrain_on_its_way():
    acid = piece("acid", 13, 9, 15, 11, dangerous=True)
    g = scout(terrain=[acid])
    events = g.do(ScoutMove("ace", 18.0, 14.0), 6, 6, 6, 6, 6, 6)
    assert [d.purpose for d in of(events, DiceRolled)] == ["dangerous terrain: ace"]
    mirror = piece("mirror", 5, 9, 7, 11, dangerous=True)
    h = scout(terrain=[mirror])
    assert not of(h.do(ScoutMove("ace", 18.0, 14.0)), DiceRolled)
