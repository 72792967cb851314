"""The campaign: who plays (roles and token digests), which missions belong to it, and the
heroes it carries from mission to mission (alive or dead, wounds, conditions, items)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import RuleError
from domain.events import Event

ROLES = "design.md#Commands, errors, concurrency"
INVITABLE = ("player", "spectator")


class CampaignCreated(Event, tag=True):
    campaign_id: str
    name: str
    host_name: str
    #: sha256 of the host's token secret; the token itself is never stored.
    host_token_digest: str


class MemberInvited(Event, tag=True):
    member_id: str
    name: str
    role: str
    token_digest: str
    units: list[str] = []


class MissionAdded(Event, tag=True):
    mission_id: str
    name: str
    system: str


class HeroReport(msgspec.Struct, frozen=True):
    """How one hero left a mission, after its game system's reading of the time between
    missions (Star Quest: domain/systems/starquest/carry.py): what it carries into the next."""

    unit: str
    name: str
    #: "standing", "unconscious" or "dead" at the end of the mission.
    ended: str = "standing"
    dead: bool = False
    #: Wounds it starts its next mission with.
    wounds: int = 0
    conditions: list[str] = []
    items: list[str] = []


class MissionConcluded(Event, tag=True):
    """A mission of the campaign ended: its outcome, and each hero as it comes out of it.
    Written with the mission's `MissionEnded`, in the same transaction."""

    mission_id: str
    outcome: str
    #: The game's own verdict where the rules decided one (Star Quest: victory or defeat).
    result: str | None = None
    heroes: list[HeroReport] = []


CAMPAIGN_EVENTS: tuple[type[Event], ...] = (CampaignCreated, MemberInvited, MissionAdded, MissionConcluded)


class Member(msgspec.Struct, frozen=True):
    member_id: str
    name: str
    role: str
    token_digest: str
    units: tuple[str, ...] = ()


class Hero(msgspec.Struct, frozen=True):
    """A hero of the campaign's roster as its last mission left it."""

    unit: str
    name: str
    dead: bool = False
    wounds: int = 0
    conditions: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    #: Missions it played, in order (the one it died in included).
    missions: tuple[str, ...] = ()


class Conclusion(msgspec.Struct, frozen=True):
    mission_id: str
    outcome: str
    result: str | None = None
    #: Hero unit ids of the party, and how each ended the mission.
    heroes: dict[str, str] = {}


class CampaignState(msgspec.Struct, frozen=True):
    campaign_id: str
    name: str
    members: dict[str, Member]
    missions: tuple[str, ...] = ()
    version: int = 0
    #: The roster: unit id → hero, in the order heroes first played.
    heroes: dict[str, Hero] = {}
    #: Ended missions in the order they ended: mission id → conclusion.
    concluded: dict[str, Conclusion] = {}

    def member_by_digest(self, digest: str) -> Member | None:
        return next((m for m in self.members.values() if m.token_digest == digest), None)


def invite(state: CampaignState, *, member_id: str, name: str, role: str, token_digest: str, units: list[str]) -> list[Event]:
    if role not in INVITABLE:
        raise RuleError("unknown_role", ROLES, params={"role": role})
    if not name.strip() or len(name) > 80:
        raise RuleError("bad_member_name", ROLES, params={"max": 80})
    if any(m.name == name for m in state.members.values()):
        raise RuleError("name_taken", ROLES, params={"name": name})
    if role == "spectator" and units:
        raise RuleError("spectator_units", ROLES, params={})
    owned = {u for m in state.members.values() for u in m.units}
    if taken := sorted(owned.intersection(units)):
        raise RuleError("unit_taken", ROLES, params={"units": taken})
    return [MemberInvited(member_id, name, role, token_digest, units)]


def conclude(state: CampaignState, mission: Any) -> list[Event]:
    """The campaign's record of a mission that has just ended (a `MissionState` with its
    outcome set): nothing if the campaign has it already, so it is written exactly once."""
    if mission.outcome is None or mission.mission_id in state.concluded:
        return []
    from domain.systems import system_named  # the systems import this module's types

    system = system_named(mission.system)
    heroes = system.carry_out(mission.game) if system.carry_out is not None and mission.game is not None else []
    return [MissionConcluded(mission.mission_id, mission.outcome, getattr(mission.game, "outcome", None), heroes)]


def prepare(state: CampaignState, system: str, setup: Any) -> Any:
    """A game system's set-up command with what the campaign's heroes carry into it."""
    from domain.systems import system_named

    carry_in = system_named(system).carry_in
    return setup if carry_in is None or setup is None else carry_in(setup, state.heroes)


def _concluded(state: CampaignState, event: MissionConcluded) -> CampaignState:
    heroes = dict(state.heroes)
    for report in event.heroes:
        before = heroes.get(report.unit)
        played = (*before.missions, event.mission_id) if before is not None else (event.mission_id,)
        heroes[report.unit] = Hero(report.unit, report.name, report.dead, report.wounds, tuple(report.conditions), tuple(report.items), played)
    conclusion = Conclusion(event.mission_id, event.outcome, event.result, {r.unit: r.ended for r in event.heroes})
    return msgspec.structs.replace(state, heroes=heroes, concluded={**state.concluded, event.mission_id: conclusion})


def evolve(state: CampaignState | None, event: Event) -> CampaignState:
    if isinstance(event, CampaignCreated):
        host = Member("host", event.host_name, "host", event.host_token_digest)
        return CampaignState(event.campaign_id, event.name, {"host": host}, version=1)
    assert state is not None, "a campaign's first event creates it"
    state = msgspec.structs.replace(state, version=state.version + 1)
    if isinstance(event, MemberInvited):
        member = Member(event.member_id, event.name, event.role, event.token_digest, tuple(event.units))
        return msgspec.structs.replace(state, members={**state.members, member.member_id: member})
    if isinstance(event, MissionAdded):
        return msgspec.structs.replace(state, missions=(*state.missions, event.mission_id))
    if isinstance(event, MissionConcluded):
        return _concluded(state, event)
    raise AssertionError(f"campaigns have no {type(event).__name__} events")
