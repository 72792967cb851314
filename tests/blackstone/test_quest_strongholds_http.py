"""A quest over HTTP to a stronghold conquered (blackstone-fortress.md#NEW EXPEDITIONS,
#STRONGHOLDS, #PRECIPICE): the campaign's dice pinned by its client seed on known server seeds,
the expeditions played with the table's dice (manual-dice missions, tests/blackstone/table_play.py),
their combats through the server's own AI. Four clues found; an explorer dies in a combat and
may not set out again; a third expedition; the stronghold attack agreed with the four clues,
drawn, and played through its cards to conquest; then every projection rebuilt from zero
equals the live one."""

from __future__ import annotations

from typing import Any

import msgspec

from projections.models import NAMES
from projections.runner import Projections
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


def _events(response: Any) -> list[dict]:
    assert response.status_code == 201, response.text
    return [r["event"] for r in response.json()["events"]]


def _of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


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


def test_a_death_a_third_expedition_and_a_stronghold_conquered_over_http(seeded, seeded_ledger):
    campaign = Campaign(seeded, "Stronghold quest", client_seed="stronghold-quest")
    ann = campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    bob = campaign.invite("bob", "player", ["marek-dunn", "sister-quill"])
    sam = campaign.invite("sam", "spectator")
    host, url = campaign.host, f"/campaigns/{campaign.id}/commands"

    def quest(member: Any, command: dict) -> list[dict]:
        return _events(member.post(url, {"command": {"type": f"{SYSTEM}.{command.pop('type')}", **command}}))

    def precipice(leader: Any, explorers: dict[str, Any]) -> dict:
        """The legacy step and a trading step where nobody trades; the card drawn."""
        drawn = quest(leader, {"type": "DrawLegacy"})[-1]
        quest(leader, {"type": "BeginTrading"})
        for explorer, member in explorers.items():
            quest(member, {"type": "Trade", "explorer": explorer})
        return drawn

    def expedition(name: str, explorers: str, players: str, exploration: list[str] = (), discovery: list[str] = (), mode: str = "expedition") -> TableExpedition:
        options = {"mode": mode, "explorers": explorers, "players": players}
        return TableExpedition(host, seeded_ledger, campaign.id, name, options, exploration, discovery)

    quest(host, {"type": "BeginQuest", "pack": "core"})

    # 1. Clues: Ysolde and Kettle pass both agility rolls and draw the four clues.
    first = expedition("Clues", FIRST, "ann, bob", ["abandoned-cache", "hidden-alcove"], CLUES)
    agile = TableFaces(agile=("ysolde-marr", "brother-kettle"))
    for _ in ("abandoned-cache", "hidden-alcove"):
        first.do({"type": "Explore"}, agile)
        first.do({"type": "Recover"})
        first.do({"type": "PassLead"})
    read = [r["event"] for r in sam.read(f"/missions/{first.id}/events?limit=1000")["events"]]
    found = [(e["unit"], e["card"]) for e in _of(read, "DiscoveryDrawn")]
    assert found == [("ysolde-marr", "scratched-map"), ("brother-kettle", "dead-mans-log"), ("ysolde-marr", "broken-beacon"), ("brother-kettle", "chalk-sigil")]
    first.do({"type": "EndExpedition"})
    assert host.end(first.id, "ended").status_code == 201
    drawn = [precipice(ann, dict.fromkeys(ATTACKERS, ann))["card"]]

    # 2. A death: the hostiles hit Marek Dunn critically until he is out of action; the others
    # escape; his recovery roll (1) is under his grievous wounds.
    second = expedition("Death", SECOND, "bob, ann", ["sunken-passage"])
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
    drawn.append(precipice(bob, {"sister-quill": bob, "oskra-vey": ann, "pim-and-pell": ann})["card"])

    # The dead explorer may not set out again (#NEW EXPEDITIONS).
    again = campaign.create_mission("Again", system=SYSTEM, options={"mode": "expedition", "explorers": SECOND, "players": "bob"})
    assert (again.status_code, again.json()["code"], again.json()["rule"], again.json()["params"]) == (422, "explorer_dead", "blackstone-fortress.md#NEW EXPEDITIONS", {"explorers": ["marek-dunn"]})

    # 3. A third expedition with other explorers: a quiet hall, then home.
    third = expedition("Third", THIRD, "ann, bob", ["silent-hall"])
    assert _of(third.do({"type": "Explore"}), "ExplorationCardRevealed")[0]["card"] == "silent-hall"
    third.do({"type": "Recover"})
    third.do({"type": "PassLead"})
    third.do({"type": "EndExpedition"})
    assert host.end(third.id).status_code == 201
    drawn.append(precipice(bob, {"sister-quill": bob, "ysolde-marr": ann, "brother-kettle": ann, "pim-and-pell": ann})["card"])
    assert drawn == ["tales-at-precipice", "wights-grow-bold", "the-brute-armours"]

    # 4. The stronghold: the four clues spent, the stronghold drawn, its cards played to conquest.
    attack = quest(host, {"type": "AttackStronghold", "explorers": ATTACKERS, "clues": CLUES})
    assert attack[-1] == {"type": f"{SYSTEM}.StrongholdDrawn", "stronghold": "glass-orrery", "explorers": ATTACKERS}
    assert [e["type"] for e in attack] == [f"{SYSTEM}.CluesSpent", "CampaignDiceRolled", f"{SYSTEM}.StrongholdDrawn"]
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

    view = sam.read(f"/campaigns/{campaign.id}")["systems"][SYSTEM]
    marek = view["explorers"]["marek-dunn"]
    assert (marek["dead"], marek["mortis"], marek["expeditions"]) == (True, "lost-in-the-dark", [second.id])
    assert view["available"] == ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell", "sister-quill"]
    assert view["strongholds"] == {"attack": None, "conquered": ["glass-orrery"], "hidden_vault": "hidden-vault", "left": 3}
    assert [view["explorers"][x]["artefacts"] for x in ("ysolde-marr", "brother-kettle")] == [["orrery-gear"], ["star-lens"]]
    records = sorted(view["expeditions"].values(), key=lambda r: r["number"])
    assert [(r["mission_id"], r["outcome"], r["stronghold"], r["leader"]) for r in records] == [
        (first.id, "agreed", "", "ann"),
        (second.id, "death", "", "bob"),
        (third.id, "agreed", "", "bob"),
        (assault.id, "conquered", "glass-orrery", "ann"),
    ]
    assert view["clues"] == 0 and view["decks"]["discovery"] == 15  # the clues went back into the deck

    # The campaign's draws were on its pinned client seed; its chain holds.
    assert [e["client_seed"] for e in sam.read(f"/campaigns/{campaign.id}/audit")["epochs"]] == ["stronghold-quest"]
    assert sam.read(f"/campaigns/{campaign.id}/verify")["chain"]["ok"]

    # Every projection followed live equals one rebuilt from zero.
    live = Projections(seeded_ledger.store, NAMES, page_size=40, save_every_s=0)
    for runner in live.runners.values():
        while runner.catch_up(max_pages=1):
            pass
    rebuilt = Projections(seeded_ledger.store, NAMES)
    for name in NAMES:
        rebuilt.rebuild(name)
    assert {n: rebuilt.tables.rows(n) for n in NAMES} == {n: live.tables.rows(n) for n in NAMES}
    assert msgspec.json.decode(live.tables.row("blackstone-campaign", campaign.id))["document"] == view
