"""Star Quest combat rules in the corners: Indirect after moving, Deadly's order, Regeneration
against every wound, Shaken defenders striking back (star-quest.en.md, star-quest.de.md).

Every die is typed in (tests/starquest/game.py): `g.do(command, *faces)` names the faces in
the order the engine rolls them, and the decider refuses leftover or missing faces.
"""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import (
    Activate,
    Advance,
    Answer,
    Cast,
    Charge,
    EndActivation,
    Hold,
    InflictStatus,
    Push,
    Scurry,
    Shoot,
    TakeExtraAction,
    UseHeroSkill,
)
from domain.systems.starquest.content import Hits, Spell
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, of, piece, wall, wave, weapon
from tests.starquest.test_hero_skills import ZAP
from tests.starquest.test_hero_skills import scene as skill_scene
from tests.starquest.test_melee_morale import BLADE, CLAW
from tests.starquest.test_melee_morale import table as melee_table
from tests.starquest.test_rules import BOTH, T, range_game

BOLT = Spell(name="Bolt", value=1, range=18, effect=Hits(count=2, ap=1))
MORTAR = weapon("Mortar", rules=["Indirect"])
SCREEN = wall("blocker", 18, 12, 30, 13)


# --- Indirect: star-quest.en.md#Special Rules Reference, star-quest.de.md#SONDERREGELN -----------


@BOTH
@pytest.mark.parametrize(("face", "hits"), [(4, 1), (3, 0)])
def test_indirect_held_shot_hits_on_the_plain_quality(rules, face, hits):
    """Indirect (-1 to hit "when shooting after moving"): a Hold's shot has no -1, even when a
    Scurry moved the hero first; at Qua 4 a 4 hits and a 3 misses."""
    g = range_game(rules, MORTAR, terrain=[SCREEN])
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    g.do(Scurry("ace", 18.0, 6.0), 4, 6)  # Dex 4 passes, D3 of 6 is 3": the hero moved
    assert g.at("ace") == (21.0, 6.0)
    (resolved,) = of(g.do(Shoot("ace", T), face, *[1] * hits), ev.AttackResolved)
    assert (resolved.weapon, resolved.hits, resolved.wounds) == ("Mortar", hits, hits)


@BOTH
@pytest.mark.parametrize(("face", "hits"), [(5, 1), (4, 0)])
def test_indirect_advanced_shot_hits_one_worse(rules, face, hits):
    """Indirect: the Advance's shot ("can shoot after move") is at -1: a 5 hits, a 4 misses."""
    g = range_game(rules, MORTAR, terrain=[SCREEN])
    g.do(Activate("ace"))
    g.do(Advance("ace", 24.0, 7.0))
    (resolved,) = of(g.do(Shoot("ace", T), face, *[1] * hits), ev.AttackResolved)
    assert (resolved.weapon, resolved.hits, resolved.wounds) == ("Mortar", hits, hits)


# --- Shaken defenders strike back: star-quest.en.md#Melee, #Morale (Shaken) ---------------------


@pytest.mark.parametrize(("face", "strike_back"), [(5, ("grunt-1-1", "Claw", 0, 0)), (6, ("grunt-1-1", "Claw", 1, 1))])
def test_a_shaken_defender_strikes_back_as_fatigued_in_english(face, strike_back):
    """"Then defenders must strike back", and Shaken "counts as fatigued": a Shaken Grunt (Qua 4)
    strikes back hitting only on natural 6s, then is fatigued; the hero's Def 4 roll of 1 fails."""
    game = melee_table("en")
    game.patch("grunt-1-1", shaken=True)
    game.do(Activate("ace"))
    events = game.do(Charge("ace", "grunt-1-1"), 1, face, *([1] if face == 6 else []))
    assert [(e.unit, e.weapon, e.hits, e.wounds) for e in of(events, ev.AttackResolved)] == [("ace", "Blade", 0, 0), strike_back]
    assert game.wounds("ace") == [strike_back[3]]
    assert of(events, ev.UnitFatigued)[0] == ev.UnitFatigued("grunt-1-1", "struck back")


# --- Regeneration against every wound: star-quest.en.md#Special Rules Reference (Regeneration) ----
# "When taking a wound, roll one die. On a 5+ it is ignored": whatever deals the wound, not only
# attacks (star-quest.de.md#SONDERREGELN: a die for each wound the unit takes).


@BOTH
def test_regeneration_against_dangerous_terrain(rules):
    """#Terrain (Dangerous Terrain): a model activating in it rolls Tou dice; the two 1s are two
    wounds, and Regeneration's 5 ignores one of them."""
    acid = piece("acid", 8, 4, 12, 8, dangerous=True)
    g = Game(rules, heroes=[hero("Ace", toughness=3, rules=["Regeneration"])], terrain=[acid], at={"ace": (10.0, 6.0)})
    events = g.do(Activate("ace"), 1, 1, 4, 5, 2)
    assert [(r.purpose, r.results) for r in of(events, DiceRolled)] == [("activates in dangerous terrain: ace", [1, 1, 4]), ("ace regenerates", [5, 2])]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("ace", "ace", 1)]


@BOTH
@pytest.mark.parametrize(("face", "wounds"), [(5, []), (4, [1])])
def test_regeneration_against_a_fall(rules, face, wounds):
    """#Falling: pushed off a 3" roof, the Brute fails to block the AP(1) hit (2); Regeneration's 5
    ignores the wound, a 4 does not."""
    roof = piece("roof", 8, 7.5, 12, 9, elevated=True, height=3.0)
    g = Game(rules, heroes=[hero("Ace", str=4)], enemies=[enemy("Brute", toughness=2, rules=["Regeneration"])], waves=[wave(1, "Brute", (10.0, 8.0))], terrain=[roof])
    g.patch("brute-1-1", figures=(Figure("brute-1-1.1", 10.0, 8.0, 3.0),))
    g.do(Activate("ace"))
    events = g.do(Push("ace", "brute-1-1"), 5, 2, face)
    assert of(events, ev.FigureFell) == [ev.FigureFell("brute-1-1", "brute-1-1.1", 3.0)]
    assert [e.wounds for e in of(events, ev.WoundsTaken)] == wounds
    assert of(events, DiceRolled)[-1].purpose == "brute-1-1 regenerates"


@BOTH
@pytest.mark.parametrize(("face", "wounds"), [(5, [0]), (4, [1])])
def test_regeneration_against_afflicted(rules, face, wounds):
    """#Status conditions (Afflicted): the failed Str test (2, not paid for) is a wound, which
    Regeneration ignores on 5+."""
    g = Game(rules, heroes=[hero("Ace", str=4, rules=["Regeneration"])])
    g.do(InflictStatus("ace", "Afflicted"))
    if rules == "en":
        g.do(Activate("ace"))
        g.do(Answer("ace", False), 2)  # no paying off every condition; the Str test fails
    else:
        g.do(Activate("ace"), 2)
    events = g.do(Answer("ace", False), face)  # no paying to pass it
    assert of(events, DiceRolled)[0].results == [face]
    assert g.wounds("ace") == wounds


@BOTH
def test_regeneration_against_a_spell(rules):
    """#Special Rules Reference (Caster(X)): Bolt's two AP(1) hits, one blocked (5) and one not (4);
    Regeneration's 6 ignores the wound."""
    g = Game(rules, heroes=[hero("Ace", caster=2, spells=["Bolt"])], enemies=[enemy("Target", toughness=3, rules=["Regeneration"])], spells=[BOLT], waves=[wave(1, "Target", (24.0, 20.0))], at={"ace": (24.0, 6.0)})
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Bolt", T), 4, 5, 4, 6)
    assert of(events, ev.SpellHits) == [ev.SpellHits("ace", "Bolt", T, 2, 1, 0)]
    assert g.wounds(T) == [0]


@BOTH
@pytest.mark.parametrize(("face", "wounds"), [(5, [0]), (3, [1])])
def test_regeneration_against_strain_past_endurance(rules, face, wounds):
    """#Resting (Endurance): the additional action's 2 strain with room for 1 is a wound, which
    Regeneration ignores on 5+."""
    g = Game(rules, heroes=[hero("Ace", endurance=6, rules=["Regeneration"])])
    g.apply(ev.StrainChanged("ace", 5, "set-up"))
    g.do(Activate("ace"))
    events = g.do(TakeExtraAction("ace"), face)
    assert of(events, DiceRolled)[0].purpose == "ace regenerates"
    assert (g.unit("ace").strain, g.wounds("ace")) == (6, wounds)


@BOTH
def test_regeneration_against_a_hero_skills_hits(rules):
    """#Skill actions (Hero Skills): Zap's two AP(1) hits, both through (4, 4); Regeneration rolls
    for both at once, a 5 ignores one, and the attack shows the one wound left."""
    g = skill_scene(rules, ZAP, enemies=[enemy("Brute", toughness=3, rules=["Regeneration"])], waves=[wave(1, "Brute", (10.0, 20.0))])
    g.do(Activate("ace"))
    events = g.do(UseHeroSkill("ace", "Zap", target="brute-1-1"), 4, 4, 4, 5, 2)
    assert of(events, DiceRolled)[-1].results == [5, 2]
    assert [(a.hits, a.blocked, a.wounds) for a in of(events, ev.AttackResolved)] == [(2, 0, 1)]
    assert g.wounds("brute-1-1") == [1]


def test_regeneration_against_the_d3_wounds_of_an_unshakable_enemy():
    """#Morale (Shaken): a Tou 9+ enemy failing morale (1) takes D3 wounds instead (a 6: 3);
    Regeneration rolls once for the three, and its 5 and 6 leave one."""
    game = melee_table(grunt=enemy("Brute", toughness=9, weapons=("Claw",), rules=["Regeneration"]))
    brute = game.unit("brute-1-1")
    game.patch("brute-1-1", figures=(Figure(brute.figures[0].id, brute.figures[0].x, brute.figures[0].y, 0.0, 4),))
    game.do(Activate("ace"))
    game.do(Charge("ace", "brute-1-1"), 5, 1, 2, 1)  # a fifth wound (Regeneration's 2 lets it through): 4 of 9 left
    events = game.do(EndActivation("ace"), 1, 6, 5, 6, 2)
    assert [r.results for r in of(events, DiceRolled)] == [[1], [3], [5, 6, 2]]
    assert game.wounds("brute-1-1") == [6] and not game.unit("brute-1-1").shaken


# --- Deadly first: star-quest.en.md#Special Rules Reference (Deadly) -----------------------------
# "Hits from Deadly must be resolved first, and these wounds don't carry over to other models if
# the original target is killed."

HARPOON = weapon("Harpoon", rules=["Deadly(3)"])
AXE = weapon("Axe", range=0, rules=["Deadly(2)"])
PAIR = enemy("Pair", toughness=2, models=2, weapons=("Claw",))


@BOTH
@pytest.mark.parametrize("named", [None, ["Rifle", "Harpoon"]])
def test_deadly_shots_are_resolved_before_the_other_weapons(rules, named):
    """The Rifle comes first in the profile (and in the command), yet the Harpoon fires first: its
    wound times 3 kills the closest Tou 2 model (the third wound is lost, no carry-over), then the
    Rifle's wound falls on the other model."""
    g = Game(rules, heroes=[hero("Ace", weapons=("Rifle", "Harpoon"))], enemies=[PAIR], weapons=[HARPOON], waves=[wave(1, "Pair", (24.0, 20.0), (25.5, 20.0))], at={"ace": (24.0, 6.0)})
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    events = g.do(Shoot("ace", "pair-1-1", named), 5, 2, 5, 2)
    assert [(e.weapon, e.hits, e.wounds) for e in of(events, ev.AttackResolved)] == [("Harpoon", 1, 1), ("Rifle", 1, 1)]
    assert of(events, ev.WoundsTaken) == [ev.WoundsTaken("pair-1-1", "pair-1-1.1", 2), ev.WoundsTaken("pair-1-1", "pair-1-1.2", 1)]
    assert of(events, ev.FigureKilled) == [ev.FigureKilled("pair-1-1", "pair-1-1.1")]
    assert g.wounds("pair-1-1") == [1]


@BOTH
def test_deadly_strikes_are_resolved_before_impact_and_the_other_weapons(rules):
    """A charge with Impact(1), a Blade and a Deadly(2) Axe (listed last): the Axe strikes first
    and its doubled wound kills the closest Tou 2 model; Impact's hit (2) and the Blade's then
    kill the other one, so no one is left to strike back."""
    g = Game(
        rules,
        heroes=[hero("Ace", weapons=("Blade", "Axe"), rules=("Impact(1)",))],
        enemies=[PAIR],
        weapons=[BLADE, CLAW, AXE],
        waves=[wave(1, "Pair", (10.0, 14.0), (11.5, 14.0))],
        at={"ace": (10.0, 6.0)},
    )
    g.do(Activate("ace"))
    events = g.do(Charge("ace", "pair-1-1"), 5, 2, 2, 2, 5, 2)
    assert [(e.weapon, e.hits, e.wounds) for e in of(events, ev.AttackResolved)] == [("Axe", 1, 1), ("Impact", 1, 1), ("Blade", 1, 1)]
    assert [(e.figure, e.wounds) for e in of(events, ev.WoundsTaken)] == [("pair-1-1.1", 2), ("pair-1-1.2", 1), ("pair-1-1.2", 1)]
    assert g.unit("pair-1-1").dead
