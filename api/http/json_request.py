"""How every JSON request body is read: its size and nesting are checked before it is decoded."""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from litestar import Request
from litestar.exceptions import SerializationException

from api.http.errors import API, ApiError

#: A JSON body larger than this is refused with 413 while it is read (`POST /imports` takes more).
MAX_BODY_BYTES = 1024 * 1024
#: Arrays and objects inside each other: deeper is a 400 before decoding (a thousand levels
#: would overflow the decoder's stack); no body of ours needs more than a few.
MAX_JSON_DEPTH = 64
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPENING = frozenset(b"[{")


def nested_too_deep(body: bytes) -> bool:
    """Whether arrays and objects nest past MAX_JSON_DEPTH (brackets inside strings do not
    count). Cheap for ordinary bodies: fewer brackets than the limit cannot nest past it."""
    if body.count(b"[") + body.count(b"{") <= MAX_JSON_DEPTH:
        return False
    brackets = _STRING.sub(b"", body).translate(None, _NOT_BRACKETS)
    return max(accumulate(1 if b in _OPENING else -1 for b in brackets), default=0) > MAX_JSON_DEPTH


class JsonRequest(Request):
    async def json(self) -> Any:
        body = await self.body()
        if nested_too_deep(body):
            detail = f"nested more than {MAX_JSON_DEPTH} levels deep"
            raise ApiError(400, "malformed_body", API, params={"variant": "too_deep", "limit": MAX_JSON_DEPTH, "detail": detail})
        try:
            return await super().json()
        except UnicodeDecodeError as error:
            # msgspec raises UnicodeDecodeError, not DecodeError, on a body that is not UTF-8;
            # litestar only turns the latter into a 400, so the former would be a 500.
            raise SerializationException(f"JSON is malformed: the body is not UTF-8 ({error.reason})") from None
