"""The one question the rules ask of the battlefield (ruinstars-2e.md#MOVEMENT, #COMBAT,
#PLAYING ON A GRID): where a unit may stand, how far apart two stand, whether they are Adjacent,
see each other or are in Cover, and what a move costs. Free play (`free.Inches`) and the grid
(`grid.Squares`) answer it; the mission's `grid` picks which. Every length is in inches: on the
grid a square counts as 2", so a Move's 6" is 3 squares and the rules' numbers stay as they are."""

from __future__ import annotations

from typing import Protocol

from domain.kit.boards.inches import Base
from domain.systems.ruinstars import free, grid
from domain.systems.ruinstars.state import Game, Model


class Board(Protocol):
    def spot(self, game: Game, x: float, y: float, radius: float) -> Base:
        """A base set down at (x, y) as a command names it, at the height it stands on."""

    def near(self, game: Game, a: Base, b: Base) -> bool:
        """ruinstars-2e.md#ADJACENT between two bases."""

    def distance(self, a: Base, b: Base) -> float:
        """ruinstars-2e.md#DISTANCES AND RANGE, horizontally, in inches."""

    def from_centre(self, game: Game, base: Base) -> float:
        """How far the base is from the battlefield's centre (#DEPLOYMENT), in inches."""

    def place_problem(
        self, game: Game, unit: str, base: Base, others: tuple[Base, ...]
    ) -> tuple[str, dict] | None:
        """Why the base cannot stand there (a refusal's code and params), or None."""

    def in_sight(self, game: Game, a: Model, b: Model) -> bool:
        """ruinstars-2e.md#LINE OF SIGHT from a to b."""

    def in_cover(self, game: Game, attacker: Model, target: Model) -> bool:
        """ruinstars-2e.md#COVER of the target against the attacker's shot."""

    def path(self, game: Game, model: Model, end: Base) -> tuple[float, float]:
        """The inches a move from where the unit stands to `end` takes, and how many of them
        are climbing (#VERTICAL MOVEMENT); a RuleError when no move gets there."""

    def crossed(self, game: Game, model: Model, end: Base) -> list[str]:
        """The enemy units the move would pass through (#MOVEMENT: it may not)."""

    def around(self, game: Game, target: Base, radius: float, spots: int) -> list[Base]:
        """Places round the target to try, in a fixed order (where the swarm spawns, where a Bug
        dashes to); whether each is Adjacent and has room is the caller's to check."""

    def toward(
        self, game: Game, mover: Model, target: Model, reach: float
    ) -> list[tuple[float, float]]:
        """Ends of a move toward the target, the best first, each closer than the mover is."""


def of(game: Game) -> Board:
    """The mission's board: squares when it is played on the grid, else inches."""
    return grid.SQUARES if game.mission.grid else free.INCHES
