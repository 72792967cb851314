"""Turning every failure into a clear answer with a code and a rule; never a bare 500."""

from __future__ import annotations

import inspect
import logging
import re
from typing import Any

import msgspec
from eventsourcing.persistence import PersistenceError
from litestar import Request, Response
from litestar.connection import ASGIConnection
from litestar.exceptions import HTTPException, ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.datastructures import ResponseSpec

from api.http.bodies import Problem
from domain.errors import RuleError
from service import i18n
from projections.reads import Stale
from service.ledger import NotFound, Unavailable, VersionConflict

log = logging.getLogger("skirmish.api")
API = "README.md#http-api"
CONCURRENCY = "design.md#Commands, errors, concurrency"
#: msgspec names an unknown or a missing field only in its message, with the object's path as key.
_NAMED_FIELD = re.compile(r"(?:unknown|missing required) field `([^`]+)`")


class ApiError(Exception):
    """An answer the API gives itself (no token, bad query): a code and parameters like a
    RuleError; the message is rendered in the request's language (service/i18n)."""

    def __init__(self, status: int, code: str, rule: str, message: str = "", params: dict | None = None) -> None:
        self.params = dict(params or {})
        message = message or i18n.error_message(code, self.params, i18n.DEFAULT)
        super().__init__(message)
        self.status, self.code, self.rule, self.message = status, code, rule, message


def language(connection: ASGIConnection) -> str:
    """The request's language: `?lang=`, else `Accept-Language`, else English."""
    return i18n.negotiate(connection.headers.get("accept-language"), connection.query_params.get("lang"))


def _answer(status: int, problem: Problem, headers: dict[str, str] | None = None) -> Response:
    return Response(content=problem, status_code=status, headers=headers)


def _problem(request: Request, code: str, rule: str, params: dict, fallback: str = "", system: str | None = None, **extra) -> Problem:
    """The answer, its message in the request's language, with the values the message names."""
    message = i18n.error_message(code, params, language(request), fallback, system)
    return Problem(code, rule, message, params=msgspec.to_builtins(params), **extra)


def rule_error(request: Request, error: RuleError) -> Response:
    return _answer(error.status, _problem(request, error.code, error.rule, error.params, error.message, error.system, field=error.field))


def api_error(request: Request, error: ApiError) -> Response:
    return _answer(error.status, _problem(request, error.code, error.rule, error.params, error.message, field=error.params.get("field")))


_AT = re.compile(r" - at `\$(.*)`$")


def malformed(where: str, error: msgspec.ValidationError) -> ApiError:
    """A 400 for a part of a body checked after the framework decoded it (a mission's options,
    a command for the mission's own game system): the field is named from `where` on."""
    message = str(error)
    path = match.group(1) if (match := _AT.search(message)) else ""
    if named := _NAMED_FIELD.search(message):
        path = f"{path}.{named.group(1)}"
    variant = "unknown_field" if "unknown field" in message else "missing_field" if "missing required field" in message else "wrong_value"
    field = f"{where}{path}"
    detail = _AT.sub("", message)
    return ApiError(400, "malformed_body", API, detail, params={"detail": detail, "field": field, "variant": variant})


def not_found(request: Request, error: NotFound) -> Response:
    return _answer(404, _problem(request, "not_found", API, {"id": str(error)}))


def conflict(request: Request, error: VersionConflict) -> Response:
    params = {"current_version": error.current_version, **({"variant": "busy"} if "busy" in str(error) else {})}
    return _answer(409, _problem(request, "version_conflict", CONCURRENCY, params, str(error), current_version=error.current_version))


def unavailable(request: Request, error: Exception) -> Response:
    log.error("unavailable: %s", error)
    return _answer(503, _problem(request, "unavailable", API, {"detail": str(error)}))


def validation(request: Request, error: ValidationException) -> Response:
    """A malformed body: name the field msgspec stopped at; the wording is the catalogue's,
    msgspec's own (English) text only fills `detail`."""
    details = error.extra if isinstance(error.extra, list) else []
    first = details[0] if details and isinstance(details[0], dict) else {}
    message = str(first.get("message") or error.detail)
    field = first.get("key")
    variant = "wrong_value" if field not in (None, "data") else None
    if match := _NAMED_FIELD.search(message):
        field = match.group(1) if field in (None, "data") else f"{field}.{match.group(1)}"
        variant = "unknown_field" if "unknown field" in message else "missing_field"
    elif field == "data":
        field, variant = None, "not_object"
    if "JSON is malformed" in str(error.detail):
        message, variant = str(error.detail).removeprefix("JSON is malformed: "), "bad_json"
    params = {"detail": message, "field": field, **({"variant": variant} if variant else {})}
    return _answer(400, _problem(request, "malformed_body", API, params, message, field=field))


def body_error(request: Request, error: msgspec.ValidationError) -> Response:
    return _answer(400, _problem(request, "malformed_body", API, {"detail": str(error)}))


def http_error(request: Request, error: HTTPException) -> Response:
    code = {400: "malformed_body", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(error.status_code, "http_error")
    detail = str(error.detail)
    params = {"detail": detail, "id": request.url.path, **({"variant": "route"} if code == "not_found" else {})}
    if code == "too_large":
        params["limit"] = request.route_handler.resolve_request_max_body_size()
    # The framework's own headers stay (a 405's `Allow`: the methods the path takes).
    return _answer(error.status_code, _problem(request, code, API, params, detail), error.headers)


def unexpected(request: Request, error: Exception) -> Response:
    log.exception("unexpected error", exc_info=error)
    return _answer(500, _problem(request, "internal_error", API, {}))


HANDLERS = {
    RuleError: rule_error,
    ApiError: api_error,
    NotFound: not_found,
    VersionConflict: conflict,
    Unavailable: unavailable,
    Stale: unavailable,
    PersistenceError: unavailable,
    ValidationException: validation,
    msgspec.ValidationError: body_error,
    HTTPException: http_error,
    Exception: unexpected,
}


# -- what the OpenAPI document says of errors ----------------------------------------------------

BEARER = "bearer"
#: Each error status the API answers, and when; every one in the shape of `Problem`.
ERROR_STATUSES = {
    400: "malformed_body: the body, a query value or a JSON text is not what the operation reads (`field` names it), or nests too deep",
    401: "missing_token or bad_token: no valid `Authorization: Bearer <token>`",
    403: "other_campaign or wrong_role: a member, but not one who may do this",
    404: "not_found: nothing with that id",
    409: "version_conflict: decided on a version that is not the stream's (`current_version` says which is)",
    413: "too_large: the body is larger than the limit `params.limit` names",
    422: "a rule refuses: `code` says which, `rule` cites it, `field` names the field at fault if one is",
    503: "unavailable: the store cannot answer now; nothing was written",
}
#: Arguments of a handler that are not the client's (its body `data` is): the app fills them.
_NOT_PARAMETERS = {"request", "ledger", "reads", "socket"}
_STORELESS = ("/schemas/", "/systems")
_PATH_PARAMETER = re.compile(r"{(\w+)(?::\w+)?}")


def error_statuses(method: str, path: str, parameters: set[str]) -> set[int]:
    """The error statuses an operation answers: everything under a campaign or a mission needs
    a member's token; an id in the path may name nothing; a body or query may be malformed; a
    write may break a rule or race another; every store read may find the store down."""
    statuses: set[int] = set()
    if path.startswith(("/missions/", "/campaigns/{")):
        statuses |= {401, 403, 409} if method == "POST" else {401, 403}
    if "{" in path:
        statuses.add(404)
    if parameters or "{" in path or method == "POST":  # the framework checks every parameter's type
        statuses.add(400)
    if method == "POST":
        statuses |= {413, 422}
    if path == "/imports":
        statuses.add(409)
    if path.endswith("/replay"):  # a position past the mission
        statuses.add(422)
    if not path.startswith(_STORELESS):
        statuses.add(503)
    return statuses


def document_errors(handlers: list[Any]) -> None:
    """State on each HTTP operation the bearer scheme it needs and the errors it answers, in
    our shape (the framework would document its own `{status_code, detail}` 400 otherwise)."""
    for handler in handlers:
        if not isinstance(handler, HTTPRouteHandler):
            continue
        (path,) = handler.paths
        parameters = set(inspect.signature(handler.fn).parameters) - _NOT_PARAMETERS - set(_PATH_PARAMETER.findall(path))
        for method in handler.http_methods:
            statuses = error_statuses(method, _PATH_PARAMETER.sub(r"{\1}", path), parameters)
            errors = {status: ResponseSpec(Problem, description=ERROR_STATUSES[status], generate_examples=False) for status in sorted(statuses)}
            handler.responses = {**errors, **(handler.responses or {})}  # what a route declares itself stands
            if 401 in statuses:
                handler.security = [{BEARER: []}]
