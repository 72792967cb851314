"""Mission Actions (ruinstars-2e.md#MISSION ACTIONS): actions a mission's briefing defines, in
its content (`Mission.actions`). Priced as every action (#ACTIONS: ACT, TO or both, repeats cost
more), free for a unit on Duty Before Death when it would cost 1 ACT or less."""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import orders
from domain.systems.ruinstars.carrying import check_marker_controlled
from domain.systems.ruinstars.cycle import activating
from domain.systems.ruinstars.state import Game
from domain.systems.ruinstars.versions import rule

MISSION_ACTIONS = rule("MISSION ACTIONS")


def perform(game: Game, command: cmd.PerformMissionAction) -> list[Event]:
    model = activating(game, command.unit)
    action = next((a for a in game.mission.actions if a.id == command.action), None)
    if action is None:
        raise RuleError(
            "no_such_mission_action",
            MISSION_ACTIONS,
            params={
                "action": command.action,
                "actions": [a.id for a in game.mission.actions],
            },
        )
    price = action.act + model.done.get(action.id, 0)
    act = orders.pay(game, model, action.id, price, command.orders)
    if action.marker:
        check_marker_controlled(game, model, action.marker)
    total = game.mp.get(model.squad, 0) + action.points
    return [
        ev.MissionActionPerformed(model.id, action.id, act, command.orders, action.points, total)
    ]
