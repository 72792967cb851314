"""A hero's special rules inside the unit it joined (grimdark-future-1.5.md#Unit Types, Heroes):
Defense and Morale rolls use what most models have, and so do the rules those rolls use (Fearless,
Regeneration); the unit moves and hides with a rule only when every model has it (Fast, Strider,
Flying, Stealth), is held back by any Slow model, and fears with any Fear; Impact and Furious are
each model's own. Our reading: docs/grimdark-future-rules-notes.md, Units deployed as one."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import geometry
from domain.systems.grimdark.mixed import unit_rule
from tests.grimdark.game import Game, row, with_rules
from tests.grimdark.test_heights import LEDGE
from tests.grimdark.test_joining import deploy
from tests.grimdark.test_special_rules import _attacks


@pytest.mark.parametrize(
    ("name", "host", "models", "unit"),
    [
        ("Fearless", False, [False] * 5 + [True], False),
        ("Fearless", False, [False, True, True], True),
        ("Fearless", True, [False, True], True),  # no majority: the host's
        ("Regeneration", False, [True], True),
        ("Fast", True, [True] * 4 + [False], False),
        ("Stealth", True, [True] * 3, True),
        ("Slow", False, [False, False, True], True),
        ("Fear", False, [False] * 5 + [True], True),
        ("Scout", True, [True, False], True),  # not mixed: the host's
        ("Scout", True, [False, False, True], True),  # not mixed, whatever most models have
        ("Flying", True, [True], True),  # a unit of one model
        ("Slow", False, [False, False], False),
        ("Fast", True, [], True),  # no models to read: the host's
    ],
)
def test_how_a_rule_some_models_have_counts_for_the_unit(name, host, models, unit):
    assert unit_rule(name, host, models) is unit


def test_the_brood_mothers_regeneration_and_the_captains_fearless_count_once_most_models_have_them():
    game = Game()
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"], "creeper-swarm": ["brood-mother"]})
    squad, swarm = game.unit("vanguard-squad"), game.unit("creeper-swarm")
    assert (squad.rule("Fearless"), swarm.rule("Regeneration"), swarm.rule("Stealth"), swarm.rule("Fast")) == (False, False, False, False)
    left = msgspec.structs.replace(squad, models=squad.models[-2:])
    assert left.rule("Fearless") is False  # one of two: the host's
    alone = msgspec.structs.replace(swarm, models=swarm.models[-1:])
    assert (alone.rule("Regeneration"), alone.rule("Stealth"), alone.rule("Fast")) == (True, False, False)


def test_dust_riders_led_by_the_captain_are_not_fast_and_only_he_is_furious():
    """The Captain (Quality 3+) has Furious and joins the Dust Riders (Fast): the unit advances
    6", not 9"; charging the Skitters, one Furious die is rolled, at his Quality."""
    game = Game(pack=with_rules("Captain Hale Morrow", rules=("Furious",)))
    deploy(game, {"dust-riders": ["captain-hale-morrow"]})
    riders = game.unit("dust-riders")
    assert [m.id for m in riders.models][-1] == "captain-hale-morrow-1"
    slow = game.refused(cmd.Advance(unit="dust-riders", positions=[(m.x, m.y + 8) for m in riders.models]))
    assert (slow.code, slow.params["max"]) == ("too_far", 6.0)
    contact = 20 - 2 * 0.492126
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact), (40, 17.5)])
    events = game.do(charge, 3, 4, *[1] * 11)
    assert [(e.purpose, e.results) for e in events if type(e).__name__ == "DiceRolled"][:2] == [("dust-riders: Furious", [3]), ("dust-riders: Furious to wound skitter-swarm", [4])]
    assert _attacks(events)[0] == ev.AttackResolved("dust-riders", "Furious", "skitter-swarm", 1, 1, 1)


def test_a_flying_squad_led_by_a_hero_who_cannot_fly_climbs_the_ledge_in_its_move():
    """The Vanguard Squad given Flying, the Captain joined without it: the unit is not Flying, so
    4.5" forward over the 2" ledge is 8.5" (2" up, 2" down); the squad alone flies it in 4.5"."""
    pack = with_rules("Vanguard Squad", rules=("Flying",))
    pack = msgspec.structs.replace(pack, missions=tuple(msgspec.structs.replace(m, depth=30, terrain=(LEDGE,)) for m in pack.missions))
    game = Game(pack=pack)
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"]})
    squad = game.unit("vanguard-squad")
    alone = msgspec.structs.replace(squad, models=squad.models[:-1])
    assert (squad.rule("Flying"), alone.rule("Flying")) == (False, True)
    assert geometry.longest_move(game.game, alone, geometry.placed(alone, row(12, 14.5, 5), "Movement")) == 4.5
    refused = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(12, 14.5, 6)))
    assert (refused.code, refused.params) == ("too_far", {"unit": "vanguard-squad", "action": "advance", "max": 6.0, "inches": 8.5})


def test_furious_riders_and_their_furious_captain_each_test_at_their_own_quality_and_the_hits_add_up():
    """#Special Rules, Furious, each model's own: the four Riders (Quality 4+) roll 4, 3, 1, 1,
    one hit (a 3 is no 4+), the Captain (Quality 3+) rolls 3, one hit: two hits to wound."""
    game = Game(pack=with_rules("Dust Riders", rules=("Furious",), pack=with_rules("Captain Hale Morrow", rules=("Furious",))))
    deploy(game, {"dust-riders": ["captain-hale-morrow"]})
    contact = 20 - 2 * 0.492126
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact), (40, 17.5)])
    events = game.do(charge, 4, 3, 1, 1, 3, 4, 4, *[1] * 11)
    assert [(e.purpose, e.results) for e in events if type(e).__name__ == "DiceRolled"][:2] == [("dust-riders: Furious", [4, 3, 1, 1, 3]), ("dust-riders: Furious to wound skitter-swarm", [4, 4])]
    assert _attacks(events)[0] == ev.AttackResolved("dust-riders", "Furious", "skitter-swarm", 5, 2, 2)
