"""Request and response bodies of the HTTP API: msgspec Structs, unknown fields refused."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign import Hero
from domain.chain import Recorded
from domain.mission import MissionState
from domain.registry import AnyCommand


class Body(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class NewCampaign(Body):
    name: str
    host_name: str = "host"


class CampaignToken(Body):
    campaign_id: str
    host_token: str


class NewMember(Body):
    name: str
    role: str
    #: Units this player commands; nobody else may command them.
    units: list[str] = []


class MemberToken(Body):
    member_id: str
    name: str
    role: str
    token: str


class MemberView(Body):
    member_id: str
    name: str
    role: str
    units: list[str]


class HeroView(Body):
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

    @classmethod
    def of(cls, hero: Hero) -> HeroView:
        return cls(hero.unit, hero.name, not hero.dead, hero.wounds, list(hero.conditions), list(hero.items), len(hero.missions), list(hero.missions))


class ConclusionView(Body):
    """An ended mission: the outcome it was ended with, the game's own verdict, and how each
    hero of the party came out of it ("standing", "unconscious" or "dead")."""

    mission_id: str
    outcome: str
    result: str | None
    heroes: dict[str, str]


class CampaignView(Body):
    campaign_id: str
    name: str
    version: int
    members: list[MemberView]
    missions: list[str]
    #: The roster of heroes, in the order they first played.
    heroes: list[HeroView] = []
    #: Ended missions, in the order they ended.
    concluded: list[ConclusionView] = []


class NewMission(Body):
    name: str
    system: str = "table"
    rules_version: str | None = None
    #: "server" for provable dice, "manual" to type in physical dice.
    dice_mode: str = "server"
    #: Public text mixed into every roll; random when left out.
    client_seed: str | None = None
    options: dict[str, str] = {}


class Submitted(Body, kw_only=True):
    idempotency_key: str | None = None
    expected_version: int | None = None


class CommandBody(Submitted):
    command: AnyCommand


class RollBody(Submitted):
    dice: str
    purpose: str
    replaces: int | None = None
    faces: list[int] | None = None
    unit: str | None = None


class ShuffleBody(Submitted):
    deck: list[str]
    purpose: str


class Contribution(Submitted):
    contribution: str


class EndBody(Submitted):
    outcome: str = "ended"


class RotateBody(Submitted):
    pass


class DisputeBody(Submitted):
    roll: int
    reason: str


class VerdictBody(Submitted):
    #: "upheld" or "annulled".
    verdict: str
    note: str = ""
    faces: list[int] | None = None


class EpochView(Body):
    epoch: int
    commitment: str
    client_seed: str
    next_nonce: int
    revealed: bool
    verified: bool


class AttentionView(Body):
    """A flag the AI worker raised (README.md#ai-worker): what it could not do, and why."""

    reason: str
    code: str
    rule: str
    #: Position of the AttentionNeeded event.
    event: int


class MissionView(Body):
    mission_id: str
    campaign_id: str
    name: str
    system: str
    rules_version: str
    dice_mode: str
    version: int
    outcome: str | None
    epochs: list[EpochView]
    #: Open disputes: roll position → reason.
    disputes: dict[int, str] = {}
    annulled: list[int] = []
    game: Any = None
    #: Flags raised by the AI worker: the mission needs a person (README.md#ai-worker).
    attention: list[AttentionView] = []
    #: Each special rule and status the game's units carry, as written in content → its name in
    #: the request's language (Accept-Language; German uses the German rules' names).
    rule_names: dict[str, str] = {}

    @classmethod
    def of(cls, state: MissionState) -> MissionView:
        return cls(
            mission_id=state.mission_id,
            campaign_id=state.campaign_id,
            name=state.name,
            system=state.system,
            rules_version=state.rules_version,
            dice_mode=state.dice_mode,
            version=state.version,
            outcome=state.outcome,
            epochs=[EpochView(e.number, e.commitment, e.client_seed, e.next_nonce, e.revealed, e.verified) for e in state.epochs],
            disputes=state.disputes,
            annulled=sorted(state.annulled),
            game=msgspec.to_builtins(state.game, order="sorted"),
            attention=[AttentionView(a.reason, a.code, a.rule, a.event) for a in state.attention],
        )


class EventPage(Body):
    events: list[Recorded]
    #: Pass as `after` to read the next page.
    next_after: int
    version: int


class Problem(Body):
    """Every error answer: a stable code, the rule it breaks, and a readable message."""

    code: str
    rule: str
    message: str
    field: str | None = None
    current_version: int | None = None


class Health(Body):
    status: str
    store: str
    events: int
