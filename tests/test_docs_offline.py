"""The API docs pages work offline (README.md#http-api): every script, style sheet and icon
the page names is served by this server, and answers."""

from __future__ import annotations

import re

import pytest
from litestar.testing import TestClient

#: What an HTML page loads: src= and href= of any element.
_LOADED = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")


@pytest.mark.parametrize("page", ["/schema", "/schema/swagger"])
def test_the_docs_page_loads_only_from_this_server(page: str, client: TestClient):
    answer = client.get(page)
    assert answer.status_code == 200, answer.text
    loaded = _LOADED.findall(answer.text)
    assert len(loaded) >= 4, loaded  # the style sheet, two scripts, the icon
    for url in loaded:
        assert url.startswith("/") and not url.startswith("//"), f"{page} loads {url} from elsewhere"
        asset = client.get(url)
        assert asset.status_code == 200, (url, asset.status_code)
        assert len(asset.content) > 0, url
    assert "SwaggerUIBundle(" in answer.text


def test_the_vendored_assets_carry_their_licence(client: TestClient):
    licence = client.get("/static/swagger-ui/LICENSE")
    assert licence.status_code == 200 and "Apache License" in licence.text
