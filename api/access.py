"""Who may read or write which campaign and mission: the checks every route starts with."""

from __future__ import annotations

from litestar import Request

from api.auth import member_of
from api.bodies import Submitted
from api.ledger import CommandResult, Ledger
from domain.campaign import CampaignState, Member
from domain.commands import Command
from domain.mission import MissionState


def member_of_campaign(request: Request, ledger: Ledger, campaign_id: str) -> tuple[CampaignState, Member]:
    """404 for a campaign that does not exist before any token check, as missions do (not a 403)."""
    campaign = ledger.campaign(campaign_id)
    return campaign, member_of(request, ledger, campaign_id)


def reader(request: Request, ledger: Ledger, mission_id: str) -> tuple[MissionState, Member]:
    state = ledger.mission(mission_id)
    return state, member_of(request, ledger, state.campaign_id)


def submit(request: Request, ledger: Ledger, mission_id: str, command: Command, body: Submitted) -> CommandResult:
    member = member_of(request, ledger, ledger.campaign_of(mission_id))
    return ledger.handle(mission_id, member, command, idempotency_key=body.idempotency_key, expected_version=body.expected_version)
