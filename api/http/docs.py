"""The API docs page (Swagger UI) with its scripts, styles and icon served by this server, not
a CDN, so the docs work offline (README.md#http-api).

The files under `static/swagger-ui/` are swagger-ui-dist 5.35.0 as published (Apache-2.0: its
LICENSE and NOTICE are beside them); to update, replace them with a newer release's files of the
same names.
"""

from __future__ import annotations

from pathlib import Path

from litestar.openapi.plugins import OpenAPIRenderPlugin, SwaggerRenderPlugin
from litestar.router import Router
from litestar.static_files import create_static_files_router

ASSETS = "/static/swagger-ui"
_FILES = Path(__file__).parent / "static" / "swagger-ui"


def render_plugins() -> list[OpenAPIRenderPlugin]:
    """Swagger UI at `/schema` and `/schema/swagger`, every asset from `ASSETS`."""
    return [
        SwaggerRenderPlugin(
            path=["/", "/swagger"],
            js_url=f"{ASSETS}/swagger-ui-bundle.js",
            css_url=f"{ASSETS}/swagger-ui.css",
            standalone_preset_js_url=f"{ASSETS}/swagger-ui-standalone-preset.js",
            favicon=f"<link rel='icon' type='image/png' href='{ASSETS}/favicon-32x32.png'>",
        )
    ]


def assets() -> Router:
    return create_static_files_router(path=ASSETS, directories=[_FILES], include_in_schema=False)
