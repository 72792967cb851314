"""The solo army's preparation (ai.py): where it places a marker and deploys a unit, each the
first legal spot of a fixed search, checked by the same rules the decider applies
(#Preparation, #Special Rules Scout). Each Infantry hero deploys as part of a friendly unit
(#Unit Types, Heroes): the hero in id order joins the Infantry unit of its army with the most
models (ties by id) that is no hero, no transport, no Scout nor Ambush and has no hero yet; a
hero with no such unit deploys alone."""

from __future__ import annotations

import math

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import ai_transports, geometry, joining, preparation, transports
from domain.systems.grimdark.state import ZONE_DEPTH, Game, Unit

#: The search grid's step, in inches.
STEP = 2.0
#: How many models a row holds: four, else fewer when four do not stand coherent.
ROWS = (4, 3, 2)


def marker(game: Game, side: str) -> cmd.PlaceMarker | None:
    """The grid point nearest the table's centre where a marker may go."""
    width, depth = game.mission.width, game.mission.depth
    points = [(x * STEP, y * STEP) for x in range(int(width / STEP) + 1) for y in range(int(depth / STEP) + 1)]
    points.sort(key=lambda p: (math.hypot(p[0] - width / 2, p[1] - depth / 2), p))
    for x, y in points:
        if any(game.in_zone(s, y) for s in game.sides) or geometry.building_at(game, x, y):
            continue
        if any(inches.at_most(math.hypot(m.x - x, m.y - y), preparation.MARKER_GAP) for m in game.markers):
            continue
        if game.mission.placement == "quarters" and any(preparation.quarter(game, m.x, m.y) == preparation.quarter(game, x, y) for m in game.markers):
            continue
        return cmd.PlaceMarker(side=side, x=x, y=y)
    return None


def next_unit(game: Game, army: str) -> cmd.Deploy | None:
    """Its next unit in id order, transports first and Scouts after the others, in rows of four
    (fewer when four are not coherent) from the back of its zone: the first spot from the west,
    row by row toward the front, where it fits; an Ambush unit in reserve, an Infantry unit inside
    a transport with room for it; a host with the hero that joins it (`partners`)."""
    pairs = partners(game, army)
    escorted = set(pairs.values())
    waiting = sorted((u for u in game.units.values() if u.army == army and not u.deployed and u.id not in escorted), key=lambda u: (u.scout, not transports.capacity(u), u.id))
    if not waiting:
        return None
    unit = waiting[0]
    joined = [pairs[unit.id]] if unit.id in pairs else []
    if unit.profile.rule("Ambush"):
        return cmd.Deploy(unit=unit.id, positions=[], reserve=True)
    unit = joining.merged(unit, [game.units[j] for j in joined])
    ride = ai_transports.seat(game, unit) or ai_transports.deploy_building(game, unit)
    if ride:
        return cmd.Deploy(unit=unit.id, positions=[], transport=ride, joined=joined)
    north = game.edges[unit.side] == "north"
    spacing = 2 * max(unit.radius(m) for m in unit.models) + 0.5
    for wide in ROWS:  # a big hero's base may keep a row of four from being coherent
        for depth in range(1, int(ZONE_DEPTH)):
            y = game.mission.depth - depth if north else float(depth)
            for x in range(1, int(game.mission.width)):
                back = spacing if north else -spacing
                positions = [(x + (k % wide) * spacing, y - (k // wide) * back) for k in range(len(unit.models))]
                if _fits(game, unit, positions):
                    return cmd.Deploy(unit=unit.id, positions=positions, joined=joined)
    return None


def partners(game: Game, army: str) -> dict[str, str]:
    """The hosts still to deploy and the hero each takes along (#Unit Types, Heroes)."""
    waiting = sorted((u for u in game.units.values() if u.army == army and not u.deployed), key=lambda u: u.id)
    hosts = sorted((u for u in waiting if _may_host(u)), key=lambda u: (-len(u.models), u.id))
    pairs: dict[str, str] = {}
    for hero in (u for u in waiting if u.profile.hero and _may_join(u)):
        host = next((h for h in hosts if h.id not in pairs), None)
        if host is None:
            break
        pairs[host.id] = hero.id
    return pairs


def _may_host(unit: Unit) -> bool:
    plain = not (unit.profile.hero or transports.capacity(unit) or unit.scout or unit.profile.rule("Ambush"))
    return plain and unit.profile.kind == "infantry" and not unit.joined


def _may_join(hero: Unit) -> bool:
    return hero.profile.kind == "infantry" and not (transports.capacity(hero) or hero.scout or hero.profile.rule("Ambush"))


def _fits(game: Game, unit: Unit, positions: list[tuple[float, float]]) -> bool:
    try:
        bases = geometry.placed(unit, positions, "Preparation")
        geometry.check_on_table(game, unit, bases, "Preparation")
        if unit.scout:
            geometry.check_clear_of_enemies(game, unit, bases, preparation.SCOUT_GAP, "scout_too_close")
        elif not all(game.in_zone(unit.side, b.y) for b in bases):
            return False
        geometry.check_coherent(unit, bases, "Movement")
        geometry.check_apart(game, unit, bases, "Movement")
    except RuleError:
        return False
    return True
