"""A hero's own skills (star-quest.en.md#Skill actions, Hero Skills; star-quest.de.md#FERTIGKEITSAKTIONEN,
Heldenfertigkeiten): a test of the skill's stat; passed, the effect; failed, 1 strain first and
then the effect. Typed dice (tests/starquest/game.py)."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, UseHeroSkill
from domain.systems.starquest.content import (
    Cleanse,
    Heal,
    HeroSkill,
    Hits,
    Inflict,
    Relief,
    Reposition,
)
from tests.starquest.game import Game, enemy, hero, of, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SKILLS = {"en": "star-quest.en.md#Skill actions", "de": "star-quest.de.md#FERTIGKEITSAKTIONEN"}

MEND = HeroSkill(name="Mend", stat="wil", range=3, effect=Heal(wounds=2))
SOOTHE = HeroSkill(name="Soothe", stat="wil", range=6, effect=Relief(stress=3))
PURGE = HeroSkill(name="Purge", stat="wil", range=6, effect=Cleanse())
ZAP = HeroSkill(name="Zap", stat="dex", range=24, effect=Hits(count=2, ap=1))
LEAP = HeroSkill(name="Leap", stat="str", effect=Reposition(distance=3))
DAZE = HeroSkill(name="Daze", stat="wil", range=12, effect=Inflict(status="Impaired"))


def skilled(*skills: HeroSkill, **stats) -> msgspec.Struct:
    return msgspec.structs.replace(hero("Ace", wil=4, dex=4, str=4, **stats), skills=skills)


def scene(rules: str, *skills: HeroSkill, **kw) -> Game:
    return Game(rules, heroes=[skilled(*skills), hero("Bo")], **kw)


def hurt(g: Game, unit_id: str, wounds: int) -> None:
    figure = g.unit(unit_id).figures[0]
    g.patch(unit_id, figures=(msgspec.structs.replace(figure, wounds=wounds),))


@BOTH
def test_hero_skill_passed_resolves_its_effect_without_strain(rules):
    g = scene(rules, MEND)
    hurt(g, "bo", 3)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Mend", target="bo"), 4)
    assert of(events, ev.StatTested)[0].passed and of(events, ev.WoundsHealed)[0].wounds == 2
    assert g.wounds("bo") == [1] and g.unit("ace").strain == 0


@BOTH
def test_hero_skill_failed_costs_one_strain_then_resolves(rules):
    """A failed test: 1 stress suffered (en) or 1 stamina spent (de), then the effect all the same;
    no pay-to-pass choice is offered, since the effect resolves anyway."""
    g = scene(rules, MEND)
    hurt(g, "ace", 1)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Mend"), 3)
    assert not of(events, ev.StatTested)[0].passed and not of(events, ev.ChoiceOffered)
    assert [type(e) for e in events if not type(e).__name__ == "DiceRolled"][-2:] == [ev.StrainChanged, ev.WoundsHealed]
    assert g.unit("ace").strain == 1 and g.wounds("ace") == [0] and g.battle.pending is None


@BOTH
def test_hero_skill_takes_the_skill_action_once_per_activation(rules):
    """Each skill once per round; a hero skill is the hero's skill action (#Activation)."""
    g = scene(rules, MEND, SOOTHE)
    g.do(Activate("ace"))
    g.do(UseHeroSkill("ace", "Mend"), 5)
    assert g.refused(UseHeroSkill("ace", "Soothe"), 5).code == "skill_action_used"
    assert "Mend" in g.unit("ace").skills_used


@BOTH
def test_hero_skill_relief_removes_strain_of_a_hero_in_range(rules):
    g = scene(rules, SOOTHE)
    g.patch("bo", strain=4)
    g.do(Activate("ace"))
    g.do(UseHeroSkill("ace", "Soothe", target="bo"), 6)
    assert g.unit("bo").strain == 1


@BOTH
def test_hero_skill_cleanse_removes_status_conditions(rules):
    g = scene(rules, PURGE)
    g.patch("bo", statuses=frozenset({"Crippled", "Diseased"}))
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Purge", target="bo"), 5)
    assert {e.status for e in of(events, ev.StatusRemoved)} == {"Crippled", "Diseased"} and g.unit("bo").statuses == frozenset()


@BOTH
def test_hero_skill_hits_are_blocked_like_shooting(rules):
    """Hits with AP: Def 4 blocks on 5+ against AP(1); each unblocked hit wounds."""
    g = scene(rules, ZAP, enemies=[enemy("Brute", toughness=3)], waves=[wave(1, "Brute", (10.0, 20.0))])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Zap", target="brute-1-1"), 4, 4, 5)
    attack = of(events, ev.AttackResolved)[0]
    assert (attack.hits, attack.blocked, attack.wounds) == (2, 1, 1)
    assert g.wounds("brute-1-1") == [1]


@BOTH
def test_hero_skill_status_effect_inflicts_the_condition(rules):
    """A status effect puts its condition on an enemy in range and sight (#Status conditions)."""
    g = scene(rules, DAZE, enemies=[enemy("Brute")], waves=[wave(1, "Brute", (10.0, 16.0))])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Daze", target="brute-1-1"), 4)
    assert of(events, ev.StatusGained)[0].status == "Impaired" and g.unit("brute-1-1").statuses == {"Impaired"}


@BOTH
def test_hero_skill_reposition_moves_up_to_its_distance(rules):
    g = scene(rules, LEAP)
    g.do(Activate("ace"))
    g.do(UseHeroSkill("ace", "Leap", x=10.0, y=20.0), 4)
    assert g.at("ace") == pytest.approx((10.0, 9.0))


@BOTH
def test_hero_skill_a_shaken_hero_stays_idle(rules):
    g = scene(rules, MEND)
    g.patch("ace", shaken=True)
    g.do(Activate("ace"))
    assert g.refused(UseHeroSkill("ace", "Mend")).code == "shaken"


def test_hero_skill_every_sample_hero_has_a_skill_the_engine_plays():
    """The core pack's heroes each have at least one skill, and every one of them resolves."""
    from domain.registry import system_named
    from domain.systems.starquest import hero_skills
    from service.content import packs_of

    pack = packs_of(system_named("star-quest"))["core"]
    assert len(pack.heroes) >= 4 and all(h.skills for h in pack.heroes)
    assert all(type(s.effect) in hero_skills._RESOLVE for h in pack.heroes for s in h.skills)


@BOTH
def test_hero_skill_a_hero_knocked_out_by_the_failed_test_strain_resolves_nothing(rules):
    """The strain of a failed test comes first; past endurance it wounds (#Resting, Endurance),
    and an unconscious hero resolves no effect."""
    g = Game(rules, heroes=[msgspec.structs.replace(hero("Ace", toughness=1, endurance=2), skills=(SOOTHE,)), hero("Bo")])
    g.patch("ace", strain=2)
    g.patch("bo", strain=4)
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Soothe", target="bo"), 2)
    assert of(events, ev.HeroUnconscious) and g.unit("bo").strain == 4
