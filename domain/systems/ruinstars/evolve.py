"""Folding Ruinstars' events into the mission state: the one function the write side, every
projection and every replay use."""

from __future__ import annotations

import msgspec

from domain.kit import choices
from domain.kit.boards.inches import Base, base_radius_inches
from domain.kit.folding import folder
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import (
    ACTIVATED,
    ACTIVATIONS,
    BETWEEN_TURNS,
    END_OF_TURN,
    INITIATIVE,
    MISSION_END,
    READY,
    SWARM,
    Game,
    Model,
)

replace = msgspec.structs.replace


def _set_up(event: ev.MissionSetUp) -> Game:
    cards = {c.name: c for c in event.cards}
    models = {
        unit: Model(
            unit, card, s.id, cards[card].hit, base_radius_inches(cards[card].base)
        )
        for s in event.squads
        for unit, card in s.units
    }
    for k, (x, y) in enumerate(event.mission.spawn_points, 1):
        item = next(i for i in event.items if i.name == event.mission.spawn_item)
        radius = base_radius_inches(item.base)
        models[f"spawn-point-{k}"] = Model(
            f"spawn-point-{k}",
            item.name,
            SWARM,
            item.hit,
            radius,
            Base(x, y, radius=radius),
            item=True,
        )
    return Game(
        event.rules,
        event.mission,
        cards,
        {i.name: i for i in event.items},
        tuple(event.squads),
        models,
    )


def _unit(game: Game, unit: str, **changes) -> Game:
    return replace(
        game, models={**game.models, unit: replace(game.models[unit], **changes)}
    )


def _deployed(game: Game, event: ev.UnitDeployed) -> Game:
    model = game.models[event.unit]
    return _unit(game, event.unit, at=Base(event.x, event.y, radius=model.radius))


def _turn_started(game: Game, event: ev.TurnStarted) -> Game:
    """ruinstars-2e.md#TURNS, Start of Turn 1: every unit is Ready again."""
    models = {
        k: m
        if m.item or m.status not in (READY, ACTIVATED)
        else replace(m, status=READY)
        for k, m in game.models.items()
    }
    return replace(
        game, models=models, turn=event.turn, phase=INITIATIVE, up="", active=""
    )


def _initiative(game: Game, event: ev.InitiativeRolled) -> Game:
    if len(game.squads) == 1:
        return replace(game, phase=ACTIVATIONS, up=event.winner)
    return replace(
        game,
        pending=choices.open_choice(event.winner, "first", [s.id for s in game.squads]),
    )


def _first(game: Game, event: ev.FirstSquadChosen) -> Game:
    return replace(game, phase=ACTIVATIONS, up=event.first, pending=None)


def _activated(game: Game, event: ev.UnitActivated) -> Game:
    card = game.cards[game.models[event.unit].card]
    return replace(_unit(game, event.unit, act=card.act, done={}), active=event.unit)


def _moved(game: Game, event: ev.UnitMoved) -> Game:
    model = game.models[event.unit]
    done = {**model.done, "move": model.done.get("move", 0) + 1}
    return _unit(
        game,
        event.unit,
        at=Base(event.x, event.y, radius=model.radius),
        act=model.act - event.act,
        done=done,
    )


def _ended(game: Game, event: ev.ActivationEnded) -> Game:
    """ruinstars-2e.md#ALTERNATING ACTIVATIONS: the next squad with a Ready unit is up; none: the turn ends."""
    game = replace(_unit(game, event.unit, status=ACTIVATED, act=0, done={}), active="")
    order = [s.id for s in game.squads]
    start = order.index(game.squad_of(event.unit))
    for step in range(1, len(order) + 1):
        squad = order[(start + step) % len(order)]
        if any(m.status == READY for m in game.units_of(squad)):
            return replace(game, up=squad)
    return replace(game, up="", phase=END_OF_TURN)


def _turn_ended(game: Game, event: ev.TurnEnded) -> Game:
    return replace(
        game, phase=MISSION_END if event.turn >= game.mission.turns else BETWEEN_TURNS
    )


_HANDLERS = {
    ev.UnitDeployed: _deployed,
    ev.TurnStarted: _turn_started,
    ev.InitiativeRolled: _initiative,
    ev.FirstSquadChosen: _first,
    ev.UnitActivated: _activated,
    ev.UnitMoved: _moved,
    ev.ActivationEnded: _ended,
    ev.TurnEnded: _turn_ended,
}

evolve = folder("ruinstars", ev.MissionSetUp, _set_up, _HANDLERS)
