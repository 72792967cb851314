"""Game systems' own JSON Schemas inside the OpenAPI document: each system's mission options,
so the create body documents what every system takes; and what the document's JSON adds to
what the framework generates."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.openapi.plugins import JsonRenderPlugin

from domain.registry import SYSTEMS


def options_schemas() -> list[dict[str, Any]]:
    """Each registered system's mission options as JSON Schema, titled `"<system> options"`."""
    return [{**_inlined(*msgspec.json.schema_components([SYSTEMS[name].options])), "title": f"{name} options"} for name in sorted(SYSTEMS)]


def _inlined(top: tuple[dict[str, Any], ...], defs: dict[str, Any]) -> dict[str, Any]:
    """The schema with its `$ref`s replaced by what they name (the OpenAPI document keeps only
    the components the framework generates itself)."""

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return resolve(defs[node["$ref"].rsplit("/", 1)[-1]])
            return {key: resolve(value) for key, value in node.items()}
        if isinstance(node, list):
            return [resolve(item) for item in node]
        return node

    (schema,) = top
    return resolve(schema)


class ContractJson(JsonRenderPlugin):
    """`GET /schema/openapi.json`, with what the framework cannot read from the types: a stored
    record's `command` is null on every event but the first of its batch (domain/chain.py
    leaves its type open, which the framework documents as an object)."""

    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        recorded = openapi_schema.get("components", {}).get("schemas", {}).get("Recorded")
        if recorded is not None:
            recorded["properties"]["command"] = {"oneOf": [{"type": "object"}, {"type": "null"}]}
        return super().render(request, openapi_schema)
