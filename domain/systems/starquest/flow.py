"""The shape of a round: deployment, heroes first, then the AI from closest to furthest, then
the end of the round (star-quest.en.md#Playing the Game)."""

from __future__ import annotations

from domain.systems.starquest import events as ev
from domain.systems.starquest import ambush, geometry, objectives, scouting, spell_tokens
from domain.systems.starquest.content import AllDown, KillAll, RoundLimit, Survive
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.slugs import wave_unit_id
from domain.systems.starquest.state import Battle, Figure

#: Unconscious heroes die at this many bleeding markers (star-quest.en.md#Shooting, Unconscious).
BLEED_OUT = 3


def start_round(res: Resolution) -> None:
    number = res.battle.round + 1
    res.emit(ev.RoundStarted(number))
    _arrive(res, number)
    for unit_id in ambush.arrive(res, number):
        scouting.ai_scout(res, unit_id)
    spell_tokens.gain(res)


def _arrive(res: Resolution, number: int) -> None:
    """Waves due this round take the table; ambushers are placed by their own rule."""
    for wave_index, wave in enumerate(res.battle.mission.waves):
        if wave.round != number:
            continue
        for unit_index, unit in enumerate(wave.units):
            if unit.ambush:
                continue
            unit_id = wave_unit_id(unit.enemy, wave_index, unit_index)
            figures = [Figure(f"{unit_id}.{n + 1}", x, y, res.battle.ground(x, y)) for n, (x, y) in enumerate(unit.positions)]
            res.emit(ev.UnitPlaced(unit_id, unit.enemy, figures))
            scouting.ai_scout(res, unit_id)


def after_activation(res: Resolution) -> None:
    """Move the round on: to the AI once every hero has acted, to the next round after the AI."""
    battle = res.battle
    if decide_outcome(res):
        return
    if battle.phase == "heroes" and not waiting_heroes(battle):
        res.emit(ev.AiPhaseStarted(ai_order(battle)))
    if res.battle.phase == "ai" and not res.battle.ai_queue:
        end_round(res)


def waiting_heroes(battle: Battle) -> list[str]:
    return [u.id for u in battle.side("hero") if u.can_act and not u.activated]


def ai_order(battle: Battle) -> list[str]:
    """AI units from the closest to a hero to the furthest; ties by id (#Playing the Game)."""
    heroes = [b for h in battle.side("hero") if h.can_act for b in battle.bases(h)]
    ranked = []
    for unit in battle.side("ai"):
        if not unit.on_table:
            continue
        nearest = min((geometry.distance(a, h) for a in battle.bases(unit) for h in heroes), default=0.0)
        ranked.append((nearest, unit.id))
    return [unit_id for _, unit_id in sorted(ranked)]


def end_round(res: Resolution) -> None:
    if res.battle.version.bleeding:
        for hero in res.battle.side("hero"):
            if hero.unconscious and not hero.dead:
                markers = hero.bleeding + 1
                res.emit(ev.BleedingMarker(hero.id, markers))
                if markers >= BLEED_OUT:
                    res.emit(ev.HeroDied(hero.id))
    if not decide_outcome(res, round_over=True):
        start_round(res)


def decide_outcome(res: Resolution, round_over: bool = False) -> bool:
    """Victory when every victory condition holds; defeat when any defeat condition does."""
    battle, mission = res.battle, res.battle.mission
    if battle.outcome is not None or battle.round == 0:
        return battle.outcome is not None
    last_round = round_over and battle.round >= mission.rounds
    for condition in mission.defeat:
        if isinstance(condition, AllDown) and not any(h.can_act or (h.set_aside and not h.dead) for h in battle.side("hero")):
            res.emit(ev.MissionDecided("defeat", "every hero is down"))
            return True
    if all(_holds(battle, c, round_over) for c in mission.victory):
        res.emit(ev.MissionDecided("victory", ", ".join(type(c).__name__ for c in mission.victory)))
        return True
    if last_round and any(isinstance(c, RoundLimit) for c in mission.defeat):
        res.emit(ev.MissionDecided("defeat", f"the {mission.rounds} rounds are over"))
        return True
    return False


def _holds(battle: Battle, condition: object, round_over: bool) -> bool:
    if isinstance(condition, KillAll):
        later_waves = any(w.round > battle.round for w in battle.mission.waves)
        return not later_waves and not battle.ambushers and not any(u.on_table for u in battle.side("ai"))
    if isinstance(condition, Survive):
        return round_over and battle.round >= condition.rounds
    return objectives.holds(battle, condition)  # Reach, Collect; anything else never counts as met
