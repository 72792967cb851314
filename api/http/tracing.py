"""Request ids, and one log line for every server error (README.md#logs).

A request keeps the id its client sent in `x-request-id` (when it is short and plain) or gets a
new one; the answer carries it back in `x-request-id`, and every line logged while the request
runs carries it with the route (service/logs.py `bind`). An answer of 500 or more is logged once,
with its status and the error code the client got, so an operator finds the client's report.
"""

from __future__ import annotations

import logging
import re
import uuid
from typing import Any

import msgspec

from service import logs

log = logging.getLogger("skirmish.api")
_PLAIN_ID = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
#: An error answer is a small Problem; a larger body is not read for its code.
_BODY_READ = 4096


class _Coded(msgspec.Struct):
    code: str | None = None


def _code(body: bytes) -> str | None:
    try:
        return msgspec.json.decode(body, type=_Coded).code
    except msgspec.DecodeError:
        return None


def request_ids(app: Any) -> Any:
    """ASGI middleware (HTTP only; live streams log their own)."""

    async def middleware(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        given = next((v for k, v in scope.get("headers", []) if k.lower() == b"x-request-id"), b"")
        request_id = given.decode() if _PLAIN_ID.fullmatch(given) else uuid.uuid4().hex
        logs.bind(request_id=request_id, method=scope["method"], route=scope.get("path_template") or scope["path"])
        status, body = 0, bytearray()

        async def send_with_id(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", []), (b"x-request-id", request_id.encode())]}
            elif message["type"] == "http.response.body" and status >= 500 and len(body) < _BODY_READ:
                body.extend(message.get("body", b""))
            await send(message)

        await app(scope, receive, send_with_id)
        if status >= 500:
            log.error("server error", extra={"status": status, "code": _code(bytes(body))})

    return middleware
