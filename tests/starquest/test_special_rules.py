"""Star Quest combat rules in the corners: Indirect after moving, Deadly's order, Regeneration
against every wound, Shaken defenders striking back (star-quest.en.md, star-quest.de.md).

Every die is typed in (tests/starquest/game.py): `g.do(command, *faces)` names the faces in
the order the engine rolls them, and the decider refuses leftover or missing faces.
"""

from __future__ import annotations

import pytest

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Advance, Charge, Hold, Scurry, Shoot
from tests.starquest.game import of, wall, weapon
from tests.starquest.test_melee_morale import table as melee_table
from tests.starquest.test_rules import BOTH, T, range_game

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
