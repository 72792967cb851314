"""Bearer tokens: who is asking, and are they a member of the campaign they ask about."""

from __future__ import annotations

from litestar import Request

from api.http.errors import ApiError
from domain.campaign import ROLES, Member
from service.ledger import Ledger


def member_of(request: Request, ledger: Ledger, campaign_id: str) -> Member:
    """401 without a valid token; 403 for a token of another campaign."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "missing_token", ROLES)
    return member_by_token(ledger, token, campaign_id)


def member_by_token(ledger: Ledger, token: str, campaign_id: str) -> Member:
    """The member a token belongs to: 401 for no such token, 403 for another campaign's."""
    found = ledger.authenticate(token.strip())
    if found is None:
        raise ApiError(401, "bad_token", ROLES)
    campaign, member = found
    if campaign.campaign_id != campaign_id:
        raise ApiError(403, "other_campaign", ROLES)
    return member
