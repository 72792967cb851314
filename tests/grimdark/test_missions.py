"""grimdark-future-1.5.md#Missions: where each mission's markers go. The Duel's are in
test_preparation.py; King of the Hill and Breakthrough place their own once the edges are known,
Seize Ground puts one in each table quarter."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.setup import Options, setup
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


def test_the_core_pack_offers_the_six_missions():
    assert [(m.id, m.markers, m.placement, m.objective) for m in CORE.missions] == [
        ("duel", "d3+2", "alternate", "seize"),
        ("seize-ground", "4", "quarters", "seize"),
        ("relic-hunt", "3", "alternate", "carry"),
        ("sabotage", "2", "alternate", "sabotage"),
        ("breakthrough", "2", "zone-centres", "seize"),
        ("king-of-the-hill", "1", "centre", "seize"),
    ]


def _play_out(game: Game) -> None:
    """Every unit holds until the battle ends (the Vanguard's captain has acted in round 1)."""
    vanguard = ["vanguard-squad", "ridge-squad", "mortar-team", "dust-riders"]
    brood = ["brood-mother", "spine-spitters", "bone-crushers", "skitter-swarm", "creeper-swarm"]
    for b, v in zip(brood, [*vanguard, ""], strict=True):
        game.do(cmd.Hold(unit=b))
        if v:
            game.do(cmd.Hold(unit=v))
    for _ in range(3):
        for v, b in zip(["captain-hale-morrow", *vanguard], brood, strict=True):
            game.do(cmd.Hold(unit=v))
            game.do(cmd.Hold(unit=b))


def test_relic_hunt_a_unit_that_seizes_a_marker_carries_it_and_drops_it_where_it_falls():
    game = Game(mission="relic-hunt")
    game.ready()
    events = game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(8, 13)]))
    assert events[-2:] == [ev.MarkerPickedUp("marker-2", "captain-hale-morrow"), ev.ActivationEnded("captain-hale-morrow")]
    game.do(cmd.Hold(unit="spine-spitters", target="captain-hale-morrow"), 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 4, 4, 4)
    assert ev.ModelRemoved("captain-hale-morrow", "captain-hale-morrow-1") in game.events
    dropped = next(m for m in game.game.markers if m.id == "marker-2")
    assert (dropped.carrier, dropped.x, dropped.y) == ("", 8, 13)


def test_relic_hunt_a_carried_marker_counts_for_its_carriers_side():
    game = Game(mission="relic-hunt")
    game.ready()
    game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(8, 13)]))
    _play_out(game)
    assert game.events[-1] == ev.BattleEnded({VANGUARD: 1, "thornback-brood": 0}, VANGUARD)


def test_sabotage_seizing_the_enemys_marker_destroys_it_and_wins_if_your_own_stands():
    game = Game(mission="sabotage")
    game.ready()
    assert [(m.id, m.owner) for m in game.game.markers] == [("marker-1", VANGUARD), ("marker-2", "thornback-brood")]
    events = game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(8, 13)]))
    assert ev.MarkerDestroyed("marker-2", VANGUARD) in events
    _play_out(game)
    assert game.events[-1] == ev.BattleEnded({VANGUARD: 1, "thornback-brood": 0}, VANGUARD)


def test_a_random_mission_is_rolled_on_the_table_before_anything_else():
    """grimdark-future-1.5.md#Missions: 1 Duel ... 4 Sabotage ... 6 King of the Hill."""
    game = Game(mission="random")
    assert (game.game.phase, len(game.game.table)) == ("mission_roll", 6)
    assert game.refused(cmd.RollOff(purpose="deployment")).params == {"phase": "mission_roll", "expected": ["deployment_roll_off"]}
    events = game.do(cmd.RollMission(), 4)
    assert [(e.purpose, e.results, e.rule) for e in events[:1]] == [("random mission", [4], "grimdark-future-1.5.md#Missions")]
    assert events[1:] == [ev.MissionRolled(4, "sabotage")]
    assert (game.game.mission.id, game.game.phase, game.game.table) == ("sabotage", "deployment_roll_off", ())
    assert game.refused(cmd.RollMission(), 2).code == "wrong_phase"


def test_random_needs_the_six_missions_in_the_pack():
    duel_only = msgspec.structs.replace(CORE, missions=CORE.missions[:1])
    with pytest.raises(RuleError) as refused:
        setup(Setup("1.5", Options(mission="random"), {"core": duel_only}))
    assert (refused.value.code, refused.value.field, refused.value.params) == ("unknown_mission", "options.mission", {"mission": "random", "known": ["duel"]})
