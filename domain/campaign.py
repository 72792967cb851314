"""The campaign: who plays (roles and token digests) and which missions belong to it."""

from __future__ import annotations

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


CAMPAIGN_EVENTS: tuple[type[Event], ...] = (CampaignCreated, MemberInvited, MissionAdded)


class Member(msgspec.Struct, frozen=True):
    member_id: str
    name: str
    role: str
    token_digest: str
    units: tuple[str, ...] = ()


class CampaignState(msgspec.Struct, frozen=True):
    campaign_id: str
    name: str
    members: dict[str, Member]
    missions: tuple[str, ...] = ()
    version: int = 0

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
    raise AssertionError(f"campaigns have no {type(event).__name__} events")
