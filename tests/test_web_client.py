"""The web client's files as the server serves them (README.md#web-client): the page at `/`
with a policy that loads nothing from elsewhere, every module it imports under `/app/`, none
of it in the OpenAPI document; and `GET /campaigns/{id}/me`, which the client reads an invite
link's token with."""

from __future__ import annotations

import re
from pathlib import Path

from litestar.testing import TestClient

from api.http import webclient
from tests.harness import Campaign

WEB = Path(webclient.__file__).parent / "web"
IMPORT = re.compile(r"""(?:import|from)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")


def test_the_page_is_served_at_the_root_with_a_same_origin_policy(client: TestClient):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/app/main.js">' in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "connect-src 'self'" in policy
    assert page.headers["referrer-policy"] == "no-referrer"


def test_every_module_the_client_imports_is_served_and_nothing_comes_from_elsewhere(client: TestClient):
    files = sorted(p for p in WEB.rglob("*") if p.is_file())
    assert {p.relative_to(WEB).as_posix() for p in files} >= {"index.html", "main.js", "style.css", "boards/index.js", "boards/star-quest.js"}
    for path in files:
        text = path.read_text()
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text, f"{path} names another origin"
        served = client.get(f"/app/{path.relative_to(WEB).as_posix()}")
        assert served.status_code == 200, path
        if path.suffix == ".js":
            assert "javascript" in served.headers["content-type"], served.headers
            code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
            for imported in IMPORT.findall(code):
                assert (path.parent / imported).resolve().is_file(), f"{path} imports a missing {imported}"


def test_the_client_routes_are_not_in_the_openapi_document(client: TestClient):
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert "/" not in paths and not [p for p in paths if p.startswith("/app")]


def test_me_names_the_member_a_token_belongs_to(client: TestClient):
    campaign = Campaign(client, "Salvage")
    ann = campaign.invite("ann", "player", ["sera-vantis"])
    sam = campaign.invite("sam", "spectator")
    assert ann.read(f"/campaigns/{campaign.id}/me") == {"member_id": ann.read(f"/campaigns/{campaign.id}/me")["member_id"], "name": "ann", "role": "player", "units": ["sera-vantis"]}
    assert sam.read(f"/campaigns/{campaign.id}/me")["role"] == "spectator"
    assert campaign.host.read(f"/campaigns/{campaign.id}/me") == {"member_id": "host", "name": "host", "role": "host", "units": []}
    anonymous = client.get(f"/campaigns/{campaign.id}/me")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "missing_token"
    other = Campaign(client, "Elsewhere")
    assert ann.get(f"/campaigns/{other.id}/me").status_code == 403


def test_the_package_data_ships_every_file_of_the_client():
    """A non-editable install (a wheel) carries what pyproject's package-data names: every file
    the client serves must match one of its patterns."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parent.parent
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["api.http"]
    for path in WEB.rglob("*"):
        if path.is_file():
            relative = path.relative_to(WEB.parent).as_posix()
            assert any(fnmatch.fnmatch(relative, p) and relative.count("/") == p.count("/") for p in patterns), f"{relative} is not in the package data"


def test_every_word_of_the_client_is_in_english_and_german():
    """The client's own strings (i18n.js): both languages hold the same keys, and every key the
    modules name literally is one of them."""
    source = (WEB / "i18n.js").read_text()
    english, german = source.split("\n  de: {", 1)
    keys = {name: set(re.findall(r'"([a-z_]+\.[a-z_]+)":', text)) for name, text in (("en", english), ("de", german))}
    assert keys["en"] and keys["en"] == keys["de"], keys["en"] ^ keys["de"]
    used = {key for path in WEB.rglob("*.js") for key in re.findall(r'\bt\("([a-z_]+\.[a-z_]+)"', path.read_text())}
    assert used <= keys["en"], used - keys["en"]


def test_every_mission_option_says_what_it_takes(client: TestClient):
    """The create-mission form shows each option's description as help text: every option of
    every system's schema has one."""
    for system in client.get("/systems").json():
        schema = system["options"]
        for definition in schema.get("$defs", {}).values():
            for name, option in definition.get("properties", {}).items():
                assert option.get("description"), (system["name"], name)
