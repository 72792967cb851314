"""A hero's own skills as the players read them (star-quest.en.md#Skill actions, Hero Skills):
every refusal's parameters, each effect's events field by field, the stat test's target and
the edge of a skill's range. Typed dice (tests/starquest/game.py)."""

from __future__ import annotations

import msgspec
import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, EndActivation, UseHeroSkill
from domain.systems.starquest.content import Heal, HeroSkill
from domain.systems.starquest.geometry import base_radius_inches
from tests.starquest.game import Game, enemy, hero, of, piece, wall, wave
from tests.starquest.test_hero_skills import BOTH, DAZE, LEAP, MEND, PURGE, SKILLS, SOOTHE, ZAP, hurt, scene

MOVEMENT = {"en": "star-quest.en.md#Movement", "de": "star-quest.de.md#BEWEGUNG"}
ACTIVATION = {"en": "star-quest.en.md#Activation", "de": "star-quest.de.md#AKTIVIERUNGEN"}
R = base_radius_inches(32)
B = "brute-1-1"


@BOTH
def test_refused_skills_name_the_skill_target_and_distances(rules):
    """Unknown skill, a target out of range or sight, an enemy for a friendly effect, a missing
    destination or one off the table: each 422 before any die is rolled, with what a player reads."""
    g = scene(
        rules,
        MEND,
        ZAP,
        LEAP,
        DAZE,
        enemies=[enemy("Brute")],
        waves=[wave(1, "Brute", (10.0, 20.0))],
        terrain=[wall("crate", 5, 12, 15, 13)],
        at={"ace": (10.0, 6.0), "bo": (20.0, 6.0)},
    )
    g.do(Activate("ace"))
    assert g.refusal(UseHeroSkill("ace", "Fly")) == ("unknown_skill", SKILLS[rules], {"unit": "ace", "skill": "Fly", "known": ["Mend", "Zap", "Leap", "Daze"]})
    assert g.refusal(UseHeroSkill("ace", "Mend", target="bo")) == ("out_of_range", SKILLS[rules], {"target": "bo", "gap": pytest.approx(10.0 - 2 * R), "skill": "Mend", "reach": 3.0, "variant": "skill"})
    assert g.refusal(UseHeroSkill("ace", "Mend", target=B)) == ("bad_target", SKILLS[rules], {"target": B, "variant": "friendly"})
    assert g.refusal(UseHeroSkill("ace", "Zap", target=B)) == ("not_in_sight", SKILLS[rules], {"unit": "ace", "target": B})
    assert g.refusal(UseHeroSkill("ace", "Zap")) == ("bad_target", SKILLS[rules], {"skill": "Zap", "variant": "missing"})
    assert g.refusal(UseHeroSkill("ace", "Daze", target="bo")) == ("bad_target", SKILLS[rules], {"target": "bo"})
    assert g.refusal(UseHeroSkill("ace", "Leap")) == ("no_destination", MOVEMENT[rules], {"action": "Leap"})
    assert g.refusal(UseHeroSkill("ace", "Leap", x=10.0)) == ("no_destination", MOVEMENT[rules], {"action": "Leap"})
    assert g.refusal(UseHeroSkill("ace", "Leap", y=10.0)) == ("no_destination", MOVEMENT[rules], {"action": "Leap"})
    assert g.refusal(UseHeroSkill("ace", "Leap", x=60.0, y=1.0)) == ("off_table", MOVEMENT[rules], {"x": 60.0, "y": 1.0, "table": 48})
    assert g.refusal(UseHeroSkill("ace", "Leap", x=1.0, y=-1.0)) == ("off_table", MOVEMENT[rules], {"x": 1.0, "y": -1.0, "table": 48})
    assert g.refusal(UseHeroSkill("ace", "Leap", x=6.0, y=1.0, target="bo")) == ("bad_target", SKILLS[rules], {"skill": "Leap", "unit": "ace", "variant": "skill_self"})
    error = g.refused(UseHeroSkill("ace", "Fly"))
    assert (error.status, error.field) == (422, "skill")
    g.do(EndActivation("ace"))
    assert g.refusal(UseHeroSkill("ace", "Mend")) == ("not_activated", ACTIVATION[rules], {"unit": "ace"})


def test_a_friendly_skill_refuses_an_unconscious_friend():
    g = scene("en", MEND, at={"ace": (10.0, 6.0), "bo": (13.0, 6.0)})
    g.patch("bo", unconscious=True)
    g.do(Activate("ace"))
    assert g.refusal(UseHeroSkill("ace", "Mend", target="bo")) == ("bad_target", "star-quest.en.md#Shooting", {"target": "bo", "variant": "unconscious"})


def test_a_friend_exactly_at_the_skills_range_is_in_range():
    """Mend reaches 3": a friend 3" away base to base is healed."""
    g = scene("en", MEND, at={"ace": (10.0, 6.0), "bo": (10.0 + 3.0 + 2 * R, 6.0)})
    hurt(g, "bo", 1)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Mend", target="bo"), 4)
    assert of(events, ev.WoundsHealed) == [ev.WoundsHealed("bo", "bo", 1, "Mend")]


def test_a_skill_tests_the_named_stat_and_its_effects_name_the_skill():
    """The test is on the skill's stat at the hero's value; healing never passes the wounds taken."""
    big = HeroSkill(name="Big Mend", stat="wil", range=3, effect=Heal(wounds=5))
    g = Game(heroes=[msgspec.structs.replace(hero("Ace", wil=5), skills=(big,)), hero("Bo")], at={"ace": (10.0, 6.0), "bo": (13.0, 6.0)})
    hurt(g, "bo", 2)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Big Mend", target="bo"), 5)
    assert of(events, ev.SkillUsed) == [ev.SkillUsed("ace", "Big Mend")]
    assert of(events, ev.StatTested) == [ev.StatTested("ace", "wil", 5, 5, True, "Big Mend")]
    assert of(events, ev.WoundsHealed) == [ev.WoundsHealed("bo", "bo", 2, "Big Mend")]


def test_a_skill_on_the_hero_itself_and_relief_name_the_skill():
    g = scene("en", SOOTHE)
    g.patch("ace", strain=4)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Soothe"), 4)
    assert of(events, ev.StrainChanged) == [ev.StrainChanged("ace", -3, "Soothe")]


def test_a_failed_skill_costs_strain_named_after_it():
    g = scene("en", SOOTHE)
    g.patch("ace", strain=4)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Soothe"), 3)
    assert of(events, ev.StrainChanged) == [ev.StrainChanged("ace", 1, "Soothe failed"), ev.StrainChanged("ace", -3, "Soothe")]


def test_cleanse_on_the_hero_itself_names_the_skill():
    g = scene("en", PURGE)
    g.do(Activate("ace"))
    g.patch("ace", statuses=frozenset({"Impaired", "Crippled"}))
    events = g.do(UseHeroSkill("ace", "Purge"), 6)
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("ace", "Crippled", "Purge"), ev.StatusRemoved("ace", "Impaired", "Purge")]


def test_skill_hits_name_the_skill_and_count_cover():
    """Hits blocked like shooting hits: in cover the target blocks on one less (Def 4, AP 1: 4+)."""
    g = scene("en", ZAP, enemies=[enemy("Brute", toughness=3)], waves=[wave(1, "Brute", (10.0, 20.0))], terrain=[piece("rubble", 5, 18, 15, 22, cover=True)])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Zap", target=B), 4, 4, 3)
    blocks = of(events, DiceRolled)[1]
    assert (blocks.purpose, blocks.rule, blocks.sides) == (f"{B} blocks Zap", "star-quest.en.md#Shooting", [6, 6])
    assert of(events, ev.AttackResolved) == [ev.AttackResolved("ace", "Zap", B, 2, 1, 1, True)]
    assert g.wounds(B) == [1]


def test_skill_hits_in_the_open_block_on_the_defense_plus_ap():
    g = scene("en", ZAP, enemies=[enemy("Brute", toughness=3)], waves=[wave(1, "Brute", (10.0, 20.0))])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Zap", target=B), 4, 4, 5)
    assert of(events, ev.AttackResolved) == [ev.AttackResolved("ace", "Zap", B, 2, 1, 1, False)]


def test_a_status_the_enemy_has_is_not_inflicted_again():
    g = scene("en", DAZE, enemies=[enemy("Brute")], waves=[wave(1, "Brute", (10.0, 16.0))])
    g.patch(B, statuses=frozenset({"Impaired"}))
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Daze", target=B), 4)
    assert not of(events, ev.StatusGained)
    g2 = scene("en", DAZE, enemies=[enemy("Brute")], waves=[wave(1, "Brute", (10.0, 16.0))])
    g2.do(Activate("ace"))
    events = g2.do(UseHeroSkill("ace", "Daze", target=B), 4)
    assert of(events, ev.StatusGained) == [ev.StatusGained(B, "Impaired", "Daze")]


def test_a_leap_across_dangerous_terrain_rolls_for_it():
    """star-quest.en.md#Terrain: a move through dangerous terrain rolls, a skill's move too."""
    g = scene("en", LEAP, terrain=[piece("acid", 9, 7.5, 11, 8, dangerous=True)])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Leap", x=10.0, y=20.0), 4, 6, 6, 6, 6, 6, 6)
    assert of(events, ev.Moved) == [ev.Moved("ace", [msgspec.structs.replace(g.unit("ace").figures[0], x=10.0, y=9.0)])]
    assert [d.purpose for d in of(events, DiceRolled)] == ["str test: Leap", "dangerous terrain: ace"]


@pytest.mark.parametrize("corner", [(0.0, 0.0), (48.0, 48.0)])
def test_a_reposition_may_aim_at_the_tables_corner(corner):
    """The destination may lie on the table's edge: the hero moves its 3" toward it."""
    g = scene("en", LEAP)
    g.do(Activate("ace"))
    g.do(UseHeroSkill("ace", "Leap", x=corner[0], y=corner[1]), 4)
    assert g.at("ace") != (10.0, 6.0)


def test_a_leap_past_dangerous_terrain_under_its_base_rolls_for_it():
    """The way is as wide as the base: terrain 0.4" beside its centre line is crossed."""
    g = scene("en", LEAP, terrain=[piece("acid", 10.4, 7.5, 12, 8, dangerous=True)])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Leap", x=10.0, y=20.0), 4, 6, 6, 6, 6, 6, 6)
    assert [d.purpose for d in of(events, DiceRolled)] == ["str test: Leap", "dangerous terrain: ace"]


def test_every_effect_kind_content_may_name_has_a_check_and_an_effect():
    """A skill's effect is one of the content format's kinds (docs/content-format.md#Effects), so
    `use` needs no refusal for an unknown one."""
    import typing

    from domain.systems.starquest import hero_skills
    from domain.systems.starquest.content import EffectKind

    kinds = set(typing.get_args(EffectKind))
    assert set(hero_skills._CHECKS) == kinds and set(hero_skills._RESOLVE) == kinds
