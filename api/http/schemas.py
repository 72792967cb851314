"""The published JSON Schemas of stored events and of commands: the engine's own, and each game
system's on top of them (GET /schemas/*.json, GET /systems/{name}/schemas/*.json, `skirmish schema`)."""

from __future__ import annotations

import functools
from typing import Any, Optional, Union

import msgspec
from litestar.openapi.datastructures import ResponseSpec

from api.http.bodies import CommandBody, MissionCommandBody
from domain.campaign_events import CAMPAIGN_EVENTS
from domain.chain import Recorded
from domain.codecs import mission_codec
from domain.commands import CORE_COMMANDS
from domain.events import CORE_EVENTS
from domain.registry import SYSTEMS
from service.exports import EXPORT_SCHEMA, SCHEMA_MEDIA_TYPE, ExportHeader

_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def json_schema(which: str, system: str | None = None) -> dict[str, Any]:
    """The JSON Schema of stored events (one log or export line) or of commands, from the
    msgspec types: the engine's own (`system` None: every mission's and campaign's), or a game
    system's mission and campaign types on top of them."""
    if system is None:
        events, commands, whose = (*CORE_EVENTS, *CAMPAIGN_EVENTS), CORE_COMMANDS, "the engine's own"
    else:
        game = SYSTEMS[system]
        codec = mission_codec(system)
        events = (*codec.events, *CAMPAIGN_EVENTS, *game.campaign_events)
        commands = (*codec.commands, *game.campaign_commands)
        whose = f"the engine's and {game.title}'s"
    event_union, command_union = Union[events], Union[commands]  # noqa: UP007
    if which == "events":
        (top, *_), defs = msgspec.json.schema_components([Recorded[event_union, Optional[command_union]], *events, ExportHeader])  # noqa: UP007
        # msgspec names a parametrised generic after its parameters: call it what it is.
        (generated,) = [name for name in defs if name.startswith("Recorded_")]
        defs["Recorded"], top = defs.pop(generated), {"$ref": "#/$defs/Recorded"}
        about = {
            "title": "Skirmish Ledger stored event",
            "description": (
                "One stored event: a line of GET /missions/{id}/events, of a live stream, or of an export after its header "
                f"(the header is $defs/ExportHeader, schema {EXPORT_SCHEMA}). `event` is one of {whose} event types below, tagged by `type`; "
                "each game system's own are at GET /systems/{name}/schemas/events.json."
            ),
        }
    elif which == "commands":
        (top, *_), defs = msgspec.json.schema_components([command_union, *commands, MissionCommandBody, CommandBody])
        about = {
            "title": "Skirmish Ledger command",
            "description": (
                f"A command, tagged by `type`: {whose}. POST /missions/{{id}}/commands takes it in $defs/MissionCommandBody "
                "(with typed `faces` in a manual-dice mission), POST /campaigns/{id}/commands in $defs/CommandBody; "
                "each game system's own are at GET /systems/{name}/schemas/commands.json."
            ),
        }
    else:
        raise ValueError(f"no schema {which!r}: events or commands")
    return {"$schema": _DRAFT, **about, **top, "$defs": defs}


#: How the OpenAPI document describes a published schema: a JSON object (its bytes are served as they are).
SCHEMA_RESPONSE = {200: ResponseSpec(dict[str, Any], description="a JSON Schema (draft 2020-12)", media_type=SCHEMA_MEDIA_TYPE, generate_examples=False)}


@functools.cache
def json_schema_bytes(which: str, system: str | None = None) -> bytes:
    return msgspec.json.encode(json_schema(which, system))
