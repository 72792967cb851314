"""Psychics (grimdark-future-1.5.md#Special Rules, Psychic(X); #Dispelling): at the start of its
activation a Psychic rolls X dice and may use one spell of its army whose number is at most the
highest; an enemy Psychic within 18" may try to block it with its own X dice, beating the
caster's highest. Casting and dispelling exclude each other within a round."""

from __future__ import annotations

from domain.errors import RuleError
from domain.systems.grimdark import actions, geometry, spell_effects, transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import SPELL_EFFECTS
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Casting, Unit
from domain.systems.grimdark.versions import rule

PSYCHIC, DISPELLING = "Special Rules", "Dispelling"
#: #Dispelling: an enemy Psychic within 18" of the caster may try to block.
DISPEL_REACH = 18.0


def power(unit: Unit) -> int:
    """Its X; a unit casts through a Psychic hero that joined it (#Unit Types, Heroes)."""
    return max((int(unit.profile_of(m).rule("Psychic")) for m in unit.models), default=0)


def highest(res: Resolution, unit: Unit, why: str, section: str) -> int:
    return max(res.roll(power(unit), f"{unit.id}: {why}", section))


def cast(res: Resolution, command: cmd.Cast) -> list:
    unit = actions.activating(res, command.unit)
    if res.game.active:
        raise RuleError("not_at_start", rule(PSYCHIC), params={"unit": unit.id, "active": res.game.active})
    if not power(unit):
        raise RuleError("not_a_psychic", rule(PSYCHIC), params={"unit": unit.id})
    actions.not_pinned(unit, "cast")
    transports.check_inside(unit, "cast")
    if unit.dispelled:
        raise RuleError("dispelled_this_round", rule(DISPELLING), params={"unit": unit.id, "round": res.game.round})
    res.emit(ev.PsychicRolled(unit.id, highest(res, unit, f"Psychic({power(unit)})", PSYCHIC)))
    return res.events


def cast_spell(res: Resolution, command: cmd.CastSpell) -> list:
    casting = res.game.casting
    if casting is None or casting.unit != command.unit or casting.spell is not None:
        raise RuleError("no_cast_rolled", rule(PSYCHIC), params={"unit": command.unit})
    unit = res.unit(command.unit)
    spells = res.game.spells.get(unit.army, ())
    spell = next((s for s in spells if s.name == command.spell), None)
    if spell is None:
        raise RuleError("unknown_spell", rule(PSYCHIC), params={"spell": command.spell, "known": [s.name for s in spells]}, field="spell")
    if spell.value > casting.highest:
        raise RuleError("spell_too_hard", rule(PSYCHIC), params={"spell": spell.name, "value": spell.value, "highest": casting.highest}, field="spell")
    target = actions.enemy(res, unit, command.target, PSYCHIC) if SPELL_EFFECTS[spell.effect] == "enemy" else friend(res, unit, command.target)
    gap = geometry.gap(unit, target)
    if gap > spell.range:
        raise RuleError("spell_out_of_range", rule(PSYCHIC), params={"spell": spell.name, "target": target.id, "range": spell.range, "inches": round(gap, 2)}, field="target")
    if spell.effect == "move":
        spell_effects.check_move(res, target, spell.inches, command.positions)
    elif command.positions:
        raise RuleError("spell_moves_nothing", rule(PSYCHIC), params={"spell": spell.name}, field="positions")
    res.emit(ev.SpellCast(unit.id, spell.name, target.id, list(command.positions)))
    if not dispellers(res, unit):
        take_effect(res)
    return res.events


def friend(res: Resolution, unit: Unit, target_id: str) -> Unit:
    """A blessing's or a move's target: a unit of the caster's side on the table (itself too)."""
    target = res.unit(target_id, PSYCHIC)
    if target.side != unit.side:
        raise RuleError("not_a_friend", rule(PSYCHIC), params={"unit": unit.id, "target": target.id}, field="target")
    if not target.bases():
        raise RuleError("target_inside", rule(PSYCHIC), params={"target": target.id, "transport": target.inside or "reserve"}, field="target")
    return target


def dispellers(res: Resolution, caster: Unit) -> list[str]:
    """The enemy Psychics that may still try to block: within 18", not having cast this round."""
    return sorted(
        u.id
        for u in res.game.units.values()
        if u.side != caster.side and not u.destroyed and u.deployed and power(u) and not u.cast and geometry.gap(u, caster) <= DISPEL_REACH
    )


def waiting(res: Resolution) -> Casting:
    casting = res.game.casting
    if casting is None or casting.spell is None:
        raise RuleError("no_spell_to_block", rule(DISPELLING), params={})
    return casting


def dispel(res: Resolution, command: cmd.Dispel) -> list:
    casting = waiting(res)
    caster = res.game.units[casting.unit]
    able = dispellers(res, caster)
    if command.unit not in able:
        raise RuleError("cannot_dispel", rule(DISPELLING), params={"unit": command.unit, "caster": caster.id, "able": able}, field="unit")
    unit = res.game.units[command.unit]
    best = highest(res, unit, f"dispels {caster.id}", DISPELLING)
    blocked = best > casting.highest
    res.emit(ev.DispelTried(unit.id, caster.id, best, casting.highest, blocked))
    if not blocked:
        take_effect(res)
    return res.events


def allow(res: Resolution, command: cmd.AllowSpell) -> list:
    casting = waiting(res)
    caster = res.game.units[casting.unit]
    if command.side == caster.side or command.side not in res.game.sides:
        raise RuleError("not_the_enemy_side", rule(DISPELLING), params={"side": command.side, "caster": caster.id}, field="side")
    take_effect(res)
    return res.events


def take_effect(res: Resolution) -> None:
    """The spell's effect (spell_effects.py); the caster's activation goes on with its action."""
    casting = res.game.casting
    assert casting is not None and casting.spell is not None
    spell = casting.spell
    res.emit(ev.SpellTookEffect(casting.unit, spell.name, casting.target, spell.effect))
    spell_effects.EFFECTS[spell.effect](res, casting)
