"""Rounds (grimdark-future-1.5.md#Playing the Game): sides alternate one activation each; the side
that deployed first goes first in round 1, and the side that finished activating first goes first
in the next. After the mission's rounds the side that seized most markers wins (#Preparation,
Mission): within 3" of a marker with no enemy within 3", Pinned units neither seizing nor
stopping anyone; a unit inside a solid building seizes from the building's outline."""

from __future__ import annotations

from domain.kit.boards import inches
from domain.systems.grimdark import ambush
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Marker, Unit

SEIZE_REACH = 3.0


def end_activation(res: Resolution, unit_id: str) -> None:
    seize(res)
    res.emit(ev.ActivationEnded(unit_id))
    game = res.game
    if game.up:
        return
    res.emit(ev.RoundEnded(game.round))
    if game.round < game.mission.rounds:
        first = game.finished_first or game.sides[0]
        standing = any(not u.destroyed for u in game.of_side(first))
        res.emit(ev.RoundStarted(game.round + 1, first if standing else game.other(first)))
        ambush.round_started(res)
        return
    if game.mission.objective == "sabotage":
        res.emit(sabotaged(game))
        return
    seized = {side: 0 for side in game.sides}
    for marker in game.markers:
        holder = game.units[marker.carrier].side if marker.carrier else seized_by(game, marker)
        if holder:
            seized[holder] += 1
    best = max(seized.values())
    leaders = [s for s, n in seized.items() if n == best]
    res.emit(ev.BattleEnded(seized, leaders[0] if len(leaders) == 1 else "draw"))


def sabotaged(game: Game) -> ev.BattleEnded:
    """#Missions, Sabotage: the side that destroyed the enemy's marker and kept its own wins."""
    destroyed = {side: sum(1 for m in game.markers if m.destroyed and m.owner != side) for side in game.sides}
    intact = {side: all(not m.destroyed for m in game.markers if m.owner == side) for side in game.sides}
    winners = [s for s in game.sides if destroyed[s] and intact[s]]
    return ev.BattleEnded(destroyed, winners[0] if len(winners) == 1 else "draw")


def seize(res: Resolution) -> None:
    """After each activation: Relic Hunt's seized markers are picked up, Sabotage's destroyed when
    the enemy of their side seizes them (#Missions)."""
    game = res.game
    for marker in game.markers:
        if marker.carrier or marker.destroyed or game.mission.objective == "seize":
            continue
        holder = seized_by(game, marker)
        if not holder:
            continue
        if game.mission.objective == "carry":
            res.emit(ev.MarkerPickedUp(marker.id, seizers(game, marker)[0]))
        elif holder != marker.owner:
            res.emit(ev.MarkerDestroyed(marker.id, holder))


def seizers(game: Game, marker: Marker) -> list[str]:
    """The unpinned units within 3" of the marker, by id."""
    spot = inches.Base(marker.x, marker.y)
    return sorted(u.id for u in game.units.values() if not u.destroyed and not u.pinned and u.deployed and near(game, u, spot))


def near(game: Game, unit: Unit, spot: inches.Base) -> bool:
    """A model within 3" of the marker; inside a solid building, the marker within 3" of the
    building's outline (our reading of #Solid Buildings with #Missions, Seizing Objectives: the
    unit holds the building and reaches out of it on every side, as it does in melee). A unit in
    a transport seizes nothing."""
    piece = game.building(unit.inside)
    if piece is not None:
        return inches.at_most(inches.distance_to_polygon(spot, piece.polygon), SEIZE_REACH)
    return any(inches.at_most(inches.distance(spot, b), SEIZE_REACH) for b in unit.bases())


def seized_by(game: Game, marker: Marker) -> str:
    """The one side with an unpinned unit within 3" of the marker, or "" (none, or both)."""
    near = {game.units[u].side for u in seizers(game, marker)}
    return near.pop() if len(near) == 1 else ""
