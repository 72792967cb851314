"""The end of a turn and of the mission (ruinstars-2e.md#TURNS, #MISSION END): Mission Points
scored by the mission's scoring, then after the last turn Victory, Earn MP and Apply Injuries.
One small function per scoring and per victory, named by the mission (`scoring`, `victory`)."""

from __future__ import annotations

from collections.abc import Callable

from domain.dicebox import DiceBox
from domain.events import Event
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import TAKEN_OUT, Game
from domain.systems.ruinstars.versions import rule

MISSION_END = rule("MISSION END")
VICTORY, DEFEAT, DRAW = "victory", "defeat", "draw"


def score(game: Game) -> list[Event]:
    """End of Turn: each squad's Mission Points for this turn, by the mission's scoring."""
    scoring = SCORINGS.get(game.mission.scoring)
    if scoring is None:
        return []
    events: list[Event] = []
    for squad in game.squads:
        units = scoring(game, squad.id)
        points = sum(game.cards[game.models[u].card].fv for u in units)
        total = game.mp.get(squad.id, 0) + points
        events.append(ev.MissionPointsScored(squad.id, points, total, units))
    return events


def _attrition(game: Game, squad: str) -> list[str]:
    """The enemy units the squad's units Took Out this turn (their Force Value scores)."""
    return sorted(
        m.id
        for m in game.models.values()
        if not m.item
        and m.out_turn == game.turn
        and m.squad != squad
        and m.out_by in game.models
        and game.models[m.out_by].squad == squad
    )


def end_mission(game: Game, dice: DiceBox, actor: str) -> list[Event]:
    """After the last turn: Victory, Earn MP, Apply Injuries (one D6 per unit of the squads
    Taken Out, looked up in the mission's Injury table)."""
    outcome, winners = VICTORIES[game.mission.victory](game)
    events: list[Event] = [ev.MissionDecided(outcome, winners)]
    for squad in game.squads:
        scored = game.mp.get(squad.id, 0)
        reward = game.mission.reward if squad.id in winners else 0
        events.append(ev.MissionPointsEarned(squad.id, scored, reward, scored + reward))
    out = [
        m.id
        for s in game.squads
        for m in game.units_of(s.id)
        if m.status == TAKEN_OUT
    ]
    if not out:
        return events
    rolled = dice.roll([6] * len(out), purpose="injuries", rule=MISSION_END, actor=actor)
    events.append(rolled)
    for unit, face in zip(out, rolled.results, strict=True):
        injury = next((i.injury for i in game.mission.injuries if face in i.roll), "")
        events.append(ev.UnitInjured(unit, face, injury))
    return events


def _spawn_points(game: Game) -> tuple[str, list[str]]:
    """Survive: the squads win when every spawn point is Taken Out."""
    spawns = [m for m in game.models.values() if m.item]
    if spawns and all(m.status == TAKEN_OUT for m in spawns):
        return VICTORY, [s.id for s in game.squads]
    return DEFEAT, []


def _mission_points(game: Game) -> tuple[str, list[str]]:
    """The squad with the most Mission Points wins; a tie for most is a draw."""
    points = {s.id: game.mp.get(s.id, 0) for s in game.squads}
    best = [s for s, p in points.items() if p == max(points.values())]
    return (VICTORY, best) if len(best) == 1 else (DRAW, [])


#: The names a mission gives as its `scoring` (besides none) and its `victory`.
SCORINGS: dict[str, Callable[[Game, str], list[str]]] = {"attrition": _attrition}
VICTORIES: dict[str, Callable[[Game], tuple[str, list[str]]]] = {
    "spawn_points": _spawn_points,
    "mission_points": _mission_points,
}
