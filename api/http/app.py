"""The HTTP API (litestar): campaigns, missions, commands, events, audit, export, streams."""

from __future__ import annotations

from typing import Any

import msgspec

from litestar import Litestar, Request, Response, get, post
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme
from litestar.params import FromPath, FromQuery, JSONBody

from api.http import ai, campaigns, descriptions, docs, health, localized, replays, streams, systems, tracing, transfer, webclient, words
from api.http.auth import member_of
from api.http.access import member_of_campaign, reader, submit
from api.http.bodies import (
    AttentionView,
    CampaignToken,
    CampaignView,
    ConclusionView,
    Contribution,
    EndBody,
    EventPage,
    MemberToken,
    MemberView,
    MissionCommandBody,
    MissionListed,
    CreatedMission,
    MissionView,
    NewCampaign,
    NewMember,
    NewMission,
    RollBody,
    RotateBody,
    ShuffleBody,
)
from api.http.errors import BEARER, HANDLERS, document_errors, language, malformed
from api.http.json_request import MAX_BODY_BYTES, JsonRequest
from api.http.kept import kept
from api.http.openapi import ContractJson
from api.http.schemas import json_schema_bytes
from domain import audit
from domain.commands import (
    ContributeClientSeed,
    EndMission,
    RollDice,
    RotateSeed,
    Shuffle,
)
from domain.mission import RELIABILITY
from domain.registry import SYSTEMS
from domain.verification import Verdict, verify_stream
from domain.visibility import shown_all
from projections.reads import ReadModels, Stale
from projections.tables import Isolated
from service import i18n
from service.exports import EXPORT_MEDIA_TYPE, mission_export
from service.ledger import BadOptions, CommandResult, Ledger, Unavailable
from service.views import campaign_games, viewer_of

PAGE_LIMIT = 1000
LedgerDep = NamedDependency[Ledger]
ReadsDep = NamedDependency[ReadModels]
#: Positions are 64-bit integers in both stores; a larger `after` asks for nothing, not for an overflow.
MAX_POSITION = 2**63 - 1


def _ledger(request: Request) -> Ledger:
    return request.app.state.ledger


def _reads(request: Request) -> ReadModels:
    """The read models, made on first use (they create their tables in the store), once."""
    return kept(request, "reads", ReadModels)


def _after(position: int) -> int:
    return min(max(position, 0), MAX_POSITION)


@post("/campaigns", sync_to_thread=True)
def create_campaign(data: JSONBody[NewCampaign], ledger: LedgerDep) -> CampaignToken:
    created = ledger.create_campaign(data.name, data.host_name, data.client_seed)
    return CampaignToken(created.id, created.token, created.receipts)


@get("/campaigns/{campaign_id:str}", sync_to_thread=True)
def read_campaign(campaign_id: FromPath[str], request: Request, ledger: LedgerDep, reads: ReadsDep) -> CampaignView:
    """Read from the campaign projection, caught up with the log first."""
    _, member = member_of_campaign(request, ledger, campaign_id)
    c = reads.campaign_state(campaign_id)
    members = [MemberView(m.member_id, m.name, m.role, list(m.units)) for m in c.members.values()]
    concluded = [ConclusionView(k.mission_id, k.outcome, k.result, k.heroes) for k in c.concluded.values()]
    return CampaignView(c.campaign_id, c.name, c.version, members, list(c.missions), concluded, campaign_games(c, viewer_of(member)))


@post("/campaigns/{campaign_id:str}/members", sync_to_thread=True)
def invite(campaign_id: FromPath[str], data: JSONBody[NewMember], request: Request, ledger: LedgerDep) -> MemberToken:
    _, host = member_of_campaign(request, ledger, campaign_id)
    invited = ledger.invite(campaign_id, host, data.role, data.name, data.units)
    return MemberToken(invited.id, data.name, data.role, invited.token, invited.receipts)


@post("/campaigns/{campaign_id:str}/missions", sync_to_thread=True)
def create_mission(campaign_id: FromPath[str], data: JSONBody[NewMission], request: Request, ledger: LedgerDep) -> CreatedMission:
    _, host = member_of_campaign(request, ledger, campaign_id)
    try:
        created = ledger.create_mission(
            campaign_id,
            host,
            name=data.name,
            system=data.system,
            rules_version=data.rules_version,
            dice_mode=data.dice_mode,
            client_seed=data.client_seed,
            options=data.options,
            faces=data.faces,
        )
    except BadOptions as bad:
        raise malformed("options", bad.error) from None
    view = localized.mission_view(created.state, viewer_of(host), language(request))
    return CreatedMission(**msgspec.structs.asdict(view), receipts=created.receipts)


@get("/campaigns/{campaign_id:str}/missions", sync_to_thread=True)
def list_missions(campaign_id: FromPath[str], request: Request, ledger: LedgerDep, reads: ReadsDep) -> list[MissionListed]:
    """The campaign's missions in the order it added them, read from the campaign projection
    (caught up with the log first)."""
    member_of_campaign(request, ledger, campaign_id)
    row = reads.campaign(campaign_id)
    return [MissionListed(m.mission_id, m.name, m.system, m.outcome, m.version) for m in (row.missions if row is not None else ())]


#: The attention code of a mission whose stream a projection isolated.
STREAM_ISOLATED = "stream_isolated"


def _isolation(projection: str, why: Isolated) -> str:
    shown = "; the view shows the mission before it" if projection == "battlefield" else ""
    return f"the {projection} projection isolated this mission's stream at position {why.position}: {why.reason}{shown}"


@get("/missions/{mission_id:str}", sync_to_thread=True)
def read_mission(mission_id: FromPath[str], request: Request, ledger: LedgerDep, reads: ReadsDep) -> MissionView:
    """The battlefield as the reader may see it, read from the battlefield projection caught up
    with the log first (the same `evolve` the rules fold with).

    A projection that isolated the mission's stream shows as attention; where the battlefield
    did, the view stands before the poisoned event, and where nothing stands before it the 503
    names the isolation (README.md#reliability)."""
    isolations = reads.isolations(mission_id)
    stop = isolations.get("battlefield")
    try:
        campaign_id = ledger.campaign_of(mission_id)
    except Unavailable:
        if not isolations:
            raise
        campaign_id = None  # the stream does not decode: the battlefield row names the campaign
    try:
        state = reads.missions([mission_id], stop.position if stop is not None else None)[mission_id]
    except Stale:
        if not isolations:
            raise
        raise Unavailable("; ".join(_isolation(name, why) for name, why in isolations.items())) from None
    member = member_of(request, ledger, campaign_id or state.campaign_id)
    view = localized.mission_view(state, viewer_of(member), language(request))
    flags = [AttentionView(_isolation(name, why), STREAM_ISOLATED, RELIABILITY, why.position or 0) for name, why in isolations.items()]
    return msgspec.structs.replace(view, attention=[*view.attention, *flags]) if flags else view


@get("/missions/{mission_id:str}/events", sync_to_thread=True)
def read_events(
    mission_id: FromPath[str], request: Request, ledger: LedgerDep, after: FromQuery[int] = 0, limit: FromQuery[int] = 100
) -> EventPage:
    state, member = reader(request, ledger, mission_id)
    records = ledger.records(mission_id, _after(after), min(max(limit, 1), PAGE_LIMIT))
    next_after = records[-1].position if records else _after(after)
    return EventPage(shown_all(records, viewer_of(member), state), next_after, state.version)


@post("/missions/{mission_id:str}/commands")
async def submit_command(mission_id: FromPath[str], data: JSONBody[MissionCommandBody], request: Request, ledger: LedgerDep) -> CommandResult:
    return await submit(request, ledger, mission_id, data.command, data, data.faces)


@post("/missions/{mission_id:str}/rolls")
async def roll(mission_id: FromPath[str], data: JSONBody[RollBody], request: Request, ledger: LedgerDep) -> CommandResult:
    """The table dice tray: roll any dice with a stated purpose."""
    command = RollDice(data.dice, data.purpose, data.replaces, data.faces, data.unit)
    return await submit(request, ledger, mission_id, command, data)


@post("/missions/{mission_id:str}/shuffles")
async def shuffle(mission_id: FromPath[str], data: JSONBody[ShuffleBody], request: Request, ledger: LedgerDep) -> CommandResult:
    return await submit(request, ledger, mission_id, Shuffle(data.deck, data.purpose), data)


@post("/missions/{mission_id:str}/client-seed")
async def contribute(mission_id: FromPath[str], data: JSONBody[Contribution], request: Request, ledger: LedgerDep) -> CommandResult:
    return await submit(request, ledger, mission_id, ContributeClientSeed(data.contribution), data)


@post("/missions/{mission_id:str}/seed/rotate")
async def rotate(mission_id: FromPath[str], data: JSONBody[RotateBody], request: Request, ledger: LedgerDep) -> CommandResult:
    """Reveal the current server seed and start a new epoch (host)."""
    return await submit(request, ledger, mission_id, RotateSeed(), data)


@post("/missions/{mission_id:str}/end")
async def end(mission_id: FromPath[str], data: JSONBody[EndBody], request: Request, ledger: LedgerDep) -> CommandResult:
    """End the mission; its seed is revealed with it (host)."""
    return await submit(request, ledger, mission_id, EndMission(data.outcome), data)


@get("/missions/{mission_id:str}/audit", sync_to_thread=True)
def read_audit(mission_id: FromPath[str], request: Request, ledger: LedgerDep) -> localized.DescribedAudit:
    state, member = reader(request, ledger, mission_id)
    records = shown_all(ledger.records(mission_id), viewer_of(member), state)
    return localized.described_audit(audit.build(records), records, language(request))


@get("/missions/{mission_id:str}/verify", sync_to_thread=True)
def verify(mission_id: FromPath[str], request: Request, ledger: LedgerDep) -> Verdict:
    reader(request, ledger, mission_id)
    return verify_stream(ledger.store.read(mission_id))


@get("/missions/{mission_id:str}/export", sync_to_thread=True, media_type=EXPORT_MEDIA_TYPE)
def export(mission_id: FromPath[str], request: Request, ledger: LedgerDep) -> Response[bytes]:
    """The mission as JSON Lines: a header, then every stored event byte for byte."""
    _, member = reader(request, ledger, mission_id)
    content = mission_export(ledger, mission_id, viewer_of(member))
    headers = {"content-disposition": f'attachment; filename="mission-{mission_id}.jsonl"'}
    return Response(content, media_type=EXPORT_MEDIA_TYPE, headers=headers)


ROUTES: list[Any] = [
    *health.ROUTES,
    create_campaign,
    read_campaign,
    list_missions,
    invite,
    create_mission,
    read_mission,
    read_events,
    *descriptions.ROUTES,
    submit_command,
    roll,
    shuffle,
    contribute,
    rotate,
    end,
    read_audit,
    verify,
    export,
    *streams.ROUTES,
    *replays.ROUTES,
    *transfer.ROUTES,
    *systems.ROUTES,
    *words.ROUTES,
    *campaigns.ROUTES,
    *ai.ROUTES,
]


def create_app(ledger: Ledger, jobs: health.JobsProbe | None = None, processes: health.ProcessesProbe | None = None) -> Litestar:
    """`jobs` and `processes` let `/health` see Redis, the workers and what `skirmish serve`
    supervises; without them it reports the store and the projections only."""
    # The published schemas build msgspec's type information for generic records: do it now,
    # before request and worker threads decode (see domain/codecs.py `warm`).
    for system in (None, *SYSTEMS):
        for which in ("events", "commands"):
            json_schema_bytes(which, system)
    document_errors(ROUTES)
    return Litestar(
        route_handlers=[*ROUTES, docs.assets(), *webclient.ROUTES],
        dependencies={"ledger": Provide(_ledger, sync_to_thread=False), "reads": Provide(_reads, sync_to_thread=False)},
        exception_handlers=HANDLERS,
        middleware=[tracing.request_ids, i18n.content_language],
        openapi_config=OpenAPIConfig(
            title="Skirmish Ledger",
            version="0.1.0",
            description="Event-sourced campaign server with provably fair dice.",
            path="/schema",
            components=Components(security_schemes={BEARER: SecurityScheme(type="http", scheme="bearer", description="a member's token")}),
            render_plugins=[*docs.render_plugins(), ContractJson()],
        ),
        cors_config=CORSConfig(allow_origins=["*"], allow_headers=["authorization", "content-type", "last-event-id"]),
        state=State({"ledger": ledger, "jobs": jobs, "processes": processes}),
        request_class=JsonRequest,
        request_max_body_size=MAX_BODY_BYTES,
        debug=False,
        # Our own logging is set up once per process (service/logs.py); litestar's default starts a
        # queue listener thread per app that is never stopped (thousands in a test run).
        logging_config=None,
    )
