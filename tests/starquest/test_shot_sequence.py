"""A Shoot command step by step (star-quest.en.md#Shooting, #Special Rules Reference: Blast,
Limited): what a refusal tells the player, and the weapons a shot names after a Blast weapon,
which fire once each split is answered, in order, skipping a Limited weapon already used."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Answer, EndActivation, Hold, Shoot
from domain.systems.starquest.state import Battle
from service.i18n import error_message
from tests.starquest.game import Game, enemy, hero, of, wave, weapon
from tests.starquest.test_rules import BOTH, SECTION, T, range_game, two_heroes

PAIR, LONE = "pair-1-1", "lone-2-1"
ARMS = [weapon("Frag", rules=["Blast(3)"]), weapon("Frag2", rules=["Blast(3)"]), weapon("Laser"), weapon("Grenade", rules=["Limited"])]


def english(g: Game, command, *faces: int) -> tuple[str | None, str]:
    """The refusal's field and its English message, as the API words it."""
    error = g.refused(command, *faces)
    return error.field, error_message(error.code, error.params, "en", system="star-quest")


@BOTH
def test_a_second_shot_names_the_unit(rules):
    g = range_game(rules)
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    g.do(Shoot("ace", T), 1)
    assert g.refusal(Shoot("ace", T), 1) == ("already_shot", SECTION[rules]["shooting"], {"unit": "ace"})


@BOTH
def test_a_friend_or_a_unit_gone_is_no_target(rules):
    g = two_heroes(rules, enemies=[enemy("Target", toughness=1)], waves=[wave(1, "Target", (24.0, 20.0))], at={"ace": (24.0, 6.0), "bo": (28.0, 6.0)})
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    assert g.refusal(Shoot("ace", "bo"), 1) == ("bad_target", SECTION[rules]["shooting"], {"target": "bo"})
    g.do(Shoot("ace", T), 5, 1)  # the Rifle kills the target
    assert g.unit(T).dead
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    g.do(Hold("bo"))
    assert g.refusal(Shoot("bo", T), 1) == ("bad_target", SECTION[rules]["shooting"], {"target": T})


def cluster(rules: str, arms: tuple[str, ...], fired: frozenset[str] = frozenset()) -> Game:
    """Ace at (24, 6) with `arms`; a pair of Tou 6 models at (24, 20) and a lone one 2" beside them."""
    g = Game(
        rules,
        heroes=[hero(weapons=list(arms))],
        enemies=[enemy("Pair", models=2, toughness=6), enemy("Lone", toughness=6)],
        weapons=ARMS,
        waves=[wave(1, "Pair", (24.0, 20.0), (25.5, 20.0)), wave(1, "Lone", (27.5, 20.0))],
        at={"ace": (24.0, 6.0)},
    )
    g.patch("ace", weapons_fired=fired)
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    return g


def fired(events) -> list[tuple[str, str, int]]:
    return [(e.weapon, e.target, e.hits) for e in of(events, ev.AttackResolved)]


@BOTH
def test_the_weapons_after_two_blasts_fire_after_both_answers_in_order(rules):
    """Each Blast(3) hit is 3 hits, 1 for the pair and 2 for the lone model once picked; the
    blocks are 6s. The Laser and the Rifle fire after the second answer, and miss."""
    g = cluster(rules, ("Frag", "Frag2", "Laser", "Rifle"))
    events = g.do(Shoot("ace", PAIR), 5)
    assert of(events, ev.ChoiceOffered)[0].kind == "blast_split" and not fired(events)
    events = g.do(Answer("ace", True, pick=[LONE]), 6, 6, 6, 5)
    assert fired(events) == [("Frag", PAIR, 1), ("Frag", LONE, 2)]
    assert isinstance(g.battle, Battle) and g.battle.pending is not None and g.battle.pending.kind == "blast_split"
    events = g.do(Answer("ace", True, pick=[LONE]), 6, 6, 6, 1, 1)
    assert fired(events) == [("Frag2", PAIR, 1), ("Frag2", LONE, 2), ("Laser", PAIR, 0), ("Rifle", PAIR, 0)]
    assert g.battle.pending is None


@BOTH
@pytest.mark.parametrize(("used", "after"), [(frozenset({"Grenade"}), [("Rifle", PAIR, 0)]), (frozenset({"Grenade", "Rifle"}), [("Rifle", PAIR, 0)]), (frozenset(), [("Grenade", PAIR, 0), ("Rifle", PAIR, 0)])])
def test_a_limited_weapon_used_before_is_skipped_after_a_blast(rules, used, after):
    """Only Limited counts: a Rifle fired in an earlier round fires again."""
    g = cluster(rules, ("Frag", "Grenade", "Rifle"), fired=used)
    g.do(Shoot("ace", PAIR), 5)
    events = g.do(Answer("ace", True, pick=[LONE]), 6, 6, 6, *[1] * len(after))
    assert fired(events) == [("Frag", PAIR, 1), ("Frag", LONE, 2), *after]


def armed(rules: str, *arms: str, fired: frozenset[str] = frozenset(), target=enemy("Target", toughness=1)) -> Game:
    """Ace at (24, 6) carrying `arms` (of ARMS, the Rifle, a 1" Pistol and a Blade), holding; a Tou 1 target 14" away."""
    g = Game(
        rules,
        heroes=[hero(weapons=list(arms))],
        enemies=[target],
        weapons=[*ARMS, weapon("Pistol", range=1), weapon("Blade", range=0)],
        waves=[wave(1, target.name, (24.0, 20.0))],
        at={"ace": (24.0, 6.0)},
    )
    g.patch("ace", weapons_fired=fired)
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    return g


@BOTH
def test_a_weapon_named_that_is_not_a_ranged_one_of_the_unit(rules):
    g = armed(rules, "Rifle", "Blade")
    assert g.refusal(Shoot("ace", T, ["Blade", "Laser", "Rifle"])) == ("unknown_weapon", SECTION[rules]["shooting"], {"unit": "ace", "weapons": ["Blade", "Laser"]})
    assert english(g, Shoot("ace", T, ["Blade"])) == ("weapons", "ace carries no ranged weapon named Blade")


@BOTH
def test_a_one_inch_weapon_is_ranged_and_names_the_shot_it_lacks(rules):
    g = armed(rules, "Pistol")
    assert g.refusal(Shoot("ace", T, ["Pistol"])) == ("no_shot", SECTION[rules]["shooting"], {"variant": "weapon", "unit": "ace", "target": T, "weapon": "Pistol"})
    assert english(g, Shoot("ace", T, ["Pistol"])) == (None, f"no model of ace has {T} in range and line of sight of Pistol")
    assert g.refusal(Shoot("ace", T)) == ("no_shot", SECTION[rules]["shooting"], {"unit": "ace", "target": T})


@BOTH
def test_a_limited_weapon_named_again_is_refused_and_otherwise_skipped(rules):
    g = armed(rules, "Grenade", "Rifle", fired=frozenset({"Grenade"}))
    special = {"en": "star-quest.en.md#Special Rules Reference", "de": "star-quest.de.md#SONDERREGELN"}[rules]
    assert g.refusal(Shoot("ace", T, ["Grenade"])) == ("limited_used", special, {"weapon": "Grenade"})
    assert english(g, Shoot("ace", T, ["Grenade"])) == (None, "Grenade is Limited: once per mission")
    assert fired(g.do(Shoot("ace", T), 1)) == [("Rifle", T, 0)]


@BOTH
def test_weapons_named_after_the_one_that_killed_the_target_do_not_fire(rules):
    g = armed(rules, "Rifle", "Laser")
    events = g.do(Shoot("ace", T, ["Rifle", "Laser"]), 5, 1)
    assert fired(events) == [("Rifle", T, 1)] and g.unit(T).dead


@BOTH
def test_only_the_models_in_range_shoot_whichever_model_comes_first(rules):
    """star-quest.en.md#Shooting: "models in range and line of sight" fire. The Grunts' first
    model stands 34" from Ace, out of its Gun's 12"; the second, 8" off, fires its one shot."""
    g = Game(rules, heroes=[hero("Ace")], enemies=[enemy("Grunt", models=2)], waves=[wave(1, "Grunt", (10.0, 40.0), (10.0, 14.0))], at={"ace": (10.0, 6.0)})
    g.idle_heroes()
    command = g.ai_command()
    assert (command.action, command.target) == ("hold", "ace")
    events = g.do(command, 1, actor="worker")
    (rolled,) = of(events, DiceRolled)
    assert (rolled.purpose, rolled.results) == ("Gun to hit ace", [1])
