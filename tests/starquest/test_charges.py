"""Charge moves (star-quest.en.md#Melee, #Movement, #Jumping; star-quest.de.md#NAHKAMPF, #BEWEGUNG,
#SONDERBEWEGUNGEN; Flying in #Special Rules Reference / #SONDERREGELN): the way a charging model
takes, what it may pass over and what ground it may walk. Every die is typed (none is rolled here:
no model has a melee weapon)."""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Charge
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, of, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
JUMP_SECTION = {"en": "star-quest.en.md#Jumping", "de": "star-quest.de.md#SONDERBEWEGUNGEN"}
RIM = 32 / 25.4  # two 32 mm bases: centre to centre when touching


def contact(events) -> tuple[float, float]:
    """Where the charger's charge move (the first move of the command) ended."""
    figure = of(events, ev.Moved)[0].figures[0]
    return (figure.x, figure.y)


def lined_up(rules: str, *ace_rules: str, friend: bool = True, blocker: bool = False) -> Game:
    """Ace at (24, 6); Bo (a friend) or a Blocker (an enemy) at (24, 10); the Target at (24, 16)."""
    heroes = [hero("Ace", rules=ace_rules), hero("Bo")]
    enemies, waves = [enemy("Target", toughness=3)], [wave(1, "Target", (24.0, 16.0))]
    if blocker:
        enemies.append(enemy("Blocker", toughness=3))
        waves.append(wave(1, "Blocker", (24.0, 10.0)))
    at = {"ace": (24.0, 6.0), "bo": (24.0, 10.0) if friend else (40.0, 6.0)}
    g = Game(rules, heroes=heroes, enemies=enemies, waves=waves, at=at, sentry=False)
    g.do(Activate("ace"))
    return g


@BOTH
def test_a_flying_charge_passes_over_its_own_sides_models(rules):
    """Flying "may move through units": over a friend, into base contact with the target."""
    g = lined_up(rules, "Flying")
    events = g.do(Charge("ace", "target-1-1"))
    assert contact(events) == pytest.approx((24.0, 16.0 - RIM))


@BOTH
def test_a_flying_charge_passes_over_enemy_models_too(rules):
    g = lined_up(rules, "Flying", friend=False, blocker=True)
    events = g.do(Charge("ace", "target-1-1"))
    assert contact(events) == pytest.approx((24.0, 16.0 - RIM))


@BOTH
def test_a_charge_may_pass_a_friend_but_not_another_enemy(rules):
    """"Moving through models": friends may be passed; an enemy other than the target stops the
    charge at its base ("or as close as possible")."""
    g = lined_up(rules)
    assert contact(g.do(Charge("ace", "target-1-1"))) == pytest.approx((24.0, 16.0 - RIM))
    blocked = lined_up(rules, friend=False, blocker=True)
    assert contact(blocked.do(Charge("ace", "target-1-1"))) == pytest.approx((24.0, 10.0 - RIM), abs=1e-6)


@BOTH
def test_a_charge_never_ends_on_a_friends_base(rules):
    """A friend in base contact with the target, in the way: the charger passes toward it but stops
    short of the friend's base, as close as it can get."""
    g = Game(rules, heroes=[hero("Ace", rules=["Flying"]), hero("Bo")], enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (24.0, 16.0))], at={"ace": (24.0, 6.0), "bo": (24.0, 12.0)}, sentry=False)
    g.patch("bo", figures=(Figure("bo", 24.0, 16.0 - RIM),))  # a melee left Bo in contact
    g.do(Activate("ace"))
    events = g.do(Charge("ace", "target-1-1"))
    assert contact(events) == pytest.approx((24.0, 16.0 - 2 * RIM), abs=1e-6)


TWO_ROOFS = (piece("near", 20, 20, 30, 30, elevated=True, height=2.0),)


@BOTH
def test_a_hero_may_not_charge_across_a_gap_over_1_inch(rules):
    """#Jumping: a 2" gap needs a jump; a charge is no move a Jump may follow, so it is refused."""
    far = piece("far", 32, 20, 40, 30, elevated=True, height=2.0)
    g = Game(rules, terrain=[*TWO_ROOFS, far], enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (35.0, 25.0))], at={"ace": (27.0, 25.0)})
    g.do(Activate("ace"))
    error = g.refused(Charge("ace", "target-1-1"))
    assert (error.code, error.rule) == ("must_jump", JUMP_SECTION[rules])
    assert error.params == {"gap": pytest.approx(2.0), "drop": 0.0}
    near = piece("far", 31, 20, 40, 30, elevated=True, height=2.0)
    walked = Game(rules, terrain=[*TWO_ROOFS, near], enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (35.0, 25.0))], at={"ace": (27.0, 25.0)})
    walked.do(Activate("ace"))
    events = walked.do(Charge("ace", "target-1-1"))  # a 1" gap is walked
    assert contact(events) == pytest.approx((35.0 - RIM, 25.0)) and of(events, ev.Moved)[0].figures[0].z == 2.0


@BOTH
def test_a_hero_may_not_charge_off_a_ledge_over_3_inches(rules):
    """#Jumping: more than 3" down needs a jump: the charge is refused; 3" is walked."""
    for height, refused in ((4.0, True), (3.0, False)):
        roof = piece("roof", 10, 10, 20, 20, elevated=True, height=height)
        g = Game(rules, terrain=[roof], enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (25.0, 15.0))], at={"ace": (18.0, 15.0)})
        g.do(Activate("ace"))
        if refused:
            error = g.refused(Charge("ace", "target-1-1"))
            assert (error.code, error.params) == ("must_jump", {"gap": 0.0, "drop": 4.0})
        else:
            events = g.do(Charge("ace", "target-1-1"))
            assert of(events, ev.Moved)[0].figures[0].z == 0.0 and not of(events, ev.FigureFell)


@BOTH
def test_a_charging_hero_steps_back_only_as_far_as_it_may_walk(rules):
    """#Melee ("separate by 1" if possible") with #Jumping: stepping back off a 4" roof would need a
    jump, so the hero stops at the ledge, on the roof, and does not drop without a fall."""
    roof = piece("roof", 10, 10, 20, 20, elevated=True, height=4.0)
    g = Game(rules, terrain=[roof], enemies=[enemy("Target", toughness=3)], waves=[wave(1, "Target", (18.0, 15.0))], at={"ace": (23.0, 15.0)})
    g.do(Activate("ace"))
    events = g.do(Charge("ace", "target-1-1"))
    moves = [m.figures[0] for m in of(events, ev.Moved) if m.unit == "ace"]
    assert [(round(f.x, 4), f.z) for f in moves] == [(round(18.0 + RIM, 4), 4.0), (19.99, 4.0)]
    assert not of(events, ev.FigureFell)
