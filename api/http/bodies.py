"""Request and response bodies of the HTTP API: msgspec Structs, unknown fields refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from api.http.openapi import options_schemas
from domain import limits
from domain.chain import Recorded
from domain.mission import MissionState
from domain.receipts import Receipt
from service.health import Jobs, Process


class Body(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# What a body stores is capped as the domain caps it (domain/limits.py, README.md#limits); here
# the caps are part of the OpenAPI document, and a body past one is a 400 naming the field.
Text = Annotated[str, Meta(max_length=limits.MAX_TEXT)]
Title = Annotated[str, Meta(max_length=limits.MAX_TITLE)]
Name = Annotated[str, Meta(max_length=limits.MAX_NAME)]
Faces = Annotated[list[int], Meta(max_length=limits.MAX_FACES)]
#: An empty key would read as none at all, so a retry would roll again: refused (400 naming it).
IdempotencyKey = Annotated[str, Meta(min_length=1, max_length=limits.MAX_TEXT)]


class NewCampaign(Body):
    name: Title
    host_name: Name = "host"
    #: The first part of the client seed of the campaign's own dice (design.md#Dice step 2);
    #: none: the campaign's id, once its first command rolls.
    client_seed: Text | None = None


class CampaignToken(Body):
    campaign_id: str
    host_token: str
    #: The receipt of the campaign's first record (README.md#receipts).
    receipts: list[Receipt] = []


class NewMember(Body):
    name: Name
    role: str
    #: Units this player commands; nobody else may command them.
    units: Annotated[list[Name], Meta(max_length=limits.MAX_UNITS)] = []


class MemberToken(Body):
    member_id: str
    name: str
    role: str
    token: str
    #: The receipt of the campaign's record that admitted the member (README.md#receipts).
    receipts: list[Receipt] = []


class MemberView(Body):
    member_id: str
    name: str
    role: str
    units: list[str]


class ConclusionView(Body):
    """An ended mission: the outcome it was ended with, the game's own verdict, and how each
    unit the campaign carries came out of it, in its game system's words ("standing", "dead")."""

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
    #: Ended missions, in the order they ended.
    concluded: list[ConclusionView] = []
    #: What each game system of the campaign's missions keeps between them, as the reader may
    #: see it (a roster of heroes, a legacy deck: `GameSystem.campaign_view`).
    systems: dict[str, Any] = {}


class NewMission(Body):
    name: Title
    system: str = "table"
    rules_version: str | None = None
    #: "server" for provable dice, "manual" to type in physical dice.
    dice_mode: str = "server"
    #: Public text mixed into every roll; random when left out.
    client_seed: Text | None = None
    #: A manual-dice mission's set-up rolls (a game system's shuffled decks), typed as a
    #: command's `faces` are; refused in a server-dice mission.
    faces: Faces | None = None
    #: The game system's options, as its `"<system> options"` schema below (and `GET /systems/{name}`)
    #: says; stored with the mission, so capped: at most 32, names up to 40 characters, values up to 400.
    options: Annotated[
        dict[Annotated[str, Meta(max_length=limits.MAX_OPTION_NAME)], Annotated[str, Meta(max_length=limits.MAX_OPTION_VALUE)]],
        Meta(max_length=limits.MAX_OPTIONS, extra_json_schema={"description": "the mission's game system's options", "extra": {"any_of": options_schemas()}}),
    ] = {}


class Submitted(Body, kw_only=True):
    idempotency_key: IdempotencyKey | None = None
    expected_version: int | None = None


class CommandBody(Submitted):
    #: One command of the mission's game system, tagged by `type`: the engine's commands
    #: (`GET /schemas/commands.json`) and the system's own (`GET /systems/{name}/schemas/commands.json`).
    command: dict[str, Any]


class MissionCommandBody(CommandBody):
    #: Physical dice typed in, for a mission created with `dice_mode: "manual"`: every roll the
    #: command causes takes its faces from the front, in the order the rules roll (a 422
    #: `missing_faces` names the dice of the roll that ran short). Refused in server-dice missions.
    faces: Faces | None = None


class AiBody(Submitted):
    #: The faces the table rolled for the AI's activation, as for a command's `faces`.
    faces: Faces = []


class AiDue(Body):
    """The AI command due now in a mission (the game system's pure `ai`), or None."""

    command: dict[str, Any] | None
    #: The activation's idempotency key: one activation is written once, whoever submits it.
    key: str | None
    dice_mode: str


class RollBody(Submitted):
    dice: Text
    purpose: Text
    replaces: int | None = None
    faces: Faces | None = None
    unit: Name | None = None


class ShuffleBody(Submitted):
    deck: Annotated[list[Text], Meta(max_length=limits.MAX_DECK)]
    purpose: Text


class Contribution(Submitted):
    contribution: Text


class EndBody(Submitted):
    outcome: Text = "ended"


class RotateBody(Submitted):
    pass


class DisputeBody(Submitted):
    roll: int
    reason: Text


class VerdictBody(Submitted):
    #: "upheld" or "annulled".
    verdict: str
    note: Text = ""
    faces: Faces | None = None


class EpochView(Body, omit_defaults=True):
    epoch: int
    commitment: str
    client_seed: str
    next_nonce: int
    revealed: bool
    #: True once the worker re-computed every roll and all matched (README.md#verification).
    verified: bool
    #: The rolls (event positions) that did not re-compute; the mission then needs attention.
    mismatches: list[int] = []


class AttentionView(Body):
    """A flag the AI worker raised (README.md#ai-worker), or a projection isolating the
    mission's stream (README.md#reliability): what could not be done, and why."""

    reason: str
    code: str
    rule: str
    #: Position of the AttentionNeeded event, or of the event an isolated stream stops at.
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
    def of(cls, state: MissionState, game: Any = ...) -> MissionView:
        """`game`: the game state as the reader may see it (its system's `view`); the whole
        state when left out (the server's own use)."""
        game = state.game if game is ... else game
        return cls(
            mission_id=state.mission_id,
            campaign_id=state.campaign_id,
            name=state.name,
            system=state.system,
            rules_version=state.rules_version,
            dice_mode=state.dice_mode,
            version=state.version,
            outcome=state.outcome,
            epochs=[EpochView(e.number, e.commitment, e.client_seed, e.next_nonce, e.revealed, e.verified, list(e.mismatches)) for e in state.epochs],
            disputes=state.disputes,
            annulled=sorted(state.annulled),
            game=msgspec.to_builtins(game, order="sorted"),
            attention=[AttentionView(a.reason, a.code, a.rule, a.event) for a in state.attention],
        )


class CreatedMission(MissionView):
    """The answer that creates a mission: its view, and the receipts of the mission's and the
    campaign's records that created it (README.md#receipts)."""

    receipts: list[Receipt] = []


class MissionListed(Body):
    """A mission of a campaign, as the campaign projection lists it."""

    mission_id: str
    name: str
    system: str
    outcome: str | None
    #: Events in the mission's stream so far.
    version: int


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
    #: A refusal's values (a rule's limits, the dice a manual roll still needs): what the message says.
    params: dict[str, Any] | None = None


class IsolatedStream(Body):
    """A stream a projection skips from `position` on, its event there not decoding or folding
    (README.md#reliability); None: the stored record does not even name its position."""

    projection: str
    stream: str
    position: int | None
    reason: str


class Health(Body):
    """`ok`, or `failing` (a 503) with the reasons in `problems`: a part is down, or a mission
    cannot make progress (no live worker, a job waiting too long, its stream isolated)."""

    status: Literal["ok", "failing"]
    store: str
    #: The log's last position; None when the store cannot be read.
    events: int | None
    problems: list[str] = []
    #: Redis, the workers' heartbeats and the job queue; None when this server runs without Redis.
    jobs: Jobs | None = None
    #: What this `skirmish serve` started and restarts when it dies.
    processes: list[Process] = []
    #: Events each read model has still to fold.
    projection_lag: dict[str, int] = {}
    #: Streams the projections skip: their missions cannot make progress until a person looks.
    isolated: list[IsolatedStream] = []


class Ready(Body):
    """`ready` when this API process can answer (its store can be read), else a 503."""

    status: Literal["ready", "unavailable"]
    store: str
