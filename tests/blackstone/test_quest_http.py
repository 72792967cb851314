"""The quest over HTTP (docs/blackstone-expedition-design.md): the host begins it (the server
fills the pack's cards in), an expedition is a mission whose view hides the exploration deck,
its end reaches the campaign, and the legacy step's draw shows on `GET /campaigns/{id}`."""

from __future__ import annotations

from tests.blackstone.game import CORE
from tests.harness import Campaign

SYSTEM = "blackstone-fortress"
PARTY = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"


def test_a_quest_begins_sets_out_ends_an_expedition_and_draws_a_legacy_card(client):
    campaign = Campaign(client, "Fortress quest")
    ann = campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    sam = campaign.invite("sam", "spectator")
    url = f"/campaigns/{campaign.id}"
    begun = campaign.host.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.BeginQuest", "pack": "core"}})
    assert begun.status_code == 201, begun.text
    (event,) = [r["event"] for r in begun.json()["events"] if r["event"]["type"] == "blackstone-fortress.QuestBegun"]
    assert len(event["legacy_cards"]) == 8 and len(event["discovery_cards"]) == 15
    quest = campaign.view(sam)["systems"][SYSTEM]
    assert (quest["legacy"]["left"], quest["decks"]["discovery"]) == (8, 15)  # counts: a deck's cards are nobody's to list

    mission = campaign.mission(SYSTEM, system=SYSTEM, options={"mode": "expedition", "explorers": PARTY, "players": "ann"}, client_seed="quest")
    game = sam.mission(mission)["game"]
    assert (game["type"], game["dealt"], len(game["exploration"]["draw_pile"])) == ("Expedition", {}, 8)
    assert game["exploration"]["draw_pile"] == sorted(game["exploration"]["draw_pile"])
    events = [r["event"] for r in sam.read(f"/missions/{mission}/events?limit=1000")["events"]]
    for shuffle in (e for e in events if e["type"] == "DiceRolled"):
        assert (shuffle["order"], shuffle["faces"]) == (None, [])
    assert campaign.view(sam)["systems"][SYSTEM]["expeditions"][mission]["explorers"] == ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"]

    explored = campaign.host.command(mission, {"type": "Explore"})
    assert explored.status_code == 201, explored.text  # the host may act for the table
    step = sam.mission(mission)["game"]["step"]
    assert step in ("recovery", "combat")
    refused = ann.command(mission, {"type": "PassLead"})
    assert (refused.status_code, refused.json()["code"], refused.json()["params"]["command"]) == (422, "not_this_step", "PassLead")
    early = campaign.host.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.DrawLegacy"}})
    assert (early.status_code, early.json()["code"]) == (422, "no_legacy_step_due")
    assert campaign.host.end(mission, "ended").status_code == 201
    assert campaign.view(sam)["systems"][SYSTEM]["expeditions"][mission]["outcome"] == "ended"
    drawn = campaign.host.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.DrawLegacy"}})
    assert drawn.status_code == 201, drawn.text
    (legacy,) = [r["event"] for r in drawn.json()["events"] if r["event"]["type"] == "blackstone-fortress.LegacyDrawn"]
    quest = campaign.view(sam)["systems"][SYSTEM]
    name = CORE.named("legacy_cards", legacy["card"]).name
    assert quest["legacy"]["drawn"] == [{"card": legacy["card"], "name": name, "expedition": mission, "number": 1}]
    assert quest["legacy"]["left"] == 7
    (shuffle,) = sam.read(f"{url}/audit")["epochs"][0]["rolls"]
    assert shuffle["faces"] == []  # hidden until the campaign's seed is revealed

    trading = campaign.host.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.BeginTrading"}})
    assert trading.status_code == 201, trading.text
    laid = {e["spacecraft"]: e["cards"] for e in (r["event"] for r in trading.json()["events"]) if e["type"] == "blackstone-fortress.ResourcesLaidOut"}
    assert sorted(laid) == ["gilded-wake", "pale-orchard", "quiet-anvil", "rusted-psalm"] and {len(cards) for cards in laid.values()} == {3}
    waiting = campaign.view(sam)["systems"][SYSTEM]["trading"]
    assert (waiting["order"], waiting["pending"]["who"], waiting["pending"]["kind"]) == (["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"], "ysolde-marr", "trade")
    watcher = sam.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.Trade", "explorer": "ysolde-marr"}})
    assert watcher.status_code == 403
    early = ann.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.Trade", "explorer": "brother-kettle"}})
    assert (early.status_code, early.json()["code"], early.json()["params"]["waiting_for"]) == (422, "not_your_choice", "ysolde-marr")
    for explorer in waiting["order"]:
        stayed = ann.post(f"{url}/commands", {"command": {"type": "blackstone-fortress.Trade", "explorer": explorer}})
        assert stayed.status_code == 201, stayed.text
    assert stayed.json()["events"][-1]["event"] == {"type": "blackstone-fortress.TradingEnded", "expedition": mission}
    quest = campaign.view(sam)["systems"][SYSTEM]
    assert quest["trading"] is None and quest["expeditions"][mission]["traded"]
    rolls = sam.read(f"{url}/audit")["epochs"][0]["rolls"]
    assert len(rolls) == 5 and all(r["faces"] == [] for r in rolls)
