"""Ambush and Scout (star-quest.en.md#Special Rules Reference: Ambush, Ambush [AI Units], Scout;
star-quest.de.md#SONDERREGELN: Ambush [Hinterhalt], Ambush [Hinterhalt - KI-Einheiten], Scout).
Every die is typed, in the order the engine rolls it."""

from __future__ import annotations

import math

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest import geometry
from domain.systems.starquest.commands import (
    Activate,
    EndActivation,
    PlaceAmbusher,
    ScoutMove,
    SetAside,
    StartRound,
)
from domain.systems.starquest.content import KillAll, Wave, WaveUnit
from tests.starquest.game import Game, enemy, hero, names, of, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SPECIAL = {"en": "star-quest.en.md#Special Rules Reference", "de": "star-quest.de.md#SONDERREGELN"}
#: Base-to-base 9" from the sentry at (46, 46): two 32 mm bases are 1.2598" between rims and centres.
RIMS = 32 / 25.4
EXACTLY_NINE = (46.0, 46.0 - 9.0 - RIMS)


def ambush_wave(round_: int, name: str, models: int = 1) -> Wave:
    return Wave(round=round_, units=(WaveUnit(enemy=name, models=models, ambush=True),))


def party(rules: str, **kw) -> Game:
    """Ace has Ambush, Bo has not; deployment is left open."""
    return Game(rules, heroes=[hero("Ace", rules=["Ambush"]), hero("Bo")], start=False, **kw)


# --- hero ambushers -----------------------------------------------------------------------------


@BOTH
def test_ambush_a_hero_set_aside_before_deployment_waits_off_the_table(rules):
    """#Ambush: may be set aside before deployment; the round starts without it."""
    g = party(rules)
    events = g.do(SetAside("ace"))
    assert events == [ev.HeroSetAside("ace")]
    g.do(StartRound())
    assert g.unit("ace").set_aside and not g.unit("ace").on_table
    assert g.refused(Activate("ace")).code == "cannot_act"
    g.do(Activate("bo"))
    g.do(EndActivation("bo"))  # the last hero on the table: the AI phase follows
    assert g.battle.phase in ("ai", "heroes")


@BOTH
def test_ambush_only_heroes_with_the_rule_and_only_before_the_first_round(rules):
    """#Ambush: the rule's own heroes, before deployment; at least one hero starts on the table."""
    g = party(rules)
    error = g.refused(SetAside("bo"))
    assert (error.code, error.rule) == ("no_ambush", SPECIAL[rules])
    g.do(StartRound())
    assert g.refused(SetAside("ace")).code == "not_deployment"
    hidden = Game(rules, heroes=[hero("Ace", rules=["Ambush"]), hero("Bo", rules=["Ambush"])], start=False)
    hidden.do(SetAside("ace"))
    hidden.do(SetAside("bo"))
    assert hidden.refused(StartRound()).code == "no_hero_deployed"


@BOTH
def test_ambush_a_hero_is_placed_at_the_start_of_a_round_after_the_first(rules):
    """#Ambush: at the start of any round after the first: never in round 1, never once a hero has activated."""
    g = party(rules)
    g.do(SetAside("ace"))
    g.do(StartRound())
    error = g.refused(PlaceAmbusher("ace", 20, 20))
    assert (error.code, error.rule) == ("not_round_start", SPECIAL[rules])
    g.next_round()
    assert g.battle.round == 2
    g.do(Activate("bo"))
    assert g.refused(PlaceAmbusher("ace", 20, 20)).code == "not_round_start"
    g.do(EndActivation("bo"))
    g.run_ai()
    assert g.battle.round == 3
    events = g.do(PlaceAmbusher("ace", 20, 20))
    assert events == [ev.AmbushPlaced("ace", 20, 20)]
    assert g.at("ace") == (20, 20) and g.unit("ace").on_table and not g.unit("ace").set_aside
    g.do(Activate("ace"))
    assert g.refused(PlaceAmbusher("ace", 21, 21)).code == "not_set_aside"


@pytest.mark.parametrize(("rules", "placed"), [("en", False), ("de", True)])
def test_ambush_over_nine_inches_in_english_at_least_nine_in_german(rules, placed):
    """star-quest.en.md#Special Rules Reference (Ambush): over 9" from enemy units;
    star-quest.de.md#SONDERREGELN (Hinterhalt): at least 9". Exactly 9" tells them apart."""
    g = party(rules)
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    assert g.refused(PlaceAmbusher("ace", 46.0, 40.0)).code == "too_close_to_enemies"
    if placed:
        g.do(PlaceAmbusher("ace", *EXACTLY_NINE))
        assert g.unit("ace").on_table
    else:
        error = g.refused(PlaceAmbusher("ace", *EXACTLY_NINE))
        assert (error.code, error.rule) == ("too_close_to_enemies", SPECIAL[rules])
        g.do(PlaceAmbusher("ace", EXACTLY_NINE[0], EXACTLY_NINE[1] - 0.01))


@BOTH
def test_ambush_a_hero_is_placed_on_the_table_and_on_no_other_model(rules):
    """#Ambush ("anywhere"): on the table, and not on top of another model."""
    g = party(rules)
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.next_round()
    assert g.refused(PlaceAmbusher("ace", 49, 10)).code == "off_table"
    bo = g.at("bo")
    assert g.refused(PlaceAmbusher("ace", bo[0] + 0.5, bo[1])).code == "overlaps"


@BOTH
def test_ambush_a_waiting_hero_keeps_the_party_in_the_mission(rules):
    """#Shooting (Unconscious) with #Ambush: all heroes down means defeat, but a hero waiting in ambush is not down."""
    g = party(rules)
    g.do(SetAside("ace"))
    g.do(StartRound())
    g.do(Activate("bo"))
    g.patch("bo", unconscious=True)
    g.do(EndActivation("bo"))
    assert g.battle.outcome is None and g.battle.phase == "ai"
    g.patch("ace", set_aside=False)  # without the hero in ambush, the same end loses
    g.patch("sentry-1-1", activated=True)
    g.do(g.ai_command(), actor="worker")
    assert g.battle.outcome == "defeat"


# --- AI ambushers --------------------------------------------------------------------------------


def ai_ambush_game(rules: str, goals=((44.0, 44.0),), models: int = 1, **kw) -> Game:
    stalker = enemy("Stalker", rules=["Ambush"], models=models, base_mm=25)
    return Game(rules, enemies=[stalker], waves=[ambush_wave(1, "Stalker", models)], goals=goals, start=False, **kw)


@BOTH
def test_ambush_ai_units_arrive_d3_rounds_after_their_wave(rules):
    """#Ambush [AI Units]: only deploys D3 rounds after its wave; the D3 is a logged roll."""
    g = ai_ambush_game(rules)
    events = g.do(StartRound(), 4)  # a d6 of 4 halves to a D3 of 2
    roll = next(e for e in events if isinstance(e, DiceRolled))
    assert roll.rule == SPECIAL[rules] and "Ambush" in roll.purpose and roll.results == [2]
    assert of(events, ev.AmbushScheduled) == [ev.AmbushScheduled("stalker-1-1", "Stalker", 1, 3)]
    assert "stalker-1-1" not in g.battle.units
    g.next_round()
    assert "stalker-1-1" not in g.battle.units and g.battle.round == 2
    g.idle_heroes()
    faces = (3,) if rules == "en" else ()
    events = g.do(g.ai_command(), *faces, actor="worker")
    assert names(events)[-2:] == ["AmbushArrived", "UnitPlaced"] and "RoundStarted" in names(events)
    assert g.unit("stalker-1-1").on_table and g.battle.ambushers == {}


def _arrive_in_round_two(g: Game, *faces: int) -> list:
    g.do(StartRound(), 1)  # D3 = 1: round 2
    g.idle_heroes()
    return g.do(g.ai_command(), *faces, actor="worker")


@pytest.mark.parametrize(("face", "centre"), [(1, (12.0, 12.0)), (2, (36.0, 12.0)), (3, (12.0, 36.0)), (4, (36.0, 36.0))])
def test_ambush_english_ai_units_arrive_at_the_centre_of_a_random_table_quarter(face, centre):
    """star-quest.en.md#Special Rules Reference (Ambush [AI Units]): placed at the centre of a
    random table quarter (a d4: 1 lower left, 2 lower right, 3 upper left, 4 upper right)."""
    g = ai_ambush_game("en")
    events = _arrive_in_round_two(g, face)
    quarter = [e for e in events if isinstance(e, DiceRolled)][-1]
    assert quarter.sides == [4] and quarter.results == [face]
    assert of(events, ev.AmbushArrived) == [ev.AmbushArrived("stalker-1-1", f"quarter {face}")]
    assert g.at("stalker-1-1") == pytest.approx(centre)


def test_ambush_english_quarter_on_the_small_table():
    """star-quest.en.md#Battlefield: the 2'x2' table has its quarters' centres at 6" and 18"."""
    g = ai_ambush_game("en", table=24, goals=((22.0, 22.0),), sentry=False, at={"ace": (2.0, 2.0)})
    g.do(StartRound(), 1)
    g.do(Activate("ace"))
    g.do(EndActivation("ace"), 4)  # no AI unit on the table: the next round starts at once
    assert g.at("stalker-1-1") == pytest.approx((18.0, 18.0))


@pytest.mark.parametrize(("face", "goal"), [(1, (44.0, 44.0)), (2, (10.0, 30.0))])
def test_ambush_german_ai_units_arrive_within_six_inches_of_a_random_ai_goal(face, goal):
    """star-quest.de.md#SONDERREGELN (Hinterhalt - KI-Einheiten): within 6" of the AI goal, a
    random one of several; the whole unit stands within 6" and keeps together."""
    g = ai_ambush_game("de", goals=((44.0, 44.0), (10.0, 30.0)), models=3)
    events = _arrive_in_round_two(g, face)
    pick = [e for e in events if isinstance(e, DiceRolled)][-1]
    assert pick.sides == [2] and pick.results == [face]
    unit = g.unit("stalker-1-1")
    bases = g.battle.bases(unit)
    assert len(bases) == 3
    assert all(geometry.distance(b, geometry.Base(*goal)) <= 6.0 + 1e-6 for b in bases)
    assert geometry.coherent(bases, 1.0, 3.0)


def test_ambush_german_one_ai_goal_needs_no_roll():
    """star-quest.de.md#SONDERREGELN: with one AI goal nothing is random."""
    g = ai_ambush_game("de", goals=((30.0, 30.0),))
    events = _arrive_in_round_two(g)
    assert [e for e in events if isinstance(e, DiceRolled)] == []
    assert g.at("stalker-1-1") == pytest.approx((30.0, 30.0))


def test_ambush_an_ai_unit_is_not_set_down_on_a_hero():
    """#Ambush [AI Units]: a hero at the quarter's centre moves the ambusher to the closest free
    spot, 1" from the hero (star-quest.en.md#Movement)."""
    g = ai_ambush_game("en", at={"ace": (12.0, 12.0)})
    _arrive_in_round_two(g, 1)
    hero_base = g.battle.bases(g.unit("ace"))[0]
    placed = g.battle.bases(g.unit("stalker-1-1"))[0]
    assert 1.0 - 1e-6 <= geometry.distance(hero_base, placed) <= 2.0


@BOTH
def test_ambush_kill_all_waits_for_ambushers_still_to_come(rules):
    """docs/content-format.md (kill_all: ambushers included) with #Ambush [AI Units]."""
    g = ai_ambush_game(rules, victory=(KillAll(),), sentry=False)
    g.do(StartRound(), 6)  # D3 = 3: round 4
    g.next_round()
    assert g.battle.outcome is None and "stalker-1-1" in g.battle.ambushers


# --- Scout -----------------------------------------------------------------------------------------


@BOTH
def test_scout_a_hero_moves_up_to_twelve_inches_after_deploying(rules):
    """#Scout: after being deployed the model may move up to 12"; once; only with the rule."""
    g = Game(rules, heroes=[hero("Ace", rules=["Scout"]), hero("Bo")], at={"ace": (10.0, 6.0)}, start=False)
    error = g.refused(ScoutMove("ace", 10.0, 18.01))
    assert (error.code, error.rule) == ("too_far", SPECIAL[rules])
    events = g.do(ScoutMove("ace", 10.0, 18.0))
    assert names(events) == ["Scouted", "Moved"] and g.at("ace") == (10.0, 18.0)
    assert g.refused(ScoutMove("ace", 10.0, 20.0)).code == "scouted"
    assert g.refused(ScoutMove("bo", 14.0, 10.0)).code == "no_scout"
    g.do(StartRound())
    assert g.refused(ScoutMove("ace", 10.0, 19.0)).code == "not_deployment"


@BOTH
def test_scout_halved_on_the_small_table_and_capped_by_difficult_terrain(rules):
    """star-quest.en.md#Battlefield (2'x2' halves every distance) and #Terrain (difficult: 6" at most)."""
    g = Game(rules, heroes=[hero("Ace", rules=["Scout"])], enemies=[enemy()], waves=[wave(1, "Grunt", (20.0, 20.0))], table=24, at={"ace": (5.0, 3.0)}, sentry=False, start=False, goals=((20.0, 20.0),))
    assert g.refused(ScoutMove("ace", 5.0, 9.01)).code == "too_far"
    g.do(ScoutMove("ace", 5.0, 9.0))
    mud = piece("mud", 0, 10, 48, 12, difficult=True)
    g2 = Game(rules, heroes=[hero("Ace", rules=["Scout"])], terrain=[mud], at={"ace": (10.0, 6.0)}, start=False)
    assert g2.refused(ScoutMove("ace", 10.0, 14.0)).code == "too_far"
    g2.do(ScoutMove("ace", 10.0, 12.0))


@BOTH
def test_scout_an_ai_unit_moves_twelve_inches_toward_the_closest_hero_when_placed(rules):
    """#Scout for AI units: a fixed rule, straight at the closest hero, 12" at most."""
    scout = enemy("Runner", rules=["Scout"])
    g = Game(rules, enemies=[scout], waves=[wave(1, "Runner", (24.0, 40.0))], at={"ace": (24.0, 6.0)}, start=False)
    events = g.do(StartRound())
    assert ev.Scouted("runner-1-1") in events
    assert g.at("runner-1-1") == pytest.approx((24.0, 28.0))


@BOTH
def test_scout_an_ai_unit_stops_one_inch_from_heroes(rules):
    """#Scout with star-quest.en.md#Movement: no move but a charge ends within 1" of an enemy."""
    scout = enemy("Runner", rules=["Scout"], models=2, base_mm=25)
    g = Game(rules, enemies=[scout], waves=[wave(1, "Runner", (24.0, 14.0), (25.5, 14.0))], at={"ace": (24.0, 6.0)}, start=False)
    g.do(StartRound())
    ace = g.battle.bases(g.unit("ace"))[0]
    gaps = [geometry.distance(ace, b) for b in g.battle.bases(g.unit("runner-1-1"))]
    assert min(gaps) == pytest.approx(1.0, abs=0.05) and min(gaps) >= 1.0 - 1e-6
    assert g.at("runner-1-1")[1] < 14.0 and math.isclose(g.at("runner-1-1")[0], 24.0, abs_tol=1e-6)


def test_ambush_german_a_hero_on_the_goal_moves_the_ambusher_aside_but_within_six_inches():
    """star-quest.de.md#SONDERREGELN (Hinterhalt - KI-Einheiten) with #BEWEGUNG: the closest free
    spot within 6" of the goal, 1" from the hero standing on it."""
    g = ai_ambush_game("de", goals=((30.0, 30.0),), models=3, at={"ace": (30.0, 30.0)})
    _arrive_in_round_two(g)
    hero_base = g.battle.bases(g.unit("ace"))[0]
    bases = g.battle.bases(g.unit("stalker-1-1"))
    assert min(geometry.distance(hero_base, b) for b in bases) >= 1.0 - 1e-6
    assert all(geometry.distance(b, geometry.Base(30.0, 30.0)) <= 6.0 + 1e-6 for b in bases)
    assert geometry.coherent(bases, 1.0, 3.0)


@BOTH
def test_scout_a_hero_may_not_walk_off_a_drop_that_needs_a_jump(rules):
    """#Scout with star-quest.en.md#Jumping: a drop over 3" is no walk, so no Scout move either."""
    from domain.systems.starquest.state import Figure

    tower = piece("tower", 8, 4, 12, 8, elevated=True, height=5.0)
    g = Game(rules, heroes=[hero("Ace", rules=["Scout"])], terrain=[tower], at={"ace": (10.0, 6.0)}, start=False)
    g.patch("ace", figures=(Figure("ace", 10.0, 6.0, 5.0),))
    error = g.refused(ScoutMove("ace", 10.0, 14.0))
    assert error.code == "must_jump"
    g.do(ScoutMove("ace", 10.0, 7.0))
