"""Wounds (blackstone-fortress.md#ATTACKS, 4. Inflict wounds; #EXPLORER DEFENSE ROLLS; #WOUNDS):
damage on a hostile up to its WOUNDS, an explorer's defence rolls and the counters on its track."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.events import Event
from domain.kit import pools
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import card_kinds, rerolls
from domain.systems.blackstone.evolve import evolve
from domain.systems.blackstone.state import HOSTILE, Battle, Miniature, side_of
from domain.systems.blackstone.versions import rule


def suffer(battle: Battle, target: Miniature, wounds: int, grievous: int, *, by: str, dice: DiceBox, actor: str) -> list[Event]:
    """Wounds on a hostile: 1 damage each, 3 per grievous, slain at its WOUNDS (#ATTACKS, 4).
    On an explorer: a defence roll per wound first (#EXPLORER DEFENSE ROLLS; a defence_die card
    makes the die larger, card_kinds.py), then counters
    cover track spaces; one more when all are covered puts it out of action (#WOUNDS)."""
    if target.side == HOSTILE:
        events: list[Event] = [ev.Wounded(target.id, wounds, grievous)]
        if target.damage + wounds + 3 * grievous >= battle.hostiles[target.name].wounds:
            events.append(ev.Slain(target.id, by))
        return events
    return explorer_wounds(battle, target, wounds, grievous, dice=dice, actor=actor)


def explorer_wounds(battle: Battle, target: Miniature, wounds: int, grievous: int, *, dice: DiceBox, actor: str) -> list[Event]:
    track = battle.tracks[target.explorer]
    table_name, larger = card_kinds.sized_die(list(battle.action_dice.values()), battle.cards, track.id, track.cards, "defence_die", side_of(battle, track).defence)
    table = battle.action_dice[table_name].table()
    kept = {"wound": 0, "grievous": 0}
    events: list[Event] = list(larger)
    for kind in ["grievous"] * grievous + ["wound"] * wounds:
        reroller = battle.tracks[track.id] if track.reroll_defence else None
        purpose = f"defence roll: {track.id} against a {kind}"
        rolled, faces = rerolls.action_roll(battle, table_name, 1, dice, purpose=purpose, rule=rule("EXPLORER DEFENSE ROLLS"), actor=actor, unit=track.id, reroller=reroller)
        for event in rolled:
            battle = evolve(battle, event)
        outcome = pools.outcome(table, faces[0])
        result = defended(kind, outcome)
        events += [*rolled, ev.DefenceRolled(track.id, table_name, faces[0], outcome, result)]
        if result != "negated":
            kept[result] += 1
    if kept["wound"] or kept["grievous"]:
        spaces = track.empty_spaces
        covering = min(spaces, kept["wound"] + kept["grievous"])
        grievous_on = min(kept["grievous"], covering)
        events.append(ev.Wounded(target.id, covering - grievous_on, grievous_on))
        if kept["wound"] + kept["grievous"] > spaces:
            events.append(ev.OutOfAction(track.id))
    return events


def defended(kind: str, outcome: str) -> str:
    """#EXPLORER DEFENSE ROLLS: a failure keeps it, a success negates a wound or makes a
    grievous wound a wound, a critical success negates either."""
    if outcome == pools.CRITICAL or (outcome == pools.SUCCESS and kind == "wound"):
        return "negated"
    return "wound" if outcome == pools.SUCCESS else kind
