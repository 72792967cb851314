"""Turning every failure into a clear answer with a code and a rule; never a bare 500."""

from __future__ import annotations

import logging
import re

import msgspec
from eventsourcing.persistence import PersistenceError
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException

from api.bodies import Problem
from api.ledger import NotFound, Unavailable, VersionConflict
from domain.errors import RuleError

log = logging.getLogger("skirmish.api")
API = "README.md#http-api"
CONCURRENCY = "design.md#Commands, errors, concurrency"
#: msgspec names an unknown or a missing field only in its message, with the object's path as key.
_NAMED_FIELD = re.compile(r"(?:unknown|missing required) field `([^`]+)`")


class ApiError(Exception):
    def __init__(self, status: int, code: str, rule: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.rule, self.message = status, code, rule, message


def _answer(status: int, problem: Problem) -> Response:
    return Response(content=problem, status_code=status)


def rule_error(_: Request, error: RuleError) -> Response:
    return _answer(error.status, Problem(error.code, error.rule, error.message))


def api_error(_: Request, error: ApiError) -> Response:
    return _answer(error.status, Problem(error.code, error.rule, error.message))


def not_found(_: Request, error: NotFound) -> Response:
    return _answer(404, Problem("not_found", API, f"nothing with id {error}"))


def conflict(_: Request, error: VersionConflict) -> Response:
    return _answer(409, Problem("version_conflict", CONCURRENCY, str(error), current_version=error.current_version))


def unavailable(_: Request, error: Exception) -> Response:
    log.error("unavailable: %s", error)
    return _answer(503, Problem("unavailable", API, f"the server cannot do this now: {error}"))


def validation(_: Request, error: ValidationException) -> Response:
    """A malformed body: name the field msgspec stopped at."""
    details = error.extra if isinstance(error.extra, list) else []
    first = details[0] if details and isinstance(details[0], dict) else {}
    message = str(first.get("message") or error.detail)
    field = first.get("key")
    if match := _NAMED_FIELD.search(message):
        field = match.group(1) if field in (None, "data") else f"{field}.{match.group(1)}"
    elif field == "data":
        field, message = None, "the body is missing or is not a JSON object"
    if "JSON is malformed" in str(error.detail):
        message = str(error.detail)
    return _answer(400, Problem("malformed_body", API, message, field=field))


def http_error(_: Request, error: HTTPException) -> Response:
    code = {400: "malformed_body", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(error.status_code, "http_error")
    return _answer(error.status_code, Problem(code, API, str(error.detail)))


def unexpected(_: Request, error: Exception) -> Response:
    log.exception("unexpected error", exc_info=error)
    return _answer(500, Problem("internal_error", API, "an unexpected error; nothing was written. Please report it."))


HANDLERS = {
    RuleError: rule_error,
    ApiError: api_error,
    NotFound: not_found,
    VersionConflict: conflict,
    Unavailable: unavailable,
    PersistenceError: unavailable,
    ValidationException: validation,
    msgspec.ValidationError: lambda r, e: _answer(400, Problem("malformed_body", API, str(e))),
    HTTPException: http_error,
    Exception: unexpected,
}
