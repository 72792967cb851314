"""The game cycle (ruinstars-2e.md#GAME CYCLE): deployment, the start of a turn with its
initiative roll-off, alternating activations with ACT spent per action, and the end of a turn."""

from __future__ import annotations

import msgspec

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices
from domain.kit.boards import inches
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import board, duty, ending, orders, positions, skills, specials, swarm
from domain.systems.ruinstars.content import Weapon
from domain.systems.ruinstars.state import (
    ACTIVATIONS,
    BETWEEN_TURNS,
    DEPLOYMENT,
    END_OF_TURN,
    READY,
    TAKEN_OUT,
    Game,
    Model,
)
from domain.systems.ruinstars.versions import rule

#: ruinstars-2e.md#BASIC ACTIONS: a Move goes up to 6", a Dash up to 2"; #ATTACKS OF
#: OPPORTUNITY: each 2" given up blunts one ATT die.
MOVE_INCHES, DASH_INCHES, BLUNT_INCHES = 6, 2, 2
TURNS, ACTIONS, MOVEMENT = rule("TURNS"), rule("ACTIONS"), rule("MOVEMENT")


def deploy(game: Game, command: cmd.Deploy) -> list[Event]:
    """ruinstars-2e.md#DEPLOYMENT: within `deploy_within` inches of the centre (to the base's
    nearest edge, or the square's), on the battlefield, on no other base."""
    where = rule("DEPLOYMENT")
    if game.phase != DEPLOYMENT:
        raise RuleError("deployment_over", where, params={"phase": game.phase})
    model = unit(game, command.unit)
    here = board.of(game)
    base = here.spot(game, command.x, command.y, model.radius)
    away = here.from_centre(game, base)
    if not inches.at_most(away, game.mission.deploy_within):
        raise RuleError(
            "outside_deployment",
            where,
            params={
                "unit": model.id,
                "inches": round(away, 2),
                "within": game.mission.deploy_within,
            },
        )
    _check_place(game, model, base, where)
    return [ev.UnitDeployed(model.id, command.x, command.y)]


def start_turn(game: Game, dice: DiceBox, actor: str) -> list[Event]:
    """ruinstars-2e.md#TURNS, Start of Turn: units Ready, the mission's Start of Turn events (the
    swarm spawning), each squad's Tactical Orders, then each squad rolls a D6; the lowest wins initiative, a tie for lowest rolls again (every squad, the
    whole roll-off)."""
    if game.phase not in (DEPLOYMENT, BETWEEN_TURNS):
        raise RuleError(
            "turn_running", TURNS, params={"turn": game.turn, "phase": game.phase}
        )
    if waiting := sorted(
        m.id
        for s in game.squads
        for m in game.units_of(s.id)
        if m.at is None and m.status != TAKEN_OUT
    ):
        raise RuleError("not_deployed", rule("DEPLOY UNITS"), params={"units": waiting})
    turn = game.turn + 1
    events: list[Event] = [
        ev.TurnStarted(turn),
        *swarm.spawn(game, turn),
        *orders.roll_orders(game, dice, actor, turn),
    ]
    squads = [s.id for s in game.squads]
    if len(squads) == 1:
        return [*events, ev.InitiativeRolled(squads, [], squads[0])]
    rounds: list[list[int]] = []
    while True:
        rolled = dice.roll(
            [6] * len(squads),
            purpose=f"initiative, turn {turn}",
            rule=TURNS,
            actor=actor,
        )
        events.append(rolled)
        rounds.append(list(rolled.results))
        lowest = [
            s
            for s, face in zip(squads, rolled.results, strict=True)
            if face == min(rolled.results)
        ]
        if len(lowest) == 1:
            return [*events, ev.InitiativeRolled(squads, rounds, lowest[0])]


def choose_first(game: Game, command: cmd.ChooseFirst) -> list[Event]:
    choices.check_answer(game.pending, command.squad, command.first, rule=TURNS)
    return [ev.FirstSquadChosen(command.squad, command.first)]


def activate(game: Game, command: cmd.Activate) -> list[Event]:
    """ruinstars-2e.md#ALTERNATING ACTIVATIONS: a Ready unit of the squad that is up, one at a time."""
    where = rule("ALTERNATING ACTIVATIONS")
    model = unit(game, command.unit)
    if game.phase != ACTIVATIONS or game.active:
        raise RuleError(
            "cannot_activate_now",
            where,
            params={"phase": game.phase, "active": game.active or "-"},
        )
    if model.squad != game.up:
        raise RuleError(
            "not_your_squads_activation",
            where,
            params={"unit": model.id, "up": game.up},
        )
    if model.status != READY:
        raise RuleError(
            "not_ready", where, params={"unit": model.id, "status": model.status}
        )
    return [ev.UnitActivated(model.id)]


def move(game: Game, command: cmd.Move) -> list[Event]:
    """ruinstars-2e.md#MOVEMENT: up to 6" (a Dash 2", #BASIC ACTIONS; on the grid 3 squares
    and 1), never across an enemy, ending on the battlefield and on no base; climbing counts
    toward it (#VERTICAL MOVEMENT); the board measures the way; ACT as #ACTIONS prices it."""
    model = activating(game, command.unit)
    action = "dash" if isinstance(command, cmd.Dash) else "move"
    reach = DASH_INCHES if action == "dash" else MOVE_INCHES
    cost = price(model, action) - skills.dash_discount(game.cards[model.card], action)
    act = orders.pay(game, model, action, cost, command.orders)
    here = board.of(game)
    end = here.spot(game, command.x, command.y, model.radius)
    length, climb = here.path(game, model, end)
    if not inches.at_most(length + command.blunt, reach):
        raise RuleError(
            "too_far",
            MOVEMENT,
            params={
                "unit": model.id,
                "inches": round(length + command.blunt, 2),
                "max": reach,
            },
        )
    if crossed := here.crossed(game, model, end):
        raise RuleError(
            "through_enemy", MOVEMENT, params={"unit": model.id, "enemies": crossed}
        )
    _check_place(game, model, end, MOVEMENT)
    moved = ev.UnitMoved(
        model.id,
        command.x,
        command.y,
        round(length, 3),
        act,
        action,
        command.orders,
        round(climb, 3),
    )
    if provoked := _provoked(game, model, end):
        squad, enemies = provoked
        dice = inches.full_steps(command.blunt, BLUNT_INCHES)
        return [ev.MoveHeld(moved, command.blunt, dice, squad, enemies)]
    return [moved]


def _provoked(
    game: Game, model: Model, end: inches.Base
) -> tuple[str, list[str]] | None:
    """ruinstars-2e.md#ATTACKS OF OPPORTUNITY: the enemy units Adjacent to the mover that it
    leaves, with a melee weapon and no Attack of Opportunity made this turn; when they are of
    several squads, those of the first squad in set-up order (the swarm last) choose."""
    there = msgspec.structs.replace(model, at=end)
    able = [
        m
        for m in positions.enemies_adjacent(game, model)
        if not m.item
        and not m.opportunity
        and not positions.adjacent(game, there, m)
        and any(w.kind == "melee" for w in game.weapons(m))
    ]
    if not able:
        return None
    order = [s.id for s in game.squads]
    squads = sorted({m.squad for m in able}, key=lambda s: order.index(s) if s in order else len(order))
    return squads[0], sorted(m.id for m in able if m.squad == squads[0])


def end_activation(game: Game, command: cmd.EndActivation) -> list[Event]:
    activating(game, command.unit)
    return [ev.ActivationEnded(command.unit)]


def end_turn(game: Game, dice: DiceBox, actor: str) -> list[Event]:
    """ruinstars-2e.md#TURNS, End of Turn, once every unit has activated: unused TO are lost,
    Mission Points scored; after the mission's last turn, MISSION END."""
    if game.phase != END_OF_TURN:
        raise RuleError("units_to_activate", TURNS, params={"phase": game.phase})
    lost = [ev.OrdersLost(squad, left) for squad, left in game.orders.items() if left]
    scored = ending.score(game)
    events = [*lost, *scored, ev.TurnEnded(game.turn)]
    if game.turn < game.mission.turns:
        return events
    totals = {e.squad: e.total for e in scored if isinstance(e, ev.MissionPointsScored)}
    after = msgspec.structs.replace(game, mp={**game.mp, **totals})
    return [*events, *ending.end_mission(after, dice, actor)]


def unit(game: Game, unit_id: str) -> Model:
    model = game.models.get(unit_id)
    if model is None or model.item:
        raise RuleError(
            "no_such_unit",
            rule("STAT CARDS"),
            params={
                "unit": unit_id,
                "known": sorted(k for k, m in game.models.items() if not m.item),
            },
        )
    return model


def activating(game: Game, unit_id: str) -> Model:
    model = unit(game, unit_id)
    if game.active != model.id and not duty.on_duty(game, model.id):
        raise RuleError(
            "not_activating",
            rule("ALTERNATING ACTIVATIONS"),
            params={"unit": model.id, "active": game.active or "-"},
        )
    return model


def price(model: Model, action: str, weapon: Weapon | None = None) -> int:
    """ruinstars-2e.md#ACTIONS: 1 ACT, +1 for each time the action was done already in this
    activation; a weapon's specials may change it (#WEAPON SPECIALS: 2MC, 2RC, HVY)."""
    act = 1 + model.done.get(action, 0)
    if weapon is not None:
        act += specials.combat_cost(weapon, model.done)
    elif action == "move":
        act += model.done.get(specials.HEAVY_FIRED, 0)
    return act


def _check_place(game: Game, model: Model, base: inches.Base, where: str) -> None:
    if problem := positions.place_problem(game, model.id, base):
        code, params = problem
        raise RuleError(code, where, params=params)
