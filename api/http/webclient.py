"""The reference web client (README.md#web-client): `index.html` at `/` and its ES modules,
styles and board drawers under `/app/`, all from `api/http/web/` in the package, so it works
offline and with no build step. It speaks only the public API, like any other client.

Neither route is in the OpenAPI document: they serve files, not the API.
"""

from __future__ import annotations

from pathlib import Path

from litestar import Response, get
from litestar.router import Router
from litestar.static_files import create_static_files_router

ASSETS = "/app"
FILES = Path(__file__).parent / "web"
#: Everything the page loads comes from this server: no CDN, no inline script.
POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"


@get("/", include_in_schema=False, sync_to_thread=False, media_type="text/html")
def index() -> Response[bytes]:
    """The client's one page; it routes by the URL fragment, which never reaches the server (an
    invite's token rides there)."""
    headers = {"content-security-policy": POLICY, "referrer-policy": "no-referrer", "cache-control": "no-cache"}
    return Response((FILES / "index.html").read_bytes(), media_type="text/html; charset=utf-8", headers=headers)


def assets() -> Router:
    return create_static_files_router(path=ASSETS, directories=[FILES], include_in_schema=False)


ROUTES = [index, assets()]
