"""Applying Star Quest events to the battle: the one fold that rules, replays and read models share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.systems.starquest import carry, geometry
from domain.systems.starquest import events as ev
from domain.systems.starquest.content import ENEMY_PREFIX, NOTHING
from domain.systems.starquest.state import Ambusher, Battle, Choice, Figure, Turn, Unit

replace = msgspec.structs.replace


def evolve(battle: Battle | None, event: Any) -> Battle:
    if isinstance(event, ev.BattleSetUp):
        return _set_up(event)
    assert battle is not None, "a Star Quest battle starts with BattleSetUp"
    return _APPLY[type(event)](battle, event)


def _set_up(event: ev.BattleSetUp) -> Battle:
    mission = event.mission
    units = {}
    for unit_id, hero in zip(event.party, event.heroes, strict=True):
        units[unit_id] = Unit(unit_id, "hero", hero.name, (Figure(unit_id, 0.0, 0.0),), 1)
    terrain = tuple(
        geometry.Terrain(t.id, tuple((float(x), float(y)) for x, y in t.polygon), t.height, t.cover, t.difficult, t.dangerous, t.blocks_sight, t.elevated)
        for t in mission.terrain
    )
    battle = Battle(
        rules=event.rules,
        mission=mission,
        heroes=tuple(event.heroes),
        enemies=tuple(event.enemies),
        weapons=tuple(event.weapons),
        spells=tuple(event.spells),
        units=units,
        terrain=terrain,
        tokens={t.id: t.content for t in mission.search_tokens},
    )
    return carry.start(battle, event.carried)


def _unit(battle: Battle, unit_id: str, change: Callable[[Unit], Unit]) -> Battle:
    return replace(battle, units={**battle.units, unit_id: change(battle.units[unit_id])})


def _turn(battle: Battle, **changes: Any) -> Battle:
    assert battle.turn is not None
    return replace(battle, turn=replace(battle.turn, **changes))


def _deployed(b: Battle, e: ev.HeroDeployed) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, deployed=True, set_aside=False, figures=(b.standing(u.figures[0], e.x, e.y),)))


def _placed(b: Battle, e: ev.UnitPlaced) -> Battle:
    unit = Unit(e.unit, "ai", e.profile, tuple(e.figures), len(e.figures), deployed=True)
    return replace(b, units={**b.units, e.unit: unit})


def _round(b: Battle, e: ev.RoundStarted) -> Battle:
    fresh = {k: replace(u, activated=False, fatigued=False, skills_used=frozenset()) for k, u in b.units.items()}
    return replace(b, round=e.round, phase="heroes", units=fresh, ai_queue=())


def _activation(b: Battle, e: ev.ActivationStarted) -> Battle:
    b = _unit(b, e.unit, lambda u: replace(u, activated=True))
    return replace(b, turn=Turn(e.unit))


def _extra(b: Battle, e: ev.ExtraActionTaken) -> Battle:
    return _turn(b, allowed=b.turn.allowed + 1)


def _strain(b: Battle, e: ev.StrainChanged) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, strain=max(0, u.strain + e.amount)))


def _action(b: Battle, e: ev.ActionTaken) -> Battle:
    turn = b.turn
    return _turn(b, actions=turn.actions + 1, action=e.action, resting=turn.resting or e.action == "rest", charged=turn.charged or e.action == "charge")


def _moved(b: Battle, e: ev.Moved) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, figures=tuple(e.figures)))


def _attack(b: Battle, e: ev.AttackResolved) -> Battle:
    b = _unit(b, e.unit, lambda u: replace(u, weapons_fired=u.weapons_fired | {e.weapon}))
    ranged = any(w.name == e.weapon and w.range > 0 for w in b.weapons)  # melee strikes are no shot
    return _turn(b, shot=True) if ranged and b.turn and b.turn.unit == e.unit else b


def _wounds(b: Battle, e: ev.WoundsTaken) -> Battle:
    def hurt(u: Unit) -> Unit:
        return replace(u, figures=tuple(replace(f, wounds=f.wounds + e.wounds) if f.id == e.figure else f for f in u.figures))

    b = _unit(b, e.unit, hurt)
    return _turn(b, wounded=b.turn.wounded | {e.unit}) if b.turn else b


def _killed(b: Battle, e: ev.FigureKilled) -> Battle:
    def remove(u: Unit) -> Unit:
        figures = tuple(f for f in u.figures if f.id != e.figure)
        return replace(u, figures=figures, dead=not figures)

    b = _unit(b, e.unit, remove)
    return _turn(b, wounded=b.turn.wounded | {e.unit}) if b.turn else b


def _unconscious(b: Battle, e: ev.HeroUnconscious) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, unconscious=True))


def _bleeding(b: Battle, e: ev.BleedingMarker) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, bleeding=e.markers))


def _died(b: Battle, e: ev.HeroDied) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, dead=True, unconscious=False))


def _revived(b: Battle, e: ev.HeroRevived) -> Battle:
    def wake(u: Unit) -> Unit:
        figure = u.figures[0]
        return replace(u, unconscious=False, bleeding=0, figures=(replace(figure, wounds=max(0, figure.wounds - e.wounds_healed)),))

    return _unit(b, e.unit, wake)


def _offered(b: Battle, e: ev.ChoiceOffered) -> Battle:
    return replace(b, pending=Choice(e.unit, e.kind, e.cost, e.context))


def _skill(b: Battle, e: ev.SkillUsed) -> Battle:
    b = _unit(b, e.unit, lambda u: replace(u, skills_used=u.skills_used | {e.skill}))
    return _turn(b, skill_action=True) if b.turn and b.turn.unit == e.unit else b


def _fear(b: Battle, e: ev.FearCaused) -> Battle:
    return _turn(b, fear={**b.turn.fear, e.target: b.turn.fear.get(e.target, 0) + e.wounds}) if b.turn else b


def _ended(b: Battle, e: ev.ActivationEnded) -> Battle:
    return replace(b, turn=None, ai_queue=tuple(u for u in b.ai_queue if u != e.unit))


def _ai_phase(b: Battle, e: ev.AiPhaseStarted) -> Battle:
    return replace(b, phase="ai", ai_queue=tuple(e.order))


def _decided(b: Battle, e: ev.MissionDecided) -> Battle:
    return replace(b, outcome=e.outcome, phase="over", turn=None)


def _status(b: Battle, e: ev.StatusGained) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, statuses=u.statuses | {e.status}))


def _status_gone(b: Battle, e: ev.StatusRemoved) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, statuses=u.statuses - {e.status}))


def _jumped(b: Battle, e: ev.Jumped) -> Battle:
    return _turn(b, jumped_at=b.turn.actions) if b.turn and b.turn.unit == e.unit else b
def _tokens(b: Battle, e: ev.SpellTokensChanged) -> Battle:
    return _unit(b, e.unit, lambda u: replace(u, spell_tokens=max(0, u.spell_tokens + e.amount)))


def _attempted(b: Battle, e: ev.SpellAttempted) -> Battle:
    b = _unit(b, e.unit, lambda u: replace(u, spell_tokens=max(0, u.spell_tokens - e.tokens)))
    return _turn(b, spells_tried=b.turn.spells_tried | {e.spell}) if b.turn and b.turn.unit == e.unit else b


def _healed(b: Battle, e: ev.WoundsHealed) -> Battle:
    def heal(u: Unit) -> Unit:
        return replace(u, figures=tuple(replace(f, wounds=max(0, f.wounds - e.wounds)) if f.id == e.figure else f for f in u.figures))

    return _unit(b, e.unit, heal)


def _token_revealed(b: Battle, e: ev.TokenRevealed) -> Battle:
    """An item stays where it lies, revealed; an empty or enemy token is gone once turned over."""
    if e.content != NOTHING and not e.content.startswith(ENEMY_PREFIX):
        return replace(b, revealed=b.revealed | {e.token})
    return replace(b, tokens={k: v for k, v in b.tokens.items() if k != e.token}, revealed=b.revealed - {e.token})


def _item_found(b: Battle, e: ev.ItemFound) -> Battle:
    b = _unit(b, e.unit, lambda u: replace(u, items=(*u.items, e.item)))
    return replace(b, tokens={k: v for k, v in b.tokens.items() if k != e.token}, revealed=b.revealed - {e.token}, collected=b.collected + 1)


_APPLY: dict[type, Callable[[Battle, Any], Battle]] = {
    ev.HeroDeployed: _deployed,
    ev.UnitPlaced: _placed,
    ev.RoundStarted: _round,
    ev.ActivationStarted: _activation,
    ev.AiActionDue: lambda b, e: b,
    ev.ExtraActionTaken: _extra,
    ev.StrainChanged: _strain,
    ev.ActionTaken: _action,
    ev.Moved: _moved,
    ev.AttackResolved: _attack,
    ev.WoundsTaken: _wounds,
    ev.FigureKilled: _killed,
    ev.HeroUnconscious: _unconscious,
    ev.BleedingMarker: _bleeding,
    ev.HeroDied: _died,
    ev.HeroRevived: _revived,
    ev.StatTested: lambda b, e: b,
    ev.ChoiceOffered: _offered,
    ev.ChoiceMade: lambda b, e: replace(b, pending=None),
    ev.SkillUsed: _skill,
    ev.UnitFatigued: lambda b, e: _unit(b, e.unit, lambda u: replace(u, fatigued=True)),
    ev.FearCaused: _fear,
    ev.UnitShaken: lambda b, e: _unit(b, e.unit, lambda u: replace(u, shaken=True)),
    ev.ShakenRecovered: lambda b, e: _unit(b, e.unit, lambda u: replace(u, shaken=False)),
    ev.ActivationEnded: _ended,
    ev.AiPhaseStarted: _ai_phase,
    ev.MissionDecided: _decided,
    ev.StatusGained: _status,
    ev.StatusRemoved: _status_gone,
    ev.Jumped: _jumped,
    ev.FigureFell: lambda b, e: b,
    ev.HeroSetAside: lambda b, e: _unit(b, e.unit, lambda u: replace(u, deployed=False, set_aside=True)),
    ev.AmbushPlaced: lambda b, e: _deployed(b, ev.HeroDeployed(e.unit, e.x, e.y)),
    ev.AmbushScheduled: lambda b, e: replace(b, ambushers={**b.ambushers, e.unit: Ambusher(e.profile, e.models, e.round)}),
    ev.AmbushArrived: lambda b, e: replace(b, ambushers={k: v for k, v in b.ambushers.items() if k != e.unit}),
    ev.Scouted: lambda b, e: _unit(b, e.unit, lambda u: replace(u, scouted=True)),
    ev.BlastSplit: lambda b, e: b,
    ev.SpellTokensChanged: _tokens,
    ev.SpellAttempted: _attempted,
    ev.SpellRolled: lambda b, e: b,
    ev.SpellResolved: lambda b, e: b,
    ev.SpellNotCast: lambda b, e: b,
    ev.SpellHits: lambda b, e: b,
    ev.TokenRevealed: _token_revealed,
    ev.ItemFound: _item_found,
    ev.WoundsHealed: _healed,
}
