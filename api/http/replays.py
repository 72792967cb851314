"""Replay and disputes over HTTP: state at any event, the determinism check, disputed rolls,
a campaign's history and the readable audit page."""

from __future__ import annotations

import html
from typing import Any

import msgspec
from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody

from api.http import localized
from api.http.access import member_of_campaign, reader, submit
from api.http.bodies import Body, DisputeBody, MissionView, VerdictBody
from api.http.errors import ApiError, language
from domain import audit, replay
from domain import campaign as campaigns
from domain.campaign_events import MissionConcluded
from domain.chain import Recorded
from domain.commands import DisputeRoll, ResolveDispute
from domain.contract import Viewer
from domain.registry import system_named
from domain.verification import verify_stream
from domain.visibility import shown, shown_all
from service import i18n
from projections.reads import ReadModels
from service.ledger import CommandResult, Ledger
from service.views import campaign_games, viewer_of

LedgerDep = NamedDependency[Ledger]
ReadsDep = NamedDependency[ReadModels]
REPLAY = "README.md#replay"


class ReplayStep(Body):
    """The mission as it stood right after event `position`, and what that event changed."""

    position: int
    version: int
    previous: int | None
    next: int | None
    #: The event as the reader may see it; None if it may not see it at all.
    event: Recorded | None
    state: MissionView
    changes: list[replay.Change]
    #: What the event means, in words, in the request's language (Accept-Language or ?lang=).
    description: str = ""


class MissionSummary(Body):
    mission_id: str
    name: str
    system: str
    outcome: str | None
    version: int
    rolls_annulled: int
    disputes_open: int
    epochs_revealed: int
    epochs_verified: int
    #: The game's own verdict ("victory", "defeat"), once the mission ended.
    result: str | None = None
    #: How each unit the campaign carries came out of the mission, once it ended.
    heroes: dict[str, str] = {}
    #: What each game system keeps in the campaign right after this mission ended (Star
    #: Quest: `{"heroes": [...]}`, its roster); None while it runs.
    systems: dict[str, Any] | None = None


class CampaignHistory(Body):
    campaign_id: str
    name: str
    missions: list[MissionSummary]


@get("/missions/{mission_id:str}/replay", sync_to_thread=True)
def replay_step(mission_id: FromPath[str], request: Request, ledger: LedgerDep, at: FromQuery[int | None] = None) -> ReplayStep:
    """Step with `at` = N-1 or N+1; the answer names both neighbours."""
    state, member = reader(request, ledger, mission_id)
    viewer = viewer_of(member)
    position = state.version if at is None else at
    if not 1 <= position <= state.version:
        raise ApiError(422, "position_out_of_range", REPLAY, params={"version": state.version, "position": position})
    lang = language(request)
    records = ledger.records(mission_id, 0, position)
    before, after = replay.fold(records[:-1]), replay.fold(records)
    event = shown(records[-1], viewer, state)
    # Changes as the reader sees the game before and after; none for an event it may not see.
    changes = replay.diff(_seen(before, viewer), _seen(after, viewer)) if before is not None and event is not None else []
    return ReplayStep(
        position=position,
        version=state.version,
        previous=position - 1 if position > 1 else None,
        next=position + 1 if position < state.version else None,
        event=event,
        state=localized.mission_view(after, viewer, lang),
        changes=changes,
        description=i18n.describe(event.event, lang) if event is not None else "",
    )


def _seen(state: Any, viewer: Viewer) -> Any:
    """A mission state with its game as `viewer` may see it, for the changes a step shows."""
    if state is None or state.game is None:
        return state
    return msgspec.structs.replace(state, game=system_named(state.system).view(state.game, viewer))


@get("/missions/{mission_id:str}/replay/check", sync_to_thread=True)
def determinism(mission_id: FromPath[str], request: Request, ledger: LedgerDep) -> replay.DeterminismReport:
    reader(request, ledger, mission_id)
    return replay.check_determinism(ledger.records(mission_id))


@post("/missions/{mission_id:str}/disputes")
async def dispute(mission_id: FromPath[str], data: JSONBody[DisputeBody], request: Request, ledger: LedgerDep) -> CommandResult:
    return await submit(request, ledger, mission_id, DisputeRoll(data.roll, data.reason), data)


@post("/missions/{mission_id:str}/disputes/{roll:int}/verdict")
async def resolve(mission_id: FromPath[str], roll: FromPath[int], data: JSONBody[VerdictBody], request: Request, ledger: LedgerDep) -> CommandResult:
    return await submit(request, ledger, mission_id, ResolveDispute(roll, data.verdict, data.note, data.faces), data)


@get("/campaigns/{campaign_id:str}/history", sync_to_thread=True)
def history(campaign_id: FromPath[str], request: Request, ledger: LedgerDep, reads: ReadsDep) -> CampaignHistory:
    """Each mission read from the battlefield projection (caught up with the log first)."""
    campaign, member = member_of_campaign(request, ledger, campaign_id)
    rosters = _after_each_mission(ledger.records(campaign_id), viewer_of(member))
    states = reads.missions(list(campaign.missions))
    summaries = []
    for mission_id in campaign.missions:
        m = states[mission_id]
        conclusion = campaign.concluded.get(mission_id)
        summaries.append(
            MissionSummary(
                mission_id, m.name, m.system, m.outcome, m.version, len(m.annulled), len(m.disputes),
                sum(e.revealed for e in m.epochs), sum(e.verified for e in m.epochs),
                conclusion.result if conclusion else None, conclusion.heroes if conclusion else {},
                rosters.get(mission_id),
            )  # fmt: skip
        )
    return CampaignHistory(campaign.campaign_id, campaign.name, summaries)


def _after_each_mission(records: list[Recorded], viewer: Viewer) -> dict[str, dict[str, Any]]:
    """What the campaign's game systems kept right after each mission ended, folded from its own log."""
    state, after = None, {}
    for record in records:
        state = campaigns.evolve(state, record.event)
        if isinstance(record.event, MissionConcluded):
            after[record.event.mission_id] = campaign_games(state, viewer)
    return after


@get("/missions/{mission_id:str}/audit.html", sync_to_thread=True, media_type="text/html")
def audit_page(mission_id: FromPath[str], request: Request, ledger: LedgerDep) -> Response[str]:
    """The audit report for people: every roll, its epoch, and whether it re-computes."""
    state, member = reader(request, ledger, mission_id)
    rows = ledger.store.read(mission_id)
    verdict = verify_stream(rows)
    records = shown_all(ledger.records(mission_id), viewer_of(member), state)
    document = localized.described_audit(audit.build(records), records, language(request))
    problems = {p.event: p.problem for p in (verdict.dice.problems if verdict.dice else [])}
    return Response(_page(state, document, verdict, problems), media_type="text/html")


def _page(state: Any, document: localized.DescribedAudit, verdict: Any, problems: dict[str, str]) -> str:
    e = html.escape
    chain = "intact" if verdict.chain.ok else f"BROKEN at event {verdict.chain.first_bad_event}: {e(verdict.chain.reason or '')}"
    parts = [
        "<!doctype html><meta charset=utf-8><title>Audit: " + e(state.name) + "</title>",
        "<style>body{font:14px system-ui;margin:2em}td,th{padding:2px 8px;border-bottom:1px solid #ddd}"
        ".bad{color:#b00}.ok{color:#070}code{font-size:12px}</style>",
        f"<h1>Audit of {e(state.name)}</h1><p>Algorithm <code>{e(document.algorithm)}</code>. "
        f"Hash chain: <b class={'ok' if verdict.chain.ok else 'bad'}>{chain}</b> ({verdict.chain.events_checked} events).</p>",
    ]
    for epoch in document.epochs:
        seed = f"<code>{e(epoch.server_seed)}</code>" if epoch.server_seed else "<i>sealed until revealed</i>"
        parts.append(
            f"<h2>Epoch {epoch.epoch}</h2><p>Commitment <code>{e(epoch.commitment)}</code><br>Server seed {seed}<br>"
            f"Client seed <code>{e(epoch.client_seed)}</code></p><table><tr><th>event<th>nonce<th>by<th>what<th>purpose<th>rule<th>sides<th>faces<th>results<th>total<th>check</tr>"
        )
        for roll in epoch.rolls:
            if roll.source == "manual":
                check = "manual dice: not provable"
            elif epoch.server_seed is None:
                check = "after the reveal"
            elif roll.event in problems:
                check = f"<b class=bad>{e(problems[roll.event])}</b>"
            else:
                check = "<b class=ok>re-computed ✓</b>"
            flags = " (annulled)" if int(roll.event) in state.annulled else ""
            flags += f" (disputed: {e(state.disputes[int(roll.event)])})" if int(roll.event) in state.disputes else ""
            parts.append(
                f"<tr><td>{e(roll.event)}{flags}<td>{roll.nonce if roll.nonce is not None else '–'}<td>{e(roll.actor)}<td>{e(roll.description)}"
                f"<td>{e(roll.purpose)}<td>{e(roll.rule)}<td>{roll.sides}<td>{roll.faces}<td>{e(audit.shown_dice(roll))}"
                f"<td>{roll.total if roll.total is not None else '–'}<td>{check}</tr>"
            )
        parts.append("</table>")
    return "".join(parts)


ROUTES = [replay_step, determinism, dispute, resolve, history, audit_page]
