"""Tactical Orders (ruinstars-2e.md#TACTICAL ORDERS): a squad's dice at the start of each turn,
and paying an action's ACT with them (#ACTIONS: any mix of the unit's ACT and the squad's TO)."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import pools
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import duty, rolls
from domain.systems.ruinstars.state import TAKEN_OUT, Game, Model
from domain.systems.ruinstars.versions import rule

TACTICAL_ORDERS, ACTIONS = rule("TACTICAL ORDERS"), rule("ACTIONS")
#: TO dice while the squad's Leader stands, and once it is Taken Out.
LEADER_STANDING, LEADER_TAKEN_OUT = 5, 3


def roll_orders(game: Game, dice: DiceBox, actor: str, turn: int) -> list[Event]:
    """Each squad's TO dice (1-3 is one TO), plus one TO per unit of it Taken Out so far. Mini
    squads count their Squad Leader only (#BUILDING YOUR SQUAD)."""
    events: list[Event] = []
    for squad in game.squads:
        units = game.units_of(squad.id)
        leader = any(
            (m.id == squad.leader if squad.leader else game.cards[m.card].leader)
            and m.status != TAKEN_OUT
            for m in units
        )
        count = LEADER_STANDING if leader else LEADER_TAKEN_OUT
        rolled = dice.roll(
            [6] * count,
            purpose=f"tactical orders, {squad.id}, turn {turn}",
            rule=TACTICAL_ORDERS,
            actor=actor,
        )
        gained = pools.tally(rolls.TACTICAL_ORDER, rolled.results)[pools.SUCCESS]
        taken_out = sum(1 for m in units if m.status == TAKEN_OUT)
        events += [
            rolled,
            ev.OrdersRolled(squad.id, count, gained, taken_out, gained + taken_out),
        ]
    return events


def check_orders(game: Game, squad: str, orders: int, where: str) -> None:
    """Refuse spending more TO than the squad has left."""
    left = game.orders.get(squad, 0)
    if orders > left:
        raise RuleError(
            "not_enough_orders",
            where,
            params={"squad": squad, "orders": orders, "left": left},
        )


def pay(game: Game, model: Model, action: str, price: int, orders: int) -> int:
    """The ACT the unit pays for an action costing `price` when `orders` TO pay the rest; TO
    beyond the price, or more ACT or TO than are left, are refused. A unit on Duty Before Death
    acts for free."""
    if duty.on_duty(game, model.id):
        return duty.free(model, action, price, orders)
    if not 0 <= orders <= price:
        raise RuleError(
            "orders_over_cost",
            ACTIONS,
            params={"unit": model.id, "action": action, "cost": price, "orders": orders},
        )
    check_orders(game, model.squad, orders, ACTIONS)
    act = price - orders
    if act > model.act:
        raise RuleError(
            "not_enough_act",
            ACTIONS,
            params={
                "unit": model.id,
                "action": action,
                "cost": price,
                "left": model.act,
                "orders": orders,
            },
        )
    return act
