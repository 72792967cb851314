"""grimdark-future-1.5.md#Preparation: what a player reads when a roll-off, an edge, a marker or a
deployment is refused (the code, the section cited, the parameters of the message and the field
at fault), and the values the preparation's events carry: the markers' D3 roll, the table
quarters' middle lines, a reserve's joined hero."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, CONVOY, SHALLOW, VANGUARD, Game, row

PREPARATION = "grimdark-future-1.5.md#Preparation"
MOVEMENT = "grimdark-future-1.5.md#Movement"
SPECIAL = "grimdark-future-1.5.md#Special Rules"
#: The 30" deep test table's width (its depth is 30: the zones y <= 12 and y >= 18).
WIDTH = 72


def read(error: Any) -> tuple[str, str, dict, str | None]:
    """What a player reads of a refusal: its code, section, parameters and the field at fault."""
    return error.code, error.rule, error.params, error.field


def _markers_due(mission: str = "duel", d3: tuple[int, ...] = (2,)) -> Game:
    """The Vanguard won the deployment roll-off, took the south edge, won the markers' and goes first."""
    game = Game(mission=mission)
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    game.do(cmd.RollOff(purpose="objectives"), *d3, 4, 3)
    game.do(cmd.ChooseFirstMarker(side=VANGUARD, first=VANGUARD))
    return game


def test_a_roll_off_refused_names_the_known_purposes_and_the_phase_it_waits_for():
    game = Game()
    assert read(game.refused(cmd.RollOff(purpose="scouting"))) == ("unknown_roll_off", PREPARATION, {"purpose": "scouting", "known": ["deployment", "objectives", "scouts"]}, "purpose")
    assert read(game.refused(cmd.RollOff(purpose="objectives"))) == ("wrong_phase", PREPARATION, {"phase": "deployment_roll_off", "expected": ["objective_roll_off"]}, None)


def test_the_edge_refusals_name_the_side_the_sides_and_the_edges():
    game = Game()
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    assert read(game.refused(cmd.PickEdge(side="iron-convoy", edge="south"))) == ("unknown_side", PREPARATION, {"side": "iron-convoy", "known": [VANGUARD, BROOD]}, "side")
    assert read(game.refused(cmd.PickEdge(side=BROOD, edge="south"))) == ("not_your_turn", PREPARATION, {"side": BROOD, "up": VANGUARD}, None)
    assert read(game.refused(cmd.PickEdge(side=VANGUARD, edge="west"))) == ("unknown_edge", PREPARATION, {"edge": "west", "known": ["south", "north"]}, "edge")


def test_the_markers_roll_off_rolls_d3_plus_2_citing_the_preparation_and_the_winner_names_who_goes_first():
    game = Game()
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    events = game.do(cmd.RollOff(purpose="objectives"), 1, 6, 2)
    assert (events[0].purpose, events[0].rule, events[0].results) == ("objective markers: D3+2", PREPARATION, [1])
    assert events[1] == ev.MarkersCounted(3)
    assert (events[2].purpose, events[2].rule) == (f"objectives roll-off: {VANGUARD} vs {BROOD}", PREPARATION)
    assert events[-1] == ev.RolledOff("objectives", [[6, 2]], VANGUARD)
    assert read(game.refused(cmd.ChooseFirstMarker(side=VANGUARD, first="nobody"))) == ("unknown_side", PREPARATION, {"side": "nobody", "known": [VANGUARD, BROOD]}, "first")
    assert game.do(cmd.ChooseFirstMarker(side=VANGUARD, first=BROOD)) == [ev.FirstMarkerChosen(VANGUARD, BROOD)]


def test_a_marker_may_lie_on_the_table_edge_but_not_off_it_nor_in_a_zone():
    """#Preparation, Mission: outside the deployment zones; the table's edges are still on it."""
    game = _markers_due()
    off = game.refused(cmd.PlaceMarker(side=VANGUARD, x=-0.5, y=15))
    assert read(off) == ("off_table", PREPARATION, {"model": "marker", "x": -0.5, "y": 15, "width": WIDTH, "depth": 30}, None)
    assert game.refused(cmd.PlaceMarker(side=VANGUARD, x=WIDTH + 0.5, y=15)).code == "off_table"
    assert game.refused(cmd.PlaceMarker(side=VANGUARD, x=30, y=-0.5)).code == "off_table"
    assert game.refused(cmd.PlaceMarker(side=VANGUARD, x=30, y=30.5)).code == "off_table"
    south = game.refused(cmd.PlaceMarker(side=VANGUARD, x=30, y=0))
    assert read(south) == ("marker_in_zone", PREPARATION, {"x": 30, "y": 0, "depth": 12}, None)
    assert game.refused(cmd.PlaceMarker(side=VANGUARD, x=30, y=0.5)).code == "marker_in_zone"
    assert game.refused(cmd.PlaceMarker(side=VANGUARD, x=30, y=30)).code == "marker_in_zone"
    game.do(cmd.PlaceMarker(side=VANGUARD, x=0, y=15))
    game.do(cmd.PlaceMarker(side=BROOD, x=WIDTH, y=15))
    assert [(m.id, m.x, m.y) for m in game.game.markers] == [("marker-1", 0, 15), ("marker-2", WIDTH, 15)]


def test_markers_too_close_names_the_gap_to_a_hundredth():
    game = _markers_due()
    game.do(cmd.PlaceMarker(side=VANGUARD, x=30, y=15))
    close = game.refused(cmd.PlaceMarker(side=BROOD, x=35, y=16.9))
    assert read(close) == ("markers_too_close", PREPARATION, {"marker": "marker-1", "gap": 5.35, "min": 9.0}, None)


def test_a_marker_on_a_quarters_middle_line_is_in_the_quarter_past_it():
    """#Missions, Seize Ground: one marker in each table quarter; on the line across the middle
    (x 36) a marker is in the eastern quarter, on the line along it (y 15) in the northern one."""
    game = _markers_due("seize-ground", d3=())
    game.do(cmd.PlaceMarker(side=VANGUARD, x=36, y=14))
    game.do(cmd.PlaceMarker(side=BROOD, x=25, y=14))
    game.do(cmd.PlaceMarker(side=VANGUARD, x=10, y=15))
    taken = game.refused(cmd.PlaceMarker(side=BROOD, x=60, y=14.5))
    assert read(taken) == ("quarter_taken", "grimdark-future-1.5.md#Missions", {"x": 60, "y": 14.5, "marker": "marker-1"}, None)
    game.do(cmd.PlaceMarker(side=BROOD, x=60, y=16))
    assert [(m.x, m.y) for m in game.game.markers] == [(36, 14), (25, 14), (10, 15), (60, 16)]


def test_the_deployment_refusals_cite_the_preparation_with_their_parameters():
    game = Game()
    game.prepare()
    units = sorted(game.game.units)
    assert read(game.refused(cmd.Deploy(unit="nobody", positions=[(4, 10)]))) == ("unknown_unit", PREPARATION, {"unit": "nobody", "known": units}, None)
    assert read(game.refused(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))) == ("not_your_turn", PREPARATION, {"side": BROOD, "up": VANGUARD}, None)
    assert read(game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 4)))) == ("wrong_model_count", PREPARATION, {"unit": "vanguard-squad", "models": 5, "given": 4}, "positions")
    off = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(-1, 10)]))
    assert (off.code, off.rule, off.field) == ("off_table", PREPARATION, "positions")
    outside = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 13.5, 5)))
    models = [f"vanguard-squad-{k}" for k in range(1, 5)]
    assert read(outside) == ("outside_zone", PREPARATION, {"unit": "vanguard-squad", "models": models, "edge": "south", "depth": 12}, "positions")
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    again = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(8, 10)]))
    assert read(again) == ("already_deployed", PREPARATION, {"unit": "captain-hale-morrow"}, None)
    near = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(5.5, 10, 5)))
    assert (near.code, near.rule, near.field) == ("too_close", MOVEMENT, "positions")


def test_a_unit_in_reserve_or_inside_takes_no_positions():
    """#Special Rules, Ambush and Transport(X): the unit is not on the table, so a position given
    is one too many; a unit without Ambush may not stay in reserve."""
    game = Game()
    game.prepare()
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    plain = game.refused(cmd.Deploy(unit="brood-mother", positions=[], reserve=True))
    assert read(plain) == ("no_ambush", SPECIAL, {"unit": "brood-mother"}, "reserve")
    placed = game.refused(cmd.Deploy(unit="creeper-swarm", positions=[(50, 20)], reserve=True))
    assert read(placed) == ("wrong_model_count", PREPARATION, {"unit": "creeper-swarm", "models": 0, "given": 1}, "positions")
    events = game.do(cmd.Deploy(unit="creeper-swarm", positions=[], reserve=True, joined=["brood-mother"]))
    assert (events[0].unit, events[0].joined, events[0].reserve) == ("creeper-swarm", ["brood-mother"], True)
    swarm = game.unit("creeper-swarm")
    assert (swarm.reserve, swarm.joined, swarm.models[-1].id, "brood-mother" in game.game.units) == (True, ("brood-mother",), "brood-mother-1", False)

    convoy = Game(f"{CONVOY},{BROOD}")
    convoy.prepare()
    convoy.do(cmd.Deploy(unit="mule-carrier", positions=[(20, 8)]))
    convoy.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    seated = convoy.refused(cmd.Deploy(unit="convoy-squad", positions=[(26, 10)], transport="mule-carrier"))
    assert read(seated) == ("wrong_model_count", PREPARATION, {"unit": "convoy-squad", "models": 0, "given": 1}, "positions")


def test_scouts_waiting_names_every_unit_still_to_deploy():
    def scouting(unit: Any) -> Any:
        return msgspec.structs.replace(unit, rules=(*unit.rules, "Scout")) if unit.name == "Dust Riders" else unit

    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=tuple(msgspec.structs.replace(a, units=tuple(scouting(u) for u in a.units)) for a in SHALLOW.armies)))
    game.prepare()
    early = game.refused(cmd.Deploy(unit="dust-riders", positions=row(40, 10, 4)))
    waiting = sorted(u for u in game.game.units if u != "dust-riders")
    assert read(early) == ("scouts_deploy_last", SPECIAL, {"unit": "dust-riders", "waiting": waiting}, None)

