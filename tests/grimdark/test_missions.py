"""grimdark-future-1.5.md#Missions: where each mission's markers go. The Duel's are in
test_preparation.py; King of the Hill and Breakthrough place their own once the edges are known,
Seize Ground puts one in each table quarter."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.state import DEPLOYMENT
from tests.grimdark.game import CORE, VANGUARD, Game


def _edges(mission: str) -> Game:
    game = Game(mission=mission)
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    return game


def test_king_of_the_hill_puts_one_marker_at_the_centre_of_the_table():
    game = _edges("king-of-the-hill")
    events = game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    assert events[1:] == [ev.MarkersCounted(1), ev.MarkerPlaced("", "marker-1", 36.0, 15.0)]
    assert (game.game.phase, game.game.up) == (DEPLOYMENT, VANGUARD)
    assert game.refused(cmd.RollOff(purpose="objectives")).code == "wrong_phase"


def test_breakthrough_puts_a_marker_at_the_centre_of_each_deployment_zone():
    game = _edges("breakthrough")
    events = game.do(cmd.PickEdge(side=VANGUARD, edge="north"))
    assert events[1:] == [ev.MarkersCounted(2), ev.MarkerPlaced("", "marker-1", 36.0, 6.0), ev.MarkerPlaced("", "marker-2", 36.0, 24.0)]
    assert game.game.phase == DEPLOYMENT


def test_seize_ground_places_four_markers_one_in_each_table_quarter():
    game = _edges("seize-ground")
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    events = game.do(cmd.RollOff(purpose="objectives"), 6, 1)  # four markers: no D3 to roll
    assert [e.results for e in events if type(e).__name__ == "DiceRolled"] == [[6, 1]] and ev.MarkersCounted(4) in events
    game.do(cmd.ChooseFirstMarker(side=VANGUARD, first=VANGUARD))
    game.do(cmd.PlaceMarker(side=VANGUARD, x=10, y=14))
    taken = game.refused(cmd.PlaceMarker(side="thornback-brood", x=25, y=14.5))
    assert (taken.code, taken.rule, taken.params) == ("quarter_taken", "grimdark-future-1.5.md#Missions", {"x": 25, "y": 14.5, "marker": "marker-1"})
    for side, x, y in (("thornback-brood", 30, 16), (VANGUARD, 60, 14), ("thornback-brood", 45, 16)):
        game.do(cmd.PlaceMarker(side=side, x=x, y=y))
    assert game.game.phase == DEPLOYMENT and len(game.game.markers) == 4


def test_the_core_pack_offers_four_of_the_six_missions():
    assert [(m.id, m.markers, m.placement) for m in CORE.missions] == [
        ("duel", "d3+2", "alternate"),
        ("seize-ground", "4", "quarters"),
        ("breakthrough", "2", "zone-centres"),
        ("king-of-the-hill", "1", "centre"),
    ]
