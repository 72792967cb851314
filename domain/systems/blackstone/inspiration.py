"""Inspiration points (blackstone-fortress.md#INSPIRATION): at most 4, and what they buy. The
costs of a search, a gambit and a re-roll sit with those rules; the inspired side is here."""

from __future__ import annotations

from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.commands import DefenceRerolls, Inspire
from domain.systems.blackstone.state import Battle, Track
from domain.systems.blackstone.versions import rule

#: An explorer cannot have more than 4 points; any more is lost.
MAX_POINTS = 4
INSPIRED_SIDE = 3


def spend(track: Track, points: int, on: str) -> ev.InspirationSpent:
    if track.inspiration < points:
        raise RuleError("not_enough_inspiration", rule("INSPIRATION"), params={"unit": track.id, "cost": points, "points": track.inspiration, "on": on})
    return ev.InspirationSpent(track.id, points, on)


def gain(track: Track, points: int = 1) -> list[Event]:
    """Points up to the limit; what goes beyond is lost (no event for nothing gained)."""
    kept = min(points, MAX_POINTS - track.inspiration)
    return [ev.InspirationGained(track.id, kept)] if kept > 0 else []


def explorer(battle: Battle, unit: str) -> Track:
    track = battle.tracks.get(unit)
    if track is None or track.out_of_action:
        raise RuleError("unknown_explorer", rule("INSPIRATION"), params={"names": [unit], "known": sorted(battle.tracks)})
    return track


def defence_rerolls(battle: Battle, command: DefenceRerolls) -> list[Event]:
    """Defence rolls are action dice too (#INSPIRATION: 1 point a re-roll); the choice stands."""
    return [ev.DefenceRerollsChosen(explorer(battle, command.unit).id, command.reroll)]


def inspire(battle: Battle, command: Inspire) -> list[Event]:
    """3 points turn the card to its inspired side, for the rest of the expedition; the wound
    counters move across (they stay on the track)."""
    track = explorer(battle, command.unit)
    if track.inspired:
        raise RuleError("inspired_already", rule("INSPIRATION"), params={"unit": track.id})
    return [spend(track, INSPIRED_SIDE, "inspired side"), ev.Inspired(track.id)]
