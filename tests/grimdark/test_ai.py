"""Solo play (domain/systems/grimdark/ai.py): the army named by `solo` is the workers'; a Duel
played to its end with its commands from `ai`, the other army's from the same rule pointed at
it, on the seed's dice (tests/grimdark/solo.py)."""

from __future__ import annotations

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark import ai, ai_activation, ai_charge, ai_odds, ai_psychic, geometry
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.setup import Options, setup
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game, row
from tests.grimdark.solo import play

def test_the_ai_plays_a_duel_to_its_end() -> None:
    game = Game(f"{VANGUARD},{BROOD}", dice_mode="server", solo=BROOD)
    by_ai = play(game)
    assert game.game.outcome is not None
    brood_units = {u.id for u in game.game.of_side(BROOD)}
    for command in by_ai:
        assert getattr(command, "side", "") == BROOD or getattr(command, "unit", "") in brood_units
    # It won the edge roll-off: the south edge, its markers nearest the centre over 9" from the
    # Vanguard's, its units at the back of its zone from the west, Scouts last.
    assert by_ai[:4] == [
        cmd.PickEdge(side=BROOD, edge="south"), cmd.ChooseFirstMarker(side=BROOD, first=BROOD),
        cmd.PlaceMarker(side=BROOD, x=36.0, y=14.0), cmd.PlaceMarker(side=BROOD, x=46.0, y=14.0),
    ]
    # The Brood Mother deploys as part of the Skitter Swarm, its biggest unit (in rows of three).
    deployed = [(c.unit, c.positions[0] if c.positions else "reserve", c.joined) for c in by_ai if isinstance(c, cmd.Deploy)]
    assert deployed == [("bone-crushers", (1.0, 1.0), []), ("creeper-swarm", "reserve", []), ("skitter-swarm", (8.0, 1.0), ["brood-mother"]), ("spine-spitters", (15.0, 1.0), [])]
    # The Creeper Swarm's Ambush: it arrives in rows of four at the grid point nearest a marker
    # where it may.
    arrived = [c for c in by_ai if isinstance(c, cmd.ArriveFromAmbush)]
    assert [(c.unit, c.positions[:2]) for c in arrived] == [("creeper-swarm", [(26.0, 14.0), (27.484, 14.0)])]
    # Casualties: the last listed first, just enough for the wounds (the Mother, Tough, last).
    assert cmd.RemoveCasualties(unit="skitter-swarm", models=["skitter-swarm-5", "skitter-swarm-4", "skitter-swarm-3"]) in by_ai
    # An advance that reaches a target shoots the one it is expected to wound most; out of reach
    # it rushed toward the nearest marker.
    assert [(c.unit, c.target) for c in by_ai if isinstance(c, cmd.Advance)] == [("skitter-swarm", "dust-riders"), ("spine-spitters", "vanguard-squad")]
    assert {c.unit for c in by_ai if isinstance(c, cmd.Rush)} == {"bone-crushers", "skitter-swarm", "spine-spitters"}
    # The Mother casts from inside the swarm: Mind Needle (18") where no enemy is within Spore Cloud's 12".
    spells = [(c.spell, c.target) for c in by_ai if isinstance(c, cmd.CastSpell)]
    assert spells == [("Mind Needle", "dust-riders"), ("Blinding Spores", "ridge-squad")]
    # One charge where the melee was expected to win: the Creeper Swarm at the Vanguard Squad.
    assert [(c.unit, c.target) for c in by_ai if isinstance(c, (cmd.Charge, cmd.Embark))] == [("creeper-swarm", "vanguard-squad")]
    standing = {u.id: len(u.models) for u in game.game.units.values()}
    assert (game.game.round, game.game.outcome, game.game.seized) == (4, BROOD, {VANGUARD: 0, BROOD: 1})
    assert standing == {
        "vanguard-squad": 1, "ridge-squad": 6, "mortar-team": 3, "dust-riders": 0,
        "skitter-swarm": 1, "creeper-swarm": 0, "spine-spitters": 3, "bone-crushers": 3,
    }


def close_quarters() -> Game:
    """The Brood solo, the Bone Crushers 6" from the Ridge Squad across the zones' gap, the
    Spine Spitters 6" from the Vanguard Squad; the Vanguard's captain has held: the Brood is up."""
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready({"bone-crushers": row(24, 18, 3, 2.0, 1.5), "ridge-squad": row(22, 12, 5), "spine-spitters": row(12, 18, 5, back=1.5)})
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    return game


def test_a_unit_whose_melee_hits_harder_charges_the_nearest_enemy_it_reaches() -> None:
    game = close_quarters()
    # The Bone Crushers' claws: 9 attacks at Quality 4+, 4.5 hits expected; no shooting. The
    # Ridge Squad is 4.74" off, within their Slow charge of 8".
    command = ai.ai(game.state)
    assert command == cmd.Charge(unit="bone-crushers", target="ridge-squad", positions=[(23.606, 13.275), (25.606, 13.275), (27.606, 13.275)])
    events = game.do(command, *[1] * 9, *[1] * 5)
    moved = next(e for e in events if isinstance(e, ev.UnitMoved))
    fought = [(e.unit, e.weapon, e.attacks, e.hits) for e in events if isinstance(e, ev.AttackResolved)]
    assert (moved.action, moved.inches) == ("charge", 4.741)
    assert fought == [("bone-crushers", "Crushing Claws", 9, 0), ("ridge-squad", "Bayonet", 5, 0)]


def test_a_unit_whose_shooting_hits_harder_holds_and_shoots() -> None:
    game = close_quarters()
    # The Spine Spitters: 10 shots at 4+ (5 hits expected) against 5 blows (2.5): no charge.
    command = ai_activation.act(game.game, game.unit("spine-spitters"))
    assert command == cmd.Hold(unit="spine-spitters", target="vanguard-squad")


def test_a_unit_that_would_reach_no_target_after_an_advance_rushes_toward_its_marker() -> None:
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    # The Bone Crushers at (24, 20), claws only and nobody within their Slow charge of 8": a
    # Rush of 8" toward the marker at (36, 15), 13" off, straight along the line to it.
    command = ai.ai(game.state)
    assert command == cmd.Rush(unit="bone-crushers", positions=[(31.385, 16.923), (33.385, 16.923), (35.385, 16.923)])
    moved = game.do(command)[0]
    assert isinstance(moved, ev.UnitMoved) and (moved.action, moved.inches) == ("rush", 8.0)


def test_a_psychic_with_an_enemy_in_range_casts_its_best_spell_the_roll_allows() -> None:
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    # The Brood Mother, Psychic(2): Spore Cloud (2, 3 hits within 12"); the captain is 8.5" off.
    mother = game.unit("brood-mother")
    assert ai_psychic.cast(game.game, mother) == cmd.Cast(unit="brood-mother")
    game.do(cmd.Cast(unit="brood-mother"), 2, 1)
    command = ai.ai(game.state)
    assert command == cmd.CastSpell(unit="brood-mother", spell="Spore Cloud", target="captain-hale-morrow")
    assert game.do(command) == [ev.SpellCast("brood-mother", "Spore Cloud", "captain-hale-morrow")]
    # A highest die of 1 reaches no spell: she goes on to act.
    assert ai_psychic.spell(game.game, mother, 1) is None


def test_the_ai_blocks_an_enemy_spell_with_a_psychic_within_18_inches() -> None:
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 3)
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="spine-spitters"))
    # The Brood Mother, Psychic(2), is 8.5" from the captain; her 5 beats his 3.
    command = ai.ai(game.state)
    assert command == cmd.Dispel(unit="brood-mother")
    assert game.do(command, 5, 1)[1:] == [ev.DispelTried("brood-mother", "captain-hale-morrow", 5, 3, True)]


def test_the_workers_do_nothing_when_every_army_is_a_players() -> None:
    game = Game(f"{VANGUARD},{BROOD}")
    game.prepare()
    assert game.game.solo == ""
    assert ai.ai(game.state) is None


def test_solo_must_name_an_army_of_the_mission() -> None:
    try:
        setup(Setup("1.5", Options(solo="iron-convoy"), {"core": SHALLOW}))
    except RuleError as error:
        assert (error.code, error.field, error.params) == ("unknown_solo", "options.solo", {"solo": "iron-convoy", "known": [VANGUARD, BROOD]})
    else:
        raise AssertionError("accepted")


def test_the_ai_charges_only_where_no_model_passes_over_the_charged_unit():
    """The Skitter Swarm's front row faces the Captain on a diagonal: the straight charge that
    brings its first model into contact carries a model of the front row over him, which the
    decider refuses (`through_unit`); the AI does not offer it and rushes toward its marker."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="mortar-team"))
    moved = {"captain-hale-morrow": [(34.64, 17.55)], "skitter-swarm": row(22.775, 29.167, 8, back=-1.484)}
    units = {k: ai_activation.moved(u, moved[k]) if k in moved else u for k, u in game.game.units.items()}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    over = game.refused(cmd.Charge(unit="skitter-swarm", target="captain-hale-morrow", positions=row(33.937, 18.239, 8, back=-1.484)))
    assert (over.code, over.params) == ("through_unit", {"unit": "skitter-swarm", "other": "captain-hale-morrow"})
    chosen = ai_activation.act(game.game, game.unit("skitter-swarm"))
    assert chosen == cmd.Rush(unit="skitter-swarm", positions=[(x, round(y, 3)) for x, y in row(17.701, 23.54, 8, back=-1.484)])
    game.do(chosen)


def test_a_unit_whose_straight_way_is_shut_by_its_own_unit_goes_around():
    """The Skitter Swarm stands across the Bone Crushers' way to the marker at (36, 15): no
    straight move toward it ends 1" clear of the Skitters (they used to hold), nor one turned 20
    degrees either side; 40 degrees left a Rush of 8" is open and ends nearer the marker."""
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    units = {**game.game.units, "skitter-swarm": ai_activation.moved(game.unit("skitter-swarm"), row(29.5, 18.5, 8, back=-1.5))}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    command = ai.ai(game.state)
    assert command == cmd.Rush(unit="bone-crushers", positions=[(31.635, 22.39), (33.635, 22.39), (35.635, 22.39)])
    assert game.do(command)[0] == ev.UnitMoved("bone-crushers", "rush", command.positions, 8.0)


def test_a_charge_is_taken_only_where_the_melee_is_expected_to_win() -> None:
    """The Skitter Swarm (8 Fangs at Quality 5+) reaches the Dust Riders 10" south and the Mortar
    Team south-east. At the Riders: 8 x 2/6 to hit x 3/6 to wound (Defense 4+) = 1.333 wounds, which
    leave 2.667 of the 4 Riders to strike back with 8 Lances x 3/6 x 5/6 (AP(1) against Defense
    3+) x 2.667/4 = 2.222: a lost melee, refused. The Mortar Team's crew strike back with bare
    hands: 3 x 3/6 x 4/6 x 1.667/3 = 0.556 against the 1.333, and the swarm has no shooting: it
    charges the Mortar Team."""
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready({"mortar-team": row(50, 6, 3), "ridge-squad": row(2, 4, 5)})
    swarm, riders, mortar = game.unit("skitter-swarm"), game.unit("dust-riders"), game.unit("mortar-team")
    assert [round(w, 3) for w in ai_odds.charge_odds(swarm, riders)] == [1.333, 2.222]
    assert [round(w, 3) for w in ai_odds.charge_odds(swarm, mortar)] == [1.333, 0.556]
    command = ai_charge.charge(game.game, swarm, ai_activation.may_stop)
    assert command == cmd.Charge(unit="skitter-swarm", target="mortar-team", positions=row(49.428, 6.801, 8, back=1.5))
    # Were the Riders' lances blunt sticks (no AP, one attack), the melee would be won: charged.
    blunt = tuple(msgspec.structs.replace(m, weapons=tuple(msgspec.structs.replace(w, attacks=1, rules=()) if w.melee else w for w in m.weapons)) for m in riders.models)
    weak = msgspec.structs.replace(riders, models=blunt)
    assert [round(w, 3) for w in ai_odds.charge_odds(swarm, weak)] == [1.333, 0.889]  # 4 x 3/6 x 4/6 x 2.667/4
    battle = msgspec.structs.replace(game.game, units={**game.game.units, "dust-riders": weak})
    assert ai_charge.charge(battle, swarm, ai_activation.may_stop).target == "dust-riders"


def test_a_pinned_unit_holds_without_shooting_or_charging() -> None:
    """#Morale: the Bone Crushers would charge the Ridge Squad; Pinned, they hold (no target)."""
    game = close_quarters()
    pinned = msgspec.structs.replace(game.unit("bone-crushers"), pinned=True)
    battle = msgspec.structs.replace(game.game, units={**game.game.units, "bone-crushers": pinned})
    assert ai_activation.act(battle, pinned) == cmd.Hold(unit="bone-crushers")


def test_the_ai_shoots_the_target_its_shooting_is_expected_to_wound_most() -> None:
    """The Mortar Team's three Blast(3) shots at Quality 4+: at the nearest unit, the Bone
    Crushers 6.72" off (Defense 5+), 3 x 3/6 x 3 x 2/6 = 1.5 wounds; at the Spine Spitters or the
    Skitter Swarm (Defense 3+) 3 x 3/6 x 3 x 4/6 = 3.0 each: the nearer of the two, the Spine
    Spitters 9.98" off (the Skitters 14.28")."""
    game = Game(f"{VANGUARD},{BROOD}", solo=VANGUARD)
    game.ready({"mortar-team": row(24, 12, 3)})
    mortar = game.unit("mortar-team")
    res = Resolution(game.game, None, "")  # type: ignore[arg-type] - reach rolls no dice
    enemies = ("bone-crushers", "spine-spitters", "skitter-swarm")
    assert {e: round(geometry.gap(mortar, game.unit(e)), 2) for e in enemies} == {"bone-crushers": 6.72, "spine-spitters": 9.98, "skitter-swarm": 14.28}
    assert {e: round(ai_odds.shooting_wounds(res, mortar, game.unit(e)), 3) for e in enemies} == {"bone-crushers": 1.5, "spine-spitters": 3.0, "skitter-swarm": 3.0}
    assert ai_activation.best_target(game.game, mortar) == "spine-spitters"


def test_a_unit_less_than_an_inch_from_an_enemy_charges_it() -> None:
    """The Bone Crushers stand 0.59" from the Ridge Squad, nearer than a move may end beside an
    enemy: a charge of under an inch into contact is still one to take."""
    game = close_quarters()
    units = {**game.game.units, "bone-crushers": ai_activation.moved(game.unit("bone-crushers"), row(24, 13.8, 3, 2.0, 1.5))}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    assert round(geometry.gap(game.unit("bone-crushers"), game.unit("ridge-squad")), 3) == 0.589
    assert ai_charge.charge(game.game, game.unit("bone-crushers"), ai_activation.may_stop) == cmd.Charge(
        unit="bone-crushers", target="ridge-squad", positions=[(23.842, 13.233), (25.842, 13.233), (27.842, 13.233)]
    )


def test_a_charge_heads_for_the_enemy_model_nearest_in_a_straight_line() -> None:
    """The Ridge Squad spread out: a trooper at (24, 8.5) straight south of the Bone Crushers'
    lead at (24, 18), 9.5" off, and one at (21, 14), 5" off: the charge goes at the nearer."""
    game = close_quarters()
    units = {**game.game.units, "ridge-squad": ai_activation.moved(game.unit("ridge-squad"), [(24, 8.5), (21, 14), (16, 8), (17.5, 8), (19, 8)])}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    assert ai_charge.charge(game.game, game.unit("bone-crushers"), ai_activation.may_stop) == cmd.Charge(
        unit="bone-crushers", target="ridge-squad", positions=[(21.768, 15.024), (23.768, 15.024), (25.768, 15.024)]
    )
