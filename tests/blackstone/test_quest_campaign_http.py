"""A quest over HTTP on seeded dice (the server's fresh seeds from a counter, so every roll is
known): an expedition paused and resumed, the Precipice led by the expedition's last leader, with
its legacy draw and trading in the order that leader gives (each player trading for its own
explorers), a stronghold attack refused without the clues, a second expedition
with other explorers, one-off expeditions at each difficulty; then every projection rebuilt
from zero equals the live one byte for byte, and the campaign exported and imported elsewhere
gives the same projections."""

from __future__ import annotations

import secrets

import msgspec
from litestar.testing import TestClient

from api.http.app import create_app
from projections.models import NAMES
from projections.runner import Projections
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore
from tests.harness import Campaign

SYSTEM = "blackstone-fortress"
FIRST = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"
SECOND = "Marek Dunn, Sister Quill, Oskra Vey, Pim and Pell"
QUEST = ("legacy-deck", "blackstone-campaign")



def _events(response) -> list[dict]:  # noqa: ANN001 - an httpx response
    assert response.status_code == 201, response.text
    return [r["event"] for r in response.json()["events"]]


def _rows(projections: Projections) -> dict[str, dict[str, bytes]]:
    return {name: projections.tables.rows(name) for name in NAMES}


def test_a_quest_over_http_rebuilds_and_moves_to_another_server_with_the_same_projections(seeded, store, tmp_path):
    campaign = Campaign(seeded, "Fortress quest")
    campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    campaign.invite("bob", "player", ["marek-dunn", "sister-quill"])
    sam = campaign.invite("sam", "spectator")
    url = f"/campaigns/{campaign.id}/commands"

    def quest(command: dict) -> list[dict]:
        return _events(campaign.host.post(url, {"command": {"type": f"{SYSTEM}.{command.pop('type')}", **command}}))

    quest({"type": "BeginQuest", "pack": "core"})
    first = campaign.mission("First expedition", system=SYSTEM, options={"mode": "expedition", "explorers": FIRST, "players": "ann, bob"}, client_seed="first")
    revealed = [e for e in _events(campaign.host.command(first, {"type": "Explore"})) if e["type"] == "ExplorationCardRevealed"]
    assert revealed == [{"type": "ExplorationCardRevealed", "round": 1, "kind": "challenge", "card": "vault-of-echoes"}]
    assert sam.mission(first)["game"]["step"] == "recovery"
    assert _events(campaign.host.command(first, {"type": "PauseExpedition"})) == [{"type": "ExpeditionPaused", "round": 1, "card": "vault-of-echoes"}]
    paused = campaign.members["ann"].command(first, {"type": "Recover"})
    assert (paused.status_code, paused.json()["code"], paused.json()["rule"]) == (422, "expedition_paused", "blackstone-fortress.md#ENDING AN EXPEDITION")
    _events(campaign.host.command(first, {"type": "ResumeExpedition"}))
    assert _events(campaign.members["ann"].command(first, {"type": "Recover"})) == [{"type": "RecoveryFinished", "round": 1}]
    assert _events(campaign.members["ann"].command(first, {"type": "PassLead"})) == [{"type": "LeadPassed", "leader": "bob", "round": 2}]
    _events(campaign.host.command(first, {"type": "EndExpedition"}))
    assert campaign.host.end(first, "ended").status_code == 201
    attack = {"type": f"{SYSTEM}.AttackStronghold", "explorers": ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"], "clues": ["scratched-map", "dead-mans-log", "broken-beacon", "chalk-sigil"]}
    early = campaign.host.post(url, {"command": attack})
    assert (early.status_code, early.json()["code"], early.json()["rule"], early.json()["params"]) == (422, "precipice_due", "blackstone-fortress.md#NEW EXPEDITIONS", {"expedition": first})
    # #PRECIPICE: Bob held the leader marker when the expedition ended, so he leads the Precipice.
    ann, bob = campaign.members["ann"], campaign.members["bob"]
    not_leader = ann.post(url, {"command": {"type": f"{SYSTEM}.DrawLegacy"}})
    assert (not_leader.status_code, not_leader.json()["code"], not_leader.json()["rule"], not_leader.json()["params"]) == (422, "not_the_leader", "blackstone-fortress.md#PRECIPICE", {"leader": "bob"})
    # The campaign's dice take its id as their client seed: the card drawn is read, not pinned
    # (tests/blackstone/test_quest_dice_http.py pins one).
    drawn = _events(bob.post(url, {"command": {"type": f"{SYSTEM}.DrawLegacy"}}))[-1]
    assert (drawn["type"], drawn["expedition"], drawn["number"]) == (f"{SYSTEM}.LegacyDrawn", first, 1)
    order = ["pim-and-pell", "oskra-vey", "ysolde-marr", "brother-kettle"]
    begun = _events(bob.post(url, {"command": {"type": f"{SYSTEM}.BeginTrading", "order": order}}))[-1]
    assert (begun["type"], begun["order"], begun["choice"]["who"]) == (f"{SYSTEM}.TradingBegun", order, "pim-and-pell")
    # A player trades only for the explorers it controls (its seats).
    others = bob.post(url, {"command": {"type": f"{SYSTEM}.Trade", "explorer": "pim-and-pell"}})
    assert (others.status_code, others.json()["code"], others.json()["params"]) == (403, "not_your_unit", {"member": "bob", "units": ["pim-and-pell"]})
    for explorer in order:
        traded = _events(campaign.members["ann"].post(url, {"command": {"type": f"{SYSTEM}.Trade", "explorer": explorer}}))
    assert traded[-1] == {"type": f"{SYSTEM}.TradingEnded", "expedition": first}
    no_clues = campaign.host.post(url, {"command": attack})
    assert (no_clues.status_code, no_clues.json()["code"], no_clues.json()["rule"]) == (422, "clues_not_held", "blackstone-fortress.md#STRONGHOLDS")
    assert no_clues.json()["params"] == {"clues": attack["clues"], "held": []}
    sealed = campaign.host.post(url, {"command": {"type": f"{SYSTEM}.AttemptVault", "explorers": attack["explorers"]}})
    assert (sealed.status_code, sealed.json()["code"], sealed.json()["params"]) == (422, "vault_sealed", {"conquered": 0, "needed": 4})

    second = campaign.mission("Second expedition", system=SYSTEM, options={"mode": "expedition", "explorers": SECOND, "players": "bob, ann"}, client_seed="second")
    game = sam.mission(second)["game"]
    assert [c["id"] for c in game["legacy"]] == [drawn["card"]]
    _events(campaign.host.command(second, {"type": "EndExpedition"}))
    assert campaign.host.end(second, "ended").status_code == 201
    quest({"type": "DrawLegacy"})
    quest({"type": "BeginTrading"})
    for explorer in ("marek-dunn", "sister-quill", "oskra-vey", "pim-and-pell"):
        traded = _events(campaign.members["bob" if explorer in ("marek-dunn", "sister-quill") else "ann"].post(url, {"command": {"type": f"{SYSTEM}.Trade", "explorer": explorer}}))
    assert traded[-1]["type"] == f"{SYSTEM}.TradingEnded"

    one_offs = {}
    for difficulty in ("normal", "hard", "extreme"):
        mission = campaign.mission(f"One-off ({difficulty})", system=SYSTEM, options={"mode": "one-off", "difficulty": difficulty, "explorers": FIRST, "players": "ann"}, client_seed=difficulty)
        level = {"normal": (4, 8), "hard": (5, 9), "extreme": (6, 10)}[difficulty]
        judged = _events(campaign.host.command(mission, {"type": "EndExpedition"}))
        assert judged == [
            {"type": "ExpeditionEnded", "outcome": "agreed"},
            {"type": "ObjectiveJudged", "difficulty": difficulty, "clues": 0, "archeotech": 0, "needed_clues": level[0], "needed_archeotech": level[1], "achieved": False},
        ]
        assert campaign.host.end(mission).status_code == 201
        one_offs[mission] = difficulty
    view = campaign.view(sam)
    results = {c["mission_id"]: (c["result"], c["heroes"]) for c in view["concluded"]}
    assert {m: results[m] for m in one_offs} == {m: ("lost", {}) for m in one_offs}
    assert results[first] == ("agreed", dict.fromkeys(["brother-kettle", "oskra-vey", "pim-and-pell", "ysolde-marr"], "standing"))
    quest_view = view["systems"][SYSTEM]
    assert sorted(quest_view["expeditions"]) == sorted([first, second])
    assert [(d["number"], d["expedition"]) for d in quest_view["legacy"]["drawn"]] == [(1, first), (2, second)] and quest_view["legacy"]["left"] == 6
    assert quest_view["decks"] == {"discovery": 15, "resources": {"gilded-wake": 6, "pale-orchard": 6, "quiet-anvil": 6, "rusted-psalm": 6}, "mortis": 4}
    assert quest_view["explorers"]["oskra-vey"]["expeditions"] == [first, second]

    # Every projection followed live in small pages equals one rebuilt from zero.
    live = Projections(store, NAMES, page_size=40, save_every_s=0)
    for runner in live.runners.values():
        while runner.catch_up(max_pages=1):
            pass
    rows = _rows(live)
    rebuilt = Projections(store, NAMES)
    for name in NAMES:
        rebuilt.rebuild(name)
    assert _rows(rebuilt) == rows
    assert msgspec.json.decode(rows["blackstone-campaign"][campaign.id])["document"] == quest_view

    # Exported and imported on another server: the same quest projections.
    assert campaign.host.post(url, {"command": {"type": "RotateCampaignSeed"}}).status_code == 201
    export = campaign.host.get(f"/campaigns/{campaign.id}/export").content
    other = EventStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "other.sqlite3")})
    try:
        with TestClient(create_app(Ledger(other, Sealer(secrets.token_bytes(32))))) as there:
            imported = there.post("/imports", content=export, headers={"content-type": "application/x-ndjson"})
            assert imported.status_code == 201, imported.text
        here, moved = Projections(store, QUEST), Projections(other, QUEST)
        here.catch_up()
        moved.catch_up()
        assert _quest_rows(moved) == _quest_rows(here)
        assert msgspec.json.decode(moved.tables.row("legacy-deck", campaign.id))["document"] == quest_view["legacy"]
    finally:
        other.close()


def _quest_rows(projections: Projections) -> dict[str, dict[str, bytes]]:
    return {name: projections.tables.rows(name) for name in QUEST}
