"""Ranged and Melee Combat actions (ruinstars-2e.md#COMBAT): choosing a weapon and a valid
target, paying the action, rolling the attack dice. Counting them, the Armor Saves and the
damage are `resolution.py`'s, once the attacker's squad has re-rolled or changed what it wants."""

from __future__ import annotations

from typing import NamedTuple

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit.boards import inches
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import orders, positions, resolution, specials
from domain.systems.ruinstars.content import Weapon
from domain.systems.ruinstars.cycle import activating, price
from domain.systems.ruinstars.state import Game, Model
from domain.systems.ruinstars.resolution import MELEE, RANGED
from domain.systems.ruinstars.versions import rule


def attack(
    game: Game, command: cmd.RangedCombat, dice: DiceBox, actor: str
) -> list[Event]:
    """Either action, then whatever follows while nobody has anything to spend on the dice."""
    melee = isinstance(command, cmd.MeleeCombat)
    where = MELEE if melee else RANGED
    attacker = activating(game, command.unit)
    weapon = weapon_of(game, attacker, command.weapon, "melee" if melee else "ranged", where)
    target = _target(game, attacker, command.target, where)
    if melee:
        _check_melee(game, attacker, target)
    else:
        _check_ranged(game, attacker, target, weapon)
    also = _secondary(game, attacker, target, weapon, command.also)
    spread = _spread(game, attacker, target, weapon, command)
    action = "melee" if melee else "ranged"
    act = orders.pay(
        game, attacker, action, price(attacker, action, weapon), command.orders
    )
    paid = Paid(act, command.orders)
    return roll_attack(game, attacker, weapon, target, paid, also, dice, actor, spread)


class Paid(NamedTuple):
    """What an attack cost: ACT and TO; `blunted`: ATT dice it rolls fewer (an Attack of
    Opportunity the mover blunted)."""

    act: int
    orders: int
    blunted: int = 0


def roll_attack(
    game: Game,
    attacker: Model,
    weapon: Weapon,
    target: Model,
    paid: Paid,
    also: list[str],
    dice: DiceBox,
    actor: str,
    spread: Spread | None = None,
) -> list[Event]:
    """ruinstars-2e.md#COMBAT, Roll Attacks: ATT dice (specials: HIT, AUT) with the free re-rolls
    the attack has (support in melee, #MODIFIERS; ACC, BRU, RLT); then on while nobody has
    anything to spend on the dice."""
    melee = weapon.kind == "melee"
    att = max(0, specials.attacks(weapon, attacker) - paid.blunted)
    auto = specials.autohits(weapon, att)
    events: list[Event] = []
    if att > auto:
        events.append(
            dice.roll(
                [6] * (att - auto),
                purpose=f"{weapon.kind} combat: {attacker.id} with {weapon.name} at {target.id}",
                rule=MELEE if melee else RANGED,
                actor=actor,
                unit=attacker.id,
            )
        )
    faces = list(events[0].results) if events else []
    free = dict(specials.weapon_rerolls(weapon))
    if specials.relentless(weapon):
        free["RLT"] = len(faces)
    support = positions.squadmates_adjacent(game, target, attacker.squad, attacker.id)
    if melee and support:
        free["support"] = support
    attacked = ev.AttackRolled(
        attacker.id,
        weapon.name,
        target.id,
        melee,
        paid.act,
        paid.orders,
        faces,
        auto,
        also,
        free,
        spread.targets if spread else [],
        spread.dice if spread else [],
    )
    events.append(attacked)
    return events + resolution.settle(resolution.fold(game, events), dice, actor)


class Spread(NamedTuple):
    targets: list[str]
    dice: list[int]


def _spread(
    game: Game, attacker: Model, target: Model, weapon: Weapon, command: cmd.RangedCombat
) -> Spread | None:
    """SPR: more valid targets, each Adjacent to another selected one; the ATT dice shared out,
    at least one each."""
    if not command.spread and not command.dice:
        return None
    if not specials.spread(weapon):
        raise RuleError(
            "no_spread", specials.SPECIALS, params={"weapon": weapon.name}
        )
    chosen = [target]
    for name in command.spread:
        other = _target(game, attacker, name, specials.SPECIALS)
        if other.id in {c.id for c in chosen}:
            raise RuleError(
                "spread_twice", specials.SPECIALS, params={"target": other.id}
            )
        if weapon.kind == "melee":
            _check_melee(game, attacker, other)
        else:
            _check_ranged(game, attacker, other, weapon)
        chosen.append(other)
    if apart := sorted(
        c.id
        for c in chosen
        if not any(positions.adjacent(game, c, o) for o in chosen if o.id != c.id)
    ):
        raise RuleError("spread_apart", specials.SPECIALS, params={"targets": apart})
    att = specials.attacks(weapon, attacker)
    if (
        len(command.dice) != len(chosen)
        or min(command.dice) < 1
        or sum(command.dice) != att
    ):
        raise RuleError(
            "spread_dice",
            specials.SPECIALS,
            params={"targets": len(chosen), "att": att, "dice": command.dice},
        )
    return Spread([c.id for c in chosen[1:]], list(command.dice))


def weapon_of(game: Game, model: Model, name: str, kind: str, where: str) -> Weapon:
    weapons = [w for w in game.weapons(model) if w.kind == kind]
    weapon = next((w for w in weapons if w.name == name), None)
    if weapon is None:
        raise RuleError(
            "no_such_weapon",
            where,
            params={
                "unit": model.id,
                "weapon": name,
                "weapons": [w.name for w in weapons],
            },
        )
    specials.check_ammo(weapon, model)
    return weapon


def _target(game: Game, attacker: Model, target_id: str, where: str) -> Model:
    target = game.models.get(target_id)
    if target is None or target.at is None:
        raise RuleError(
            "no_such_target",
            where,
            params={
                "target": target_id,
                "known": sorted(m.id for m in positions.standing(game)),
            },
        )
    if target.squad == attacker.squad:
        raise RuleError(
            "not_an_enemy", where, params={"unit": attacker.id, "target": target.id}
        )
    return target


def _check_melee(game: Game, attacker: Model, target: Model) -> None:
    """ruinstars-2e.md#MELEE COMBAT: the target must be Adjacent."""
    if not positions.adjacent(game, attacker, target):
        raise RuleError(
            "not_adjacent",
            MELEE,
            params={
                "unit": attacker.id,
                "target": target.id,
                "inches": round(positions.distance(game, attacker, target), 2),
            },
        )


def _check_ranged(game: Game, attacker: Model, target: Model, weapon: Weapon) -> None:
    """ruinstars-2e.md#RANGED COMBAT, Select Target: not while Adjacent to an enemy unit; a
    target not Adjacent to the attacker or its squadmates, in range and in sight (PBK: an
    Adjacent enemy may be the target); a spawn point not while a unit of its own is Adjacent."""
    point_blank = specials.point_blank(weapon)
    engaged = sorted(
        m.id
        for m in positions.enemies_adjacent(game, attacker)
        if not m.item and not point_blank
    )
    if engaged:
        raise RuleError(
            "adjacent_to_enemy", RANGED, params={"unit": attacker.id, "enemies": engaged}
        )
    near = sorted(
        m.id
        for m in positions.adjacent_to(game, target)
        if m.squad == attacker.squad and not (point_blank and m.id == attacker.id)
    )
    if near:
        raise RuleError(
            "target_engaged", RANGED, params={"target": target.id, "squadmates": near}
        )
    reach = specials.weapon_range(weapon)
    away = positions.distance(game, attacker, target)
    if reach is not None and not inches.at_most(away, reach):
        raise RuleError(
            "out_of_range",
            RANGED,
            params={"target": target.id, "inches": round(away, 2), "range": reach},
        )
    if target.item and (
        guards := sorted(
            m.id
            for m in positions.adjacent_to(game, target)
            if m.squad == target.squad and not m.item
        )
    ):
        raise RuleError(
            "target_guarded",
            rule("1 - SURVIVE"),
            params={"target": target.id, "guards": guards},
        )
    if not positions.in_sight(game, attacker, target):
        raise RuleError(
            "no_line_of_sight",
            rule("LINE OF SIGHT"),
            params={"unit": attacker.id, "target": target.id},
        )


def _secondary(
    game: Game, attacker: Model, target: Model, weapon: Weapon, named: list[str]
) -> list[str]:
    """CHRx: up to x units the attacker names, Adjacent to the target; BLS: every unit Adjacent
    to the target that it can see (squadmates too, not the attacker)."""
    most = specials.chain_reaction(weapon)
    if len(named) > most or len(set(named)) != len(named):
        raise RuleError(
            "secondary_targets",
            specials.SPECIALS,
            params={"weapon": weapon.name, "most": most, "given": named},
        )
    around = {m.id: m for m in positions.adjacent_to(game, target)}
    if stray := sorted(n for n in named if n not in around or n == attacker.id):
        raise RuleError(
            "not_adjacent_to_target",
            specials.SPECIALS,
            params={"target": target.id, "units": stray},
        )
    also = list(named)
    if specials.blast(weapon):
        also += sorted(
            m.id
            for m in around.values()
            if m.id != attacker.id
            and m.id not in also
            and positions.in_sight(game, target, m)
        )
    return also
