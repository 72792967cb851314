"""A campaign's own commands and dice: a game system's rules between missions (a legacy draw,
an injury roll), provable like a mission's rolls, with their audit and verdict."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from api.http.access import decoded_command, member_of_campaign
from api.http.bodies import CommandBody, Contribution, MemberView
from domain import audit
from domain.campaign_events import ContributeCampaignClientSeed
from domain.codecs import campaign_codec
from domain.verification import Verdict, verify_stream
from domain.visibility import shown_in_campaign
from service.ledger import CampaignCommandResult, Ledger

LedgerDep = NamedDependency[Ledger]
CAMPAIGN_DICE = "design.md#Dice"


@post("/campaigns/{campaign_id:str}/commands", sync_to_thread=True)
def campaign_command(campaign_id: FromPath[str], data: JSONBody[CommandBody], request: Request, ledger: LedgerDep) -> CampaignCommandResult:
    """`{command: {type, ...}}`: `RotateCampaignSeed` (host), or a game system's campaign
    command, tagged `"<system>.<Name>"` (its schema: GET /systems/{name}/schemas/commands.json)."""
    _, member = member_of_campaign(request, ledger, campaign_id)
    command = decoded_command(data.command, campaign_codec(), CAMPAIGN_DICE, "campaign", lambda kind: True)
    return _handled(campaign_id, member, command, data.idempotency_key, data.expected_version, ledger)


@post("/campaigns/{campaign_id:str}/client-seed", sync_to_thread=True)
def contribute(campaign_id: FromPath[str], data: JSONBody[Contribution], request: Request, ledger: LedgerDep) -> CampaignCommandResult:
    """A member's part of the client seed of the campaign's own dice, before its epoch's first
    roll (design.md#Dice step 2), as `POST /missions/{id}/client-seed` is a mission's."""
    _, member = member_of_campaign(request, ledger, campaign_id)
    return _handled(campaign_id, member, ContributeCampaignClientSeed(data.contribution), data.idempotency_key, data.expected_version, ledger)


def _handled(campaign_id: str, member: Any, command: Any, key: str | None, version: int | None, ledger: Ledger) -> CampaignCommandResult:
    """A member's campaign command, answered with its records as that member may read them."""
    result = ledger.handle_campaign(campaign_id, member, command, idempotency_key=key, expected_version=version)
    state = ledger.campaign(campaign_id)
    return msgspec.structs.replace(result, events=[shown_in_campaign(r, state) for r in result.events])


@get("/campaigns/{campaign_id:str}/me", sync_to_thread=True)
def who_am_i(campaign_id: FromPath[str], request: Request, ledger: LedgerDep) -> MemberView:
    """The member the request's token belongs to: a client that holds only a token (an invite
    link's) learns its name, role and units from it."""
    _, member = member_of_campaign(request, ledger, campaign_id)
    return MemberView(member.member_id, member.name, member.role, list(member.units))


@get("/campaigns/{campaign_id:str}/audit", sync_to_thread=True)
def campaign_audit(campaign_id: FromPath[str], request: Request, ledger: LedgerDep) -> audit.AuditDocument:
    """The campaign's own rolls, epoch by epoch (the audit format of a mission's)."""
    state, _ = member_of_campaign(request, ledger, campaign_id)
    return audit.build(shown_in_campaign(r, state) for r in ledger.records(campaign_id))


@get("/campaigns/{campaign_id:str}/verify", sync_to_thread=True)
def campaign_verify(campaign_id: FromPath[str], request: Request, ledger: LedgerDep) -> Verdict:
    """The campaign's hash chain, and every roll of its revealed epochs re-computed."""
    member_of_campaign(request, ledger, campaign_id)
    return verify_stream(ledger.store.read(campaign_id))


ROUTES: list[Any] = [campaign_command, contribute, who_am_i, campaign_audit, campaign_verify]
