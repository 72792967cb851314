"""The size of every modifier to hit and to block, and the rules that ignore them
(star-quest.en.md#Shooting, #Status conditions, #Special Rules Reference; star-quest.de.md
#SCHIESSEN, #SONDERREGELN). A shot's faces: to hit, then to block each hit, then Bane's
re-rolls; a die more or less is refused (tests/starquest/game.py)."""

from __future__ import annotations

import pytest

from domain.events import DiceRolled
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Advance, Answer, Charge, Hold, Shoot
from tests.starquest.game import Game, enemy, hero, of, piece, wave, weapon
from tests.starquest.test_rules import BOTH, FAR, NEAR, T, range_game

SHY = enemy("Target", defense=4, toughness=3, rules=["Stealth"])
TOUGH = enemy("Target", defense=4, toughness=3, rules=["Regeneration"])
CRATER = piece("crater", 20, 17, 28, 23, cover=True)


def shot(g, *faces: int, impaired: bool = False, advance: bool = False) -> tuple[ev.AttackResolved, list]:
    """Ace activates (declining to pay off its conditions), holds or advances, shoots the target."""
    if impaired:
        g.patch("ace", statuses=frozenset({"Impaired"}))
    g.do(Activate("ace"))
    while g.battle.pending is not None:
        g.do(Answer("ace", False))
    g.do(Advance("ace", 24.0, 7.0) if advance else Hold("ace"))
    events = g.do(Shoot("ace", T), *faces)
    (resolved,) = of(events, ev.AttackResolved)
    return resolved, events


@BOTH
@pytest.mark.parametrize(("at", "face", "hit"), [(FAR, 4, 0), (FAR, 5, 1), (NEAR, 4, 1)])
def test_stealth_is_minus_one_to_hit_from_over_nine_inches(rules, at, face, hit):
    resolved, _ = shot(range_game(rules, target=SHY, at=(at,)), face, *[1] * hit)
    assert (resolved.hits, resolved.wounds) == (hit, hit)


@BOTH
@pytest.mark.parametrize(("quality", "face", "hit"), [(3, 4, 0), (3, 5, 1), (4, 5, 0), (4, 6, 1), (5, 5, 0), (5, 6, 1)])
def test_stealth_and_impaired_make_minus_two_and_a_natural_six_always_hits(rules, quality, face, hit):
    """Qua 3: 5 - 2 hits, 4 - 2 misses. Qua 5: only a natural 6 hits, 6 - 2 being 4."""
    resolved, _ = shot(range_game(rules, target=SHY, quality=quality), face, *[1] * hit, impaired=True)
    assert (resolved.hits, resolved.wounds) == (hit, hit)


@BOTH
@pytest.mark.parametrize(("face", "hit"), [(4, 0), (5, 1)])
def test_indirect_after_an_advance_is_minus_one(rules, face, hit):
    resolved, _ = shot(range_game(rules, weapon("Mortar", rules=["Indirect"])), face, *[1] * hit, advance=True)
    assert resolved.hits == hit


@BOTH
def test_indirect_stealth_and_impaired_add_up_to_minus_three(rules):
    g = range_game(rules, weapon("Mortar", rules=["Indirect"]), target=SHY, quality=2)
    resolved, _ = shot(g, 4, impaired=True, advance=True)  # 4 - 3 misses Qua 2
    assert resolved.hits == 0
    resolved, _ = shot(range_game(rules, weapon("Mortar", rules=["Indirect"]), target=SHY, quality=2), 5, 1, impaired=True, advance=True)
    assert resolved.hits == 1


@pytest.mark.parametrize(("rules", "rule"), [("en", "Lock-On"), ("de", "Unstoppable")])
@pytest.mark.parametrize(("face", "hit"), [(4, 1), (3, 0)])
def test_lock_on_and_unstoppable_ignore_the_minuses_to_hit(rules, rule, face, hit):
    """Stealth far away and Impaired would make -2: with the rule a 4 still hits Qua 4, a 3 misses."""
    g = range_game(rules, weapon("Seeker", rules=[rule]), target=SHY)
    resolved, _ = shot(g, face, *[1] * hit, impaired=True)
    assert resolved.hits == hit


@pytest.mark.parametrize(("rules", "rule", "cover"), [("en", "Lock-On", False), ("de", "Unstoppable", True)])
def test_lock_on_ignores_cover_unstoppable_does_not(rules, rule, cover):
    """In the crater a block of 3 + 1 stops a hit at Def 4; Lock-On leaves the target no cover."""
    resolved, _ = shot(range_game(rules, weapon("Seeker", rules=[rule]), terrain=[CRATER]), 5, 3)
    assert (resolved.cover, resolved.blocked, resolved.wounds) == (cover, int(cover), 1 - int(cover))


@BOTH
def test_indirect_gets_cover_only_from_the_ground_it_stands_in(rules):
    resolved, _ = shot(range_game(rules, weapon("Mortar", rules=["Indirect"]), terrain=[CRATER]), 5, 3)
    assert (resolved.cover, resolved.blocked) == (True, 1)


@BOTH
@pytest.mark.parametrize(("to_hit", "block", "wounds"), [(6, 5, 1), (6, 6, 0), (5, 4, 0), (5, 3, 1)])
def test_rending_gives_a_natural_six_to_hit_ap4_and_nothing_else(rules, to_hit, block, wounds):
    """Def 4: against the 6's AP(4) a 5 fails and only a natural 6 blocks; a 5 to hit is AP(0)."""
    resolved, _ = shot(range_game(rules, weapon("Ripper", rules=["Rending"])), to_hit, block)
    assert (resolved.hits, resolved.blocked, resolved.wounds) == (1, 1 - wounds, wounds)


@BOTH
def test_rending_keeps_a_better_ap(rules):
    """AP(5) and Rending: a natural 6's hit stays AP(5), so Def 2 fails on a 5 (5 - 5 < 2)."""
    g = range_game(rules, weapon("Ripper", ap=5, rules=["Rending"]), target=enemy("Target", defense=2, toughness=3))
    resolved, _ = shot(g, 6, 5)
    assert (resolved.blocked, resolved.wounds) == (0, 1)


@BOTH
@pytest.mark.parametrize(("block", "wounds"), [(5, 0), (4, 1)])
def test_rendings_ap_is_four_not_more(rules, block, wounds):
    """Def 2 in the crater against a natural 6's AP(4): 5 + 1 - 4 blocks, 4 + 1 - 4 does not."""
    g = range_game(rules, weapon("Ripper", rules=["Rending"]), target=enemy("Target", defense=2, toughness=3), terrain=[CRATER])
    resolved, _ = shot(g, 6, block)
    assert (resolved.cover, resolved.blocked, resolved.wounds) == (True, 1 - wounds, wounds)


@pytest.mark.parametrize(("rules", "rule"), [("en", "Rending"), ("en", "Poison"), ("de", "Bane"), ("de", "Unstoppable"), ("de", "Rending")])
def test_these_weapons_leave_regeneration_no_roll(rules, rule):
    resolved, events = shot(range_game(rules, weapon("Bad", rules=[rule]), target=TOUGH), 4, 1)
    assert resolved.wounds == 1
    assert [r.purpose for r in of(events, DiceRolled)] == ["Bad to hit target-1-1", "target-1-1 blocks Bad"]


@BOTH
def test_regeneration_rolls_against_other_weapons(rules):
    """The unblocked hit's wound meets Regeneration's die: a 5 ignores it."""
    resolved, events = shot(range_game(rules, target=TOUGH), 4, 1, 5)
    assert resolved.wounds == 0 and [r.results for r in of(events, DiceRolled)][-1] == [5]


@pytest.mark.parametrize(("rules", "rule"), [("en", "Poison"), ("de", "Bane")])
@pytest.mark.parametrize(("again", "wounds"), [(2, 1), (6, 0)])
def test_poison_and_bane_make_a_blocking_six_roll_again(rules, rule, again, wounds):
    resolved, events = shot(range_game(rules, weapon("Venom", rules=[rule])), 4, 6, again)
    assert (resolved.blocked, resolved.wounds) == (1 - wounds, wounds)
    assert [(r.purpose, r.results) for r in of(events, DiceRolled)][-1] == ("target-1-1 re-rolls 6s against Venom", [again])


@BOTH
def test_a_hit_the_defender_cannot_block_but_with_a_six(rules):
    """AP(3) against Def 4 in the open: a 6 blocks, a 5 does not (5 - 3 < 4)."""
    resolved, _ = shot(range_game(rules, weapon("Laser", attacks=2, ap=3)), 4, 4, 6, 5)
    assert (resolved.hits, resolved.blocked, resolved.wounds) == (2, 1, 1)


@BOTH
def test_furious_adds_nothing_to_a_shot(rules):
    """A Furious hero's extra hits are for charging: a natural 6 shot is one hit (one block die)."""
    resolved, events = shot(range_game(rules, hero_rules=["Furious"]), 6, 1)
    assert (resolved.hits, resolved.wounds) == (1, 1)
    assert {r.rule for r in of(events, DiceRolled)} == {f"star-quest.{rules}.md#{'Shooting' if rules == 'en' else 'SCHIESSEN'}"}


def test_a_furious_lances_extra_hit_has_the_lances_ap():
    """English (Lance): a Furious hero charging with a Lance rolls a natural 6: two hits, both
    AP(1); Def 4 blocks of 4 fail both (4 - 1 < 4). The melee dice cite #Melee."""
    g = Game(
        "en",
        heroes=[hero("Ace", weapons=("Fury",), rules=("Furious",))],
        enemies=[enemy("Grunt", toughness=3, weapons=("Claw",))],
        weapons=[weapon("Fury", range=0, rules=["Lance"]), weapon("Claw", range=0)],
        waves=[wave(1, "Grunt", (10.0, 14.0))],
        at={"ace": (10.0, 6.0)},
    )
    g.do(Activate("ace"))
    events = g.do(Charge("ace", "grunt-1-1"), 6, 4, 4, 1)  # the Claw strikes back and misses
    assert [(e.weapon, e.hits, e.blocked, e.wounds) for e in of(events, ev.AttackResolved)] == [("Fury", 2, 0, 2), ("Claw", 0, 0, 0)]
    assert {r.rule for r in of(events, DiceRolled)} == {"star-quest.en.md#Melee"}


@BOTH
@pytest.mark.parametrize(("block", "wounds"), [(1, 1), (2, 0)])
def test_a_natural_one_never_blocks(rules, block, wounds):
    """Def 2 in the crater: a 1 + 1 would reach 2, but a natural 1 fails; a 2 blocks."""
    g = range_game(rules, target=enemy("Target", defense=2, toughness=3), terrain=[CRATER])
    resolved, _ = shot(g, 5, block)
    assert (resolved.cover, resolved.blocked, resolved.wounds) == (True, 1 - wounds, wounds)
