"""grimdark-future-1.5.md#Preparation: the roll-offs, the edge, D3+2 markers placed alternately
outside the zones and over 9" apart, and the units deployed alternately within 12" of their edge."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.state import DEPLOYMENT, MARKERS, ROUNDS
from tests.grimdark.game import BROOD, SHALLOW, SPOTS, VANGUARD, Game, row

PREPARATION = "grimdark-future-1.5.md#Preparation"


def test_a_tied_roll_off_rolls_again_and_the_winner_picks_the_edge():
    game = Game()
    events = game.do(cmd.RollOff(purpose="deployment"), 3, 3, 2, 5)
    assert [e.results for e in events[:2]] == [[3, 3], [2, 5]]
    assert events[0].rule == PREPARATION and events[0].purpose == f"deployment roll-off: {VANGUARD} vs {BROOD}"
    assert events[-1] == ev.RolledOff("deployment", [[3, 3], [2, 5]], BROOD)
    refused = game.refused(cmd.PickEdge(side=VANGUARD, edge="north"))
    assert (refused.code, refused.rule, refused.params) == ("not_your_turn", PREPARATION, {"side": VANGUARD, "up": BROOD})
    assert game.refused(cmd.PickEdge(side=BROOD, edge="east")).params == {"edge": "east", "known": ["south", "north"]}
    game.do(cmd.PickEdge(side=BROOD, edge="south"))
    assert game.game.edges == {BROOD: "south", VANGUARD: "north"} and game.game.deploys_first == BROOD
    assert game.refused(cmd.RollOff(purpose="deployment")).params == {"phase": "objective_roll_off", "expected": ["deployment_roll_off"]}


def test_d3_plus_2_markers_go_alternately_outside_the_zones_and_over_9_inches_apart():
    game = Game()
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    events = game.do(cmd.RollOff(purpose="objectives"), 5, 1, 6)
    assert (events[0].faces, events[0].results) == ([5], [3])  # the D3 is a halved D6
    assert ev.MarkersCounted(5) in events and events[-1] == ev.RolledOff("objectives", [[1, 6]], BROOD)
    game.do(cmd.ChooseFirstMarker(side=BROOD, first=VANGUARD))
    assert (game.game.phase, game.game.up) == (MARKERS, VANGUARD)
    in_zone = game.refused(cmd.PlaceMarker(side=VANGUARD, x=30, y=12))
    assert (in_zone.code, in_zone.params) == ("marker_in_zone", {"x": 30, "y": 12, "depth": 12})
    game.do(cmd.PlaceMarker(side=VANGUARD, x=30, y=15))
    assert game.refused(cmd.PlaceMarker(side=VANGUARD, x=50, y=15)).code == "not_your_turn"
    close = game.refused(cmd.PlaceMarker(side=BROOD, x=39, y=15))
    assert (close.code, close.params) == ("markers_too_close", {"marker": "marker-1", "gap": 9.0, "min": 9.0})
    for side, x in ((BROOD, 39.5), (VANGUARD, 50), (BROOD, 10), (VANGUARD, 62)):
        game.do(cmd.PlaceMarker(side=side, x=x, y=15))
    assert [(m.id, m.x) for m in game.game.markers] == [("marker-1", 30), ("marker-2", 39.5), ("marker-3", 50), ("marker-4", 10), ("marker-5", 62)]
    assert (game.game.phase, game.game.up) == (DEPLOYMENT, VANGUARD)  # the deployment roll-off's winner


def test_units_deploy_alternately_whole_coherent_and_within_12_inches_of_their_edge():
    game = Game()
    game.prepare()
    captain = "captain-hale-morrow"
    assert game.refused(cmd.Deploy(unit="brood-mother", positions=[(4, 20)])).params == {"side": BROOD, "up": VANGUARD}
    out = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 13, 5)))
    assert (out.code, out.field, out.params["models"]) == ("outside_zone", "positions", ["vanguard-squad-1", "vanguard-squad-2", "vanguard-squad-3", "vanguard-squad-4"])
    assert game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 4))).params == {"unit": "vanguard-squad", "models": 5, "given": 4}
    apart = game.refused(cmd.Deploy(unit="vanguard-squad", positions=[(2, 2), (4, 2), (6, 2), (8, 2), (10, 2)]))
    assert (apart.code, apart.rule, apart.params) == ("not_coherent", "grimdark-future-1.5.md#Movement", {"unit": "vanguard-squad", "near": 2.0, "far": 6.0})
    game.do(cmd.Deploy(unit=captain, positions=[(4, 10)]))
    assert game.game.up == BROOD
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    near = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(5.5, 10, 5)))
    assert (near.code, near.params) == ("too_close", {"unit": "vanguard-squad", "other": captain, "gap": 0.52, "keep": 1.0})
    assert game.unit(captain).models[0].x == 4 and not game.unit("vanguard-squad").deployed


def test_the_last_unit_deployed_starts_round_1_with_the_side_that_deployed_first():
    game = Game()
    game.ready()
    assert (game.game.phase, game.game.round, game.game.up) == (ROUNDS, 1, VANGUARD)
    assert game.events[-1] == ev.RoundStarted(1, VANGUARD)
    assert all(u.deployed for u in game.game.units.values())


def test_scouts_deploy_after_every_other_unit_over_12_inches_from_enemies_after_a_roll_off():
    """grimdark-future-1.5.md#Special Rules, Scout: the Dust Riders and the Skitter Swarm."""

    def scouting(unit):
        return msgspec.structs.replace(unit, rules=(*unit.rules, "Scout")) if unit.name in ("Dust Riders", "Skitter Swarm") else unit

    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=tuple(msgspec.structs.replace(a, units=tuple(scouting(u) for u in a.units)) for a in SHALLOW.armies)))
    game.prepare()
    early = game.refused(cmd.Deploy(unit="dust-riders", positions=row(40, 10, 4)))
    assert (early.code, early.rule, early.params["unit"]) == ("scouts_deploy_last", "grimdark-future-1.5.md#Special Rules", "dust-riders")
    for unit in ("captain-hale-morrow", "brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "bone-crushers", "mortar-team", "creeper-swarm"):
        x, y = SPOTS[unit]
        back = -1.5 if game.unit(unit).side == VANGUARD else 1.5
        game.do(cmd.Deploy(unit=unit, positions=row(x, y, len(game.unit(unit).models), 2.0 if unit == "bone-crushers" else 1.5, back)))
    assert (game.game.phase, game.game.up) == ("scout_roll_off", "")
    assert game.do(cmd.RollOff(purpose="scouts"), 2, 5)[-1] == ev.RolledOff("scouts", [[2, 5]], BROOD)
    near = game.refused(cmd.Deploy(unit="skitter-swarm", positions=row(40, 20, 8, back=1.5)))
    assert (near.code, near.params) == ("scout_too_close", {"unit": "skitter-swarm", "enemy": "mortar-team", "gap": 10.2, "min": 12.0})
    game.do(cmd.Deploy(unit="skitter-swarm", positions=row(62, 24, 8, back=1.5)))  # outside its zone: a Scout goes anywhere
    game.do(cmd.Deploy(unit="dust-riders", positions=row(20, 4, 4)))
    assert game.events[-1] == ev.RoundStarted(1, VANGUARD)
