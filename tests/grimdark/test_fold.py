"""The battle after each event as the players read it (domain/systems/grimdark/evolve.py): the
set-up's units and their models, whose turn it is in the preparation and the rounds, the
per-round marks of each unit, the markers a carrier holds and drops, the weapons spent.

Some events are folded straight onto a played battle (`evolve`), where reaching the state
through commands would take a whole battle; the state before is one the rules reach."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.evolve import evolve, slug
from domain.systems.grimdark.state import Casting
from domain.systems.grimdark.state import Game as State
from tests.grimdark.game import BROOD, SHALLOW, SPOTS, VANGUARD, Game, row


def with_units(state: State, **changes: dict) -> State:
    """The battle with some units changed outside the rules (the state the event meets)."""
    units = {**state.units, **{u: msgspec.structs.replace(state.units[u], **c) for u, c in changes.items()}}
    return msgspec.structs.replace(state, units=units)


def test_set_up_keeps_the_rules_version_the_points_and_each_models_name():
    game = Game()
    state = game.game
    assert (state.rules, state.points, state.phase, state.up) == ("1.5", 500, "deployment_roll_off", "")
    assert [m.name for m in game.unit("vanguard-squad").models] == ["Sergeant", "Trooper", "Trooper", "Trooper", "Trooper"]
    assert [m.id for m in game.unit("captain-hale-morrow").models] == ["captain-hale-morrow-1"]


def test_a_units_id_is_its_name_in_lower_case_words_joined_by_dashes():
    assert slug("Spine-Spitters (x5)!") == "spine-spitters-x5"
    assert slug("  Captain Hale Morrow ") == "captain-hale-morrow"


def test_the_preparation_passes_the_turn_and_leaves_markers_to_no_one_outside_sabotage():
    """#Preparation: the deployment roll-off's winner picks the edge, then nobody is up until the
    objectives roll-off; in a Duel a marker belongs to no side."""
    game = Game()
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    assert (game.game.phase, game.game.up, game.game.deploys_first) == ("edge", VANGUARD, VANGUARD)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    assert (game.game.phase, game.game.up, game.game.edges) == ("objective_roll_off", "", {VANGUARD: "south", BROOD: "north"})
    game.do(cmd.RollOff(purpose="objectives"), 2, 4, 3)
    game.do(cmd.ChooseFirstMarker(side=VANGUARD, first=VANGUARD))
    game.do(cmd.PlaceMarker(side=VANGUARD, x=36, y=15))
    assert [(m.id, m.x, m.y, m.owner, m.carrier) for m in game.game.markers] == [("marker-1", 36, 15, "", "")]
    assert game.game.up == BROOD


def test_a_round_starts_with_every_unit_fresh_and_nobody_finished():
    game = Game()
    game.ready()
    state = game.game
    assert (state.phase, state.round, state.up, state.finished_first) == ("rounds", 1, VANGUARD, "")
    assert {(u.activated, u.cast, u.dispelled) for u in state.units.values()} == {(False, False, False)}


def test_a_round_goes_to_the_other_side_while_the_first_has_only_units_in_reserve():
    """#Playing the Game with Ambush: the Vanguard's units all wait in reserve, so the Brood is up."""
    game = Game()
    game.ready()
    reserve = {u.id: {"reserve": True} for u in game.game.of_side(VANGUARD)}
    state = evolve(with_units(game.game, **reserve), ev.RoundStarted(2, VANGUARD))
    assert (state.round, state.up, state.finished_first) == (2, BROOD, "")
    state = evolve(game.game, ev.RoundStarted(2, BROOD))
    assert state.up == BROOD


def test_the_battle_ends_with_nobody_up():
    game = Game()
    game.ready()
    state = evolve(game.game, ev.BattleEnded({VANGUARD: 1, BROOD: 0}, VANGUARD))
    assert (state.phase, state.up, state.outcome, state.seized) == ("over", "", VANGUARD, {VANGUARD: 1, BROOD: 0})


def test_a_carrier_losing_a_model_keeps_its_marker_and_drops_it_where_its_first_model_stood_when_routed():
    """#Missions, Relic Hunt: the Vanguard Squad carries marker-2; a casualty is not its end, a
    rout is: the marker lies where the squad's first model left stood."""
    game = Game(mission="relic-hunt")
    game.ready()
    state = evolve(game.game, ev.MarkerPickedUp("marker-2", "vanguard-squad"))
    state = evolve(state, ev.ModelRemoved("vanguard-squad", "vanguard-squad-1"))
    marker = next(m for m in state.markers if m.id == "marker-2")
    assert marker.carrier == "vanguard-squad"
    second = state.units["vanguard-squad"].models[0]
    assert second.id == "vanguard-squad-2"
    state = evolve(state, ev.UnitRouted("vanguard-squad"))
    marker = next(m for m in state.markers if m.id == "marker-2")
    assert (marker.carrier, marker.x, marker.y) == ("", second.x, second.y)
    assert state.units["vanguard-squad"].models == ()


def test_only_a_limited_weapon_is_spent_and_only_once():
    game = Game()
    game.ready()
    plain = evolve(game.game, ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 5, 2, 1))
    assert plain.units["vanguard-squad"].spent == ()
    limited = with_limited(game.game, "vanguard-squad", "Shredder")
    state = evolve(limited, ev.AttackResolved("vanguard-squad", "Bayonet", "spine-spitters", 5, 2, 1))
    assert state.units["vanguard-squad"].spent == ()
    state = evolve(limited, ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 5, 2, 1))
    state = evolve(state, ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 5, 2, 1))
    assert state.units["vanguard-squad"].spent == ("Shredder",)


def with_limited(state: State, unit_id: str, weapon: str) -> State:
    """The unit's `weapon` Limited (#Special Rules) on each model that carries it."""
    unit = state.units[unit_id]

    def limited(w):
        return msgspec.structs.replace(w, rules=(*w.rules, "Limited")) if w.name == weapon else w

    models = tuple(msgspec.structs.replace(m, weapons=tuple(limited(w) for w in m.weapons)) for m in unit.models)
    return with_units(state, **{unit_id: {"models": models}})


def test_a_survivors_move_leaves_the_activating_unit_active_and_a_move_ends_any_casting():
    """#Melee: the survivor of a melee moves, but the attacker's activation goes on. #Psychic: a
    caster that rolled and cast no spell gives it up once it moves."""
    game = Game()
    game.ready()
    game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(4, 12)]))
    state = msgspec.structs.replace(game.game, active="dust-riders")
    survivor = evolve(state, ev.UnitMoved("spine-spitters", "survive", [(12 + 1.5 * k, 21) for k in range(5)], 1.0))
    assert survivor.active == "dust-riders"
    assert [(m.x, m.y) for m in survivor.units["spine-spitters"].models] == [(12 + 1.5 * k, 21) for k in range(5)]
    cast = msgspec.structs.replace(game.game, casting=Casting("brood-mother", 5), active="brood-mother")
    moved = evolve(cast, ev.UnitMoved("brood-mother", "advance", [(4, 18)], 2.0))
    assert (moved.active, moved.casting) == ("brood-mother", None)


def test_one_sides_scouts_deploy_last_with_no_roll_off():
    """#Special Rules, Scout: only the Dust Riders scout; once every other unit stands, the
    Vanguard deploys them, no roll-off needed."""

    def scouting(unit):
        return msgspec.structs.replace(unit, rules=(*unit.rules, "Scout")) if unit.name == "Dust Riders" else unit

    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=tuple(msgspec.structs.replace(a, units=tuple(scouting(u) for u in a.units)) for a in SHALLOW.armies)))
    game.prepare()
    for unit in ("captain-hale-morrow", "brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "bone-crushers", "mortar-team", "skitter-swarm", "creeper-swarm"):
        x, y = SPOTS[unit]
        back = -1.5 if game.unit(unit).side == VANGUARD else 1.5
        game.do(cmd.Deploy(unit=unit, positions=row(x, y, len(game.unit(unit).models), 2.0 if unit == "bone-crushers" else 1.5, back)))
    assert (game.game.phase, game.game.up) == ("deployment", VANGUARD)


def test_an_ambusher_arrives_out_of_reserve_and_an_activation_ends_unpinned():
    game = Game()
    game.ready()
    waiting = with_units(game.game, **{"creeper-swarm": {"reserve": True, "arriving": True}})
    positions = [(50 + 1.5 * (k % 4), 24 + 1.5 * (k // 4)) for k in range(len(game.unit("creeper-swarm").models))]
    arrived = evolve(waiting, ev.UnitArrived("creeper-swarm", positions)).units["creeper-swarm"]
    assert (arrived.reserve, arrived.arriving) == (False, False) and arrived.reserve is False and arrived.arriving is False
    assert [(m.x, m.y) for m in arrived.models] == positions
    pinned = with_units(game.game, **{"captain-hale-morrow": {"pinned": True}})
    ended = evolve(pinned, ev.ActivationEnded("captain-hale-morrow"))
    captain = ended.units["captain-hale-morrow"]
    assert (captain.activated, captain.spelled) == (True, ()) and captain.pinned is False
    assert (ended.active, ended.up, ended.survivor, ended.pending) == ("", BROOD, "", None)


def test_an_ambushers_shift_is_over_once_it_is_made():
    """#Special Rules, Ambush: the shift the die allowed is made; nobody shifts any more, and the
    unit that was activating still is."""
    game = Game()
    game.ready()
    shifting = msgspec.structs.replace(game.game, shifting="creeper-swarm", active="captain-hale-morrow")
    positions = [(50 + 1.5 * (k % 4), 24 + 1.5 * (k // 4)) for k in range(len(game.unit("creeper-swarm").models))]
    state = evolve(shifting, ev.UnitMoved("creeper-swarm", "ambush_shift", positions, 2.0))
    assert (state.shifting, state.active) == ("", "captain-hale-morrow")


def test_survivors_placed_while_an_ambushers_shift_waits_leave_the_shift_waiting():
    """#Transports and Ambush: the survivors of a destroyed transport are placed while the shift
    an arriving ambusher's die allowed still waits for its side (both are taken before anything
    else, in either order)."""
    game = Game()
    game.ready()
    shifting = msgspec.structs.replace(game.game, shifting="creeper-swarm")
    state = evolve(shifting, ev.UnitMoved("vanguard-squad", "bail_out", [(12 + 1.5 * k, 6) for k in range(5)], 0.0))
    assert (state.shifting, state.active) == ("creeper-swarm", "")
