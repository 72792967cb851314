"""The Bug's Behavior (ruinstars-2e.md#FIRST MISSION UNITS, Bug): each action of its activation
is the first line of the list it can do and afford: a Melee attack on an Adjacent enemy unit;
a Dash that ends Adjacent to the closest enemy unit; a Move toward it; a Dash toward it; a move
toward it ends in Cover from it where one of the ends tried does ("to cover if possible"). With
none left it ends its activation. Swift makes its first Dash free (skills.py)."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from domain.commands import Command
from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import board, cycle, positions
from domain.systems.ruinstars.state import SWARM, Game, Model

#: Spots tried around the target for a Dash that ends Adjacent in free play (15 degrees apart,
#: `free.Inches.around`).
RING = 24


def next_action(game: Game, bug: Model) -> Command:
    enemies = _enemies(game)
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
    closest = min(enemies, key=lambda m: (positions.distance(game, bug, m), m.id))
    for command in (
        *_ring(game, bug, closest, cycle.DASH_INCHES),
        *_covered_first(game, bug, closest, _toward(game, bug, closest, cycle.MOVE_INCHES, cmd.Move)),
        *_covered_first(game, bug, closest, _toward(game, bug, closest, cycle.DASH_INCHES, cmd.Dash)),
    ):
        if _legal(game, command):
            return command
    return cmd.EndActivation(unit=bug.id)


def _covered_first(game: Game, bug: Model, enemy: Model, moves: Iterator[cmd.Move]) -> list[cmd.Move]:
    """"To cover if possible": of the moves toward the enemy, those that end in Cover from it
    first (in the board's order), then the others."""
    here = board.of(game)

    def covered(move: cmd.Move) -> bool:
        moved = msgspec.structs.replace(bug, at=here.spot(game, move.x, move.y, bug.radius))
        return positions.in_cover(game, enemy, moved)

    return sorted(moves, key=lambda move: not covered(move))


def _enemies(game: Game) -> list[Model]:
    return [m for m in positions.standing(game) if m.squad != SWARM and not m.item]


def _ring(game: Game, bug: Model, target: Model, reach: float) -> Iterator[cmd.Dash]:
    """Dashes that end Adjacent to the target, the shortest way first (ties in the board's
    order)."""
    assert bug.at is not None and target.at is not None
    here = board.of(game)
    spots = []
    for k, end in enumerate(here.around(game, target.at, bug.radius, RING)):
        try:
            length, _ = here.path(game, bug, end)
        except RuleError:
            continue
        if inches.at_most(length, reach) and positions.near(game, end, target.at):
            spots.append((round(length, 3), k, end.x, end.y))
    for _, _, x, y in sorted(spots):
        yield cmd.Dash(unit=bug.id, x=x, y=y)


def _toward(
    game: Game, bug: Model, target: Model, reach: float, kind: type[cmd.Move]
) -> Iterator[cmd.Move]:
    """Moves toward the target as the board finds them, the best first."""
    for x, y in board.of(game).toward(game, bug, target, reach):
        yield kind(unit=bug.id, x=x, y=y)


def _legal(game: Game, command: cmd.Move) -> bool:
    """The move as the rules decide it: affordable, on the battlefield, on no base, across no
    enemy."""
    try:
        cycle.move(game, command)
    except RuleError:
        return False
    return True
