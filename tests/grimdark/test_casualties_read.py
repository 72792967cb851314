"""grimdark-future-1.5.md#Shooting and #Special Rules (Tough(X), Deadly) with known dice: what a
player reads when the owner's pick of casualties is refused, and the wounds that need no pick
(every model of a unit without Tough, the regular models before a lone hero)."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import SHALLOW, Game, with_rules
from tests.grimdark.test_joining import deploy
from tests.grimdark.test_terrain import MINES

SHOOTING = "grimdark-future-1.5.md#Shooting"
SPECIAL = "grimdark-future-1.5.md#Special Rules"


def _read(error) -> tuple:
    return (error.code, error.rule, error.params, error.field)


def _losses(events) -> list:
    return [e for e in events if isinstance(e, (ev.ModelRemoved, ev.ModelWounded, ev.CasualtiesDue))]


def test_a_pick_of_unknown_repeated_or_too_few_models_is_refused_with_what_it_names():
    """Bone Crushers (Tough(3)), crusher 2 wounded once, owe 3 wounds."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 4, 1, 4, 6, 1, 1, 1, 1)
    game.do(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-2"]))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="ridge-squad", target="bone-crushers"), 4, 4, 4, 4, 6, 6, 5, 5, 5, 1, 1, 1)
    crushers = [f"bone-crushers-{k}" for k in (1, 2, 3)]
    stray = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-2", "skitter-swarm-1"]))
    assert _read(stray) == ("bad_casualties", SHOOTING, {"unit": "bone-crushers", "models": ["bone-crushers-2", "skitter-swarm-1"], "known": crushers}, "models")
    twice = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-2", "bone-crushers-2"]))
    assert _read(twice) == ("bad_casualties", SHOOTING, {"unit": "bone-crushers", "models": ["bone-crushers-2", "bone-crushers-2"], "known": crushers}, "models")
    first = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1", "bone-crushers-2"]))
    assert _read(first) == ("wounded_model_first", SPECIAL, {"unit": "bone-crushers", "model": "bone-crushers-2"}, "models")
    short = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-2"]))
    assert _read(short) == ("casualties_do_not_fit", SHOOTING, {"unit": "bone-crushers", "wounds": 3, "models": ["bone-crushers-2"], "takes": 2}, "models")


def test_two_deadly_wounds_need_two_models_and_the_plain_one_a_third():
    """A Deadly Shredder wounds the Bone Crushers twice, a Long Rifle once: one crusher cannot
    take them (the second Deadly wound never carries over); three can."""
    game = Game(pack=with_rules("Vanguard Squad", "Shredder", ("Deadly",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 4, 4, 4, 4, 4, 1, 1, 1, 5)
    assert events[-1] == ev.CasualtiesDue("bone-crushers", 3, "end", 2)
    one = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1"]))
    assert (one.code, one.params["takes"]) == ("casualties_do_not_fit", 3)
    taken = game.do(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1", "bone-crushers-2", "bone-crushers-3"]), 5)
    assert _losses(taken) == [
        ev.ModelRemoved("bone-crushers", "bone-crushers-1"),
        ev.ModelRemoved("bone-crushers", "bone-crushers-2"),
        ev.ModelWounded("bone-crushers", "bone-crushers-3", 1),
    ]


def test_as_many_wounds_as_models_without_tough_take_them_all_deadly_or_not():
    """Deadly Long Rifles: 4 Deadly wounds and the Shredder's plain one on the five Spine
    Spitters: all five fall, no pick to wait for."""
    game = Game(pack=with_rules("Vanguard Squad", "Long Rifle", ("Deadly",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 4, 4, 2, 1, 4, 4, 4, 4, 3, 3, 3, 3)
    assert _losses(events) == [ev.ModelRemoved("spine-spitters", f"spine-spitters-{k}") for k in range(1, 6)]


def test_as_many_wounds_as_regular_models_take_them_and_leave_the_hero_untouched():
    """Five wounds on the Vanguard Squad (5 models) with the Captain (Tough(3)) joined."""
    game = Game()
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"]})
    game.do(cmd.Hold(unit="vanguard-squad"))
    events = game.do(cmd.Hold(unit="spine-spitters", target="vanguard-squad"), *[4] * 10, *[4] * 5, *[1] * 5, 3)
    assert _losses(events) == [ev.ModelRemoved("vanguard-squad", f"vanguard-squad-{k}") for k in range(1, 6)]


def test_a_wounded_hero_in_a_unit_without_tough_still_lets_the_regular_models_go_first():
    """The Captain joined to the Vanguard Squad rolls the 1 in a minefield: wounded once. Two
    wounds later the owner picks two squad members, not the wounded Captain."""
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(MINES,)) for m in SHALLOW.missions))
    game = Game(pack=pack)
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"]})
    hurt = game.do(cmd.Hold(unit="vanguard-squad"), 4, 4, 4, 4, 4, 1)
    assert ev.ModelWounded("vanguard-squad", "captain-hale-morrow-1", 1) in hurt
    events = game.do(cmd.Hold(unit="spine-spitters", target="vanguard-squad"), 4, 4, *[1] * 8, 4, 4)
    assert events[-1] == ev.CasualtiesDue("vanguard-squad", 2, "end")
    taken = game.do(cmd.RemoveCasualties(unit="vanguard-squad", models=["vanguard-squad-1", "vanguard-squad-2"]))
    assert _losses(taken) == [ev.ModelRemoved("vanguard-squad", "vanguard-squad-1"), ev.ModelRemoved("vanguard-squad", "vanguard-squad-2")]


def test_more_deadly_wounds_than_models_are_taken_by_naming_every_model():
    """Deadly Shredder and Long Rifles: 6 Deadly wounds on the three Bone Crushers (Tough(3)). A
    Deadly wound never carries over, so three take one each and three are lost; naming all three
    is the pick that fits (it used to be refused, leaving the battle waiting for good)."""
    pack = with_rules("Vanguard Squad", "Long Rifle", ("Deadly",), pack=with_rules("Vanguard Squad", "Shredder", ("Deadly",)))
    game = Game(pack=pack)
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 4, 4, 5, 5, 4, 4, 4, 4, 5, 5, 5, 5)
    assert events[-1] == ev.CasualtiesDue("bone-crushers", 6, "end", 6)
    two = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1", "bone-crushers-2"]))
    assert _read(two) == ("casualties_do_not_fit", SHOOTING, {"unit": "bone-crushers", "wounds": 6, "models": ["bone-crushers-1", "bone-crushers-2"], "takes": 6}, "models")
    taken = game.do(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-3", "bone-crushers-2", "bone-crushers-1"]))
    assert _losses(taken) == [ev.ModelRemoved("bone-crushers", f"bone-crushers-{k}") for k in (3, 2, 1)]
    assert game.unit("bone-crushers").destroyed
