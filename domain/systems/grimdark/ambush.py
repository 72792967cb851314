"""Ambush (grimdark-future-1.5.md#Special Rules): a unit kept in reserve at deployment; from
round 2 on, a die at the start of each round brings it on a 4+ (in the last round it comes
without a roll): its player places it anywhere over 6" from enemy units, then on a 5+ the
opponent may move it up to 12" to another valid place. The round's activations wait for both."""

from __future__ import annotations

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import geometry
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import rule

SPECIAL = "Special Rules"
ARRIVES_ON, MOVED_ON = 4, 5
#: Placed over 6" from enemy units; the opponent moves it up to 12".
CLEAR, SHIFT = 6.0, 12.0


def round_started(res: Resolution) -> None:
    """From round 2: a die for each unit in reserve, the last round bringing them all (face 0)."""
    game = res.game
    if game.round < 2:
        return
    for unit in sorted((u for u in game.units.values() if u.reserve and not u.destroyed), key=lambda u: u.id):
        if game.round == game.mission.rounds:
            res.emit(ev.AmbushRolled(unit.id, 0, True))
            continue
        (face,) = res.roll(1, f"{unit.id}: ambush", SPECIAL)
        res.emit(ev.AmbushRolled(unit.id, face, face >= ARRIVES_ON))


def waiting(game: Game) -> list[str]:
    return sorted(u.id for u in game.units.values() if u.arriving) + ([game.shifting] if game.shifting else [])


def valid_place(res: Resolution, unit: Unit, positions: list[tuple[float, float]]) -> list[inches.Base]:
    bases = geometry.placed(unit, positions, SPECIAL)
    geometry.check_on_table(res.game, unit, bases, SPECIAL)
    geometry.check_coherent(unit, bases)
    geometry.check_apart(res.game, unit, bases, SPECIAL)
    geometry.check_clear_of_enemies(res.game, unit, bases, CLEAR, "ambush_too_close")
    return bases


def arrive(res: Resolution, command: cmd.ArriveFromAmbush) -> list:
    unit = res.game.units.get(command.unit)
    if unit is None or not unit.arriving:
        raise RuleError("not_arriving", rule(SPECIAL), params={"unit": command.unit, "waiting": waiting(res.game)}, field="unit")
    bases = valid_place(res, unit, command.positions)
    res.emit(ev.UnitArrived(unit.id, [(b.x, b.y) for b in bases]))
    (face,) = res.roll(1, f"{unit.id}: ambush, the opponent moves it on a 5+", SPECIAL)
    res.emit(ev.AmbushShiftRolled(unit.id, face, face >= MOVED_ON))
    return res.events


def shift(res: Resolution, command: cmd.MoveAmbusher) -> list:
    """The opponent's move: straight lines, 12" at most; the same place again leaves it there."""
    game = res.game
    if not game.shifting:
        raise RuleError("not_arriving", rule(SPECIAL), params={"unit": "", "waiting": waiting(game)})
    unit = game.units[game.shifting]
    if command.side == unit.side or command.side not in game.sides:
        raise RuleError("not_the_enemy_side", rule(SPECIAL), params={"side": command.side, "caster": unit.id}, field="side")
    bases = valid_place(res, unit, command.positions)
    longest = geometry.longest_move(game, unit, bases)
    if not inches.at_most(longest, SHIFT):
        raise RuleError("too_far", rule(SPECIAL), params={"unit": unit.id, "action": "ambush_shift", "max": SHIFT, "inches": round(longest, 2)}, field="positions")
    res.emit(ev.UnitMoved(unit.id, "ambush_shift", [(b.x, b.y) for b in bases], round(longest, 3)))
    return res.events
