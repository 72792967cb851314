"""The quest's own read models (docs/blackstone-expedition-design.md, "Views"): `legacy-deck`
and `blackstone-campaign` follow the log page by page, rebuild from zero to the same bytes,
show what `GET /campaigns/{id}` shows, and name no card still in a deck (counts only)."""

from __future__ import annotations

import msgspec

from domain.registry import system_named
from projections.base import row_bytes
from projections.runner import Projections
from tests.blackstone.game import CORE
from tests.harness import Campaign

SYSTEM = "blackstone-fortress"
NAMES = ("legacy-deck", "blackstone-campaign")
PARTY = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"


def _rows(projections: Projections) -> dict[str, dict[str, bytes]]:
    return {name: projections.tables.rows(name) for name in NAMES}


def _follow(store) -> Projections:  # noqa: ANN001 - the store fixture
    """The two projections caught up one small page at a time, as a live worker folds them."""
    live = Projections(store, NAMES, page_size=3, save_every_s=0)
    for runner in live.runners.values():
        while runner.catch_up(max_pages=1):
            pass
    return live


def test_the_quests_projections_follow_the_log_rebuild_byte_for_byte_and_hide_every_decks_order(client, store, ledger):
    campaign = Campaign(client, "Fortress quest")
    campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    sam = campaign.invite("sam", "spectator")
    url = f"/campaigns/{campaign.id}/commands"
    assert campaign.host.post(url, {"command": {"type": "blackstone-fortress.BeginQuest", "pack": "core"}}).status_code == 201
    first = campaign.mission(SYSTEM, system=SYSTEM, options={"mode": "expedition", "explorers": PARTY, "players": "ann"}, client_seed="quest")
    assert campaign.host.end(first, "ended").status_code == 201
    assert campaign.host.post(url, {"command": {"type": "blackstone-fortress.DrawLegacy"}}).status_code == 201

    live = _follow(store)
    rows = _rows(live)
    assert set(rows["legacy-deck"]) == {campaign.id} == set(rows["blackstone-campaign"])
    quest = ledger.campaign(campaign.id).game(SYSTEM)
    legacy = msgspec.json.decode(rows["legacy-deck"][campaign.id])["document"]
    (drawn,) = quest.legacy.drawn
    name = CORE.named("legacy_cards", drawn.card).name
    assert legacy == {"left": 7, "drawn": [{"number": 1, "card": drawn.card, "name": name, "expedition": first}], "outcome": None, "failure": ""}
    document = msgspec.json.decode(rows["blackstone-campaign"][campaign.id])["document"]
    assert document == campaign.view(sam)["systems"][SYSTEM]
    assert document["legacy"] == legacy and document["decks"] == {"discovery": 15, "resources": {"gilded-wake": 6, "pale-orchard": 6, "quiet-anvil": 6, "rusted-psalm": 6}, "mortis": 4}
    assert document["expeditions"][first]["outcome"] == "ended" and document["available"] == ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell", "marek-dunn", "sister-quill"]
    for name in NAMES:
        text = rows[name][campaign.id].decode()
        document_text = msgspec.json.encode(msgspec.json.decode(rows[name][campaign.id])["document"]).decode()
        # The row's document names no card still in a deck; the state beside it is the fold's own.
        assert not [c for c in (*quest.legacy.left, *quest.discovery) if f'"{c}"' in document_text]
        assert text == msgspec.json.encode(msgspec.json.decode(text), order="sorted").decode()

    # More of the quest: the trading step, folded on from the stored rows.
    assert campaign.host.post(url, {"command": {"type": "blackstone-fortress.BeginTrading"}}).status_code == 201
    for explorer in ("ysolde-marr", "brother-kettle"):
        assert campaign.host.post(url, {"command": {"type": "blackstone-fortress.Trade", "explorer": explorer}}).status_code == 201
    live = _follow(store)
    rows = _rows(live)
    document = msgspec.json.decode(rows["blackstone-campaign"][campaign.id])["document"]
    assert document == campaign.view(sam)["systems"][SYSTEM]
    assert document["trading"]["pending"]["who"] == "oskra-vey"
    assert [len(cards) for cards in document["trading"]["laid_out"].values()] == [3, 3, 3, 3]

    rebuilt = Projections(store, NAMES)
    for name in NAMES:
        rebuilt.rebuild(name)
    assert _rows(rebuilt) == rows
    project = system_named(SYSTEM).campaign_projections["blackstone-campaign"]
    stored = msgspec.json.decode(rows["blackstone-campaign"][campaign.id])["document"]
    assert msgspec.json.encode(stored, order="sorted") == row_bytes(project(ledger.campaign(campaign.id).game(SYSTEM)))
