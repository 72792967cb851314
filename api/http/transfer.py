"""Moving campaigns between servers (README.md#export-and-import), and the published schemas.

`GET /missions/{id}/export` (any member) stays in api/http/app.py; the file format, its checks
and the import itself are in service/exports.py, shared with `skirmish verify` and `skirmish import`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath

from api.http.auth import member_of
from api.http.errors import ApiError
from api.http.schemas import SCHEMA_RESPONSE, json_schema_bytes
from domain.campaign import ROLES
from domain.errors import Forbidden
from service.exports import (
    EXPORT_MEDIA_TYPE,
    RULE,
    SCHEMA_MEDIA_TYPE,
    ImportRefused,
    ImportResult,
    campaign_export,
    import_export,
)
from service.ledger import Ledger
from service.views import viewer_of

LedgerDep = NamedDependency[Ledger]
#: A campaign export is about 0.5 kB an event: this takes some 200 000 events.
IMPORT_MAX_BYTES = 100 * 1024 * 1024


@get("/campaigns/{campaign_id:str}/export", sync_to_thread=True, media_type=EXPORT_MEDIA_TYPE)
def export_campaign(campaign_id: FromPath[str], request: Request, ledger: LedgerDep) -> Response[bytes]:
    """The whole campaign as JSON Lines: its stream, then every mission's (host only: the
    campaign's events hold every member's token digest)."""
    ledger.campaign(campaign_id)  # 404 before any token check, as elsewhere
    member = member_of(request, ledger, campaign_id)
    if member.role != "host":
        raise Forbidden("wrong_role", ROLES, params={"variant": "export", "role": member.role})
    content = campaign_export(ledger, campaign_id, viewer_of(member))
    headers = {"content-disposition": f'attachment; filename="campaign-{campaign_id}.jsonl"'}
    return Response(content, media_type=EXPORT_MEDIA_TYPE, headers=headers)


@post("/imports", status_code=201, request_max_body_size=IMPORT_MAX_BYTES)
async def import_file(request: Request, ledger: LedgerDep) -> ImportResult:
    """Import a campaign export (body: the file, `application/x-ndjson`). No token: the file
    brings its campaign's own host token digest. Verified whole first; all or nothing."""
    content = await request.body()
    try:
        return await asyncio.to_thread(import_export, ledger, content, missions_allowed=False)
    except ImportRefused as refused:
        raise ApiError(refused.status, refused.code, RULE, refused.message, params={"detail": refused.message}) from None


@get("/schemas/events.json", sync_to_thread=False, media_type=SCHEMA_MEDIA_TYPE, responses=SCHEMA_RESPONSE)
def events_schema() -> Response[bytes]:
    """JSON Schema of a stored event (a line of the log or of an export) and every event type."""
    return Response(json_schema_bytes("events"), media_type=SCHEMA_MEDIA_TYPE)


@get("/schemas/commands.json", sync_to_thread=False, media_type=SCHEMA_MEDIA_TYPE, responses=SCHEMA_RESPONSE)
def commands_schema() -> Response[bytes]:
    """JSON Schema of every command type (and of the body of POST /missions/{id}/commands)."""
    return Response(json_schema_bytes("commands"), media_type=SCHEMA_MEDIA_TYPE)


ROUTES: list[Any] = [export_campaign, import_file, events_schema, commands_schema]
