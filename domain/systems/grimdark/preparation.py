"""Before the first round (grimdark-future-1.5.md#Preparation): the deployment roll-off and the
edge its winner picks, the markers' roll-off, D3+2 markers placed alternately, and the units
deployed alternately within 12" of their edge, Scouts last (#Special Rules, Scout).

Reading (docs/grimdark-future-rules-notes.md): the markers are placed before the units deploy,
because they go outside the deployment zones, which the edges decide.
"""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.kit.boards import inches
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import buildings, geometry, joining, transports
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import DEPLOYMENT, DEPLOYMENT_ROLL_OFF, EDGE, EDGES, FIRST_MARKER, MARKERS, MISSION_ROLL, OBJECTIVE_ROLL_OFF, SCOUT_ROLL_OFF, ZONE_DEPTH, Game, Unit
from domain.systems.grimdark.versions import rule

PREPARATION = "Preparation"
#: #Preparation, Mission: markers over 9" from each other.
MARKER_GAP = 9.0
ROLL_OFFS = {"deployment": DEPLOYMENT_ROLL_OFF, "objectives": OBJECTIVE_ROLL_OFF, "scouts": SCOUT_ROLL_OFF}
#: #Special Rules, Scout: placed over 12" away from enemies.
SCOUT_GAP = 12.0


def check_phase(game: Game, *phases: str) -> None:
    if game.phase not in phases:
        raise RuleError("wrong_phase", rule(PREPARATION), params={"phase": game.phase, "expected": list(phases)})


def check_up(game: Game, side: str) -> None:
    if side not in game.sides:
        raise RuleError("unknown_side", rule(PREPARATION), params={"side": side, "known": list(game.sides)}, field="side")
    if side != game.up:
        raise RuleError("not_your_turn", rule(PREPARATION), params={"side": side, "up": game.up})


#: #Missions: the random mission table, by the die's face.
RANDOM_MISSIONS = ("duel", "seize-ground", "relic-hunt", "sabotage", "breakthrough", "king-of-the-hill")


def roll_mission(res: Resolution, command: cmd.RollMission) -> list[Event]:
    check_phase(res.game, MISSION_ROLL)
    (face,) = res.roll(1, "random mission", "Missions")
    res.emit(ev.MissionRolled(face, res.game.table[face - 1].id))
    return res.events


def roll_off(res: Resolution, command: cmd.RollOff) -> list[Event]:
    """Both sides roll a die, the highest wins; a tie rolls again. The objectives' roll-off
    counts the markers first (D3+2, or the mission's number)."""
    if command.purpose not in ROLL_OFFS:
        raise RuleError("unknown_roll_off", rule(PREPARATION), params={"purpose": command.purpose, "known": list(ROLL_OFFS)}, field="purpose")
    check_phase(res.game, ROLL_OFFS[command.purpose])
    if command.purpose == "objectives":
        markers = res.game.mission.markers
        count = res.roll_d3("objective markers: D3+2", PREPARATION) + 2 if markers == "d3+2" else int(markers)
        res.emit(ev.MarkersCounted(count))
    tries: list[list[int]] = []
    while not tries or tries[-1][0] == tries[-1][1]:
        tries.append(res.roll(2, f"{command.purpose} roll-off: {' vs '.join(res.game.sides)}", PREPARATION))
    winner = res.game.sides[0] if tries[-1][0] > tries[-1][1] else res.game.sides[1]
    res.emit(ev.RolledOff(command.purpose, tries, winner))
    return res.events


def pick_edge(res: Resolution, command: cmd.PickEdge) -> list[Event]:
    check_phase(res.game, EDGE)
    check_up(res.game, command.side)
    if command.edge not in EDGES:
        raise RuleError("unknown_edge", rule(PREPARATION), params={"edge": command.edge, "known": list(EDGES)}, field="edge")
    res.emit(ev.EdgePicked(command.side, command.edge))
    spots = fixed_markers(res.game)
    if spots:
        res.emit(ev.MarkersCounted(len(spots)))
        for k, (x, y) in enumerate(spots, 1):
            res.emit(ev.MarkerPlaced("", f"marker-{k}", x, y))
    return res.events


def fixed_markers(game: Game) -> list[tuple[float, float]]:
    """Markers a mission puts down itself once the edges are known (#Missions): King of the Hill's
    at the table's centre, Breakthrough's at the centre of each deployment zone (south first)."""
    width, depth = game.mission.width, game.mission.depth
    if game.mission.placement == "centre":
        return [(width / 2, depth / 2)]
    if game.mission.placement == "zone-centres":
        return [(width / 2, ZONE_DEPTH / 2), (width / 2, depth - ZONE_DEPTH / 2)]
    return []


def quarter(game: Game, x: float, y: float) -> int:
    """The table quarter a point is in, 0-3 (a point on a middle line is in the higher one)."""
    return (2 if y >= game.mission.depth / 2 else 0) + (1 if x >= game.mission.width / 2 else 0)


def choose_first_marker(res: Resolution, command: cmd.ChooseFirstMarker) -> list[Event]:
    check_phase(res.game, FIRST_MARKER)
    check_up(res.game, command.side)
    if command.first not in res.game.sides:
        raise RuleError("unknown_side", rule(PREPARATION), params={"side": command.first, "known": list(res.game.sides)}, field="first")
    res.emit(ev.FirstMarkerChosen(command.side, command.first))
    return res.events


def place_marker(res: Resolution, command: cmd.PlaceMarker) -> list[Event]:
    game = res.game
    check_phase(game, MARKERS)
    check_up(game, command.side)
    here = inches.Base(command.x, command.y)
    if not (0 <= command.x <= game.mission.width and 0 <= command.y <= game.mission.depth):
        raise RuleError("off_table", rule(PREPARATION), params={"model": "marker", "x": command.x, "y": command.y, "width": game.mission.width, "depth": game.mission.depth})
    if any(game.in_zone(side, command.y) for side in game.sides):
        raise RuleError("marker_in_zone", rule(PREPARATION), params={"x": command.x, "y": command.y, "depth": 12})
    inside = geometry.building_at(game, command.x, command.y)
    if inside:
        raise RuleError("marker_in_building", rule(geometry.BUILDINGS), params={"x": command.x, "y": command.y, "building": inside})
    for marker in game.markers:
        gap = inches.distance(here, inches.Base(marker.x, marker.y))
        if inches.at_most(gap, MARKER_GAP):
            raise RuleError("markers_too_close", rule(PREPARATION), params={"marker": marker.id, "gap": round(gap, 2), "min": MARKER_GAP})
    if game.mission.placement == "quarters":
        taken = [m.id for m in game.markers if quarter(game, m.x, m.y) == quarter(game, command.x, command.y)]
        if taken:
            raise RuleError("quarter_taken", rule("Missions"), params={"x": command.x, "y": command.y, "marker": taken[0]})
    res.emit(ev.MarkerPlaced(command.side, f"marker-{len(game.markers) + 1}", command.x, command.y))
    return res.events


def scout_place(game: Game, unit: Unit, bases: list[inches.Base]) -> None:
    """#Special Rules, Scout: after every other unit, anywhere over 12" away from enemies."""
    waiting = [u.id for u in game.units.values() if not u.deployed and not u.scout]
    if waiting:
        raise RuleError("scouts_deploy_last", rule("Special Rules"), params={"unit": unit.id, "waiting": sorted(waiting)})
    geometry.check_clear_of_enemies(game, unit, bases, SCOUT_GAP, "scout_too_close")


def deploy(res: Resolution, command: cmd.Deploy) -> list[Event]:
    """The sides alternate one unit each, the roll-off's winner first; a side with none left
    waits while the other deploys the rest. The last one starts round 1."""
    game = res.game
    check_phase(game, DEPLOYMENT)
    unit = res.unit(command.unit, PREPARATION)
    if unit.deployed:
        raise RuleError("already_deployed", rule(PREPARATION), params={"unit": unit.id})
    if unit.side != game.up:
        raise RuleError("not_your_turn", rule(PREPARATION), params={"side": unit.side, "up": game.up})
    unit = joining.merged(unit, joining.joining(game, unit, command.joined))
    if command.transport:
        return deploy_inside(res, unit, command)
    if command.reserve:
        return keep_in_reserve(res, unit, command)
    bases = geometry.placed(unit, command.positions, PREPARATION)
    geometry.check_on_table(game, unit, bases, PREPARATION)
    if unit.scout:
        scout_place(game, unit, bases)
    else:
        outside = [m.id for m, b in zip(unit.models, bases, strict=True) if not game.in_zone(unit.side, b.y)]
        if outside:
            raise RuleError("outside_zone", rule(PREPARATION), params={"unit": unit.id, "models": outside, "edge": game.edges[unit.side], "depth": 12}, field="positions")
    geometry.check_coherent(unit, bases, "Movement")
    geometry.check_apart(game, unit, bases, "Movement")
    res.emit(ev.UnitDeployed(unit.id, [(b.x, b.y) for b in bases], command.joined))
    return deployed(res)


def deployed(res: Resolution) -> list[Event]:
    if all(u.deployed for u in res.game.units.values()):
        res.emit(ev.RoundStarted(1, res.game.deploys_first))
    return res.events


def keep_in_reserve(res: Resolution, unit: Unit, command: cmd.Deploy) -> list[Event]:
    """#Special Rules, Ambush: not deployed on the table but kept in reserve, as its deployment."""
    if not unit.profile.rule("Ambush"):
        raise RuleError("no_ambush", rule("Special Rules"), params={"unit": unit.id}, field="reserve")
    if command.positions:
        raise RuleError("wrong_model_count", rule(PREPARATION), params={"unit": unit.id, "models": 0, "given": len(command.positions)}, field="positions")
    res.emit(ev.UnitDeployed(unit.id, [(m.x, m.y) for m in unit.models], command.joined, reserve=True))
    return deployed(res)


def deploy_inside(res: Resolution, unit: Unit, command: cmd.Deploy) -> list[Event]:
    """#Special Rules, Transport(X): deployed within a transport of its army, deployed already,
    or within a solid building (#Solid Buildings)."""
    building = buildings.building(res.game, command.transport)
    transport = None if building is not None else transports.seat(res.game, unit, command.transport)
    if command.positions:
        raise RuleError("wrong_model_count", rule(PREPARATION), params={"unit": unit.id, "models": 0, "given": len(command.positions)}, field="positions")
    if building is not None:
        buildings.deploy_inside(res, unit, building, command)
        return deployed(res)
    assert transport is not None
    spot = (transport.models[0].x, transport.models[0].y)
    res.emit(ev.UnitDeployed(unit.id, [spot] * len(unit.models), command.joined, transport.id))
    return deployed(res)

