"""The solo army's Psychics (ai.py; #Special Rules, Psychic(X)): a Psychic that may cast and has
some spell with a use (below) starts its activation by casting; after the roll it uses, of the
spells its highest die reaches, the one whose best use scores most (ties: the harder spell, then
by name), at that use's unit (ties: the nearest, then by id). None when no spell has a use.

Every score is in expected hits, so the kinds compare (a +1 or -1 to a roll moves a sixth of the
dice across the line):
- hits: its automatic hits, at the nearest enemy in range;
- shooting bonus (a blessing): a sixth of the attacks of the friendly unit's weapons that reach
  the best target it reaches (ai_activation.best_target), the unit ready to activate or the
  caster itself, not blessed so already;
- melee bonus: a sixth of the friendly unit's melee attacks, when it would charge now
  (ai_charge.py), ready or the caster, not blessed so already;
- shooting penalty (a curse): a sixth of the attacks of the enemy's weapons that reach the
  friendly unit they reach most with, not cursed so already;
- move: a sixth of the inches it brings a friendly unit straight toward its goal (the longest
  whole number up to the spell's inches the move rules accept, ending 1.5" short of the goal), a
  unit ready or the caster that has no target and no charge where it stands."""

from __future__ import annotations

import math
from collections.abc import Callable

import msgspec

from domain.errors import RuleError
from domain.systems.grimdark import ai_activation, ai_charge, attacks, geometry, psychic, rounds, spell_effects
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.content import Spell
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit

Positions = list[tuple[float, float]]


class Use(msgspec.Struct, frozen=True):
    """A spell's use at a unit: what it is worth, in expected hits, and a move's places."""

    score: float
    gap: float
    target: str
    positions: Positions = []


def cast(game: Game, unit: Unit) -> cmd.Cast | None:
    """The roll, when the unit may cast and some spell of its army has a use."""
    if not psychic.power(unit) or unit.pinned or unit.inside or unit.dispelled:
        return None
    return cmd.Cast(unit=unit.id) if any(best_use(game, unit, s) for s in game.spells[unit.army]) else None


def spell(game: Game, unit: Unit, highest: int) -> cmd.CastSpell | None:
    """The best spell the roll allows at its best use; None when none has one."""
    usable = [(use, s) for s in game.spells[unit.army] if s.value <= highest for use in [best_use(game, unit, s)] if use]
    if not usable:
        return None
    use, best = max(usable, key=lambda u: (u[0].score, u[1].value, u[1].name))
    return cmd.CastSpell(unit=unit.id, spell=best.name, target=use.target, positions=use.positions)


def best_use(game: Game, unit: Unit, chosen: Spell) -> Use | None:
    """Its use worth most (every army's spells are in the battle, every effect has its USES)."""
    uses = [u for u in USES[chosen.effect](game, unit, chosen) if u.score > 0]
    return min(uses, key=lambda u: (-u.score, u.gap, u.target)) if uses else None


def _in_range(game: Game, unit: Unit, chosen: Spell, enemies: bool) -> list[tuple[float, Unit]]:
    """The units on the table within the spell's range (measured as the decider does), enemies
    or friends (the caster too)."""
    found = []
    for other in sorted(game.units.values(), key=lambda u: u.id):
        if (other.side != unit.side) != enemies or not other.bases():
            continue
        gap = geometry.gap(unit, other)
        if gap <= chosen.range:
            found.append((gap, other))
    return found


def _ready(unit: Unit, other: Unit) -> bool:
    """A friend whose next activation is to come this round, or the caster in its own."""
    return other.id == unit.id or not other.activated


def _reaching_attacks(game: Game, shooter: Unit, target_id: str) -> int:
    res = Resolution(game, None, "")  # type: ignore[arg-type] - reach rolls no dice
    return sum(attacks.weapons_that_reach(res, shooter.id, target_id, melee=False).values())


def _hits(game: Game, unit: Unit, chosen: Spell) -> list[Use]:
    return [Use(float(chosen.hits), gap, e.id) for gap, e in _in_range(game, unit, chosen, enemies=True)]


def _shooting_bonus(game: Game, unit: Unit, chosen: Spell) -> list[Use]:
    uses = []
    for gap, friend in _in_range(game, unit, chosen, enemies=False):
        target = ai_activation.best_target(game, friend)
        if _ready(unit, friend) and target and "shooting-bonus" not in friend.spelled:
            uses.append(Use(_reaching_attacks(game, friend, target) / 6, gap, friend.id))
    return uses


def _melee_bonus(game: Game, unit: Unit, chosen: Spell) -> list[Use]:
    uses = []
    for gap, friend in _in_range(game, unit, chosen, enemies=False):
        if _ready(unit, friend) and "melee-bonus" not in friend.spelled and not friend.pinned and not friend.profile.flyer:
            if ai_charge.charge(game, friend, ai_activation.may_stop):
                attacks_in_melee = sum(w.attacks for m in friend.models for w in m.weapons if w.melee)
                uses.append(Use(attacks_in_melee / 6, gap, friend.id))
    return uses


def _shooting_penalty(game: Game, unit: Unit, chosen: Spell) -> list[Use]:
    friends = [f.id for f in game.units.values() if f.side == unit.side and f.bases()]
    uses = []
    for gap, enemy in _in_range(game, unit, chosen, enemies=True):
        if "shooting-penalty" not in enemy.spelled:
            uses.append(Use(max(_reaching_attacks(game, enemy, f) for f in friends) / 6, gap, enemy.id))  # the caster is one
    return uses


def _move(game: Game, unit: Unit, chosen: Spell) -> list[Use]:
    uses = []
    for gap, friend in _in_range(game, unit, chosen, enemies=False):
        if not _ready(unit, friend) or friend.profile.flyer or friend.pinned:
            continue
        if ai_activation.best_target(game, friend) or ai_charge.charge(game, friend, ai_activation.may_stop):
            continue
        moved = _moved_toward_goal(game, friend, chosen.inches)
        if moved is not None:
            length, positions = moved
            uses.append(Use(length / 6, gap, friend.id, positions))
    return uses


def _moved_toward_goal(game: Game, friend: Unit, reach: int) -> tuple[int, Positions] | None:
    """The longest whole number of inches up to `reach` straight toward its goal that the spell's
    move checks accept, ending 1.5" short of the goal; None when none is or it is there."""
    aim = ai_activation.goal(game, friend)
    if aim is None:
        return None
    lead = friend.models[0]
    dx, dy = aim[0] - lead.x, aim[1] - lead.y
    distance = math.hypot(dx, dy)
    if distance <= rounds.SEIZE_REACH:
        return None
    res = Resolution(game, None, "")  # type: ignore[arg-type] - a move rolls no dice
    for length in range(int(min(reach, distance - rounds.SEIZE_REACH / 2)), 0, -1):
        positions = [(round(m.x + dx * length / distance, 3), round(m.y + dy * length / distance, 3)) for m in friend.models]
        try:
            spell_effects.check_move(res, friend, reach, positions)
        except RuleError:
            continue
        return length, positions
    return None


#: How the AI finds and scores each kind of spell's uses (content.SPELL_EFFECTS).
USES: dict[str, Callable[[Game, Unit, Spell], list[Use]]] = {
    "hits": _hits,
    "shooting-bonus": _shooting_bonus,
    "melee-bonus": _melee_bonus,
    "shooting-penalty": _shooting_penalty,
    "move": _move,
}
