"""What a client learns about the game systems a server runs: their names, rules versions,
mission options (as JSON Schema), special rules, and the schemas of their messages."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, Response, get
from litestar.params import FromPath, FromQuery

from api.http.bodies import Body
from api.http.errors import ApiError, language
from api.http.schemas import SCHEMA_RESPONSE, json_schema_bytes
from domain import limits
from domain.contract import GameSystem
from domain.registry import SYSTEMS
from service import i18n
from service.content import packs_of
from service.exports import SCHEMA_MEDIA_TYPE


class SystemView(Body):
    name: str
    title: str
    #: Rules versions a mission may pick (`rules_version`); the first is the default.
    versions: list[str]
    #: Content packs it ships (`options.pack` where the system takes one).
    packs: list[str]
    #: JSON Schema of the `options` object of `POST /campaigns/{id}/missions` for this system.
    options: dict[str, Any]
    #: Where the JSON Schemas of its commands and events (the engine's included) are.
    commands_schema: str
    events_schema: str
    special_rules: str


def _view(system: GameSystem) -> SystemView:
    base = f"/systems/{system.name}"
    return SystemView(
        system.name,
        system.title,
        list(system.versions),
        sorted(system.packs),
        msgspec.json.schema(system.options),
        f"{base}/schemas/commands.json",
        f"{base}/schemas/events.json",
        f"{base}/special-rules",
    )


@get("/systems", sync_to_thread=False)
def list_systems() -> list[SystemView]:
    """Every game system this server runs, in name order."""
    return [_view(SYSTEMS[name]) for name in sorted(SYSTEMS)]


def running(name: str) -> GameSystem:
    """A system this server runs: any other name in a path names nothing (404)."""
    known = SYSTEMS.get(name)
    if known is None:
        raise ApiError(404, "not_found", "README.md#game-systems", params={"id": f"/systems/{name}"})
    return known


@get("/systems/{system:str}", sync_to_thread=False)
def read_system(system: FromPath[str]) -> SystemView:
    return _view(running(system))


@get("/systems/{system:str}/schemas/{which:str}", sync_to_thread=False, media_type=SCHEMA_MEDIA_TYPE, responses=SCHEMA_RESPONSE)
def system_schema(system: FromPath[str], which: FromPath[str]) -> Response[bytes]:
    """`commands.json` or `events.json`: the engine's types and this system's own, tagged by `type`."""
    running(system)
    kind = which.removesuffix(".json")
    if kind not in ("commands", "events") or not which.endswith(".json"):
        raise ApiError(404, "not_found", "README.md#game-systems", params={"id": f"/systems/{system}/schemas/{which}", "variant": "route"})
    return Response(json_schema_bytes(kind, system), media_type=SCHEMA_MEDIA_TYPE)


class SpecialRuleView(Body):
    #: The name packs write (English, as in docs/content-format.md).
    name: str
    #: The name in the request's language (the German rules' own names in German).
    title: str
    #: "weapon" or "unit".
    place: str
    #: Lowest and highest X for rules written Name(X); None for plain rules.
    values: tuple[int, int] | None
    #: Rules versions that apply the rule.
    versions: list[str]


@get("/systems/{system:str}/special-rules", sync_to_thread=False)
def special_rules(system: FromPath[str], request: Request) -> list[SpecialRuleView]:
    """Every special rule a game system knows, with its name in the request's language."""
    lang = language(request)
    known = running(system)
    return [SpecialRuleView(r.name, i18n.rule_name(r.name, lang, system), r.place, r.values, list(r.versions)) for r in known.special_rules]


#: Purposes one request may ask to have worded.
MAX_PURPOSES = 100


class PurposesView(Body):
    #: The language they are worded in (as Content-Language says).
    language: str
    #: Each purpose asked for (a roll's `purpose` as the stream, the events page or the audit
    #: carry it) -> its words in `language`; one no entry matches (typed text) stays as it is.
    purposes: dict[str, str]


@get("/systems/{system:str}/purposes", sync_to_thread=False)
def purposes(system: FromPath[str], request: Request, text: FromQuery[list[str] | None] = None) -> PurposesView:
    """The purposes of rolls in the request's language: `?text=<purpose>&text=...` (at most 100,
    each at most 400 characters). The stored events keep the English the rules wrote, so any
    reader of a stream words a roll's purpose here; it needs no token, as it only words text
    the caller already holds."""
    known = running(system)
    asked = list(dict.fromkeys(text or []))
    limits.check_count("text", asked, MAX_PURPOSES)
    for one in asked:
        limits.check_text("text", one, limits.MAX_OPTION_VALUE)
    lang = language(request)
    return PurposesView(lang, {one: i18n.purpose(one, lang, known.name) for one in asked})


class PackEntry(Body, omit_defaults=True):
    #: The name the content gives it.
    name: str
    #: Its id where it has one (what an option naming one thing, such as a mission, takes).
    id: str | None = None


class PackView(Body):
    name: str
    version: str
    #: What the pack holds, by kind ("missions", "heroes", "armies", ...), in the pack's order:
    #: the names and ids a mission's `options` may name.
    contents: dict[str, list[PackEntry]]


def _entries(value: Any) -> list[PackEntry] | None:
    """A pack field that is a list of named things, as names and ids; None for any other field."""
    if not isinstance(value, (list, tuple)) or not value:
        return None
    named = [item for item in value if isinstance(getattr(item, "name", None), str)]
    if len(named) != len(value):
        return None
    return [PackEntry(item.name, getattr(item, "id", None) if isinstance(getattr(item, "id", None), str) else None) for item in named]


@get("/systems/{system:str}/packs/{pack:str}", sync_to_thread=True)
def read_pack(system: FromPath[str], pack: FromPath[str]) -> PackView:
    """The names a content pack offers (missions, heroes, armies, ...), so a client can offer
    them as a mission's options instead of asking for them blind."""
    known = packs_of(running(system)).get(pack)
    if known is None:
        raise ApiError(404, "not_found", "README.md#game-systems", params={"id": f"/systems/{system}/packs/{pack}"})
    fields = getattr(known, "__struct_fields__", ())
    contents = {name: entries for name in fields if (entries := _entries(getattr(known, name))) is not None}
    return PackView(str(getattr(known, "name", pack)), str(getattr(known, "version", "")), contents)


ROUTES: list[Any] = [list_systems, read_system, system_schema, special_rules, purposes, read_pack]
