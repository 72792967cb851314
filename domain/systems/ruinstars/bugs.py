"""The Bug's Behavior (ruinstars-2e.md#FIRST MISSION UNITS, Bug): each action of its activation
is the first line of the list it can do and afford: a Melee attack on an Adjacent enemy unit;
a Dash that ends Adjacent to the closest enemy unit; a Move toward it; a Dash toward it. With
none left it ends its activation. Swift makes its first Dash free (skills.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator

from domain.commands import Command
from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import cycle, positions
from domain.systems.ruinstars.state import SWARM, Game, Model

#: Spots tried around the target for a Dash that ends Adjacent (15 degrees apart), 0.5" between
#: the bases; and the turns off the straight line tried for a move toward it.
RING, RING_GAP = 24, 0.5
SWERVES = (0, 20, -20, 40, -40, 60, -60)
#: A move toward the target stops this short of its full reach (rounding stays within it).
SLACK = 0.01


def next_action(game: Game, bug: Model) -> Command:
    enemies = _enemies(game, bug)
    if not enemies:
        return cmd.EndActivation(unit=bug.id)
    bite = next((w for w in game.weapons(bug) if w.kind == "melee"), None)
    adjacent = [m for m in enemies if positions.adjacent(game, bug, m)]
    if adjacent:
        # Our reading: a Bug that reached an enemy stays there; once it cannot afford another
        # attack it ends its activation (a Dash away would only provoke an Attack of Opportunity).
        if bite is not None and cycle.price(bug, "melee", bite) <= bug.act:
            target = min(adjacent, key=lambda m: (m.hit, m.id))
            return cmd.MeleeCombat(unit=bug.id, weapon=bite.name, target=target.id)
        return cmd.EndActivation(unit=bug.id)
    closest = min(enemies, key=lambda m: (positions.distance(bug, m), m.id))
    for command in (
        *_ring(game, bug, closest, cycle.DASH_INCHES),
        *_toward(game, bug, closest, cycle.MOVE_INCHES, cmd.Move),
        *_toward(game, bug, closest, cycle.DASH_INCHES, cmd.Dash),
    ):
        if _legal(game, command):
            return command
    return cmd.EndActivation(unit=bug.id)


def _enemies(game: Game, bug: Model) -> list[Model]:
    return [m for m in positions.standing(game) if m.squad != SWARM and not m.item]


def _ring(game: Game, bug: Model, target: Model, reach: float) -> Iterator[cmd.Dash]:
    """Dashes that end Adjacent to the target, the shortest first."""
    assert bug.at is not None and target.at is not None
    away = target.radius + bug.radius + RING_GAP
    spots = []
    for k in range(RING):
        angle = 2 * math.pi * k / RING
        x = round(target.at.x + away * math.cos(angle), 3)
        y = round(target.at.y + away * math.sin(angle), 3)
        length = math.hypot(x - bug.at.x, y - bug.at.y)
        end = inches.Base(x, y, inches.ground_height((x, y), game.terrain), bug.radius)
        if inches.at_most(length, reach) and positions.near(game, end, target.at):
            spots.append((round(length, 3), k, x, y))
    for _, _, x, y in sorted(spots):
        yield cmd.Dash(unit=bug.id, x=x, y=y)


def _toward(
    game: Game, bug: Model, target: Model, reach: float, kind: type[cmd.Move]
) -> Iterator[cmd.Move]:
    """Moves straight at the target, as far as the reach goes or until the bases are 0.5"
    apart; swerving a little at a time when the way is blocked. Only moves that bring it closer."""
    assert bug.at is not None and target.at is not None
    dx, dy = target.at.x - bug.at.x, target.at.y - bug.at.y
    gap = math.hypot(dx, dy)
    length = min(reach - SLACK, gap - target.radius - bug.radius - RING_GAP)
    if length <= 0:
        return
    heading = math.atan2(dy, dx)
    for swerve in SWERVES:
        angle = heading + math.radians(swerve)
        x = round(bug.at.x + length * math.cos(angle), 3)
        y = round(bug.at.y + length * math.sin(angle), 3)
        if math.hypot(target.at.x - x, target.at.y - y) < gap:
            yield kind(unit=bug.id, x=x, y=y)


def _legal(game: Game, command: cmd.Move) -> bool:
    """The move as the rules decide it: affordable, on the battlefield, on no base, across no
    enemy."""
    try:
        cycle.move(game, command)
    except RuleError:
        return False
    return True
