"""grimdark-future-1.5.md#Shooting, #Melee, #Morale, #Special Rules: Quality tests to hit, rolls
against Defense to wound (AP lowering it), casualties picked by the owner (Tough accumulating on
one model), morale at half strength, Pinned, strike back, Rout, and the 1" back-off."""

from __future__ import annotations

import math

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, VANGUARD, Game

SHOOTING = "grimdark-future-1.5.md#Shooting"


def test_all_weapons_in_range_shoot_one_target_hits_wound_and_the_owner_removes_casualties():
    """Vanguard Squad (Quality 4+) at Spine Spitters (Defense 3+): the Shredder's 2 attacks with
    AP(1) wound on 2+, the four Long Rifles' on 3+."""
    game = Game()
    game.ready()
    #            Shredder: to hit, to wound   Long Rifles: to hit,  to wound
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 4, 1, 2, 6, 5, 3, 2, 3, 2)
    rolls = [e for e in events if type(e).__name__ == "DiceRolled"]
    assert [(r.purpose, r.results, r.rule) for r in rolls] == [
        ("vanguard-squad: Shredder to hit spine-spitters", [4, 1], SHOOTING),
        ("vanguard-squad: Shredder to wound spine-spitters", [2], SHOOTING),
        ("vanguard-squad: Long Rifle to hit spine-spitters", [6, 5, 3, 2], SHOOTING),
        ("vanguard-squad: Long Rifle to wound spine-spitters", [3, 2], SHOOTING),
    ]
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [
        ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 2, 1, 1),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 2, 1),
    ]
    assert events[-1] == ev.CasualtiesDue("spine-spitters", 2, "end")
    pending = game.refused(cmd.Hold(unit="brood-mother"))
    assert (pending.code, pending.params) == ("casualties_pending", {"unit": "spine-spitters", "wounds": 2})
    extra = game.refused(cmd.RemoveCasualties(unit="spine-spitters", models=["spine-spitters-5", "spine-spitters-4", "spine-spitters-3"]))
    assert (extra.code, extra.params["takes"]) == ("casualties_do_not_fit", 3)
    taken = game.do(cmd.RemoveCasualties(unit="spine-spitters", models=["spine-spitters-5", "spine-spitters-4"]), actor="bob")
    assert taken == [
        ev.ModelRemoved("spine-spitters", "spine-spitters-5"),
        ev.ModelRemoved("spine-spitters", "spine-spitters-4"),
        ev.CasualtiesTaken("spine-spitters"),
        ev.ActivationEnded("vanguard-squad"),
    ]  # 3 of 5 left: over half, no morale test
    assert game.game.up == BROOD


def test_wounds_that_take_every_model_need_no_pick_and_a_destroyed_unit_tests_nothing():
    game = Game()
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 4, 4, 2, 2, 6, 5, 4, 2, 3, 3, 3)
    assert [e for e in events if isinstance(e, ev.AttackResolved)][-1] == ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 3, 3)
    assert [e.model for e in events if isinstance(e, ev.ModelRemoved)] == [f"spine-spitters-{k}" for k in range(1, 6)]
    assert not any(isinstance(e, (ev.CasualtiesDue, ev.MoraleTested)) for e in events)
    assert game.unit("spine-spitters").destroyed and events[-1] == ev.ActivationEnded("vanguard-squad")


def test_blast_multiplies_hits_morale_at_half_pins_and_a_pinned_unit_only_holds():
    """The Mortar Team's Siege Mortars (Blast(3)): 2 hits become 6; the Skitters (Defense 3+)
    take 4 wounds, are down to 4 of 8, and fail their morale test (Quality 5+)."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    events = game.do(cmd.Hold(unit="mortar-team", target="skitter-swarm"), 4, 4, 1, 3, 3, 3, 3, 2, 1)
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [ev.AttackResolved("mortar-team", "Siege Mortar", "skitter-swarm", 3, 6, 4)]
    assert events[-1] == ev.CasualtiesDue("skitter-swarm", 4, "end")
    events = game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=[f"skitter-swarm-{k}" for k in (5, 6, 7, 8)]), 4, actor="bob")
    assert [e for e in events if isinstance(e, ev.MoraleTested)] == [ev.MoraleTested("skitter-swarm", 4, 5, False)]
    assert ev.UnitPinned("skitter-swarm") in events and game.unit("skitter-swarm").pinned
    assert game.game.up == BROOD
    idle = game.refused(cmd.Advance(unit="skitter-swarm", positions=[(40, 21), (41.5, 21), (43, 21), (44.5, 21)]))
    assert (idle.code, idle.rule, idle.params) == ("pinned", "grimdark-future-1.5.md#Morale", {"unit": "skitter-swarm", "action": "advance"})
    game.do(cmd.Hold(unit="skitter-swarm"))
    assert not game.unit("skitter-swarm").pinned  # until the end of its next activation


def test_tough_wounds_accumulate_on_one_model_the_wounded_one_first():
    """Bone Crushers: three models with Tough(3), Defense 5+; AP(1) wounds them on 4+, no AP on 5+."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 4, 1, 4, 6, 1, 1, 1, 1)
    assert game.events[-1] == ev.CasualtiesDue("bone-crushers", 1, "end")
    assert game.do(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-2"]))[:2] == [
        ev.ModelWounded("bone-crushers", "bone-crushers-2", 1),
        ev.CasualtiesTaken("bone-crushers"),
    ]
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="ridge-squad", target="bone-crushers"), 4, 4, 4, 4, 6, 6, 5, 5, 5, 1, 1, 1)
    assert game.events[-1] == ev.CasualtiesDue("bone-crushers", 3, "end")
    first = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1", "bone-crushers-2"]))
    assert (first.code, first.rule, first.params) == ("wounded_model_first", "grimdark-future-1.5.md#Special Rules", {"unit": "bone-crushers", "model": "bone-crushers-2"})
    events = game.do(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-2", "bone-crushers-1"]))
    assert events == [  # 2 of 3 models left: over half, no morale test
        ev.ModelRemoved("bone-crushers", "bone-crushers-2"),
        ev.ModelWounded("bone-crushers", "bone-crushers-1", 1),
        ev.CasualtiesTaken("bone-crushers"),
        ev.ActivationEnded("ridge-squad"),
    ]
    assert [(m.id, m.wounds) for m in game.unit("bone-crushers").models] == [("bone-crushers-1", 1), ("bone-crushers-3", 0)]


def test_a_charge_strikes_the_defenders_strike_back_and_the_loser_routs_at_half():
    """Dust Riders (Fast: charge 18") charge the Skitter Swarm: eight Lance attacks with AP(1)
    (Quality 4+, wound on 2+), the four Skitters left strike back with Fangs (Quality 5+, wound
    the Riders on 4+); the Skitters caused fewer wounds, fail morale at half and rout."""
    game = Game()
    game.ready()
    contact = 20 - 2 * 0.492126  # base to base with the Skitters' front row
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)])
    events = game.do(charge, 6, 5, 4, 3, 2, 1, 4, 4, 2, 1, 3, 4, 5)
    assert events[1:3] == [  # the back row closes in until it touches the front row
        ev.MeleeStarted("dust-riders", "skitter-swarm"),
        ev.UnitMoved("skitter-swarm", "close_in", [(40, 20), (41.5, 20), (43, 20), (44.5, 20), (40, 20.984), (41.5, 20.984), (43, 20.984), (44.5, 20.984)], 0.516),
    ]
    assert game.game.active == "dust-riders"
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [ev.AttackResolved("dust-riders", "Lance", "skitter-swarm", 8, 5, 4)]
    assert events[-1] == ev.CasualtiesDue("skitter-swarm", 4, "strike_back")
    back = game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=[f"skitter-swarm-{k}" for k in (1, 2, 3, 4)]), 5, 6, 1, 2, 4, 3)
    assert [e for e in back if isinstance(e, ev.AttackResolved)] == [ev.AttackResolved("skitter-swarm", "Fangs", "dust-riders", 4, 2, 1)]
    assert back[-1] == ev.CasualtiesDue("dust-riders", 1, "melee_end")
    end = game.do(cmd.RemoveCasualties(unit="dust-riders", models=["dust-riders-4"]), 3)
    assert [e for e in end if type(e).__name__ != "DiceRolled"][1:] == [
        ev.CasualtiesTaken("dust-riders"),
        ev.MoraleTested("skitter-swarm", 3, 5, False),
        ev.UnitRouted("skitter-swarm"),
        ev.MeleeEnded("dust-riders", "skitter-swarm", 4, 1),
        ev.SurvivorMayMove("dust-riders"),
    ]
    assert game.unit("skitter-swarm").destroyed and len(game.unit("dust-riders").models) == 3
    assert game.do(cmd.MoveSurvivor(unit="dust-riders"))[-1] == ev.ActivationEnded("dust-riders")  # stays where it is
    assert game.game.up == BROOD and VANGUARD in game.game.sides


def _riders_rout_the_skitters() -> Game:
    game = Game()
    game.ready()
    contact = 20 - 2 * 0.492126
    game.do(cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)]), 6, 5, 4, 3, 2, 1, 4, 4, 2, 1, 3, 4, 5)
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=[f"skitter-swarm-{k}" for k in (1, 2, 3, 4)]), 5, 6, 1, 2, 4, 3)
    game.do(cmd.RemoveCasualties(unit="dust-riders", models=["dust-riders-4"]), 3)
    return game


def test_the_unit_left_when_the_other_is_destroyed_may_move_up_to_3_inches_before_play_goes_on():
    """#Melee: the Skitter Swarm routed; the Dust Riders' three models may move 3" (Fast does
    not lengthen it), and nothing else happens until they do or stay."""
    game = _riders_rout_the_skitters()
    refused = game.refused(cmd.Hold(unit="brood-mother"))
    assert (refused.code, refused.params) == ("survivor_to_move", {"unit": "dust-riders"})
    refused = game.refused(cmd.MoveSurvivor(unit="brood-mother"))
    assert (refused.code, refused.params) == ("no_survivor_move", {"unit": "brood-mother", "survivor": "dust-riders"})
    y = 20 - 2 * 0.492126
    refused = game.refused(cmd.MoveSurvivor(unit="dust-riders", positions=[(40, y + 3.5), (41.5, y + 3.5), (43, y + 3.5)]))
    assert (refused.code, refused.params) == ("too_far", {"unit": "dust-riders", "action": "survive", "max": 3.0, "inches": 3.5})
    events = game.do(cmd.MoveSurvivor(unit="dust-riders", positions=[(40, y + 3), (41.5, y + 3), (43, y + 3)]))
    assert events == [ev.UnitMoved("dust-riders", "survive", [(40, y + 3), (41.5, y + 3), (43, y + 3)], 3.0), ev.ActivationEnded("dust-riders")]
    assert (game.game.survivor, game.game.up, [(m.x, m.y) for m in game.unit("dust-riders").models]) == ("", BROOD, [(40, y + 3), (41.5, y + 3), (43, y + 3)])


def test_the_side_that_caused_fewer_wounds_tests_and_the_attacker_backs_off_1_inch():
    """One Lance wound; seven Skitters within 2" strike back for two: the Riders test morale
    (a 4 against Quality 4+ holds) and move 1" straight back from the closest Skitter."""
    game = Game()
    game.ready()
    contact = 20 - 2 * 0.492126
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)])
    game.do(charge, 1, 1, 1, 1, 1, 1, 1, 4, 2)
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=["skitter-swarm-8"]), 5, 5, 5, 1, 1, 1, 1, 4, 4, 1)
    assert [e for e in game.events if isinstance(e, ev.AttackResolved)][-1] == ev.AttackResolved("skitter-swarm", "Fangs", "dust-riders", 7, 3, 2)
    events = game.do(cmd.RemoveCasualties(unit="dust-riders", models=["dust-riders-3", "dust-riders-4"]), 4)
    assert [e for e in events if type(e).__name__ != "DiceRolled"][3:] == [
        ev.MoraleTested("dust-riders", 4, 4, True),
        ev.UnitMoved("dust-riders", "back_off", [(40, 18.016), (41.5, 18.016)], 1.0),
        ev.MeleeEnded("dust-riders", "skitter-swarm", 1, 2),
        ev.ActivationEnded("dust-riders"),
    ]
    assert not game.unit("dust-riders").pinned and game.game.melee is None


def test_a_charge_must_reach_base_contact_with_an_enemy():
    game = Game()
    game.ready()
    short = game.refused(cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, 18.5), (41.5, 18.5), (43, 18.5), (44.5, 18.5)]))
    assert (short.code, short.rule, short.params) == ("no_contact", "grimdark-future-1.5.md#Movement", {"unit": "dust-riders", "target": "skitter-swarm"})
    friend = game.refused(cmd.Charge(unit="dust-riders", target="mortar-team", positions=[(40, 10), (41.5, 10), (43, 10), (44.5, 10)]))
    assert (friend.code, friend.field) == ("not_an_enemy", "target")


def test_a_unit_with_no_weapon_in_range_of_the_target_cannot_shoot_it():
    """The captain's Service Pistol reaches 12"; the Creeper Swarm stands 45" away."""
    game = Game()
    game.ready()
    refused = game.refused(cmd.Hold(unit="captain-hale-morrow", target="creeper-swarm"))
    assert (refused.code, refused.rule, refused.field, refused.params) == ("no_shot", SHOOTING, "target", {"unit": "captain-hale-morrow", "target": "creeper-swarm"})


def test_a_weapon_reaches_a_target_its_range_away_base_to_base():
    """#Shooting, range: the captain's Service Pistol (12") at the Brood Mother 11.52" away, base
    edge to base edge (the captain at (4, 10) on 25 mm, she at (4, 23) on 50 mm): it fires."""
    game = Game()
    game.ready({"captain-hale-morrow": [(4, 10)], "brood-mother": [(4, 23)]})
    events = game.do(cmd.Hold(unit="captain-hale-morrow", target="brood-mother"), 1)
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [ev.AttackResolved("captain-hale-morrow", "Service Pistol", "brood-mother", 1, 0, 0)]


MELEE = "grimdark-future-1.5.md#Melee"


def test_defenders_all_slain_by_the_charge_strike_nothing_back_and_nobody_tests_morale():
    """#Melee: eight Lance hits wound the eight Skitters: none is left to strike back, the melee
    ends 8 to 0 with no morale test, and the Riders may move."""
    game = Game()
    game.ready()
    contact = 20 - 2 * 0.492126
    events = game.do(cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)]), *[6] * 16)
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [ev.AttackResolved("dust-riders", "Lance", "skitter-swarm", 8, 8, 8)]
    assert [e for e in events if type(e).__name__ != "DiceRolled"][-2:] == [ev.MeleeEnded("dust-riders", "skitter-swarm", 8, 0), ev.SurvivorMayMove("dust-riders")]
    assert not any(isinstance(e, ev.MoraleTested) for e in events)


def test_the_survivors_move_is_refused_for_another_unit_or_the_wrong_count_and_measured_to_the_thousandth():
    """#Melee, the survivor's 3": another unit's move is refused on the unit, a move naming three
    of the four Riders on the positions, 3.5" as too far; 1" across and 2" forward is 2.236"."""
    game = Game()
    game.ready()
    y = 20 - 2 * 0.492126
    game.do(cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, y), (41.5, y), (43, y), (44.5, y)]), *[6] * 16)
    other = game.refused(cmd.MoveSurvivor(unit="brood-mother"))
    assert (other.code, other.rule, other.field) == ("no_survivor_move", MELEE, "unit")
    three = game.refused(cmd.MoveSurvivor(unit="dust-riders", positions=[(40, y + 1), (41.5, y + 1), (43, y + 1)]))
    assert (three.code, three.rule, three.params) == ("wrong_model_count", MELEE, {"unit": "dust-riders", "models": 4, "given": 3})
    far = game.refused(cmd.MoveSurvivor(unit="dust-riders", positions=[(x, y + 3.5) for x in (40, 41.5, 43, 44.5)]))
    assert (far.code, far.rule) == ("too_far", MELEE)
    events = game.do(cmd.MoveSurvivor(unit="dust-riders", positions=[(x + 1, y + 2) for x in (40, 41.5, 43, 44.5)]))
    assert events[0] == ev.UnitMoved("dust-riders", "survive", [(x + 1, y + 2) for x in (40, 41.5, 43, 44.5)], 2.236)


def test_defenders_close_in_and_chargers_back_off_on_the_slant():
    """#Melee: the Riders touch the Skitters' front row 0.6" to the east of each: the back row
    goes straight at the closest Rider, 0.544" on the slant ((40, 21.5) to (40.138, 20.974)); after
    the melee each Rider moves 1" straight away from the closest Skitter, (40.6, 19.22) from the
    one at (40, 20) to (41.21, 18.427)."""
    game = Game()
    game.ready()
    y = 20 - math.sqrt(0.984252**2 - 0.6**2)
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40.6, y), (42.1, y), (43.6, y), (45.1, y)])
    events = game.do(charge, 1, 1, 1, 1, 1, 1, 1, 4, 2)
    assert [e for e in events if isinstance(e, ev.UnitMoved) and e.action == "close_in"] == [
        ev.UnitMoved("skitter-swarm", "close_in", [(40, 20), (41.5, 20), (43, 20), (44.5, 20), (40.138, 20.974), (41.638, 20.974), (43.138, 20.974), (44.638, 20.974)], 0.544)
    ]
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=["skitter-swarm-8"]), 5, 5, 5, 1, 1, 1, 1, 4, 4, 1)
    events = game.do(cmd.RemoveCasualties(unit="dust-riders", models=["dust-riders-3", "dust-riders-4"]), 4)
    assert [e for e in events if isinstance(e, ev.UnitMoved)] == [ev.UnitMoved("dust-riders", "back_off", [(41.21, 18.427), (42.71, 18.427)], 1.0)]


def test_defenders_already_touching_the_chargers_do_not_close_in():
    """#Melee: the captain stands in base contact with the charging Brood Mother: no close-in move."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    events = game.do(cmd.Charge(unit="brood-mother", target="captain-hale-morrow", positions=[(4, 10 + 0.492126 + 0.984252)]), *[1] * 7)
    assert [e.action for e in events if isinstance(e, ev.UnitMoved)] == ["charge", "back_off"]
