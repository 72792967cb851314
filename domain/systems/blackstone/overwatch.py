"""Overwatch attacks (blackstone-fortress.md#OVERWATCH). The dice are kept at the end of an
activation (combat.end_activation); they are spent here.

The hostiles' side calls `after_hostile` each time a hostile finishes a move or an attack, or
is deployed, and appends its events. If it offers overwatch (`Battle.watch` set), the hostile
activation waits: each explorer offered answers with `Overwatch` (one weapon action at that
hostile) or `PassOverwatch`, in any order the leader likes, and `OverwatchClosed` ends the wait.
"""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import card_kinds
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.combat import resolve_attack, weapon_of
from domain.systems.blackstone.commands import ExplorerCommand, Overwatch, PassOverwatch
from domain.systems.blackstone.state import Battle, Miniature, Track, Watch
from domain.systems.blackstone.versions import rule

OVERWATCH = rule("OVERWATCH")


def after_hostile(battle: Battle, hostile: str) -> list[Event]:
    """The offer to every explorer that may answer: activated already this turn, holding
    overwatch dice, with a miniature that sees the hostile; in leader (party) order."""
    target = battle.miniatures[hostile]
    if not target.on_board:
        return []
    ready = [t.id for t in battle.tracks.values() if t.activated and t.overwatch and not t.out_of_action and any(sees(battle, m, target) for m in minis(battle, t))]
    return [ev.OverwatchOffered(hostile, ready)] if ready else []


def minis(battle: Battle, track: Track) -> list[Miniature]:
    return [battle.miniatures[m] for m in track.miniatures if battle.miniatures[m].on_board]


def sees(battle: Battle, watcher: Miniature, target: Miniature) -> bool:
    assert watcher.at is not None and target.at is not None
    return bf.sees(battle, watcher.at, target.at)


def offered(battle: Battle, command: ExplorerCommand) -> tuple[Watch, Track]:
    watch = battle.watch
    if watch is None or command.unit not in watch.waiting:
        raise RuleError("no_overwatch", OVERWATCH, params={"unit": command.unit, "waiting": list(watch.waiting) if watch else []})
    return watch, battle.tracks[command.unit]


def attack(battle: Battle, command: Overwatch, dice: DiceBox, actor: str) -> list[Event]:
    """One weapon action at the hostile, paid with overwatch dice (an extra one aims). If it
    slays the hostile, those still waiting discard their lowest overwatch die."""
    watch, track = offered(battle, command)
    shooters = minis(battle, track)
    name = command.miniature or (shooters[0].id if len(shooters) == 1 else "")
    mini = next((m for m in shooters if m.id == name), None)
    if mini is None:
        raise RuleError("which_miniature", rule("THE RATLING TWINS"), params={"unit": track.id, "miniatures": [m.id for m in shooters]})
    weapon = weapon_of(battle, track, mini, command.weapon)
    left = list(track.overwatch)
    cost, cheaper = card_kinds.weapon_cost(battle, track, weapon.cost)
    events: list[Event] = list(cheaper)
    for value, cost, why in [(command.die, cost, "weapon"), *([(command.aim, 1, "aim")] if command.aim is not None else [])]:
        if value not in left:
            raise RuleError("not_an_overwatch_die", OVERWATCH, params={"value": value, "dice": list(track.overwatch)})
        if value < cost:
            raise RuleError("die_too_low", rule("COMBAT"), params={"action": why, "cost": cost, "value": value})
        left.remove(value)
        events.append(ev.OverwatchDieSpent(track.id, value, why))
    target = battle.miniatures[watch.hostile]
    reroller = track if command.reroll else None
    events += resolve_attack(battle, mini, target, weapon, dice, actor, aimed=command.aim is not None, cover_from=shooters, reroller=reroller)
    rest = [u for u in watch.waiting if u != track.id]
    if any(isinstance(e, ev.Slain) for e in events):
        events += [ev.OverwatchDieSpent(u, min(battle.tracks[u].overwatch), "discarded") for u in rest]
        rest = []
    return events + ([] if rest else [ev.OverwatchClosed(watch.hostile)])


def pass_(battle: Battle, command: PassOverwatch) -> list[Event]:
    watch, track = offered(battle, command)
    return [ev.OverwatchPassed(track.id), *([] if set(watch.waiting) - {track.id} else [ev.OverwatchClosed(watch.hostile)])]
