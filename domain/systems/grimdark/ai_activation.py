"""The solo army's activation (ai.py), in the spirit of the One Page Rules solo rules:
- a Pinned unit holds (#Morale), as does one inside a transport or a flyer when ai.py does not
  move them (ai_transports.py, ai_flyers.py), and one inside a solid building, shooting the
  best target it reaches from its firing port;
- an enemy its charge reaches where the melee is expected to win (more wounds caused than
  struck back) and to wound more than its shooting: it charges the nearest such, or the building
  an enemy holds (ai_charge.py, ai_odds.py, #Melee, #Solid Buildings);
- an enemy in range and sight of its weapons: it holds and shoots the best target, the one its
  shooting is expected to wound most (ai_odds.py; the nearest on a tie), one inside a building
  through the building's nearest port (#Shooting, #Solid Buildings);
- else it advances straight toward the nearest marker still on the table, or the nearest enemy
  when there is none, as far as the move allows and the rules let it stop (6" at most, a whole
  inch less each try), then shoots the best target it can reach from there; when no straight
  move is open it goes around: the first of a few ways off the straight line (20 to 80 degrees either
  side, left first) with a move open that ends nearer the goal;
- a unit within 3" of its goal marker holds there, to seize it (#Preparation, Mission).
Distances are between model centres, from the unit's first model."""

from __future__ import annotations

import math

import msgspec

from domain.errors import RuleError
from domain.kit import onepage
from domain.kit.boards import inches
from domain.kit.boards.inches import TOLERANCE, Base
from domain.systems.grimdark import ai_charge, ai_odds, attacks, buildings, geometry, rounds
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import ONE_PAGE

#: #Terrain, Difficult Terrain caps any move across it at 6": the AI never plans an Advance
#: further, nor a Rush or Charge across it.
MOST = 6.0


def act(game: Game, unit: Unit) -> cmd.Hold | cmd.Advance | cmd.Rush | cmd.Charge:
    if unit.pinned or unit.profile.flyer:
        return cmd.Hold(unit=unit.id)
    if unit.inside:  # it stays inside; from a building with firing ports it shoots out (else nothing is reached)
        return cmd.Hold(unit=unit.id, target=best_target(game, unit))
    charge = ai_charge.charge(game, unit, may_stop)
    if charge:
        return charge
    target = best_target(game, unit)
    if target:
        return cmd.Hold(unit=unit.id, target=target)
    aim = goal(game, unit)
    advanced = None if aim is None else _toward(game, unit, aim, "advance")
    if aim is None or advanced is None:
        return cmd.Hold(unit=unit.id)
    ahead = moved(unit, advanced)
    target = best_target(with_unit(game, ahead), ahead)
    rushed = None if target else _toward(game, unit, aim, "rush")
    if rushed is not None:
        return cmd.Rush(unit=unit.id, positions=rushed)
    return cmd.Advance(unit=unit.id, positions=advanced, target=target)


#: The detours tried when the straight way is shut, in degrees off it: left first, then right,
#: wider and wider, each a single straight move that must end nearer the goal.
DETOURS = (20, -20, 40, -40, 60, -60, 80, -80)


def _toward(game: Game, unit: Unit, goal: tuple[float, float], action: str) -> list[tuple[float, float]] | None:
    """The models' places after the longest straight move toward `goal` they may stop at, in whole
    inches down from the action's move (an Advance 6" at most, a Rush only where no Difficult
    Terrain caps it), ending 1.5" short of it; when no such move is open (a unit, a building or
    the table's edge in the way), the first of the `DETOURS` that is; None when none is or the
    goal is reached."""
    lead = unit.models[0]
    dx, dy = goal[0] - lead.x, goal[1] - lead.y
    distance = math.hypot(dx, dy)
    if distance <= rounds.SEIZE_REACH:
        return None
    allowance = onepage.move_inches(ONE_PAGE, action, unit.rule)
    longest = min(MOST if action == "advance" else allowance, allowance)
    straight = _longest(game, unit, (dx / distance, dy / distance), min(longest, distance - rounds.SEIZE_REACH / 2), allowance)
    if straight is not None:
        return straight
    for degrees in DETOURS:
        turn = math.radians(degrees)
        way = ((dx * math.cos(turn) - dy * math.sin(turn)) / distance, (dx * math.sin(turn) + dy * math.cos(turn)) / distance)
        around = _longest(game, unit, way, longest, allowance)
        if around is not None and math.hypot(goal[0] - around[0][0], goal[1] - around[0][1]) < distance:
            return around
    return None


def _longest(game: Game, unit: Unit, way: tuple[float, float], length: float, allowance: float) -> list[tuple[float, float]] | None:
    """The places after the longest move along `way` (a unit vector), whole inches down from
    `length`, where the models may stop."""
    while length >= 1:
        positions = [(round(m.x + way[0] * length, 3), round(m.y + way[1] * length, 3)) for m in unit.models]
        if may_stop(game, unit, positions, "", allowance):
            return positions
        length -= 1
    return None


def best_target(game: Game, unit: Unit) -> str:
    """The enemy unit its weapons reach (#Shooting) that its shooting is expected to wound most
    (ai_odds.py), the nearest on a tie, then by id; "" for none. An enemy inside a solid building
    is shot through the building's ports (#Solid Buildings)."""
    res = Resolution(game, None, "")  # type: ignore[arg-type] - reach rolls no dice
    enemies = [e for e in game.units.values() if e.side != unit.side and (e.bases() or buildings.housing(game, e))]
    reached = [e for e in enemies if attacks.weapons_that_reach(res, unit.id, e.id, melee=False)]
    return min(reached, key=lambda e: (-round(ai_odds.shooting_wounds(res, unit, e), 6), _gap(game, unit, e), e.id)).id if reached else ""


def _gap(game: Game, unit: Unit, enemy: Unit) -> float:
    """Closest models, base to base; from inside a building, from where it shoots (its port); to
    a unit inside one, to the nearest of its ports (one it is reached through has some)."""
    if not buildings.housing(game, unit) and not buildings.housing(game, enemy):
        return geometry.gap(unit, enemy)
    return min(inches.distance(a, b) for a in buildings.standing(game, unit) for b in buildings.targets(game, enemy))


def goal(game: Game, unit: Unit) -> tuple[float, float] | None:
    lead = unit.models[0]
    markers = [(m.x, m.y) for m in game.markers if not m.destroyed and not m.carrier]
    if not markers:
        markers = [(b.x, b.y) for e in game.units.values() if e.side != unit.side for b in e.bases()]
    return min(markers, key=lambda p: (math.hypot(p[0] - lead.x, p[1] - lead.y), p), default=None)


def with_unit(game: Game, unit: Unit) -> Game:
    return msgspec.structs.replace(game, units={**game.units, unit.id: unit})


def moved(unit: Unit, positions: list[tuple[float, float]]) -> Unit:
    models = tuple(msgspec.structs.replace(m, x=x, y=y) for m, (x, y) in zip(unit.models, positions, strict=True))
    return msgspec.structs.replace(unit, models=models)


def _difficult(game: Game, unit: Unit, bases: list[Base]) -> bool:
    """#Terrain, Difficult Terrain caps a move across it at 6" (Strider and Flying ignore it)."""
    if unit.rule("Strider") or unit.rule("Flying"):
        return False
    return any(p.difficult for p in geometry.crossed(game, unit, bases))


def may_stop(game: Game, unit: Unit, positions: list[tuple[float, float]], charging: str, most: float) -> bool:
    """Whether the models may end a move (a Rush or Charge too) of `most` inches there, charging
    `charging` (only its models may be touched, none passed over), by the decider's own checks:
    the climbs up and down elevated pieces count in it (#Movement)."""
    try:
        bases = geometry.placed(unit, positions, "Movement")
        longest = geometry.longest_move(game, unit, bases)
        if longest > most + TOLERANCE or (longest > MOST and _difficult(game, unit, bases)):
            return False
        geometry.check_on_table(game, unit, bases, "Movement")
        geometry.check_coherent(unit, bases)
        if not unit.rule("Flying"):  # as actions.move: no model's way over another's, the charged too
            geometry.check_path(game, unit, bases, "Movement")
        geometry.check_apart(game, unit, bases, "Movement", allowed=charging)
    except RuleError:
        return False
    return True
