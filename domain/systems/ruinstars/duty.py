"""Duty Before Death (ruinstars-2e.md#STAT CARDS): a unit with the skill brought to 0 HIT is not
Taken Out at once; once the combat that did it is over it performs one free basic or mission
action of 1 ACT or less (or passes), and then it is Taken Out."""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import Game, Model
from domain.systems.ruinstars.versions import rule

SKILL = "Duty Before Death"
STAT_CARDS = rule("STAT CARDS")
#: The most its free action may cost.
MOST_ACT = 1


def falls(game: Game, saver: Model, by: str) -> Event:
    """A unit at 0 HIT: its duty called if it has the skill and no other unit's duty is open,
    else Taken Out."""
    if not saver.item and game.duty is None and game.cards[saver.card].skill(SKILL):
        return ev.DutyCalled(saver.id, by)
    return ev.UnitTakenOut(saver.id, by)


def on_duty(game: Game, unit: str) -> bool:
    return game.duty is not None and game.duty.unit == unit and not game.duty.acted


def free(model: Model, action: str, price: int, orders: int) -> int:
    """The duty's action costs nothing, and may be one that would cost 1 ACT or less now."""
    if price > MOST_ACT or orders:
        raise RuleError(
            "duty_action",
            STAT_CARDS,
            params={
                "unit": model.id,
                "action": action,
                "cost": price,
                "orders": orders,
                "most": MOST_ACT,
            },
        )
    return 0


def waiting(game: Game) -> bool:
    """The duty is open and nothing else is in flight: only its unit acts (or passes)."""
    return (
        game.duty is not None
        and not game.duty.acted
        and game.roll is None
        and game.held is None
        and game.pending is None
    )


def check_turn(game: Game, command: object) -> None:
    """While the duty waits, every command but its unit's action or pass is refused."""
    duty = game.duty
    if not waiting(game) or duty is None:
        return
    if getattr(command, "unit", None) != duty.unit or isinstance(
        command, (cmd.Activate, cmd.EndActivation, cmd.UseSkill)
    ):
        raise RuleError(
            "duty_first",
            STAT_CARDS,
            params={"unit": duty.unit, "command": type(command).__name__},
        )


def pass_duty(game: Game, command: cmd.PassDuty) -> list[Event]:
    duty = game.duty
    if duty is None or duty.unit != command.unit or not waiting(game):
        raise RuleError(
            "no_duty",
            STAT_CARDS,
            params={"unit": command.unit, "duty": duty.unit if duty else "-"},
        )
    return [ev.UnitTakenOut(duty.unit, duty.by)]


def done(game: Game) -> list[Event]:
    """Its action over (its combat, an Attack of Opportunity it provoked): Taken Out."""
    duty = game.duty
    if (
        duty is not None
        and duty.acted
        and game.roll is None
        and game.held is None
        and game.pending is None
    ):
        return [ev.UnitTakenOut(duty.unit, duty.by)]
    return []
