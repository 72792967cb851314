"""The roll in flight (ruinstars-2e.md#USING TACTICAL ORDERS, #RE-ROLLS, #COMBAT): its owner
re-rolls dice (free re-rolls first, then a Tactical Order each) or changes them by +/-1 per TO,
then accepts it; the roll counts and combat goes on to the next Armor Saves. A roll whose owner
has nothing left to spend on it counts at once."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import pools
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import duty, orders, positions, rolls, specials
from domain.systems.ruinstars.evolve import evolve
from domain.systems.ruinstars.content import Weapon
from domain.systems.ruinstars.state import Blow, Game, Model, Roll
from domain.systems.ruinstars.versions import rule

USING = rule("USING TACTICAL ORDERS")
RANGED, MELEE = rule("RANGED COMBAT"), rule("MELEE COMBAT")
#: Free re-roll sources, in the order a die takes them: Relentless only fits a 6, so it goes
#: first; Tactical Orders pay for a die none fits.
FREE_SOURCES = ("RLT", "ACC", "BRU", "support", "cover")


def fold(game: Game, events: Sequence[Event]) -> Game:
    """The state after this decision's own events (the engine's dice events change nothing here)."""
    for event in events:
        if type(event) in ev.EVENTS:
            game = evolve(game, event)
    return game


def owned(game: Game, squad: str) -> Roll:
    roll = game.roll
    if roll is None:
        raise RuleError("no_roll", USING, params={"squad": squad})
    if roll.squad != squad:
        raise RuleError(
            "not_your_roll",
            USING,
            params={"squad": squad, "owner": roll.squad, "unit": roll.unit},
        )
    return roll


def reroll(game: Game, command: cmd.Reroll, dice: DiceBox, actor: str) -> list[Event]:
    """ruinstars-2e.md#RE-ROLLS: each die once, its new face final; a changed die keeps its face."""
    roll = owned(game, command.squad)
    budget = msgspec.structs.replace(rolls.reroll_budget(), used=roll.rerolled)
    pools.reroll(budget, roll.faces, command.dice)
    if changed := [d for d in command.dice if roll.changes[d]]:
        raise RuleError("die_changed", rolls.REROLLS, params={"dice": changed})
    free = dict(roll.free)
    sources = []
    for die in command.dice:
        source = free_source(free, roll.faces[die]) or "orders"
        if source != "orders":
            free[source] -= 1
        sources.append(source)
    paid = sources.count("orders")
    orders.check_orders(game, command.squad, paid, USING)
    rolled = dice.roll(
        [6] * len(command.dice),
        purpose=f"re-roll: {roll.unit}",
        rule=rolls.REROLLS,
        actor=actor,
        unit=roll.unit,
    )
    after = pools.rerolled(roll.faces, command.dice, rolled.results)
    events: list[Event] = [
        rolled,
        ev.DiceRerolled(
            command.squad,
            list(command.dice),
            list(roll.faces),
            list(after),
            sources,
            paid,
        ),
    ]
    return events + settle(fold(game, events), dice, actor)


def change(game: Game, command: cmd.ChangeDie, dice: DiceBox, actor: str) -> list[Event]:
    """+/-1 per TO, stackable; a changed die triggers nothing a natural face would (a 2 made
    1 is no Critical, a natural 6 still fails: `rolls.test`)."""
    roll = owned(game, command.squad)
    if not 0 <= command.die < len(roll.faces):
        raise RuleError(
            "no_such_die", USING, params={"die": command.die, "dice": len(roll.faces)}
        )
    face = roll.faces[command.die]
    result = face + roll.changes[command.die] + command.by
    if command.by == 0 or not 1 <= result <= 6:
        raise RuleError(
            "impossible_change",
            USING,
            params={"die": command.die, "face": face, "by": command.by, "result": result},
        )
    orders.check_orders(game, command.squad, abs(command.by), USING)
    events: list[Event] = [
        ev.DieChanged(
            command.squad, command.die, face, command.by, abs(command.by), result
        )
    ]
    return events + settle(fold(game, events), dice, actor)


def accept(game: Game, command: cmd.AcceptRoll, dice: DiceBox, actor: str) -> list[Event]:
    owned(game, command.squad)
    events = count(game, dice, actor)
    return events + settle(fold(game, events), dice, actor)


def settle(game: Game, dice: DiceBox, actor: str) -> list[Event]:
    """Count every roll whose owner has nothing to spend on it, one after another."""
    events: list[Event] = []
    while game.roll is not None and not _can_spend(game, game.roll):
        step = count(game, dice, actor)
        events += step
        game = fold(game, step)
    held = game.held
    if game.roll is None and game.pending is None and held is not None:
        made = ev.HeldMoveMade(held.unit, held.x, held.y)
        events.append(made)
        game = fold(game, [made])
    return events + duty.done(game)


def count(game: Game, dice: DiceBox, actor: str) -> list[Event]:
    """Count the roll in flight, then roll the next Armor Saves combat owes."""
    roll = game.roll
    assert roll is not None
    outcomes = [
        pools.outcome(rolls.test(roll.stat), face, change)
        for face, change in zip(roll.faces, roll.changes, strict=True)
    ]
    if roll.step == "attack":
        events, queue = _strikes(game, roll, outcomes)
    else:
        events, queue = _saves(
            game, roll, outcomes.count(pools.SUCCESS), outcomes.count(pools.CRITICAL)
        )
    return events + _next_saves(fold(game, events), queue, dice, actor)


def _strikes(
    game: Game, roll: Roll, outcomes: list[str]
) -> tuple[list[Event], list[Blow]]:
    """ruinstars-2e.md#COMBAT, Roll Attacks: 1 damage a strike, 2 a Critical Strike (specials:
    RND, STN); the same damage for each unit BLS or CHR adds. AUT's strikes are the first dice;
    SPR: the dice go to the targets in order, `split` of them each."""
    attacker = game.models[roll.unit]
    weapon = next(w for w in game.cards[attacker.card].weapons if w.name == roll.weapon)
    every = [pools.SUCCESS] * roll.auto + outcomes
    targets = (roll.other, *roll.spread)
    events: list[Event] = []
    blows: list[Blow] = []
    first = 0
    for k, (target, share) in enumerate(zip(targets, roll.split or (len(every),), strict=True)):
        part = every[first : first + share]
        first += share
        criticals = part.count(pools.CRITICAL)
        strikes = part.count(pools.SUCCESS) + criticals
        damage = specials.damage(weapon, strikes - criticals, criticals)
        events.append(ev.AttackResolved(roll.unit, target, strikes, criticals, damage))
        if specials.stuns(weapon, criticals) and not game.models[target].item:
            events.append(ev.UnitStunned(target))
        hit = (target, *roll.also) if k == 0 else (target,)
        blows += [
            Blow(t, damage, roll.unit, roll.melee, _covered(game, attacker, t, weapon, roll.melee))
            for t in hit
            if damage
        ]
    return events, blows


def _covered(game: Game, attacker: Model, target: str, weapon: Weapon, melee: bool) -> bool:
    """ruinstars-2e.md#COVER: ranged attacks only; NCV takes it away."""
    if melee or specials.no_cover(weapon):
        return False
    return positions.in_cover(game, attacker, game.models[target])


def _saves(
    game: Game, roll: Roll, successes: int, criticals: int
) -> tuple[list[Event], list[Blow]]:
    """ruinstars-2e.md#COMBAT, Roll Armor Saves: a Critical Save counts as 2 saves in ranged
    combat; in melee it blocks 1 and returns 1 damage, which the other saves in turn (chaining)."""
    saver = game.models[roll.unit]
    saves = successes + criticals * (1 if roll.melee else 2)
    lost = min(saver.hit, max(0, roll.damage - saves))
    returned = criticals if roll.melee else 0
    events: list[Event] = [
        ev.SavesResolved(
            roll.unit,
            roll.other,
            roll.damage,
            saves,
            criticals,
            lost,
            saver.hit - lost,
            returned,
        )
    ]
    if saver.hit - lost == 0:
        events.append(duty.falls(game, saver, roll.other))
    back = [Blow(roll.other, returned, roll.unit, True)] if returned else []
    return events, [*back, *roll.queue]


def _next_saves(
    game: Game, queue: list[Blow], dice: DiceBox, actor: str
) -> list[Event]:
    """The next unit still standing rolls one save per point of damage; Support: a re-roll per
    squadmate Adjacent to it in melee; Cover: one re-roll against ranged damage (#MODIFIERS)."""
    while queue:
        blow, queue = queue[0], queue[1:]
        saver = game.models[blow.unit]
        if saver.at is None or (game.duty is not None and game.duty.unit == saver.id):
            continue
        rolled = dice.roll(
            [6] * blow.damage,
            purpose=f"armor saves: {saver.id} against {blow.by}",
            rule=MELEE if blow.melee else RANGED,
            actor=actor,
            unit=saver.id,
        )
        support = positions.squadmates_adjacent(game, saver, saver.squad, saver.id)
        free = {"support": support} if blow.melee and support else {}
        if blow.cover:
            free["cover"] = 1
        return [
            rolled,
            ev.SavesRolled(
                saver.id,
                blow.by,
                blow.damage,
                blow.melee,
                list(rolled.results),
                free,
                list(queue),
            ),
        ]
    return []


def free_source(free: dict[str, int], face: int) -> str | None:
    for source in FREE_SOURCES:
        if free.get(source, 0) > 0 and (source != "RLT" or face == 6):
            return source
    return None


def _can_spend(game: Game, roll: Roll) -> bool:
    """Dice, and Tactical Orders left or a free re-roll that fits a die not re-rolled or changed
    yet."""
    if roll.faces and game.orders.get(roll.squad, 0) > 0:
        return True
    return any(
        free_source(roll.free, face)
        for die, face in enumerate(roll.faces)
        if die not in roll.rerolled and not roll.changes[die]
    )
