"""Resource cards over HTTP (blackstone-fortress.md#RESOURCE CARDS): a lone combat whose
explorer holds cards (the `cards` option); her player uses them in her activation and reads
their effect (a failed die re-rolled, an inspiration point); another player may not use them
(403), and a card with nothing to do is refused with its rule, in German when asked, writing
nothing. The server's seeds come from a counter, so every roll is known."""

from __future__ import annotations

import hashlib
import itertools
import secrets
from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from api.http.app import create_app
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore
from tests.harness import Campaign

SYSTEM = "blackstone-fortress"
YSOLDE, WIGHT = "ysolde-marr", "scrap-wight-1-1"
OPTIONS = {"combat": "sunken-passage", "explorers": "Ysolde Marr, Pim and Pell", "cards": "ysolde-marr: field-dressing, spare-cell, votive-flask"}


@pytest.fixture
def counted(store: EventStore) -> Iterator[TestClient]:
    """The app with fresh seeds numbered 1, 2, 3, ..."""
    numbers = itertools.count(1)
    ledger = Ledger(store, Sealer(secrets.token_bytes(32)), fresh_seed=lambda: hashlib.sha256(f"card seed {next(numbers)}".encode()).digest())
    with TestClient(create_app(ledger)) as test_client:
        yield test_client


def _events(response) -> list[dict]:  # noqa: ANN001 - an httpx response
    assert response.status_code == 201, response.text
    return [r["event"] for r in response.json()["events"]]


def test_a_player_uses_her_explorers_cards_and_reads_what_they_did(counted):
    """Ysolde's card comes up first (dice 3 4 4 3), a Scrap Wight 5 hexes away in cover. Bob
    plays the twins: her cards are not his (403). With no wound, Field dressing is refused
    (in German when asked) and nothing is written. Spare power cell: of the carbine's 3 and 7
    the failed 3 is re-rolled, a 6, for no inspiration; Votive flask: 1 inspiration point.
    Both leave her; the dressing stays."""
    campaign = Campaign(counted, "Fortress")
    ann = campaign.invite("ann", "player", [YSOLDE])
    bob = campaign.invite("bob", "player", ["pim-and-pell"])
    mission = campaign.mission(SYSTEM, system=SYSTEM, options=OPTIONS, client_seed="cards-13")
    _events(campaign.host.command(mission, {"type": "StartTurn"}))
    _events(campaign.host.command(mission, {"type": "BeginActivations"}))
    game = ann.mission(mission)["game"]
    ysolde = game["tracks"][YSOLDE]
    assert (game["order"][0], ysolde["dice"], ysolde["cards"]) == (YSOLDE, [3, 4, 4, 3], ["field-dressing", "spare-cell", "votive-flask"])
    assert (game["miniatures"][WIGHT]["at"], game["miniatures"][YSOLDE]["at"]) == ({"q": 3, "r": 0}, {"q": -2, "r": 0})

    theirs = bob.command(mission, {"type": "UseCard", "unit": YSOLDE, "card": "spare-cell"})
    assert theirs.status_code == 403, theirs.text
    version = ann.mission(mission)["version"]
    refused = ann.command(mission, {"type": "UseCard", "unit": YSOLDE, "card": "field-dressing"}, headers={"accept-language": "de"})
    body = refused.json()
    assert (refused.status_code, body["code"], body["rule"], body["params"]) == (422, "nothing_to_heal", "blackstone-fortress.md#RESOURCE CARDS", {"unit": YSOLDE, "card": "Field dressing"})
    assert body["message"] == "ysolde-marr hat keine Wunden, die Field dressing heilen könnte (schwere Wunden heilen im Kampf nicht)"
    assert refused.headers["content-language"] == "de"
    assert ann.mission(mission)["version"] == version

    used = _events(ann.command(mission, {"type": "UseCard", "unit": YSOLDE, "card": "spare-cell"}))
    assert used == [{"type": "CardUsed", "unit": YSOLDE, "card": "spare-cell", "use": "discarded", "effect": "reroll", "amount": 1}]
    assert ann.mission(mission)["game"]["tracks"][YSOLDE]["free_rerolls"] == 1
    attacked = _events(ann.command(mission, {"type": "Attack", "unit": YSOLDE, "weapon": "Arc Carbine", "target": WIGHT, "die": 4}))
    rolled = [(e["purpose"], e["results"]) for e in attacked if e["type"] == "DiceRolled"]
    assert rolled == [(f"attack: {YSOLDE} with Arc Carbine at {WIGHT}", [3, 7]), (f"re-roll: attack: {YSOLDE} with Arc Carbine at {WIGHT}", [6])]
    (rerolled,) = [e for e in attacked if e["type"] == "Rerolled"]
    assert rerolled == {"type": "Rerolled", "unit": YSOLDE, "dice": [0], "before": [3, 7], "after": [6, 7]}
    (made,) = [e for e in attacked if e["type"] == "AttackMade"]
    assert (made["faces"], made["outcomes"], made["cover"], made["wounds"]) == ([6, 7], ["failure", "failure"], True, 0)
    assert not [e for e in attacked if e["type"] == "InspirationSpent"]
    inspired = _events(ann.command(mission, {"type": "UseCard", "unit": YSOLDE, "card": "votive-flask"}))
    assert inspired[-1] == {"type": "InspirationGained", "unit": YSOLDE, "points": 1}
    after = ann.mission(mission)["game"]["tracks"][YSOLDE]
    assert (after["cards"], after["inspiration"], after["free_rerolls"], after["dice"]) == (["field-dressing"], 1, 0, [3, 4, 3])
