"""Folding Ruinstars' events into the mission state: the one function the write side, every
projection and every replay use."""

from __future__ import annotations

import msgspec

from domain.kit import choices
from domain.kit.boards.inches import Base, Terrain, base_radius_inches
from domain.kit.folding import folder
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import board, skills, specials
from domain.systems.ruinstars.content import Mission
from domain.systems.ruinstars.state import (
    ACTIVATED,
    ACTIVATIONS,
    BETWEEN_TURNS,
    END_OF_TURN,
    INITIATIVE,
    MISSION_END,
    READY,
    SWARM,
    NO_ATTACK,
    TAKEN_OUT,
    Duty,
    Game,
    Held,
    Model,
    Roll,
)

replace = msgspec.structs.replace


def _set_up(event: ev.MissionSetUp) -> Game:
    cards = {c.name: c for c in event.cards}
    models = {
        unit: Model(
            unit,
            card,
            s.id,
            skills.hit(cards[card]),
            base_radius_inches(cards[card].base),
            gear=s.gear.get(unit, ()),
        )
        for s in event.squads
        for unit, card in s.units
    }
    game = Game(
        event.rules,
        event.mission,
        cards,
        {i.name: i for i in event.items},
        tuple(event.squads),
        models,
        terrain=_pieces(event.mission, ()),
    )
    here = board.of(game)
    spawn_points = {}
    for k, (x, y) in enumerate(event.mission.spawn_points, 1):
        item = next(i for i in event.items if i.name == event.mission.spawn_item)
        radius = base_radius_inches(item.base)
        spawn_points[f"spawn-point-{k}"] = Model(
            f"spawn-point-{k}",
            item.name,
            SWARM,
            item.hit,
            radius,
            here.spot(game, x, y, radius),
            item=True,
        )
    markers = {
        m.id: here.spot(game, *m.at, base_radius_inches(m.base))
        for m in event.mission.markers
    }
    return replace(game, models={**models, **spawn_points}, markers=markers)


def _pieces(mission: Mission, open_doors: tuple[str, ...]) -> tuple[Terrain, ...]:
    """The mission's terrain as the kit measures it; an open door is no obstacle."""
    return tuple(
        Terrain(p.id, p.polygon, p.height, blocks_sight=True, elevated=p.elevated)
        for p in mission.terrain
        if p.id not in open_doors
    )


def _at(game: Game, model: Model, x: float, y: float) -> Base:
    """A base set down at (x, y), at the height the board gives it."""
    return board.of(game).spot(game, x, y, model.radius)


def _unit(game: Game, unit: str, **changes) -> Game:
    return replace(
        game, models={**game.models, unit: replace(game.models[unit], **changes)}
    )


def _deployed(game: Game, event: ev.UnitDeployed) -> Game:
    model = game.models[event.unit]
    return _unit(game, event.unit, at=_at(game, model, event.x, event.y))


def _turn_started(game: Game, event: ev.TurnStarted) -> Game:
    """ruinstars-2e.md#TURNS, Start of Turn 1: every unit is Ready again."""
    models = {
        k: m
        if m.item or m.status not in (READY, ACTIVATED)
        else replace(m, status=READY, opportunity=False, skills_used=())
        for k, m in game.models.items()
    }
    return replace(
        game, models=models, turn=event.turn, phase=INITIATIVE, up="", active="", last=""
    )


def _bug_spawned(game: Game, event: ev.BugSpawned) -> Game:
    card = game.cards[event.card]
    radius = base_radius_inches(card.base)
    at = board.of(game).spot(game, event.x, event.y, radius)
    bug = Model(event.unit, card.name, SWARM, card.hit, radius, at)
    return replace(game, models={**game.models, event.unit: bug})


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
    """A unit starts with its card's ACT, 1 less (at least 1) when a Stun weapon hit it."""
    model = game.models[event.unit]
    act = game.cards[model.card].act
    if model.stunned:
        act = max(1, act - 1)
    changed = _unit(game, event.unit, act=act, done={}, stunned=False)
    return replace(changed, active=event.unit)


def _spend(game: Game, squad: str, orders: int) -> Game:
    if not orders:
        return game
    return replace(game, orders={**game.orders, squad: game.orders[squad] - orders})


def _moved(game: Game, event: ev.UnitMoved) -> Game:
    return _arrived(_paid(game, event), event)


def _held(game: Game, event: ev.MoveHeld) -> Game:
    move = event.move
    held = Held(move.unit, move.x, move.y, event.dice)
    choice = choices.open_choice(
        event.squad, "attack_of_opportunity", [*event.enemies, NO_ATTACK]
    )
    return replace(_paid(game, move), held=held, pending=choice)


def _paid(game: Game, event: ev.UnitMoved) -> Game:
    """The Move or Dash paid for (HVY: a Move after a Heavy shot)."""
    game = _action(game, event.unit, event.action, event.act, event.orders)
    if event.action != "move":
        return game
    done = {**game.models[event.unit].done, specials.MOVED: 1}
    done.pop(specials.HEAVY_FIRED, None)
    return _unit(game, event.unit, done=done)


def _action(game: Game, unit: str, action: str, act: int, orders: int) -> Game:
    """ruinstars-2e.md#ACTIONS: an action paid with ACT and Tactical Orders, counted for the
    repeat price; the free action of a unit on Duty Before Death."""
    game = _duty_acted(game, unit)
    model = game.models[unit]
    done = {**model.done, action: model.done.get(action, 0) + 1}
    game = _unit(game, unit, act=model.act - act, done=done)
    return _spend(game, model.squad, orders)


def _duty_acted(game: Game, unit: str) -> Game:
    if game.duty is None or game.duty.unit != unit:
        return game
    return replace(game, duty=replace(game.duty, acted=True))


def _duty_called(game: Game, event: ev.DutyCalled) -> Game:
    return replace(game, duty=Duty(event.unit, event.by))


def _mission_action(game: Game, event: ev.MissionActionPerformed) -> Game:
    game = _action(game, event.unit, event.action, event.act, event.orders)
    squad = game.models[event.unit].squad
    return replace(game, mp={**game.mp, squad: event.total})


def _picked_up(game: Game, event: ev.MarkerPickedUp) -> Game:
    game = _action(game, event.unit, "pick_up", event.act, event.orders)
    markers = {k: v for k, v in game.markers.items() if k != event.marker}
    carrying = tuple(sorted((*game.models[event.unit].carrying, event.marker)))
    return replace(_unit(game, event.unit, carrying=carrying), markers=markers)


def _dropped(game: Game, event: ev.MarkerDropped) -> Game:
    game = _action(game, event.unit, "drop", event.act, event.orders)
    return _put_down(game, event.unit, event.marker, event.x, event.y)


def _put_down(game: Game, unit: str, marker: str, x: float, y: float) -> Game:
    model = game.models[unit]
    card = next(m for m in game.mission.markers if m.id == marker)
    at = board.of(game).spot(game, x, y, base_radius_inches(card.base))
    carrying = tuple(m for m in model.carrying if m != marker)
    game = _unit(game, unit, carrying=carrying)
    return replace(game, markers={**game.markers, marker: at})


def _given(game: Game, event: ev.MarkerGiven) -> Game:
    game = _action(game, event.unit, "give", event.act, event.orders)
    giver, taker = game.models[event.unit], game.models[event.to]
    game = _unit(game, giver.id, carrying=tuple(m for m in giver.carrying if m != event.marker))
    return _unit(game, taker.id, carrying=tuple(sorted((*taker.carrying, event.marker))))


def _door(game: Game, event: ev.DoorToggled) -> Game:
    game = _action(game, event.unit, "door", event.act, event.orders)
    doors = set(game.open_doors) ^ {event.door}
    opened = tuple(sorted(doors))
    return replace(game, open_doors=opened, terrain=_pieces(game.mission, opened))


def _arrived(game: Game, event: ev.UnitMoved | ev.HeldMoveMade) -> Game:
    model = game.models[event.unit]
    game = _unit(game, event.unit, at=_at(game, model, event.x, event.y))
    return replace(game, held=None)


def _opportunity_taken(game: Game, event: ev.OpportunityTaken) -> Game:
    return replace(_unit(game, event.attacker, opportunity=True), pending=None)


def _opportunity_declined(game: Game, event: ev.OpportunityDeclined) -> Game:
    return replace(game, pending=None)


def _orders_rolled(game: Game, event: ev.OrdersRolled) -> Game:
    return replace(game, orders={**game.orders, event.squad: event.orders}, to_dice={**game.to_dice, event.squad: event.dice})


def _skill_used(game: Game, event: ev.SkillUsed) -> Game:
    """An ACT skill is an action (its repeats cost more); a TO skill is counted for the turn."""
    if event.pays == "TO":
        model = game.models[event.unit]
        used = tuple(sorted((*model.skills_used, event.skill)))
        return _spend(_unit(game, event.unit, skills_used=used), model.squad, event.orders)
    return _action(game, event.unit, event.skill, event.act, event.orders)


def _orders_gained(game: Game, event: ev.OrdersGained) -> Game:
    """A skill's gain, on top of the TO the squad rolled at the turn's start."""
    gained = game.orders[event.squad] + event.orders
    return replace(game, orders={**game.orders, event.squad: gained})


def _orders_lost(game: Game, event: ev.OrdersLost) -> Game:
    return replace(game, orders={**game.orders, event.squad: 0})


def _attack_rolled(game: Game, event: ev.AttackRolled) -> Game:
    """The action's price paid and counted (#ACTIONS, 2MC/2RC, HVY, LIM); the dice in flight."""
    model = game.models[event.unit]
    weapon = next(w for w in game.cards[model.card].weapons if w.name == event.weapon)
    action = "melee" if event.melee else "ranged"
    done = {
        **model.done,
        action: model.done.get(action, 0) + 1,
        specials.uses(weapon): model.done.get(specials.uses(weapon), 0) + 1,
    }
    if weapon.special("HVY"):
        done.pop(specials.MOVED, None)
        done[specials.HEAVY_FIRED] = 1
    spent = (*model.spent, weapon.name) if weapon.special("LIM") else model.spent
    game = _duty_acted(game, model.id)
    game = _unit(game, model.id, act=model.act - event.act, done=done, spent=spent)
    roll = Roll(
        model.squad,
        "attack",
        model.id,
        event.target,
        weapon.name,
        event.melee,
        skills.skl(game.cards[model.card], weapon),
        **_dice(event.faces, event.free),
        auto=event.auto,
        also=tuple(event.also),
        spread=tuple(event.spread),
        split=tuple(event.split),
    )
    return replace(_spend(game, model.squad, event.orders), roll=roll)


def _dice(faces: list[int], free: dict[str, int]) -> dict:
    """A roll's dice as rolled: no die re-rolled or changed yet."""
    return {"faces": tuple(faces), "changes": (0,) * len(faces), "free": dict(free)}


def _saves_rolled(game: Game, event: ev.SavesRolled) -> Game:
    saver = game.models[event.unit]
    card = game.items[saver.card] if saver.item else game.cards[saver.card]
    roll = Roll(
        saver.squad,
        "saves",
        saver.id,
        event.by,
        "",
        event.melee,
        card.arm,
        **_dice(event.faces, event.free),
        damage=event.damage,
        queue=tuple(event.queue),
    )
    return replace(game, roll=roll)


def _rerolled(game: Game, event: ev.DiceRerolled) -> Game:
    roll = game.roll
    assert roll is not None
    free = dict(roll.free)
    for source in event.sources:
        if source in free:
            free[source] -= 1
    roll = replace(
        roll,
        faces=tuple(event.after),
        rerolled=(*roll.rerolled, *event.dice),
        free=free,
    )
    return _spend(replace(game, roll=roll), event.squad, event.orders)


def _changed(game: Game, event: ev.DieChanged) -> Game:
    roll = game.roll
    assert roll is not None
    changes = list(roll.changes)
    changes[event.die] += event.by
    game = replace(game, roll=replace(roll, changes=tuple(changes)))
    return _spend(game, event.squad, event.orders)


def _attack_resolved(game: Game, event: ev.AttackResolved) -> Game:
    return replace(game, roll=None)


def _saves_resolved(game: Game, event: ev.SavesResolved) -> Game:
    return replace(_unit(game, event.unit, hit=event.hit), roll=None)


def _stunned(game: Game, event: ev.UnitStunned) -> Game:
    return _unit(game, event.unit, stunned=True)


def _taken_out(game: Game, event: ev.UnitTakenOut) -> Game:
    """ruinstars-2e.md#COMBAT: removed from the battlefield (at 0 HIT already: only a unit
    brought there is Taken Out); a unit taken out while activating ends its activation there."""
    model = game.models[event.unit]
    for marker in model.carrying:
        assert model.at is not None
        game = _put_down(game, model.id, marker, model.at.x, model.at.y)
    game = _unit(
        game,
        event.unit,
        status=TAKEN_OUT,
        at=None,
        act=0,
        done={},
        out_turn=game.turn,
        out_by=event.by,
    )
    if game.held is not None and game.held.unit == event.unit:
        game = replace(game, held=None)
    if game.duty is not None and game.duty.unit == event.unit:
        game = replace(game, duty=None)
    if game.active != event.unit:
        return game
    return _next_up(replace(game, active=""), game.squad_of(event.unit))


def _ended(game: Game, event: ev.ActivationEnded) -> Game:
    game = replace(_unit(game, event.unit, status=ACTIVATED, act=0, done={}), active="")
    return _next_up(game, game.squad_of(event.unit))


def _next_up(game: Game, squad: str) -> Game:
    """ruinstars-2e.md#ALTERNATING ACTIVATIONS: the next squad with a Ready unit is up; none: the
    turn ends. #1 - SURVIVE: a Bug activates after each player unit's activation while one is
    Ready, and the Bugs go on alone once the players' units are done."""
    swarm_ready = any(m.status == READY for m in game.units_of(SWARM))
    if squad != SWARM:
        game = replace(game, last=squad)
        if swarm_ready:
            return replace(game, up=SWARM)
    # A player squad always activates before the swarm in a turn, so `last` names one here.
    order = [s.id for s in game.squads]
    start = order.index(game.last)
    for step in range(1, len(order) + 1):
        squad = order[(start + step) % len(order)]
        if any(m.status == READY for m in game.units_of(squad)):
            return replace(game, up=squad)
    if swarm_ready:
        return replace(game, up=SWARM)
    return replace(game, up="", phase=END_OF_TURN)


def _turn_ended(game: Game, event: ev.TurnEnded) -> Game:
    return replace(
        game, phase=MISSION_END if event.turn >= game.mission.turns else BETWEEN_TURNS
    )


def _mission_points(game: Game, event: ev.MissionPointsScored | ev.MissionPointsEarned) -> Game:
    return replace(game, mp={**game.mp, event.squad: event.total})


def _decided(game: Game, event: ev.MissionDecided) -> Game:
    return replace(game, outcome=event.outcome, winners=tuple(event.winners))


def _injured(game: Game, event: ev.UnitInjured) -> Game:
    return _unit(game, event.unit, injury=(event.roll, event.injury))


_HANDLERS = {
    ev.UnitDeployed: _deployed,
    ev.TurnStarted: _turn_started,
    ev.BugSpawned: _bug_spawned,
    ev.InitiativeRolled: _initiative,
    ev.FirstSquadChosen: _first,
    ev.UnitActivated: _activated,
    ev.OrdersRolled: _orders_rolled,
    ev.OrdersLost: _orders_lost,
    ev.SkillUsed: _skill_used,
    ev.OrdersGained: _orders_gained,
    ev.UnitMoved: _moved,
    ev.MoveHeld: _held,
    ev.MissionActionPerformed: _mission_action,
    ev.MarkerPickedUp: _picked_up,
    ev.MarkerDropped: _dropped,
    ev.MarkerGiven: _given,
    ev.DoorToggled: _door,
    ev.OpportunityTaken: _opportunity_taken,
    ev.OpportunityDeclined: _opportunity_declined,
    ev.HeldMoveMade: _arrived,
    ev.AttackRolled: _attack_rolled,
    ev.SavesRolled: _saves_rolled,
    ev.DiceRerolled: _rerolled,
    ev.DieChanged: _changed,
    ev.AttackResolved: _attack_resolved,
    ev.SavesResolved: _saves_resolved,
    ev.UnitStunned: _stunned,
    ev.DutyCalled: _duty_called,
    ev.UnitTakenOut: _taken_out,
    ev.ActivationEnded: _ended,
    ev.TurnEnded: _turn_ended,
    ev.MissionPointsScored: _mission_points,
    ev.MissionDecided: _decided,
    ev.MissionPointsEarned: _mission_points,
    ev.UnitInjured: _injured,
}

evolve = folder("ruinstars", ev.MissionSetUp, _set_up, _HANDLERS)
