"""The whole quest over HTTP (issue 15, "Tests"; blackstone-fortress.md#PRECIPICE, #NEW
EXPEDITIONS, #STRONGHOLDS, #ONE-OFF EXPEDITIONS): ONE campaign, its dice pinned by its client
seed on the server's counted seeds (tests/blackstone/conftest.py), its expeditions played with
the table's dice (manual-dice missions, tests/blackstone/table_play.py), their combats through
the server's own AI. Three expeditions with different explorers and players: the first finds
four clues and is paused and resumed; in the second an explorer dies, takes his mortis card
and may not set out again; a third. The Precipice between them, led by the last leader, with
its legacy draw and trading (in the order the leader gives, each player for its own explorers,
a resource card bought). Then the stronghold attack played through its cards to conquest; a
one-off expedition at each difficulty; every projection rebuilt from zero equals the live one
byte for byte; and the campaign exported and imported into another store gives the same
projections. A second campaign runs its legacy deck out and the quest fails."""

from __future__ import annotations

import secrets
from typing import Any

import msgspec
from litestar.testing import TestClient

from api.http.app import create_app
from projections.models import NAMES
from projections.runner import Projections
from service.ledger import Ledger
from service.seal import Sealer
from service.store import EventStore
from tests.blackstone.table_play import (
    SYSTEM,
    TableExpedition,
    TableFaces,
    escape,
    fight_and_escape,
)
from tests.harness import Campaign

FIRST = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"
SECOND = "Marek Dunn, Sister Quill, Oskra Vey, Pim and Pell"
THIRD = "Sister Quill, Ysolde Marr, Brother Kettle, Pim and Pell"
CLUES = ["scratched-map", "dead-mans-log", "broken-beacon", "chalk-sigil"]
ATTACKERS = ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"]
QUEST = ("legacy-deck", "blackstone-campaign")
#: #ONE-OFF EXPEDITIONS: the clues and archeotech each difficulty asks for.
LEVELS = {"normal": (4, 8), "hard": (5, 9), "extreme": (6, 10)}


def _events(response: Any) -> list[dict]:
    assert response.status_code == 201, response.text
    return [r["event"] for r in response.json()["events"]]


def _of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def _refused(response: Any) -> tuple:
    body = response.json()
    return response.status_code, body["code"], body.get("rule"), body.get("params")


def _rows(projections: Projections, names: tuple[str, ...] | list[str] = NAMES) -> dict[str, dict[str, bytes]]:
    return {name: projections.tables.rows(name) for name in names}


def marek_leads(turn: Any) -> bool:
    """Marek Dunn walks towards the hostiles (the portal's hexes) while the others hold; once
    he is out of action the others fight and escape."""
    game = turn.game
    if game.tracks["marek-dunn"].out_of_action:
        return fight_and_escape(turn)
    if game.phase == "activation" and game.current not in (None, "marek-dunn") and game.current in game.tracks:
        turn.accepted({"type": "EndActivation", "unit": game.current})
        return True
    return escape(turn)


def test_a_whole_quest_over_http_rebuilds_and_moves_to_another_store_with_the_same_projections(seeded, seeded_ledger, tmp_path):
    campaign = Campaign(seeded, "Fortress quest", client_seed="stronghold-quest")
    ann = campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    bob = campaign.invite("bob", "player", ["marek-dunn", "sister-quill"])
    sam = campaign.invite("sam", "spectator")
    host, url = campaign.host, f"/campaigns/{campaign.id}/commands"

    def quest(member: Any, command: dict) -> list[dict]:
        return _events(member.post(url, {"command": {"type": f"{SYSTEM}.{command.pop('type')}", **command}}))

    def trade(explorers: dict[str, Any]) -> list[dict]:
        """Each explorer, in turn, visits no spacecraft; the events of the last trade."""
        for explorer, member in explorers.items():
            traded = quest(member, {"type": "Trade", "explorer": explorer})
        return traded

    def precipice(leader: Any, explorers: dict[str, Any]) -> dict:
        """The legacy step and a trading step where nobody trades; the card drawn."""
        drawn = quest(leader, {"type": "DrawLegacy"})[-1]
        quest(leader, {"type": "BeginTrading"})
        assert trade(explorers)[-1]["type"] == f"{SYSTEM}.TradingEnded"
        return drawn

    def expedition(name: str, explorers: str, players: str, exploration: list[str] = (), discovery: list[str] = (), mode: str = "expedition") -> TableExpedition:
        options = {"mode": mode, "explorers": explorers, "players": players}
        return TableExpedition(host, seeded_ledger, campaign.id, name, options, exploration, discovery)

    quest(host, {"type": "BeginQuest", "pack": "core"})

    # 1. Clues: Ysolde and Kettle pass both agility rolls and draw the four clues; the
    # expedition is paused after its first exploration step and carried on another day.
    first = expedition("Clues", FIRST, "ann, bob", ["abandoned-cache", "hidden-alcove"], CLUES)
    agile = TableFaces(agile=("ysolde-marr", "brother-kettle"))
    explored = first.do({"type": "Explore"}, agile)
    assert _of(explored, "ExplorationCardRevealed") == [{"type": "ExplorationCardRevealed", "round": 1, "kind": "challenge", "card": "abandoned-cache"}]
    assert sam.mission(first.id)["game"]["step"] == "recovery"
    assert first.do({"type": "PauseExpedition"}) == [{"type": "ExpeditionPaused", "round": 1, "card": "abandoned-cache"}]
    assert _refused(ann.command(first.id, {"type": "Recover"}))[:3] == (422, "expedition_paused", "blackstone-fortress.md#ENDING AN EXPEDITION")
    first.do({"type": "ResumeExpedition"})
    assert first.do({"type": "Recover"}) == [{"type": "RecoveryFinished", "round": 1}]
    assert first.do({"type": "PassLead"}) == [{"type": "LeadPassed", "leader": "bob", "round": 2}]
    first.do({"type": "Explore"}, agile)
    first.do({"type": "Recover"})
    first.do({"type": "PassLead"})
    read = [r["event"] for r in sam.read(f"/missions/{first.id}/events?limit=1000")["events"]]
    found = [(e["unit"], e["card"]) for e in _of(read, "DiscoveryDrawn")]
    assert found == [("ysolde-marr", "scratched-map"), ("brother-kettle", "dead-mans-log"), ("ysolde-marr", "broken-beacon"), ("brother-kettle", "chalk-sigil")]
    first.do({"type": "EndExpedition"})
    assert host.end(first.id, "ended").status_code == 201

    # The Precipice comes first (#NEW EXPEDITIONS); Ann held the leader marker at the end, so
    # she leads it (#PRECIPICE): Bob may not draw.
    attack = {"type": f"{SYSTEM}.AttackStronghold", "explorers": ATTACKERS, "clues": CLUES}
    assert _refused(host.post(url, {"command": attack})) == (422, "precipice_due", "blackstone-fortress.md#NEW EXPEDITIONS", {"expedition": first.id})
    assert _refused(bob.post(url, {"command": {"type": f"{SYSTEM}.DrawLegacy"}})) == (422, "not_the_leader", "blackstone-fortress.md#PRECIPICE", {"leader": "ann"})
    drawn = [quest(ann, {"type": "DrawLegacy"})[-1]]
    order = ["pim-and-pell", "oskra-vey", "ysolde-marr", "brother-kettle"]
    begun = quest(ann, {"type": "BeginTrading", "order": order})
    assert {e["spacecraft"]: e["cards"] for e in _of(begun, f"{SYSTEM}.ResourcesLaidOut")} == {
        "gilded-wake": ["broker-credit", "sealed-ration", "gilded-scope"],
        "pale-orchard": ["orchard-pass", "thorn-vest", "surgeon-kit"],
        "quiet-anvil": ["anvil-plate", "tempered-edge", "recoil-brace"],
        "rusted-psalm": ["hymn-beacon", "blessed-rounds", "patched-plating"],
    }
    assert (begun[-1]["type"], begun[-1]["order"], begun[-1]["choice"]["who"]) == (f"{SYSTEM}.TradingBegun", order, "pim-and-pell")
    # A player trades only for the explorers it controls (its seats).
    others = bob.post(url, {"command": {"type": f"{SYSTEM}.Trade", "explorer": "pim-and-pell"}})
    assert (others.status_code, others.json()["code"], others.json()["params"]) == (403, "not_your_unit", {"member": "bob", "units": ["pim-and-pell"]})
    trade({"pim-and-pell": ann, "oskra-vey": ann})
    # Ysolde visits her own ship (+1 trading point, no archeotech to convert): one card of cost 1.
    visit = {"type": f"{SYSTEM}.Trade", "explorer": "ysolde-marr", "spacecraft": "gilded-wake"}
    dear = ann.post(url, {"command": {**visit, "buy": ["broker-credit", "sealed-ration"]}})
    assert _refused(dear) == (422, "not_enough_trading_points", "blackstone-fortress.md#PRECIPICE", {"points": 1, "bonus": 1, "credit": 0, "cost": 2})
    bought = _events(ann.post(url, {"command": {**visit, "buy": ["broker-credit"]}}))
    assert bought[0] == {"type": f"{SYSTEM}.Traded", "explorer": "ysolde-marr", "spacecraft": "gilded-wake", "converted": [], "bought": ["broker-credit"], "points": 1, "spent": 1, "lost": 0, "credits": []}
    assert trade({"brother-kettle": ann})[-1] == {"type": f"{SYSTEM}.TradingEnded", "expedition": first.id}
    # The clues are Ysolde's and Kettle's: other explorers cannot spend them; no vault yet.
    strangers = {**attack, "explorers": ["marek-dunn", "sister-quill", "oskra-vey", "pim-and-pell"]}
    assert _refused(host.post(url, {"command": strangers})) == (422, "clues_not_held", "blackstone-fortress.md#STRONGHOLDS", {"clues": CLUES, "held": []})
    held = campaign.view(sam)["systems"][SYSTEM]
    assert (held["clues"], held["explorers"]["ysolde-marr"]["clues"], held["explorers"]["brother-kettle"]["clues"]) == (4, 2, 2)
    sealed = host.post(url, {"command": {"type": f"{SYSTEM}.AttemptVault", "explorers": ATTACKERS}})
    assert (sealed.status_code, sealed.json()["code"], sealed.json()["params"]) == (422, "vault_sealed", {"conquered": 0, "needed": 4})

    # 2. A death: the hostiles hit Marek Dunn critically until he is out of action; the others
    # escape; his recovery roll (1) is under his grievous wounds.
    second = expedition("Death", SECOND, "bob, ann", ["sunken-passage"])
    assert [c["id"] for c in sam.mission(second.id)["game"]["legacy"]] == [drawn[0]["card"]]  # in force
    second.do({"type": "Explore"})
    deadly = TableFaces(hit="marek-dunn", behaviour=20)
    fought = second.combat(deadly, strategy=marek_leads)
    assert _of(fought, "CombatEnded") == [{"type": "CombatEnded", "outcome": "escaped"}]
    recovered = second.do({"type": "Recover"})
    assert _of(recovered, "RecoveryRolled") == [{"type": "RecoveryRolled", "unit": "marek-dunn", "face": 1, "grievous": 4, "died": True}]
    assert recovered[-1] == {"type": "ExpeditionEnded", "outcome": "death"}
    assert host.end(second.id).status_code == 201
    mortis = quest(host, {"type": "Heal"})
    assert _of(mortis, f"{SYSTEM}.MortisTaken") == [{"type": f"{SYSTEM}.MortisTaken", "explorer": "marek-dunn", "card": "lost-in-the-dark"}]
    drawn.append(precipice(bob, {"sister-quill": bob, "oskra-vey": ann, "pim-and-pell": ann}))

    # The dead explorer may not set out again (#NEW EXPEDITIONS).
    again = campaign.create_mission("Again", system=SYSTEM, options={"mode": "expedition", "explorers": SECOND, "players": "bob"})
    assert _refused(again) == (422, "explorer_dead", "blackstone-fortress.md#NEW EXPEDITIONS", {"explorers": ["marek-dunn"]})

    # 3. A third expedition with other explorers: a quiet hall, then home.
    third = expedition("Third", THIRD, "ann, bob", ["silent-hall"])
    assert _of(third.do({"type": "Explore"}), "ExplorationCardRevealed")[0]["card"] == "silent-hall"
    third.do({"type": "Recover"})
    third.do({"type": "PassLead"})
    third.do({"type": "EndExpedition"})
    assert host.end(third.id).status_code == 201
    drawn.append(precipice(bob, {"sister-quill": bob, "ysolde-marr": ann, "brother-kettle": ann, "pim-and-pell": ann}))
    assert [(d["card"], d["expedition"], d["number"]) for d in drawn] == [
        ("tales-at-precipice", first.id, 1),
        ("wights-grow-bold", second.id, 2),
        ("the-brute-armours", third.id, 3),
    ]

    # 4. The stronghold: the four clues spent, the stronghold drawn, its cards played to conquest.
    attacked = _events(host.post(url, {"command": attack}))
    assert attacked[-1] == {"type": f"{SYSTEM}.StrongholdDrawn", "stronghold": "glass-orrery", "explorers": ATTACKERS}
    assert [e["type"] for e in attacked] == [f"{SYSTEM}.CluesSpent", "CampaignDiceRolled", f"{SYSTEM}.StrongholdDrawn"]
    assault = expedition("Assault", FIRST, "ann, bob", mode="stronghold")
    conquered = []
    for _ in range(3):
        conquered += assault.do({"type": "Explore"})
        if assault.game.step == "combat":
            conquered += assault.combat()
        conquered += assault.do({"type": "Recover"})
        if assault.game.step == "leader":
            conquered += assault.do({"type": "PassLead"})
    revealed = [(e["kind"], e["card"]) for e in _of(conquered, "ExplorationCardRevealed")]
    assert revealed == [("challenge", "crumbling-ledge"), ("combat", "passage-ambush"), ("combat", "sunken-passage")]
    assert _of(conquered, "CombatEnded") == [{"type": "CombatEnded", "outcome": "escaped"}] * 2
    assert conquered[-2:] == [
        {"type": "StrongholdConquered", "stronghold": "glass-orrery", "artefacts": {"brother-kettle": ["star-lens"], "ysolde-marr": ["orrery-gear"]}},
        {"type": "ExpeditionEnded", "outcome": "conquered"},
    ]
    assert host.end(assault.id).status_code == 201

    # 5. A one-off expedition at each difficulty (server dice), judged by what it found.
    one_offs = {}
    for difficulty, (clues, archeotech) in LEVELS.items():
        mission = campaign.mission(f"One-off ({difficulty})", system=SYSTEM, options={"mode": "one-off", "difficulty": difficulty, "explorers": FIRST, "players": "ann"}, client_seed=difficulty)
        judged = _events(host.command(mission, {"type": "EndExpedition"}))
        assert judged == [
            {"type": "ExpeditionEnded", "outcome": "agreed"},
            {"type": "ObjectiveJudged", "difficulty": difficulty, "clues": 0, "archeotech": 0, "needed_clues": clues, "needed_archeotech": archeotech, "achieved": False},
        ]
        assert host.end(mission).status_code == 201
        one_offs[mission] = difficulty

    view = campaign.view(sam)
    results = {c["mission_id"]: (c["result"], c["heroes"]) for c in view["concluded"]}
    assert {m: results[m] for m in one_offs} == {m: ("lost", {}) for m in one_offs}
    assert results[first.id] == ("agreed", dict.fromkeys(["brother-kettle", "oskra-vey", "pim-and-pell", "ysolde-marr"], "standing"))
    quest_view = view["systems"][SYSTEM]
    marek = quest_view["explorers"]["marek-dunn"]
    assert (marek["dead"], marek["mortis"], marek["expeditions"]) == (True, "lost-in-the-dark", [second.id])
    assert quest_view["explorers"]["oskra-vey"]["expeditions"] == [first.id, second.id, assault.id]
    assert quest_view["available"] == ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell", "sister-quill"]
    assert quest_view["strongholds"] == {"attack": None, "conquered": ["glass-orrery"], "hidden_vault": "hidden-vault", "left": 3}
    assert [quest_view["explorers"][x]["artefacts"] for x in ("ysolde-marr", "brother-kettle")] == [["orrery-gear"], ["star-lens"]]
    assert quest_view["explorers"]["ysolde-marr"]["resources"] == ["broker-credit"]
    assert quest_view["decks"] == {"discovery": 15, "resources": {"gilded-wake": 5, "pale-orchard": 6, "quiet-anvil": 6, "rusted-psalm": 6}, "mortis": 3}
    records = sorted(quest_view["expeditions"].values(), key=lambda r: r["number"])
    assert [(r["mission_id"], r["outcome"], r["stronghold"], r["leader"]) for r in records] == [
        (first.id, "agreed", "", "ann"),
        (second.id, "death", "", "bob"),
        (third.id, "agreed", "", "bob"),
        (assault.id, "conquered", "glass-orrery", "ann"),
    ]
    assert [(d["number"], d["card"], d["expedition"]) for d in quest_view["legacy"]["drawn"]] == [(d["number"], d["card"], d["expedition"]) for d in drawn]
    assert quest_view["legacy"]["left"] == 5
    assert quest_view["clues"] == 0 and quest_view["decks"]["discovery"] == 15  # the clues went back into the deck
    # The campaign's draws were on its pinned client seed; its chain holds.
    assert [e["client_seed"] for e in sam.read(f"/campaigns/{campaign.id}/audit")["epochs"]] == ["stronghold-quest"]
    assert sam.read(f"/campaigns/{campaign.id}/verify")["chain"]["ok"]

    # 6. Every projection followed live in small pages equals one rebuilt from zero.
    store = seeded_ledger.store
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

    # 7. Exported and imported into another store: the same quest projections.
    assert host.post(url, {"command": {"type": "RotateCampaignSeed"}}).status_code == 201
    export = host.get(f"/campaigns/{campaign.id}/export").content
    other = EventStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "other.sqlite3")})
    try:
        with TestClient(create_app(Ledger(other, Sealer(secrets.token_bytes(32))))) as there:
            imported = there.post("/imports", content=export, headers={"content-type": "application/x-ndjson"})
            assert imported.status_code == 201, imported.text
        here, moved = Projections(store, QUEST), Projections(other, QUEST)
        here.catch_up()
        moved.catch_up()
        assert _rows(moved, QUEST) == _rows(here, QUEST)
        assert msgspec.json.decode(moved.tables.row("legacy-deck", campaign.id))["document"] == quest_view["legacy"]
    finally:
        other.close()


def test_the_legacy_deck_running_out_ends_the_quest_in_failure_over_http(seeded):
    """#PRECIPICE, 2. Legacy step: eight expeditions ended at once by agreement each draw one of
    the eight legacy cards (on the pinned client seed); the ninth Precipice wants a card and
    none is left, so the quest fails (#THE HIDDEN VAULT) and nothing more may set out."""
    campaign = Campaign(seeded, "Short quest", client_seed="short-quest")
    campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    sam = campaign.invite("sam", "spectator")
    host, url = campaign.host, f"/campaigns/{campaign.id}/commands"
    options = {"mode": "expedition", "explorers": FIRST, "players": "ann"}

    def legacy_step() -> list[dict]:
        return _events(host.post(url, {"command": {"type": f"{SYSTEM}.DrawLegacy"}}))

    assert _events(host.post(url, {"command": {"type": f"{SYSTEM}.BeginQuest", "pack": "core"}}))
    missions, drawn = [], []
    for number in range(1, 10):
        mission = campaign.mission(f"Expedition {number}", system=SYSTEM, options=options, client_seed=f"short-{number}")
        assert _events(host.command(mission, {"type": "EndExpedition"})) == [{"type": "ExpeditionEnded", "outcome": "agreed"}]
        assert host.end(mission, "ended").status_code == 201
        missions.append(mission)
        drawn.append(legacy_step()[-1])
    failed = drawn.pop()
    assert failed == {"type": f"{SYSTEM}.QuestFailed", "expedition": missions[-1], "reason": "legacy_deck_empty"}
    assert [(d["card"], d["expedition"], d["number"]) for d in drawn] == [
        (card, missions[n], n + 1)
        for n, card in enumerate(["wights-grow-bold", "sealed-passage", "old-wounds", "tales-at-precipice", "stalkers-hunt", "the-brute-armours", "lost-cache", "quiet-stars"])
    ]
    legacy = campaign.view(sam)["systems"][SYSTEM]["legacy"]
    assert (legacy["left"], legacy["outcome"], legacy["failure"], len(legacy["drawn"])) == (0, "failed", "legacy_deck_empty", 8)
    over = host.post(url, {"command": {"type": f"{SYSTEM}.DrawLegacy"}})
    assert _refused(over) == (422, "quest_over", "blackstone-fortress.md#PRECIPICE", {"outcome": "failed"})
    ended = campaign.create_mission("Too late", system=SYSTEM, options=options)
    assert _refused(ended) == (422, "quest_over", "blackstone-fortress.md#THE HIDDEN VAULT", {"outcome": "failed"})
