"""grimdark-future-1.5.md#Special Rules and #General Principles with known dice: Regeneration,
Fearless, a Pinned unit's -1 in melee, and a target above 6 taking a 6 then a 4+."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import SHALLOW, Game, with_quality, with_rules


def test_regeneration_ignores_each_wound_on_5_plus_before_it_is_taken():
    """The Brood Mother (Defense 5+, Tough(6), Regeneration): the Shredder's AP(1) wounds twice
    on 4+; she regenerates one of them."""
    game = Game()
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="brood-mother"), 4, 4, 5, 6, 5, 2, 1, 1, 1, 1)
    regenerates = [e for e in events if getattr(e, "purpose", "") == "brood-mother regenerates"]
    assert [(r.results, r.rule) for r in regenerates] == [([5, 2], "grimdark-future-1.5.md#Special Rules")]
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [
        ev.AttackResolved("vanguard-squad", "Shredder", "brood-mother", 2, 2, 1),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "brood-mother", 4, 0, 0),
    ]
    assert ev.ModelWounded("brood-mother", "brood-mother-1", 1) in events  # one model: no pick to wait for
    assert not any(isinstance(e, ev.MoraleTested) for e in events)  # 5 of 6 wounds left


def test_fearless_adds_1_to_the_morale_roll():
    """Captain Hale Morrow (Quality 3+, Tough(3), Fearless) down to 1 wound left tests: a 2 passes."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    events = game.do(cmd.Hold(unit="spine-spitters", target="captain-hale-morrow"), 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 4, 5, 2)
    assert ev.ModelWounded("captain-hale-morrow", "captain-hale-morrow-1", 2) in events
    assert ev.MoraleTested("captain-hale-morrow", 2, 3, True, 1) in events
    assert not game.unit("captain-hale-morrow").pinned


def test_a_pinned_unit_strikes_at_minus_1_and_a_7_takes_a_6_then_a_4():
    """Skitters of Quality 6+ are Pinned by the mortar, then charged: striking back at -1 they
    need a 7, so each 6 rolls again and counts on 4+."""
    game = Game(pack=with_quality("Skitter Swarm", 6))
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="mortar-team", target="skitter-swarm"), 4, 4, 1, 3, 3, 3, 3, 2, 1)
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=[f"skitter-swarm-{k}" for k in (5, 6, 7, 8)]), 4)
    assert game.unit("skitter-swarm").pinned
    game.do(cmd.Hold(unit="spine-spitters"))
    contact = 20 - 2 * 0.492126
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)])
    events = game.do(charge, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 5, 1, 4, 3, 4)
    rolls = [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[1:] == [
        ("skitter-swarm: Fangs to hit dust-riders", [6, 6, 5, 1], "grimdark-future-1.5.md#Melee"),
        ("skitter-swarm: Fangs, 6s needing a 4+", [4, 3], "grimdark-future-1.5.md#General Principles"),
        ("skitter-swarm: Fangs to wound dust-riders", [4], "grimdark-future-1.5.md#Melee"),
    ]
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [
        ev.AttackResolved("dust-riders", "Lance", "skitter-swarm", 8, 0, 0),
        ev.AttackResolved("skitter-swarm", "Fangs", "dust-riders", 4, 1, 1),
    ]
    assert events[-1] == ev.CasualtiesDue("dust-riders", 1, "melee_end")


def _attacks(events):
    return [e for e in events if isinstance(e, ev.AttackResolved)]


def test_linked_adds_1_to_the_attack_rolls():
    game = Game(pack=with_rules("Vanguard Squad", "Long Rifle", ("Linked",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 1, 1, 3, 3, 3, 2, 3, 3, 3)
    assert _attacks(events)[-1] == ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 3, 3)


def test_stealth_takes_1_off_shooting_rolls_against_the_unit():
    game = Game(pack=with_rules("Spine Spitters", rules=("Stealth",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 1, 1, 4, 4, 4, 5, 3)
    assert _attacks(events)[-1] == ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 1, 1)


def test_poison_adds_nothing_against_a_vehicle():
    """The same Poison(1) Shredder against the Brood Mother made a Vehicle: a 3 fails (4+)."""
    game = Game(pack=_changed(with_rules("Vanguard Squad", "Shredder", ("Poison(1)",)), "Brood Mother", kind="vehicle"))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="brood-mother"), 4, 4, 3, 2, 1, 1, 1, 1)
    assert _attacks(events)[0] == ev.AttackResolved("vanguard-squad", "Shredder", "brood-mother", 2, 2, 0)


def test_poison_adds_x_to_the_wound_roll():
    """The Shredder with Poison(1) against the Brood Mother (Defense 5+, AP(1)): a 3 wounds."""
    game = Game(pack=with_rules("Vanguard Squad", "Shredder", ("Poison(1)",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="brood-mother"), 4, 4, 3, 2, 1, 1, 1, 1, 1)
    assert _attacks(events) == [
        ev.AttackResolved("vanguard-squad", "Shredder", "brood-mother", 2, 2, 1),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "brood-mother", 4, 0, 0),
    ]


def test_rending_sixes_to_hit_wound_on_2_plus_whatever_the_defense():
    """Long Rifles with Rending at the Bone Crushers (Defense 5+): the 6 to hit wounds on a 2, the
    4 to hit does not."""
    game = Game(pack=with_rules("Vanguard Squad", "Long Rifle", ("Rending",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 1, 1, 6, 4, 1, 1, 2, 2)
    assert _attacks(events)[-1] == ev.AttackResolved("vanguard-squad", "Long Rifle", "bone-crushers", 4, 2, 1)


def _as_monster(unit_name: str):
    armies = tuple(
        msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, kind="monster") if u.name == unit_name else u for u in a.units)) for a in SHALLOW.armies
    )
    return msgspec.structs.replace(SHALLOW, armies=armies)


def test_impact_and_furious_hit_automatically_when_charging():
    """Dust Riders with Impact(1) and Furious charge the Skitters (Defense 3+): four Impact hits,
    four Quality tests for Furious (one 4+), then the Lances."""
    game = Game(pack=with_rules("Dust Riders", rules=("Impact(1)", "Furious")))
    game.ready()
    contact = 20 - 2 * 0.492126
    charge = cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)])
    #                    Impact wounds  Furious tests  its wound  Lances to hit
    events = game.do(charge, 3, 3, 1, 2, 4, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1)
    assert [(e.purpose, e.rule) for e in events if type(e).__name__ == "DiceRolled"][:3] == [
        ("dust-riders: Impact to wound skitter-swarm", "grimdark-future-1.5.md#Special Rules"),
        ("dust-riders: Furious", "grimdark-future-1.5.md#Special Rules"),
        ("dust-riders: Furious to wound skitter-swarm", "grimdark-future-1.5.md#Special Rules"),
    ]
    assert _attacks(events) == [
        ev.AttackResolved("dust-riders", "Impact", "skitter-swarm", 4, 4, 2),
        ev.AttackResolved("dust-riders", "Furious", "skitter-swarm", 4, 1, 1),
        ev.AttackResolved("dust-riders", "Lance", "skitter-swarm", 8, 0, 0),
    ]
    assert events[-1] == ev.CasualtiesDue("skitter-swarm", 3, "strike_back")


def test_a_monster_has_fear_and_impact_3_and_a_failed_fear_test_costs_1_to_hit():
    """The Brood Mother as a Monster charges the captain: he tests against Fear (a 1 fails,
    Fearless or not), her three Impact hits and her Talons miss, and his Arc Blade strikes back
    at -1: of 3, 3 and 4 only the 4 hits his Quality 3+."""
    game = Game(pack=_as_monster("Brood Mother"))
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    contact = 10 + 0.492126 + 0.984252
    events = game.do(cmd.Charge(unit="brood-mother", target="captain-hale-morrow", positions=[(4, contact)]), 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 4, 4, 2, 2)
    assert [e for e in events if isinstance(e, (ev.MoraleTested, ev.FearFailed))] == [
        ev.MoraleTested("captain-hale-morrow", 1, 3, False, 1),
        ev.FearFailed("captain-hale-morrow"),
        ev.MoraleTested("brood-mother", 2, 3, False, 0),  # she caused fewer wounds: 0 to 1
    ]
    assert _attacks(events) == [
        ev.AttackResolved("brood-mother", "Impact", "captain-hale-morrow", 3, 3, 0),
        ev.AttackResolved("brood-mother", "Scything Talons", "captain-hale-morrow", 4, 0, 0),
        ev.AttackResolved("captain-hale-morrow", "Arc Blade", "brood-mother", 3, 1, 1),
    ]
    assert ev.UnitPinned("brood-mother") in events and not game.unit("captain-hale-morrow").pinned


def _changed(pack, unit_name: str, **changes):
    armies = tuple(msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, **changes) if u.name == unit_name else u for u in a.units)) for a in pack.armies)
    return msgspec.structs.replace(pack, armies=armies)


#: The Vanguard Squad on 60 mm bases in two rows straight in front of the captain at (5, 6): no
#: line from his base reaches the Brood Mother's at (5, 20) (#General Principles, Line of Sight).
SCREEN = {
    "captain-hale-morrow": [(5, 6)],
    "vanguard-squad": [(1.7, 8.7), (5, 8.7), (8.3, 8.7), (3.35, 11.4), (6.65, 11.4)],
    "brood-mother": [(5, 20)],
    "spine-spitters": [(14, 20), (15.5, 20), (17, 20), (18.5, 20), (14, 21.5)],
}


def _screened(pistol_rules: tuple[str, ...]) -> Game:
    pack = _changed(with_rules("Captain Hale Morrow", "Service Pistol", pistol_rules), "Vanguard Squad", base=60)
    captain = next(u for u in pack.armies[0].units if u.hero)
    pistol = tuple(msgspec.structs.replace(w, range=18) if w.name == "Service Pistol" else w for w in captain.models[0].weapons)
    game = Game(pack=_changed(pack, "Captain Hale Morrow", models=(msgspec.structs.replace(captain.models[0], weapons=pistol),)))
    game.ready(SCREEN)
    return game


def test_a_unit_in_the_way_blocks_line_of_sight():
    game = _screened(())
    refused = game.refused(cmd.Hold(unit="captain-hale-morrow", target="brood-mother"))
    assert (refused.code, refused.params) == ("no_shot", {"unit": "captain-hale-morrow", "target": "brood-mother"})


def test_indirect_fires_at_a_target_out_of_sight_as_if_it_were_in_cover():
    """-1 to the roll: a 3 misses the captain's Quality 3+, a 4 hits."""
    missed = _screened(("Indirect",))
    assert _attacks(missed.do(cmd.Hold(unit="captain-hale-morrow", target="brood-mother"), 3)) == [ev.AttackResolved("captain-hale-morrow", "Service Pistol", "brood-mother", 1, 0, 0)]
    hit = _screened(("Indirect",))
    assert _attacks(hit.do(cmd.Hold(unit="captain-hale-morrow", target="brood-mother"), 4, 5, 1)) == [ev.AttackResolved("captain-hale-morrow", "Service Pistol", "brood-mother", 1, 1, 1)]


def test_limited_fires_once_in_a_battle():
    game = Game(pack=with_rules("Mortar Team", "Siege Mortar", ("Limited",)))
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="mortar-team", target="creeper-swarm"), 1, 1, 1)
    assert game.unit("mortar-team").spent == ("Siege Mortar",)
    for vanguard, brood in (("vanguard-squad", "spine-spitters"), ("ridge-squad", "bone-crushers"), ("dust-riders", "skitter-swarm")):
        game.do(cmd.Hold(unit=brood))
        game.do(cmd.Hold(unit=vanguard))
    game.do(cmd.Hold(unit="creeper-swarm"))
    assert game.game.round == 2
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    assert game.refused(cmd.Hold(unit="mortar-team", target="creeper-swarm")).code == "no_shot"


#: The Ridge Squad in a line just in front of the Vanguard Squad.
IN_FRONT = {
    "vanguard-squad": [(12, 8.5), (13.5, 8.5), (15, 8.5), (16.5, 8.5), (18, 8.5)],
    "ridge-squad": [(12, 11), (13.5, 11), (15, 11), (16.5, 11), (18, 11)],
}


def test_flying_moves_over_other_units():
    over = cmd.Advance(unit="vanguard-squad", positions=[(12, 14.5), (13.5, 14.5), (15, 14.5), (16.5, 14.5), (18, 14.5)])
    walking = Game()
    walking.ready(IN_FRONT)
    assert walking.refused(over).params == {"unit": "vanguard-squad", "other": "ridge-squad"}
    flying = Game(pack=with_rules("Vanguard Squad", rules=("Flying",)))
    flying.ready(IN_FRONT)
    assert flying.do(over)[0] == ev.UnitMoved("vanguard-squad", "advance", over.positions, 6.0)


def test_emp_wounds_vehicles_on_2_plus():
    """Long Rifles with EMP at the Bone Crushers as a Vehicle (Defense 5+): a 2 wounds, a 1 not."""
    game = Game(pack=_changed(with_rules("Vanguard Squad", "Long Rifle", ("EMP",)), "Bone Crushers", kind="vehicle"))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 1, 1, 4, 4, 1, 1, 2, 1)
    assert _attacks(events)[-1] == ev.AttackResolved("vanguard-squad", "Long Rifle", "bone-crushers", 4, 2, 1)


def test_deadly_wounds_count_three_times_on_one_model_and_never_carry_over():
    """A Deadly Shredder and the Long Rifles at the Bone Crushers (Tough(3)): one Deadly wound and
    one other; the Deadly one takes a whole model, the other wounds the next."""
    game = Game(pack=with_rules("Vanguard Squad", "Shredder", ("Deadly",)))
    game.ready()
    events = game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 4, 4, 4, 1, 4, 1, 1, 1, 5)
    assert events[-1] == ev.CasualtiesDue("bone-crushers", 2, "end", 1)
    short = game.refused(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1"]))
    assert (short.code, short.params) == ("casualties_do_not_fit", {"unit": "bone-crushers", "wounds": 2, "models": ["bone-crushers-1"], "takes": 3})
    taken = game.do(cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-1", "bone-crushers-2"]))
    assert taken[:2] == [ev.ModelRemoved("bone-crushers", "bone-crushers-1"), ev.ModelWounded("bone-crushers", "bone-crushers-2", 1)]


def test_the_fear_test_names_what_is_feared_and_a_unit_with_fear_itself_takes_none():
    """#Special Rules, Fear: the captain tests "against the Fear of" the charging Brood Mother (a
    Monster); given Fear himself, he takes no test, and neither does she (her Impact's 3 wound
    dice are the first roll), and all miss: no wounds, no morale test."""
    game = Game(pack=_as_monster("Brood Mother"))
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    contact = 10 + 0.492126 + 0.984252
    events = game.do(cmd.Charge(unit="brood-mother", target="captain-hale-morrow", positions=[(4, contact)]), 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 4, 4, 2, 2)
    assert [(e.purpose, e.rule) for e in events if type(e).__name__ == "DiceRolled"][0] == ("captain-hale-morrow: morale test against the Fear of brood-mother", "grimdark-future-1.5.md#Morale")
    fearsome = Game(pack=with_rules("Captain Hale Morrow", rules=("Fear",), pack=_as_monster("Brood Mother")))
    fearsome.ready()
    fearsome.do(cmd.Hold(unit="captain-hale-morrow"))
    events = fearsome.do(cmd.Charge(unit="brood-mother", target="captain-hale-morrow", positions=[(4, contact)]), *[1] * 10)
    assert [e.purpose for e in events if type(e).__name__ == "DiceRolled"][0] == "brood-mother: Impact to wound captain-hale-morrow"
    assert not any(isinstance(e, (ev.MoraleTested, ev.FearFailed)) for e in events)
    assert [e for e in events if isinstance(e, ev.MeleeEnded)] == [ev.MeleeEnded("brood-mother", "captain-hale-morrow", 0, 0)]
