"""Game systems' own JSON Schemas inside the OpenAPI document: each system's mission options,
so the create body documents what every system takes."""

from __future__ import annotations

from typing import Any

import msgspec

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
