"""A jump as a player reads it (star-quest.en.md#Jumping, #Falling, #Terrain; star-quest.de.md#SONDERBEWEGUNGEN,
#GELÄNDE): the refusals' values, the tests named in the log, stopping at the ledge on a slant,
and dangerous ground on the way. Every die is typed."""

from __future__ import annotations

import math

import pytest

from domain.events import DiceRolled
from domain.systems.starquest.commands import Activate, Advance, Answer, Hold, Jump
from service.i18n import error_message
from tests.starquest.game import hero, of, piece
from tests.starquest.test_falling_push import JUMP_SECTION, _on_roof

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
RADIUS = 32 / 25.4 / 2


@BOTH
def test_a_refused_jump_names_its_values(rules):
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    assert g.refused(Jump("ace", 21, 15)).code == "jump_needs_move"  # a Hold is no move
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 17, 15))
    far = g.refused(Jump("ace", 25, 15))
    assert (far.code, far.rule, far.params) == ("too_far_to_jump", JUMP_SECTION[rules], {"reach": 6.0, "length": 8.0})
    near = g.refused(Jump("ace", 18, 15))
    assert (near.code, near.params) == ("no_jump_needed", {"gap": 0.0, "drop": 0.0})
    off = g.refused(Jump("ace", -0.5, 15))
    assert (off.code, off.params) == ("off_table", {"x": -0.5, "y": 15, "table": 48})
    assert g.refused(Jump("ace", 17, 48.5)).params == {"x": 17, "y": 48.5, "table": 48}
    assert error_message(far.code, far.params, "en", system="star-quest") == 'a jump reaches at most 6"; this one is 8.00"'
    g.do(Jump("ace", 21, 15), 4, 4)
    again = g.refused(Jump("ace", 22, 15))
    assert (again.code, again.params) == ("already_jumped", {"unit": "ace"})


@BOTH
def test_each_jumping_test_is_a_dex_test_named_jump(rules):
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 22, 15), 4, 5)  # a 3" jump: two tests
    assert [e.purpose for e in of(events, DiceRolled)] == ["dex test: jump", "dex test: jump"]


@BOTH
def test_a_hero_paying_to_stop_on_a_slant_stops_short_of_the_corner_on_its_way(rules):
    """#Falling: within 1" of the ledge, on the straight way toward where it meant to land."""
    g = _on_roof(4.0, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 18, 18))
    g.do(Jump("ace", 21, 21), 1, 1)  # 4.2": two tests, both failed
    g.do(Answer("ace", False))
    g.do(Answer("ace", True))
    x, y = g.at("ace")
    along = math.hypot(2, 2) - RADIUS - 0.01  # the roof's corner (20, 20) less a radius and the slack
    assert (x, y) == pytest.approx((18 + along / math.sqrt(2), 18 + along / math.sqrt(2)), abs=1e-6)


@BOTH
def test_a_jump_landing_beside_dangerous_ground_rolls_unless_flying(rules):
    acid = piece("acid", 21.0, 15.4, 22.0, 16.0, dangerous=True)  # under the base's edge at the landing, not its centre
    g = _on_roof(4.0, acid, rules=rules)
    g.do(Activate("ace"))
    g.do(Advance("ace", 19, 15))
    events = g.do(Jump("ace", 22, 15), 4, 4, *[2] * 6)  # Tou 6: six dice, no 1
    assert [e.purpose for e in of(events, DiceRolled)][2:] == ["dangerous terrain: ace"]
    flying = _on_roof(4.0, acid, hero_profile=hero("Ace", rules=["Flying"]), rules=rules)
    flying.do(Activate("ace"))
    flying.do(Advance("ace", 19, 15))
    assert not of(flying.do(Jump("ace", 22, 15)), DiceRolled)
