"""Solid buildings (grimdark-future-1.5.md#Solid Buildings): a terrain piece that is one closed
block with the Transport rule. Infantry gets in and out as with a transport (`Embark`, an
Advance, `Deploy` inside); the units inside shoot out of its firing ports, always from the
topmost, and are shot at through them, counting as in cover; a charge at the building fights one
unit inside, which the defender picks when there are several. A unit inside a building is off
the table like one in a transport: it has no bases, so it blocks nothing; it seizes and contests
the markers within 3" of the building's outline (rounds.py).

Where a unit inside stands for each measure: its models are at the topmost port (`standing`),
seen and reached at any port (`targets`), and in melee within reach of whatever is within 2" of
the building's outline (`within_reach`)."""

from __future__ import annotations

from domain.errors import RuleError
from domain.kit import onepage
from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import geometry
from domain.systems.grimdark.content import Port, TerrainPiece
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import ONE_PAGE, rule

BUILDINGS = geometry.BUILDINGS


def building(game: Game, place: str) -> TerrainPiece | None:
    """The solid building called `place` (a unit of that id is a transport, not a building)."""
    return game.building(place)


def housing(game: Game, unit: Unit) -> TerrainPiece | None:
    """The building `unit` is inside, if it is inside one."""
    return building(game, unit.inside)


def occupants(game: Game, place: str) -> list[Unit]:
    return sorted((u for u in game.units.values() if u.inside == place and not u.destroyed), key=lambda u: u.id)


def _at(port: Port) -> Base:
    """A port as a point whose eyes are at the port's height."""
    return Base(port.x, port.y, port.height - geometry.EYE, 0.0)


def standing(game: Game, unit: Unit) -> list[Base]:
    """Each model's base as measured from it: on the ground under it (an elevated piece's top),
    or, inside a building, at its topmost firing port (#Solid Buildings)."""
    piece = housing(game, unit)
    if piece is None:
        pieces = geometry.terrain(game)
        return [geometry.lifted(b, pieces) for b in unit.bases()]
    port = piece.top_port()
    there = _at(port) if port else Base(*piece.spot())
    return [there] * len(unit.models)


def firing_points(game: Game, unit: Unit, base: Base) -> list[Base]:
    """Where a model shoots from: its base, or inside a building each of its topmost firing
    ports (our reading: ports equally high are all "the topmost"; the first that reaches fires)."""
    piece = housing(game, unit)
    if piece is None:
        return [base]
    top = max((p.height for p in piece.ports), default=0.0)
    return [_at(p) for p in piece.ports if p.height == top]


def targets(game: Game, unit: Unit) -> list[Base]:
    """Where the unit is seen and reached by shooting: its models, or every firing port of the
    building it is in (none without ports: nobody shoots in)."""
    piece = housing(game, unit)
    if piece is None:
        pieces = geometry.terrain(game)
        return [geometry.lifted(b, pieces) for b in unit.bases()]
    return [_at(p) for p in piece.ports]


def within_reach(game: Game, unit: Unit, base: Base, target: Unit, reach: float) -> bool:
    """#Melee's 2": from a model to the target's models; to or from a building, its outline."""
    inside = housing(game, target)
    if inside is not None:
        return inches.at_most(inches.distance_to_polygon(base, inside.polygon), reach)
    house = housing(game, unit)
    if house is not None:
        return any(inches.at_most(inches.distance_to_polygon(t, house.polygon), reach) for t in target.bases())
    return geometry.in_range(base, target.bases(), reach)


def check_may_shoot(game: Game, unit: Unit) -> None:
    """Inside a building a unit shoots out of a firing port; it has none to shoot from without."""
    piece = housing(game, unit)
    if piece is not None and not piece.ports:
        raise RuleError("no_firing_port", rule(BUILDINGS), params={"unit": unit.id, "building": piece.id})


def seat(game: Game, unit: Unit, piece: TerrainPiece) -> None:
    """Infantry of any army gets in while the models inside stay within its X and no enemy holds
    it (our reading: one side holds a building at a time)."""
    if unit.profile.kind != "infantry" or unit.profile.rule("Transport"):
        raise RuleError("not_infantry", rule(BUILDINGS), params={"unit": unit.id, "kind": unit.profile.kind}, field="unit")
    inside = occupants(game, piece.id)
    held = [u.id for u in inside if u.side != unit.side]
    if held:
        raise RuleError("building_held", rule(BUILDINGS), params={"building": piece.id, "units": held}, field="transport")
    taken = sum(len(u.models) for u in inside)
    if taken + len(unit.models) > piece.transport:
        raise RuleError("transport_full", rule(BUILDINGS), params={"transport": piece.id, "capacity": piece.transport, "taken": taken, "models": len(unit.models)}, field="transport")


def deploy_inside(res: Resolution, unit: Unit, piece: TerrainPiece, command: cmd.Deploy) -> None:
    """Deployed inside a building that stands at least partly in the unit's deployment zone (our
    reading: deploying inside is deploying there); a Scout may go into any building."""
    seat(res.game, unit, piece)
    if not unit.scout and not any(res.game.in_zone(unit.side, y) for _, y in piece.polygon):
        raise RuleError("outside_zone", rule("Preparation"), params={"unit": unit.id, "models": [m.id for m in unit.models], "edge": res.game.edges[unit.side], "depth": 12}, field="transport")
    res.emit(ev.UnitDeployed(unit.id, [piece.spot()] * len(unit.models), command.joined, piece.id))


def embark(res: Resolution, unit: Unit, piece: TerrainPiece) -> None:
    """Every model reaches base contact with the building within a Rush, measured straight from
    its base to the building's outline (as with a transport, transports.embark)."""
    seat(res.game, unit, piece)
    reach = onepage.move_inches(ONE_PAGE, "rush", unit.profile.rule)
    gap = max(inches.distance_to_polygon(b, piece.polygon) for b in unit.bases())
    if not inches.at_most(gap, reach):
        raise RuleError("too_far", rule("Activation"), params={"unit": unit.id, "action": "embark", "max": reach, "inches": round(gap, 2)}, field="transport")
    res.emit(ev.UnitEmbarked(unit.id, piece.id))


def disembark_gap(game: Game, unit: Unit, piece: TerrainPiece, bases: list[Base]) -> float:
    """How far the models get from the building they leave: the farthest, base to its outline,
    with every inch it climbs up or down on its way from the nearest point of the walls."""
    pieces = () if unit.rule("Flying") else geometry.terrain(game)
    return max(
        inches.distance_to_polygon(b, piece.polygon) + inches.climb(inches.nearest_on_outline((b.x, b.y), piece.polygon), (b.x, b.y), pieces) for b in bases
    )


def exits(piece: TerrainPiece, bases: list[Base]) -> list[Base]:
    """Where each model sets off on its way out: its base touching the walls at the point of the
    outline nearest where it ends (`disembark_gap`'s), on the straight line to there."""
    return [geometry.toward(inches.nearest_on_outline((b.x, b.y), piece.polygon), b, b.radius) for b in bases]


def charged(res: Resolution, unit: Unit, piece: TerrainPiece) -> list[Unit]:
    """The enemy units a charge at the building may fight: refused when it holds none."""
    inside = occupants(res.game, piece.id)
    if not inside or any(u.side == unit.side for u in inside):
        raise RuleError("no_enemy_inside", rule(BUILDINGS), params={"unit": unit.id, "building": piece.id, "inside": [u.id for u in inside]}, field="target")
    return inside


def in_contact(game: Game, unit: Unit, piece: TerrainPiece) -> bool:
    """#Solid Buildings: the chargers are moved into base contact with the building."""
    return any(inches.at_most(inches.distance_to_polygon(b, piece.polygon), 0.0) for b in game.units[unit.id].bases())


def check_defender(game: Game, command: cmd.DefendBuilding) -> str:
    """The unit the defender picks must be inside the building being charged."""
    storm = game.storming
    if storm is None:
        raise RuleError("no_building_charged", rule(BUILDINGS), params={"unit": command.unit}, field="unit")
    inside = [u.id for u in occupants(game, storm.building)]
    if command.unit not in inside:
        raise RuleError("not_inside", rule(BUILDINGS), params={"unit": command.unit, "building": storm.building, "inside": inside}, field="unit")
    return storm.attacker
