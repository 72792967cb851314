"""One command being decided: its events in order, each folded at once so the next step sees it,
and its dice rolled through the mission's dice box citing the rule they serve."""

from __future__ import annotations

from typing import Any

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.systems.grimdark.evolve import evolve
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import rule


class Resolution:
    def __init__(self, game: Game, dice: DiceBox, actor: str) -> None:
        self.game = game
        self.dice = dice
        self.actor = actor
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.game = evolve(self.game, event)

    def roll(self, count: int, purpose: str, section: str) -> list[int]:
        """`count` D6 in one roll event, for the rule in `section`."""
        if count <= 0:
            return []
        event = self.dice.roll([6] * count, purpose=purpose, rule=rule(section), actor=self.actor)
        self.events.append(event)
        return list(event.results)

    def roll_d3(self, purpose: str, section: str) -> int:
        """A D3 is a D6 halved, rounding up; the roll records both (design.md#Dice)."""
        event = self.dice.roll([6], purpose=purpose, rule=rule(section), actor=self.actor, halved=[True])
        self.events.append(event)
        return event.results[0]

    def unit(self, unit_id: str, section: str = "Activation") -> Unit:
        unit = self.game.units.get(unit_id)
        if unit is None or unit.destroyed:
            raise RuleError("unknown_unit", rule(section), params={"unit": unit_id, "known": sorted(u for u, v in self.game.units.items() if not v.destroyed)})
        return unit
