"""grimdark-future-1.5.md#Unit Types (Heroes, Infantry) and #Special Rules, Tough(X), with known
dice: a hero deployed as part of an Infantry unit, two copies of a unit as one, the majority's
Defense and Morale, the hero's own Quality, regular models removed before a Tough hero."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import ORDER, SHALLOW, SPOTS, VANGUARD, Game, row

UNIT_TYPES = "grimdark-future-1.5.md#Unit Types"


def deploy(game: Game, joins: dict[str, list[str]]) -> None:
    """Every unit at its spot as `ready` puts it, the joined ones' models after their host's in
    the same rows; the sides in turn."""
    game.prepare()
    guests = {j for joined in joins.values() for j in joined}
    while game.game.phase == "deployment":
        unit_id = next(u for u in ORDER if u not in guests and not game.unit(u).deployed and game.unit(u).side == game.game.up)
        joined = joins.get(unit_id, [])
        count = len(game.unit(unit_id).models) + sum(len(game.unit(j).models) for j in joined)
        back = -1.5 if game.unit(unit_id).side == VANGUARD else 1.5
        x, y = SPOTS[unit_id]
        game.do(cmd.Deploy(unit=unit_id, positions=row(x, y, count, 2.0 if unit_id == "bone-crushers" else 1.5, back), joined=joined))


def test_a_hero_deploys_as_part_of_a_unit_striking_with_its_own_quality_against_the_majoritys_defense():
    """The Brood Mother (Quality 3+, Defense 5+, Tough(6)) joins the Spine Spitters (Defense 3+);
    the Captain (Quality 3+) the Vanguard Squad (Quality 4+), which shoots them: a 3 hits with his
    pistol only, and a 3 wounds the Spitters' Defense 3+, the majority's."""
    game = Game()
    game.prepare()
    deployed = game.do(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 6), joined=["captain-hale-morrow"]))
    assert deployed == [ev.UnitDeployed("vanguard-squad", row(12, 10, 6), ["captain-hale-morrow"])]
    squad = game.unit("vanguard-squad")
    assert ([m.id for m in squad.models][-2:], squad.size, squad.joined) == (["vanguard-squad-5", "captain-hale-morrow-1"], 6, ("captain-hale-morrow",))
    assert "captain-hale-morrow" not in game.game.units
    game2 = Game()
    deploy(game2, {"vanguard-squad": ["captain-hale-morrow"], "spine-spitters": ["brood-mother"]})
    spitters = game2.unit("spine-spitters")
    assert (spitters.defense, spitters.morale_quality) == (3, 4)
    mother_alone = msgspec.structs.replace(spitters, models=spitters.models[-1:])
    assert (mother_alone.defense, mother_alone.morale_quality) == (5, 3)
    events = game2.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 4, 1, 3, 1, 1, 1, 1, 3, 3)
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [
        ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 2, 1, 1),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 0, 0),
        ev.AttackResolved("vanguard-squad", "Service Pistol", "spine-spitters", 1, 1, 1),
    ]
    assert events[-1] == ev.CasualtiesDue("spine-spitters", 2, "end")
    hero = game2.refused(cmd.RemoveCasualties(unit="spine-spitters", models=["brood-mother-1"]))
    assert (hero.code, hero.rule, hero.params, hero.field) == (
        "regular_models_first",
        "grimdark-future-1.5.md#Special Rules",
        {"unit": "spine-spitters", "model": "brood-mother-1", "regular": [f"spine-spitters-{k}" for k in range(1, 6)]},
        "models",
    )
    taken = game2.do(cmd.RemoveCasualties(unit="spine-spitters", models=["spine-spitters-4", "spine-spitters-5"]))
    assert taken[:2] == [ev.ModelRemoved("spine-spitters", "spine-spitters-4"), ev.ModelRemoved("spine-spitters", "spine-spitters-5")]
    assert not any(isinstance(e, ev.MoraleTested) for e in taken)  # 4 of 6 left


def test_wounds_past_the_regular_models_go_on_the_hero_at_once_and_the_hero_alone_tests_at_its_quality():
    """Seven wounds on the Vanguard Squad (5 models) with the Captain (Tough(3)): the five are
    removed, he takes two, no pick to wait for; alone, the unit tests at his Quality 3+ and with
    his Fearless (+1): every model left has it."""
    game = Game()
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"]})
    game.do(cmd.Hold(unit="vanguard-squad"))
    events = game.do(cmd.Hold(unit="spine-spitters", target="vanguard-squad"), *[4] * 10, *[4] * 7, 1, 1, 1, 3)
    assert [e for e in events if isinstance(e, (ev.ModelRemoved, ev.ModelWounded, ev.MoraleTested, ev.UnitPinned))] == [
        *(ev.ModelRemoved("vanguard-squad", f"vanguard-squad-{k}") for k in range(1, 6)),
        ev.ModelWounded("vanguard-squad", "captain-hale-morrow-1", 2),
        ev.MoraleTested("vanguard-squad", 3, 3, True, 1),
    ]


def test_two_copies_deploy_as_one_big_unit_that_tests_morale_at_half_of_ten():
    """The Vanguard and Ridge Squads are the same unit but for the name: one unit of ten. The
    mortar's Blast(3) and the Spitters take five: at half, it tests."""
    game = Game()
    deploy(game, {"vanguard-squad": ["ridge-squad"]})
    big = game.unit("vanguard-squad")
    assert (len(big.models), big.size, big.joined, "ridge-squad" in game.game.units) == (10, 10, ("ridge-squad",), False)
    game.do(cmd.Hold(unit="vanguard-squad"))
    events = game.do(cmd.Hold(unit="spine-spitters", target="vanguard-squad"), *[4] * 10, *[4] * 4, *[1] * 6)
    assert events[-1] == ev.CasualtiesDue("vanguard-squad", 4, "end")
    game.do(cmd.RemoveCasualties(unit="vanguard-squad", models=[f"ridge-squad-{k}" for k in range(2, 6)]))
    assert game.game.up == VANGUARD and len(game.unit("vanguard-squad").models) == 6


def test_what_joining_refuses():
    game = Game()
    game.prepare()
    mortar = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 8), joined=["mortar-team"]))
    assert (mortar.code, mortar.rule, mortar.params, mortar.field) == ("not_a_copy", UNIT_TYPES, {"unit": "vanguard-squad", "other": "mortar-team"}, "joined")
    enemy = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 6), joined=["brood-mother"]))
    assert (enemy.code, enemy.rule, enemy.params, enemy.field) == (
        "join_not_ready",
        UNIT_TYPES,
        {"unit": "vanguard-squad", "other": "brood-mother", "free": ["captain-hale-morrow", "dust-riders", "mortar-team", "ridge-squad"]},
        "joined",
    )
    hero_host = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=row(12, 10, 6), joined=["vanguard-squad"]))
    assert (hero_host.code, hero_host.rule, hero_host.params, hero_host.field) == ("host_cannot_join", UNIT_TYPES, {"unit": "captain-hale-morrow"}, "joined")
    count = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 5), joined=["captain-hale-morrow"]))
    assert (count.code, count.params) == ("wrong_model_count", {"unit": "vanguard-squad", "models": 6, "given": 5})


def test_one_hero_and_one_copy_at_most():
    """A second hero, in a 1000 pts game (which takes two)."""
    armies = tuple(
        msgspec.structs.replace(a, units=(*a.units, msgspec.structs.replace(a.units[0], name="Lieutenant Vell"))) if a.id == VANGUARD else a for a in SHALLOW.armies
    )
    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=armies), points=1000)
    game.prepare()
    two = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 7), joined=["captain-hale-morrow", "lieutenant-vell"]))
    assert (two.code, two.rule, two.params, two.field) == ("join_too_many", UNIT_TYPES, {"unit": "vanguard-squad", "heroes": ["captain-hale-morrow", "lieutenant-vell"], "copies": []}, "joined")


def test_a_unit_casts_through_the_psychic_hero_that_joined_it():
    """#Special Rules, Psychic(X): the Vanguard Squad holds Captain Hale Morrow, Psychic(1)."""
    game = Game()
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"]})
    events = game.do(cmd.Cast(unit="vanguard-squad"), 5)
    assert events[-1] == ev.PsychicRolled("vanguard-squad", 5)
    assert [(e.purpose, e.results) for e in events if type(e).__name__ == "DiceRolled"] == [("vanguard-squad: Psychic(1)", [5])]
