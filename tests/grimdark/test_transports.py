"""grimdark-future-1.5.md#Special Rules, Transport(X), with known dice: the Iron Convoy's Mule
Carrier (Transport(11), Tough(6), Defense 5+, a 100 mm base) with squads deployed inside, getting
out with an Advance, getting in by moving into contact, and destroyed with a squad inside."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import ai_transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import BROOD, CONVOY, SHALLOW, Game, convoy_ready, row, with_rules

TRANSPORT = "grimdark-future-1.5.md#Special Rules"


def test_squads_deploy_inside_up_to_its_capacity_and_nothing_reaches_them_there():
    game = Game(f"{CONVOY},{BROOD}")
    game.prepare()
    early = game.refused(cmd.Deploy(unit="convoy-squad", positions=[], transport="mule-carrier"))
    assert (early.code, early.rule, early.params) == ("not_a_transport", TRANSPORT, {"unit": "convoy-squad", "transport": "mule-carrier", "known": []})
    game.do(cmd.Deploy(unit="mule-carrier", positions=[(20, 8)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    inside = game.do(cmd.Deploy(unit="convoy-squad", positions=[], transport="mule-carrier"))
    assert inside == [ev.UnitDeployed("convoy-squad", [(20.0, 8.0)] * 5, [], "mule-carrier")]
    assert (game.unit("convoy-squad").inside, game.unit("convoy-squad").bases()) == ("mule-carrier", [])
    game.do(cmd.Deploy(unit="spine-spitters", positions=row(12, 20, 5, back=1.5)))
    game.do(cmd.Deploy(unit="escort-squad", positions=[], transport="mule-carrier"))
    game.do(cmd.Deploy(unit="bone-crushers", positions=row(24, 20, 3, 2.0, 1.5)))
    full = game.refused(cmd.Deploy(unit="lookout-team", positions=[], transport="mule-carrier"))
    assert (full.code, full.params) == ("transport_full", {"transport": "mule-carrier", "capacity": 11, "taken": 10, "models": 3})
    places = game.refused(cmd.Deploy(unit="lookout-team", positions=row(52, 10, 3), transport="mule-carrier"))
    assert places.code == "transport_full"


def test_a_squad_gets_out_with_an_advance_measured_from_the_transport_after_riding_along():
    game = convoy_ready()
    game.do(cmd.Advance(unit="mule-carrier", positions=[(20, 14)]))
    assert {(m.x, m.y) for m in game.unit("convoy-squad").models} == {(20.0, 14.0)}
    shot = game.refused(cmd.Hold(unit="spine-spitters", target="convoy-squad"))
    assert (shot.code, shot.params) == ("target_inside", {"target": "convoy-squad", "transport": "mule-carrier"})
    game.do(cmd.Hold(unit="spine-spitters"))
    assert game.do(cmd.Hold(unit="convoy-squad"))[-1] == ev.ActivationEnded("convoy-squad")  # inside, it may stay
    game.do(cmd.Hold(unit="bone-crushers"))
    game.do(cmd.Hold(unit="escort-squad"))
    game.do(cmd.Hold(unit="skitter-swarm"))
    game.do(cmd.Hold(unit="marshal-ira-kade"))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="lookout-team"))
    game.do(cmd.Hold(unit="creeper-swarm"))
    game.do(cmd.Advance(unit="hawk-skimmer", positions=[(40, 25)]))
    assert game.game.round == 2
    game.do(cmd.Hold(unit="spine-spitters"))  # the Brood finished first: it starts round 2
    rush = game.refused(cmd.Rush(unit="convoy-squad", positions=row(17, 17, 5)))
    assert (rush.code, rush.params) == ("inside_transport", {"unit": "convoy-squad", "transport": "mule-carrier", "action": "rush"})
    far = game.refused(cmd.Advance(unit="convoy-squad", positions=row(30, 14, 5)))
    assert (far.code, far.params) == ("too_far", {"unit": "convoy-squad", "action": "advance", "max": 6.0, "inches": 12.04})
    out = game.do(cmd.Advance(unit="convoy-squad", positions=row(17, 17, 5)))
    assert out[:2] == [ev.UnitDisembarked("convoy-squad", "mule-carrier"), ev.UnitMoved("convoy-squad", "advance", row(17, 17, 5), 1.782)]
    assert game.unit("convoy-squad").inside == "" and len(game.unit("convoy-squad").bases()) == 5


def test_a_squad_gets_in_by_moving_into_contact_as_far_as_a_rush():
    game = convoy_ready(inside=())
    far = game.refused(cmd.Embark(unit="escort-squad", transport="mule-carrier"))
    assert (far.code, far.params) == ("too_far", {"unit": "escort-squad", "action": "embark", "max": 12.0, "inches": 18.14})
    wrong = game.refused(cmd.Embark(unit="convoy-squad", transport="lookout-team"))
    assert (wrong.code, wrong.params) == ("not_a_transport", {"unit": "convoy-squad", "transport": "lookout-team", "known": ["mule-carrier"]})
    assert game.do(cmd.Embark(unit="convoy-squad", transport="mule-carrier")) == [
        ev.UnitEmbarked("convoy-squad", "mule-carrier"),
        ev.ActivationEnded("convoy-squad"),
    ]
    assert {(m.x, m.y) for m in game.unit("convoy-squad").models} == {(20.0, 8.0)}


def test_a_destroyed_transport_wounds_its_riders_on_1s_pins_them_and_waits_for_their_player_to_place_them():
    """Six Spine Rifle wounds (5+ against Defense 5+) destroy the Mule; of the squad inside, the
    model that rolls a 1 falls; the four others are placed within 6" of where the Mule stood."""
    game = convoy_ready()
    game.do(cmd.Hold(unit="lookout-team"))
    events = game.do(cmd.Hold(unit="spine-spitters", target="mule-carrier"), *[4] * 10, *[5] * 6, *[1] * 4, 1, 3, 4, 5, 6)
    assert [e for e in events if isinstance(e, (ev.AttackResolved, ev.ModelRemoved, ev.UnitPinned))] == [
        ev.AttackResolved("spine-spitters", "Spine Rifle", "mule-carrier", 10, 10, 6),
        ev.ModelRemoved("mule-carrier", "mule-carrier-1"),
        ev.ModelRemoved("convoy-squad", "convoy-squad-1"),
        ev.UnitPinned("convoy-squad"),
    ]
    rolls = [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[-1] == ("convoy-squad: dangerous terrain, mule-carrier destroyed", [1, 3, 4, 5, 6], TRANSPORT)
    waits = game.refused(cmd.Hold(unit="escort-squad"))
    assert (waits.code, waits.params) == ("survivors_to_place", {"units": ["convoy-squad"]})
    far = game.refused(cmd.PlaceSurvivors(unit="convoy-squad", positions=row(26, 8, 4)))
    assert (far.code, far.params) == ("too_far", {"unit": "convoy-squad", "action": "bail_out", "max": 6.0, "inches": 8.04})
    placed = game.do(cmd.PlaceSurvivors(unit="convoy-squad", positions=row(22, 8, 4)))
    assert placed == [ev.UnitDisembarked("convoy-squad", "mule-carrier"), ev.UnitMoved("convoy-squad", "bail_out", row(22, 8, 4), 4.039)]
    assert game.unit("convoy-squad").pinned and game.game.active == ""
    game.do(cmd.Hold(unit="escort-squad"))


#: North of the Mule Carrier at (20, 8): a step 2" high across the squad's way out.
RAMP = TerrainPiece("ramp", ((10, 11.5), (30, 11.5), (30, 13), (10, 13)), height=2, elevated=True)


def test_getting_out_counts_the_climbs_on_the_way_from_the_transport():
    """From the Mule's base at (20, 8): onto the 2" step at y 12 is 2.539" across and 2" up; past
    it at y 14.5, 4.7" across and 2" up and down: 8.7" of the Advance's 6". The AI's way out
    (ai_transports.py) measures the same and is accepted."""
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(RAMP,)) for m in SHALLOW.missions))
    game = convoy_ready(pack=pack)
    over = game.refused(cmd.Advance(unit="convoy-squad", positions=row(17, 14.5, 5)))
    assert (over.code, over.params) == ("too_far", {"unit": "convoy-squad", "action": "advance", "max": 6.0, "inches": 8.7})
    assert game.do(cmd.Advance(unit="convoy-squad", positions=row(17, 12, 5)))[1] == ev.UnitMoved("convoy-squad", "advance", row(17, 12, 5), 4.539)
    solo = convoy_ready(pack=pack)
    chosen = ai_transports.disembark(solo.game, solo.unit("convoy-squad"))
    assert isinstance(chosen, cmd.Advance)
    moved = solo.do(msgspec.structs.replace(chosen, target=""))[1]  # its shot aside: no dice typed in
    assert isinstance(moved, ev.UnitMoved) and moved.inches <= 6.0


#: A thin solid wall north of the Mule Carrier at (20, 8), across the squad's way out.
WALL = TerrainPiece("wall", ((14, 11), (26, 11), (26, 11.6), (14, 11.6)), height=3, transport=1)


def test_getting_out_is_refused_through_a_building_in_the_way_from_the_transport():
    """Each model sets off touching the Mule's hull, straight toward where it ends: north to
    y 13 it would pass through the wall; without the wall the same places are 4.7" of 6"."""
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(WALL,)) for m in SHALLOW.missions))
    walled = convoy_ready(pack=pack)
    through = walled.refused(cmd.Advance(unit="convoy-squad", positions=row(17, 13, 5, back=1.5)))
    assert (through.code, through.rule, through.params) == ("through_building", "grimdark-future-1.5.md#Solid Buildings", {"unit": "convoy-squad", "model": "convoy-squad-1", "building": "wall"})
    open_way = convoy_ready()
    assert open_way.do(cmd.Advance(unit="convoy-squad", positions=row(17, 13, 5, back=1.5)))[1] == ev.UnitMoved("convoy-squad", "advance", row(17, 13, 5, back=1.5), 4.698)


#: Under the Mule Carrier's 100 mm hull at (20, 8): mud strewn with mines.
MIRE = TerrainPiece("mire", ((19, 7), (21, 7), (21, 9), (19, 9)), difficult=True, dangerous=True)


def test_getting_out_sets_off_at_the_hull_so_ground_under_the_transport_is_not_crossed():
    """#Special Rules, Transport(X), and #Terrain: the Convoy Squad, given Fast, gets out 7.026"
    (over 6", which Difficult Terrain would cap) from the Mule standing on mined mud: its models
    set off touching the hull, cross none of it, and take no Dangerous Terrain test."""
    pack = msgspec.structs.replace(with_rules("Convoy Squad", rules=("Fast",)), missions=tuple(msgspec.structs.replace(m, terrain=(MIRE,)) for m in SHALLOW.missions))
    game = convoy_ready(pack=pack)
    events = game.do(cmd.Advance(unit="convoy-squad", positions=row(17, 17, 5)))
    assert events == [
        ev.UnitDisembarked("convoy-squad", "mule-carrier"),
        ev.UnitMoved("convoy-squad", "advance", row(17, 17, 5), 7.026),
        ev.ActivationEnded("convoy-squad"),
    ]
