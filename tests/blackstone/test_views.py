"""Hidden information over HTTP (design.md#Hash chain, hidden information;
blackstone-fortress.md#SETUP: the encounter deck face down; #COMBAT: the initiative deck
shuffled face down, then dealt face up): no reader, the host included, learns a deck's order
from the mission view, the event pages or the stream until a card is drawn."""

from __future__ import annotations

import json

from domain.codecs import mission_codec
from domain.kit import decks
from tests.harness import Campaign

OPTIONS = {"combat": "sunken-passage", "explorers": "Ysolde Marr, Pim and Pell"}
SYSTEM = "blackstone-fortress"


def shuffles(events: list[dict], purpose: str) -> list[dict]:
    return [e for e in events if e["type"] == "DiceRolled" and e["purpose"] == purpose]


def test_no_reader_sees_the_encounter_or_initiative_order_until_it_is_drawn(client):
    campaign = Campaign(client, "Fortress")
    ann = campaign.invite("ann", "player", ["ysolde-marr"])
    sam = campaign.invite("sam", "spectator")
    mission = campaign.mission(SYSTEM, system=SYSTEM, options=OPTIONS, client_seed="views")
    campaign.host.accepted(mission, {"type": "StartTurn"})
    before = {}
    for who in (campaign.host, ann, sam):
        game = who.get(f"/missions/{mission}").json()["game"]
        pile = game["encounter"]["draw_pile"]
        assert len(pile) == 5 and pile == sorted(pile)  # one card drawn for marker 1; the rest unordered
        assert game["order"] and sorted(game["order"]) == ["group-1", "pim-and-pell", "ysolde-marr"]  # dealt face up
        events = [r["event"] for r in who.read(f"/missions/{mission}/events?limit=1000")["events"]]
        for purpose in ("shuffle the encounter deck", "shuffle the initiative deck"):
            (shuffle,) = shuffles(events, purpose)
            assert (shuffle["order"], shuffle["faces"], shuffle["results"]) == (None, [], [])
        stream = who.get(f"/missions/{mission}/stream?follow=false")
        assert stream.status_code == 200
        before[who.name] = (pile, stream.text)
    # The end reveals the seed: the proven order was never shown before.
    campaign.host.post(f"/missions/{mission}/end", {"outcome": "defeat"})
    events = [r["event"] for r in sam.read(f"/missions/{mission}/events?limit=1000")["events"]]
    (shuffle,) = shuffles(events, "shuffle the encounter deck")
    record = {"stream": mission, "position": 1, "at": "", "actor": "", "prev_hash": "", "event": shuffle}
    order = decks.order_of(mission_codec(SYSTEM).decode(json.dumps(record).encode()).event)
    drawn = next(e["card"] for e in events if e["type"] == "EncounterDrawn")
    assert order[0] == drawn
    for pile, stream in before.values():
        assert pile == sorted(order[1:])
        if list(order[1:]) != pile:
            assert json.dumps(list(order[1:]), separators=(",", ":")) not in stream
