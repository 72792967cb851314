"""The heroes a Star Quest campaign carries from mission to mission: its campaign state,
folded from the engine's MissionAdded (who is in a mission under way) and MissionConcluded
(how each hero came out of a mission, carry.py)."""

from __future__ import annotations

import msgspec

from domain.campaign_events import MissionAdded, MissionConcluded
from domain.contract import Viewer
from domain.events import Event


class Hero(msgspec.Struct, frozen=True):
    """A hero of the roster as its last mission left it."""

    unit: str
    name: str
    dead: bool = False
    wounds: int = 0
    conditions: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    #: Missions it played, in order (the one it died in included).
    missions: tuple[str, ...] = ()


class InMission(msgspec.Struct, frozen=True):
    """A hero in a campaign mission that has not ended yet."""

    unit: str
    mission_id: str
    mission: str


class Roster(msgspec.Struct, frozen=True):
    #: In the order heroes first played (a list, so stored rows keep that order).
    heroes: tuple[Hero, ...] = ()
    #: Heroes in missions not yet ended: a hero plays one mission at a time.
    playing: tuple[InMission, ...] = ()

    def hero(self, unit: str) -> Hero | None:
        return next((h for h in self.heroes if h.unit == unit), None)

    def in_mission(self, unit: str) -> InMission | None:
        return next((p for p in self.playing if p.unit == unit), None)


class HeroView(msgspec.Struct, frozen=True):
    """A hero the campaign carries from mission to mission, as its last mission left it."""

    unit: str
    name: str
    alive: bool
    #: Wounds it starts its next mission with.
    wounds: int
    conditions: list[str]
    items: list[str]
    missions_played: int
    missions: list[str]


class RosterView(msgspec.Struct, frozen=True):
    #: The roster of heroes, in the order they first played.
    heroes: list[HeroView]


def evolve(roster: Roster, event: Event) -> Roster:
    if isinstance(event, MissionAdded):
        return msgspec.structs.replace(roster, playing=(*roster.playing, *(InMission(u, event.mission_id, event.name) for u in event.units)))
    if not isinstance(event, MissionConcluded):
        return roster
    heroes = {h.unit: h for h in roster.heroes}
    for report in event.heroes:
        before = heroes.get(report.unit)
        played = (*before.missions, event.mission_id) if before is not None else (event.mission_id,)
        heroes[report.unit] = Hero(report.unit, report.name, report.dead, report.wounds, tuple(report.conditions), tuple(report.items), played)
    return Roster(tuple(heroes.values()), tuple(p for p in roster.playing if p.mission_id != event.mission_id))


def view(roster: Roster, viewer: Viewer) -> RosterView:
    """Every member sees the whole roster: a campaign has no secret heroes."""
    return RosterView(
        [HeroView(h.unit, h.name, not h.dead, h.wounds, list(h.conditions), list(h.items), len(h.missions), list(h.missions)) for h in roster.heroes]
    )
