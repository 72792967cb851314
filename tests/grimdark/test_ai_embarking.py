"""The solo army gets into transports and solid buildings during the battle, and out of them when
that is of use (domain/systems/grimdark/ai_transports.py; grimdark-future-1.5.md#Special Rules,
Transport(X), #Solid Buildings)."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import ai, ai_activation, ai_transports, buildings
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import Port, TerrainPiece
from tests.grimdark.game import BROOD, CONVOY, VANGUARD, Game, convoy_ready, row
from tests.grimdark.solo import as_solo
from tests.grimdark.test_buildings import DEPOT, prepared, ready


def moved(game: Game, places: dict[str, list[tuple[float, float]]]) -> None:
    units = {**game.game.units, **{k: ai_activation.moved(game.unit(k), v) for k, v in places.items()}}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))


#: The Brood gathered in the far north-east corner, out of the Convoy Squad's reach.
BROOD_AWAY = {
    "brood-mother": [(54, 28)], "spine-spitters": row(60, 28, 5, back=1.5), "bone-crushers": row(62, 24, 3, 2.0, 1.5),
    "skitter-swarm": row(54, 22, 8, back=1.5), "creeper-swarm": row(64, 19, 8, back=-1.5),
}


def test_a_unit_with_nothing_in_reach_gets_into_its_empty_transport_and_stays_in_while_it_is_of_no_use():
    """The Convoy Squad at (26, 10) has no target and no charge; the Mule Carrier at (20, 8) has
    not activated and has room: the squad gets in. Once the Mule has moved, out of it the squad
    would still reach nobody nor stand at its marker: it stays in."""
    game = convoy_ready(inside=())
    moved(game, BROOD_AWAY)
    command = ai.ai(as_solo(game, CONVOY))
    assert command == cmd.Embark(unit="convoy-squad", transport="mule-carrier")
    assert game.do(command) == [ev.UnitEmbarked("convoy-squad", "mule-carrier"), ev.ActivationEnded("convoy-squad")]
    mule = msgspec.structs.replace(game.unit("mule-carrier"), activated=True)
    after = msgspec.structs.replace(game.game, units={**game.game.units, "mule-carrier": mule})
    assert ai_transports.get_out(after, after.units["convoy-squad"]) == cmd.Hold(unit="convoy-squad")


#: A 4" x 3" tower 2.2" from the marker at (36, 15), its one port in the south wall.
TOWER = TerrainPiece("tower", ((38, 16), (42, 16), (42, 19), (38, 19)), height=4, transport=6, ports=(Port(40, 16, 3),))
#: The Spine Spitters 9.9" from the tower with nobody within their 18"; the Dust Riders 15.2" from its port.
BY_THE_TOWER = {"spine-spitters": row(33, 26, 5, back=1.5), "dust-riders": row(46, 2, 4), "vanguard-squad": row(2, 2, 5), "ridge-squad": row(10, 2, 5), "mortar-team": row(18, 2, 3)}


def test_a_unit_gets_into_a_building_by_its_marker_where_its_port_gives_it_a_target_and_stays_holding_the_marker():
    game = ready(TOWER, inside=(), places=BY_THE_TOWER, solo=BROOD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    spitters = game.unit("spine-spitters")
    assert ai_activation.best_target(game.game, spitters) == ""
    command = ai_transports.get_in(game.game, spitters)
    assert command == cmd.Embark(unit="spine-spitters", transport="tower")
    assert game.do(command) == [ev.UnitEmbarked("spine-spitters", "tower"), ev.ActivationEnded("spine-spitters")]
    # Inside, the Dust Riders are in reach of the port: it stays and shoots.
    assert ai_transports.get_out(game.game, game.unit("spine-spitters")) is None
    assert ai_activation.act(game.game, game.unit("spine-spitters")) == cmd.Hold(unit="spine-spitters", target="dust-riders")
    # With the Riders gone east out of reach it stays all the same: the marker at (36, 15) lies
    # 2.2" from the tower's walls, so from inside it holds it.
    moved(game, {"dust-riders": row(62, 2, 4)})
    assert ai_transports.get_out(game.game, game.unit("spine-spitters")) is None
    assert ai_activation.act(game.game, game.unit("spine-spitters")) == cmd.Hold(unit="spine-spitters")


def test_a_unit_gets_out_of_its_transport_once_the_transport_stands_at_its_marker():
    """The Mule Carrier has activated and stands 2.2" from the marker at (10, 15): it goes no
    further, so the Convoy Squad gets out beside the marker though it reaches nobody."""
    game = convoy_ready()
    moved(game, {**BROOD_AWAY, "mule-carrier": [(12, 14)]})
    mule = msgspec.structs.replace(game.unit("mule-carrier"), activated=True)
    after = msgspec.structs.replace(game.game, units={**game.game.units, "mule-carrier": mule})
    out = [(10.0, 17.0), (11.484, 17.0), (12.969, 17.0), (14.453, 17.0), (10.0, 18.484)]
    command = ai_transports.get_out(after, after.units["convoy-squad"])
    assert command == cmd.Advance(unit="convoy-squad", positions=out)
    game.state = msgspec.structs.replace(game.state, game=after)
    assert game.do(command)[:2] == [ev.UnitDisembarked("convoy-squad", "mule-carrier"), ev.UnitMoved("convoy-squad", "advance", out, 2.449)]


#: The Brood gathered in the north-east corner, out of reach of the Vanguard in the south-west.
BROOD_FAR = {
    "brood-mother": [(54, 28)], "spine-spitters": row(60, 28, 5, back=1.5), "bone-crushers": row(62, 24, 3, 2.0, 1.5),
    "skitter-swarm": row(54, 22, 8, back=1.5), "creeper-swarm": row(64, 19, 8, back=-1.5),
}


def test_a_unit_in_a_building_that_holds_its_marker_stays_in_and_one_3_5_away_gets_out():
    """The Vanguard Squad inside the depot (no ports) reaches nobody; the marker at (10, 15) lies
    3" from the depot's north wall, so inside it holds the marker: it stays and holds. With the
    depot 0.5" further south the marker is 3.5" off: it gets out to its marker."""
    game = ready(DEPOT, inside=("vanguard-squad",), solo=VANGUARD)
    moved(game, BROOD_FAR)
    squad = game.unit("vanguard-squad")
    assert ai_transports.held_markers(game.game, squad, DEPOT) == ["marker-2"]
    assert ai_transports.get_out(game.game, squad) is None
    assert ai_activation.act(game.game, squad) == cmd.Hold(unit="vanguard-squad")
    south = msgspec.structs.replace(DEPOT, polygon=((6, 8.5), (14, 8.5), (14, 11.5), (6, 11.5)))
    away = ready(south, inside=("vanguard-squad",), solo=VANGUARD)
    moved(away, BROOD_FAR)
    assert ai_transports.held_markers(away.game, away.unit("vanguard-squad"), south) == []
    out = [(10.0, 15.0), (11.484, 15.0), (12.969, 15.0), (14.453, 15.0), (10.0, 16.484)]
    assert ai_transports.get_out(away.game, away.unit("vanguard-squad")) == cmd.Advance(unit="vanguard-squad", positions=out)


def test_a_unit_with_nothing_in_reach_gets_into_a_building_without_ports_that_holds_its_marker():
    """The Vanguard Squad west of the depot has no target; its goal, the marker at (10, 15), lies
    3" from the depot's walls, which every model reaches: it gets in (no port needed) and, inside,
    seizes the marker at the end of its activation (Relic Hunt: picks it up)."""
    game = ready(DEPOT, inside=(), places={"vanguard-squad": row(1, 12, 5)}, solo=VANGUARD, mission="relic-hunt")
    moved(game, BROOD_FAR)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    squad = game.unit("vanguard-squad")
    assert ai_activation.best_target(game.game, squad) == ""
    command = ai_transports.get_in(game.game, squad)
    assert command == cmd.Embark(unit="vanguard-squad", transport="depot")
    assert game.do(command) == [ev.UnitEmbarked("vanguard-squad", "depot"), ev.MarkerPickedUp("marker-2", "vanguard-squad"), ev.ActivationEnded("vanguard-squad")]


def test_the_solo_army_deploys_a_unit_inside_a_building_that_holds_a_marker():
    """Deployment with the depot 3" south of the marker at (10, 15), in the Vanguard's zone: in
    the AI's order the Dust Riders (four) and the Mortar Team (three) go in; the Ridge Squad with
    the captain (six) would pass its 11 seats and deploys on the table, as does the Vanguard Squad."""
    game = prepared(DEPOT, solo=VANGUARD)
    deployed = []
    while game.game.phase == "deployment":
        command = ai.ai(game.state) if game.game.up == VANGUARD else ai.ai(as_solo(game, BROOD))
        if game.game.up == VANGUARD:
            deployed.append(command)
        game.do(command)
    assert [(c.unit, c.transport) for c in deployed] == [("dust-riders", "depot"), ("mortar-team", "depot"), ("ridge-squad", ""), ("vanguard-squad", "")]
    assert [u.id for u in buildings.occupants(game.game, "depot")] == ["dust-riders", "mortar-team"]


def _squad_by_its_mule(**changes: dict) -> Game:
    """The Convoy Squad at (26, 10) beside its empty Mule Carrier at (20, 8), the Brood far away;
    `changes` to a unit's fields by id."""
    game = convoy_ready(inside=())
    moved(game, BROOD_AWAY)
    units = {**game.game.units, **{k: msgspec.structs.replace(game.unit(k), **f) for k, f in changes.items()}}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    return game


@pytest.mark.parametrize(
    "changes",
    [{}, {"convoy-squad": {"pinned": True}}, {"mule-carrier": {"activated": True}}, {"mule-carrier": {"pinned": True}}],
)
def test_a_unit_gets_in_only_unpinned_into_a_transport_yet_to_activate_and_free_to_move(changes):
    game = _squad_by_its_mule(**changes)
    expected = None if changes else cmd.Embark(unit="convoy-squad", transport="mule-carrier")
    assert ai_transports.get_in(game.game, game.unit("convoy-squad")) == expected


def test_a_unit_does_not_get_into_a_transport_at_its_goal_nor_with_a_target_where_it_stands():
    """The Mule 2.2" from the marker at (10, 15) carries nobody further; the Spine Spitters in
    reach of the squad's rifles give it a shot instead."""
    at_goal = _squad_by_its_mule()
    moved(at_goal, {"mule-carrier": [(12, 14)]})
    assert ai_transports.get_in(at_goal.game, at_goal.unit("convoy-squad")) is None
    shot = _squad_by_its_mule()
    moved(shot, {"spine-spitters": row(30, 20, 5, back=1.5)})
    assert ai_transports.get_in(shot.game, shot.unit("convoy-squad")) is None


def test_a_unit_in_a_transport_waits_for_it_to_activate():
    game = convoy_ready()
    squad = game.unit("convoy-squad")
    assert (ai_transports.riding(game.game, squad), ai_transports.waits(game.game, squad)) == (True, True)
    mule = msgspec.structs.replace(game.unit("mule-carrier"), activated=True)
    after = msgspec.structs.replace(game.game, units={**game.game.units, "mule-carrier": mule})
    assert ai_transports.waits(after, squad) is False


def _tower_at(x: float) -> TerrainPiece:
    """A 4" x 3" tower from (x, 16), its port in the middle of its south wall."""
    return TerrainPiece("tower", ((x, 16), (x + 4, 16), (x + 4, 19), (x, 19)), height=4, transport=6, ports=(Port(x + 2, 16, 3),))


@pytest.mark.parametrize(("x", "riders", "gets_in"), [(40, (46, 2), True), (41, (46, 2), True), (43, (46, 2), False), (40, (62, 2), False)])
def test_a_unit_gets_into_a_building_within_6_inches_of_its_goal_whose_port_gives_it_a_target(x, riders, gets_in):
    """The marker at (36, 15) is 4.1" from a tower at x 40 (5.1" at 41, 7.1" at 43): too far to
    hold it from inside, near enough to shoot from; the Dust Riders at (46, 2) are in reach of its
    port, at (62, 2) they are not."""
    tower = _tower_at(x)
    game = ready(tower, inside=(), places=BY_THE_TOWER, solo=BROOD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    moved(game, {"dust-riders": row(riders[0], riders[1], 4)})
    spitters = game.unit("spine-spitters")
    assert ai_transports.held_markers(game.game, spitters, tower) == []
    expected = cmd.Embark(unit="spine-spitters", transport="tower") if gets_in else None
    assert ai_transports.get_in(game.game, spitters) == expected


def test_a_flyer_a_transport_or_a_unit_already_inside_does_not_get_in():
    game = convoy_ready()
    moved(game, BROOD_AWAY)
    for unit_id in ("hawk-skimmer", "mule-carrier", "convoy-squad"):
        assert ai_transports.get_in(game.game, game.unit(unit_id)) is None


def test_a_unit_gets_out_of_a_pinned_transport_that_will_carry_it_no_further():
    """The Mule Carrier at (20, 8) has activated Pinned, short of any marker: the Convoy Squad gets
    out toward the marker at (10, 15) though it reaches nobody."""
    game = convoy_ready()
    moved(game, BROOD_AWAY)
    mule = msgspec.structs.replace(game.unit("mule-carrier"), activated=True, pinned=True)
    after = msgspec.structs.replace(game.game, units={**game.game.units, "mule-carrier": mule})
    out = [(13.0, 11.0), (14.484, 11.0), (15.969, 11.0), (17.453, 11.0), (13.0, 12.484)]
    assert ai_transports.get_out(after, after.units["convoy-squad"]) == cmd.Advance(unit="convoy-squad", positions=out)
