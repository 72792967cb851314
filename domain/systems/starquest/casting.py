"""Caster(X): casting spells before attacking, heroes boosting and countering, the hero's choice
to pay strain for a failed cast, and the AI caster (star-quest.en.md "Caster(X)" and
"Caster(X) [AI Units]"; star-quest.de.md "SONDERREGELN", Zauberer(X)). Tokens are gained in
spell_tokens.py.

A cast is one try of one spell: its tokens are spent, one die is rolled (+1 per extra token,
-1 per token heroes spend to counter an AI caster), and on 4+ the effect lands. Countering and
paying for a failed cast are pending choices: the mission waits for `Answer`.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleError
from domain.kit import onepage
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, geometry
from domain.systems.starquest.actions import finish, own_turn
from domain.systems.starquest.activation_start import begin
from domain.systems.starquest.content import Cleanse, Heal, Hits, Inflict, Relief, Reposition, Spell, Weapon
from domain.systems.starquest.resolution import Resolution, rule_for
from domain.systems.starquest.state import Battle, Choice, Unit
from domain.systems.starquest.wounding import allocate, defend, regenerate
from domain.systems.starquest.versions import ONE_PAGE

#: A casting roll succeeds on this or more, after modifiers.
CAST_ON = 4
#: Heroes this close to an enemy caster (and seeing it) may spend tokens against its roll.
COUNTER_REACH = 18.0


def spell(battle: Battle, name: str) -> Spell:
    return next(s for s in battle.spells if s.name == name)


def sees(battle: Battle, a: Unit, b: Unit) -> bool:
    return any(geometry.line_of_sight(x, y, battle.terrain) for x in battle.bases(a) for y in battle.bases(b))


def gap(battle: Battle, a: Unit, b: Unit) -> float:
    return min(geometry.distance(x, y) for x in battle.bases(a) for y in battle.bases(b))


# -- who a spell may land on ----------------------------------------------------------------


def target_problem(battle: Battle, caster: Unit, sp: Spell, target: Unit) -> RuleError | None:
    """Why `sp` cannot land on `target` (the refusal), or None when it can: range 0 is the caster
    only; hits and statuses land on enemies, the rest on friends; the target must be in range and
    in line of sight (#Caster(X): "a target in line of sight")."""
    rule = rule_for(battle.rules, "caster")
    effect = sp.effect
    if isinstance(effect, Reposition):
        return RuleError("unsupported_effect", rule, params={"spell": sp.name})
    if isinstance(effect, Relief) and target.side != "hero":
        return RuleError("bad_target", rule, params={"variant": "relief", "spell": sp.name, "target": target.id})
    if not target.on_table or target.unconscious:
        return RuleError("bad_target", rule, params={"variant": "status", "target": target.id})
    if sp.range == 0:
        if target.id != caster.id:
            return RuleError("bad_target", rule, params={"variant": "self", "spell": sp.name, "target": target.id})
        return None
    if effect.hostile and target.side == caster.side:
        return RuleError("bad_target", rule, params={"variant": "enemy", "spell": sp.name, "target": target.id})
    if not effect.hostile and target.side != caster.side:
        return RuleError("bad_target", rule, params={"variant": "friend", "spell": sp.name, "target": target.id})
    if target.id == caster.id:
        return None
    reach = battle.scale(sp.range)
    if gap(battle, caster, target) > reach + geometry.TOLERANCE:
        return RuleError("out_of_range", rule, params={"spell": sp.name, "unit": caster.id, "target": target.id, "reach": reach})
    if not sees(battle, caster, target):
        return RuleError("no_line_of_sight", rule, params={"unit": caster.id, "target": target.id})
    return None


# -- heroes ---------------------------------------------------------------------------------


def cast(res: Resolution, command: cmd.Cast) -> None:
    """A hero tries one spell during its activation, before attacking, once per spell."""
    turn = own_turn(res, command.unit)
    battle, unit = res.battle, res.unit(command.unit)
    profile = battle.profile(unit)
    if not profile.caster:
        raise res.refuse("not_a_caster", "caster", unit=unit.id)
    if unit.shaken:
        raise res.refuse("shaken", "morale", unit=unit.id)
    if command.spell not in profile.spells:
        raise res.refuse("unknown_spell", "caster", field="spell", unit=unit.id, spell=command.spell, known=list(profile.spells))
    if turn.shot or turn.charged:
        raise res.refuse("after_attacking", "caster", unit=unit.id)
    if command.spell in turn.spells_tried:
        raise res.refuse("spell_tried", "caster", unit=unit.id, spell=command.spell)
    if command.boost < 0:
        raise res.refuse("bad_boost", "caster", boost=command.boost)
    sp = spell(battle, command.spell)
    cost = sp.value + command.boost
    if unit.spell_tokens < cost:
        raise res.refuse("not_enough_tokens", "caster", spell=sp.name, boost=command.boost, cost=cost, unit=unit.id, tokens=unit.spell_tokens)
    target = res.unit(command.target or unit.id)
    if problem := target_problem(battle, unit, sp, target):
        raise problem
    res.emit(ev.SpellAttempted(unit.id, sp.name, target.id, cost, command.boost))
    _roll(res, unit.id, sp, target.id, command.boost, 0)


def _roll(res: Resolution, caster_id: str, sp: Spell, target_id: str, boost: int, counter: int) -> None:
    """One die, 4+ after modifiers (a 6 always, a 1 never, #General Principles); a hero that
    fails may pay strain per casting value point to count it as cast."""
    caster = res.unit(caster_id)
    key = "caster" if caster.side == "hero" else "ai_caster"
    (face,) = res.roll(1, f"{caster_id} casts {sp.name}", key)
    modifier = boost - counter
    success = onepage.passes(ONE_PAGE, face, CAST_ON, modifier)
    res.emit(ev.SpellRolled(caster_id, sp.name, face, modifier, success))
    if success:
        resolve(res, caster_id, sp, target_id, "roll")
    elif caster.side == "hero":
        cost = sp.value * res.battle.version.cast_anyway_per_value
        res.emit(ev.ChoiceOffered(caster_id, "cast_anyway", cost, {"then": "cast_anyway", "spell": sp.name, "target": target_id}))


def cast_anyway_answered(res: Resolution, unit_id: str, accepted: bool, context: dict[str, str]) -> None:
    """The hero paid for its failed cast, so the spell counts as cast; a hero knocked out by that
    strain casts nothing (as a knocked-out hero stays idle, #Shooting, Unconscious)."""
    if accepted and res.unit(unit_id).can_act:
        resolve(res, unit_id, spell(res.battle, context["spell"]), context["target"], "strain")


# -- effects --------------------------------------------------------------------------------


def resolve(res: Resolution, caster_id: str, sp: Spell, target_id: str, how: str) -> None:
    res.emit(ev.SpellResolved(caster_id, sp.name, target_id, how))
    EFFECTS[type(sp.effect)](res, caster_id, sp, target_id)


def _hits(res: Resolution, caster_id: str, sp: Spell, target_id: str) -> None:
    """Hits with the spell's AP, blocked as usual (no cover: a spell is no shot), Regeneration
    as for any wound; wounds go to the model closest to the caster."""
    effect = sp.effect
    assert isinstance(effect, Hits)
    battle = res.battle
    caster, target = battle.units[caster_id], battle.units[target_id]
    as_weapon = Weapon(name=sp.name, range=sp.range, attacks=effect.count, ap=effect.ap)
    unblocked = defend(res, target, as_weapon, caster, [effect.ap] * effect.count, False, "caster" if caster.side == "hero" else "ai_caster")
    wounds = regenerate(res, target, as_weapon, caster, unblocked)
    res.emit(ev.SpellHits(caster_id, sp.name, target_id, effect.count, effect.count - unblocked, wounds))
    allocate(res, target_id, wounds, 1, battle.bases(caster)[0])


def _status(res: Resolution, caster_id: str, sp: Spell, target_id: str) -> None:
    effect = sp.effect
    assert isinstance(effect, Inflict)
    if effect.status not in res.unit(target_id).statuses:
        res.emit(ev.StatusGained(target_id, effect.status, sp.name))


def _heal(res: Resolution, caster_id: str, sp: Spell, target_id: str) -> None:
    """Wounds recovered, the most hurt model first; never more than it has taken."""
    effect = sp.effect
    assert isinstance(effect, Heal)
    left = effect.wounds
    for figure in sorted(res.unit(target_id).figures, key=lambda f: (-f.wounds, f.id)):
        healed = min(left, figure.wounds)
        if healed:
            res.emit(ev.WoundsHealed(target_id, figure.id, healed, sp.name))
            left -= healed


def _relief(res: Resolution, caster_id: str, sp: Spell, target_id: str) -> None:
    effect = sp.effect
    assert isinstance(effect, Relief)
    res.relieve(target_id, effect.stress, sp.name)


def _cleanse(res: Resolution, caster_id: str, sp: Spell, target_id: str) -> None:
    for status in sorted(res.unit(target_id).statuses):
        res.emit(ev.StatusRemoved(target_id, status, sp.name))


EFFECTS: dict[type, Callable[[Resolution, str, Spell, str], None]] = {
    Hits: _hits,
    Inflict: _status,
    Heal: _heal,
    Relief: _relief,
    Cleanse: _cleanse,
}


# -- AI casters -----------------------------------------------------------------------------


def wants_to_cast(battle: Battle, unit: Unit) -> bool:
    """An AI caster with tokens starts its activation with a cast (the AI function asks for it)."""
    profile = battle.profile(unit)
    return bool(profile.caster and profile.spells and unit.spell_tokens > 0 and not unit.shaken)


def ai_cast(res: Resolution, command: cmd.AiCast) -> None:
    """The AI caster picks a random spell (a die roll) and spends all its tokens on it; when that
    spell cannot be cast (too few tokens, no target) it casts nothing (#Caster(X) [AI Units])."""
    battle = res.battle
    if battle.phase != "ai" or not battle.ai_queue or battle.ai_queue[0] != command.unit or battle.turn is not None:
        due = battle.ai_queue[0] if battle.phase == "ai" and battle.ai_queue else "no AI unit"
        raise res.refuse("not_this_units_turn", "ai", due=due)
    unit = res.unit(command.unit)
    profile = battle.profile(unit)
    if not profile.caster or not profile.spells:
        raise res.refuse("not_a_caster", "ai_caster", unit=unit.id)
    if unit.shaken:
        raise res.refuse("shaken", "morale", unit=unit.id)
    res.emit(ev.ActivationStarted(unit.id))
    begin(res, unit.id)
    if not res.unit(unit.id).can_act:  # dangerous terrain or a condition took it out
        finish(res, unit.id)
        return
    name = profile.spells[0]
    if len(profile.spells) > 1:
        (face,) = res.roll(1, f"{unit.id} picks a random spell", "ai_caster", sides=len(profile.spells))
        name = profile.spells[face - 1]
    sp = spell(battle, name)
    target, reason = ai_target(res.battle, unit, sp)
    if unit.spell_tokens < sp.value:
        target, reason = None, f"needs {sp.value} tokens, holds {unit.spell_tokens}"
    if target is None:
        res.emit(ev.SpellNotCast(unit.id, sp.name, reason))
        return
    tokens = unit.spell_tokens
    res.emit(ev.SpellAttempted(unit.id, sp.name, target.id, tokens, tokens - sp.value))
    _offer_counter(res, unit.id, sp, target.id, tokens - sp.value, 0, [])


def ai_target(battle: Battle, unit: Unit, sp: Spell) -> tuple[Unit | None, str]:
    """Where an AI spell goes: the closest hero it may land on (hits, statuses); the most wounded
    friend (heal) or a friend with a status (cleanse), closest first; None and why otherwise."""
    effect = sp.effect
    if isinstance(effect, Relief | Reposition):
        return None, f"the AI does not use {type(effect).__struct_config__.tag!r} spells"
    if effect.hostile:
        pool = [h for h in battle.side("hero") if h.can_act]
    elif isinstance(effect, Heal):
        pool = [u for u in battle.side("ai") if any(f.wounds for f in u.figures)]
    else:
        pool = [u for u in battle.side("ai") if u.statuses]
    able = [u for u in pool if target_problem(battle, unit, sp, u) is None]
    if not able:
        return None, "no target in range and line of sight"
    wounds = {u.id: sum(f.wounds for f in u.figures) for u in able}
    return min(able, key=lambda u: (-wounds[u.id] if isinstance(effect, Heal) else 0, gap(battle, unit, u), u.id)), ""


def _counterers(battle: Battle, caster: Unit, asked: list[str]) -> list[Unit]:
    reach = battle.scale(COUNTER_REACH)
    return [
        h
        for h in sorted(battle.side("hero"), key=lambda u: u.id)
        if h.id not in asked and h.can_act and h.spell_tokens > 0 and gap(battle, caster, h) <= reach + geometry.TOLERANCE and sees(battle, h, caster)
    ]


def _offer_counter(res: Resolution, caster_id: str, sp: Spell, target_id: str, boost: int, counter: int, asked: list[str]) -> None:
    """Each hero with tokens within 18" and in sight of the AI caster, in id order, may spend some
    against the roll; after the last answer the die is rolled."""
    heroes = _counterers(res.battle, res.unit(caster_id), asked)
    if not heroes:
        _roll(res, caster_id, sp, target_id, boost, counter)
        return
    hero = heroes[0]
    context = {"then": "counter_spell", "caster": caster_id, "spell": sp.name, "target": target_id, "boost": str(boost), "counter": str(counter), "asked": ",".join([*asked, hero.id])}
    res.emit(ev.ChoiceOffered(hero.id, "counter_spell", hero.spell_tokens, context))


def counter_answered(res: Resolution, command: cmd.Answer, pending: Choice) -> None:
    """A hero's answer to "spend tokens against this cast?": up to the tokens offered, all when
    the answer names no number."""
    tokens = pending.cost if command.tokens is None else command.tokens
    if command.accept and not 1 <= tokens <= pending.cost:
        raise res.refuse("bad_token_count", "caster", unit=command.unit, cost=pending.cost)
    context = pending.context
    res.emit(ev.ChoiceMade(command.unit, pending.kind, command.accept))
    counter = int(context["counter"])
    if command.accept:
        res.emit(ev.SpellTokensChanged(command.unit, -tokens, f"counter {context['spell']} of {context['caster']}"))
        counter += tokens
    sp = spell(res.battle, context["spell"])
    asked = [u for u in context["asked"].split(",") if u]
    _offer_counter(res, context["caster"], sp, context["target"], int(context["boost"]), counter, asked)


#: Pending choices answered with spell tokens instead of strain.
TOKEN_CHOICES: dict[str, Callable[[Resolution, cmd.Answer, Choice], None]] = {"counter_spell": counter_answered}


choices.CONTINUATIONS["cast_anyway"] = cast_anyway_answered
