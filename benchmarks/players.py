"""A scripted Star Quest party played over HTTP, as a front-end would, with the tests' harness
(tests/harness.py) and its Star Quest players (tests/starquest/players.py): the sample pack's
"scrapyard-brawl" with two heroes (the gunner and the bruiser), played `hold_and_shoot` (each
hero activates, holds and shoots the nearest enemy it can, and ends its activation). The
server's worker plays the enemies."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import httpx

from tests.harness import Campaign, Client, ScriptedPlayer, over
from tests.starquest.players import brawl, hold_and_shoot

#: The gunner's six-attack carbine makes a shot of about ten dice (hit rolls, then blocks).
HEROES = ("tamsin-rook", "gorm-hadley")


def party_campaign(client: Client, name: str = "Bench") -> Campaign:
    """A campaign with a host and one player, "ann", who commands both heroes."""
    campaign = Campaign(client, name)
    campaign.invite("ann", "player", HEROES)
    return campaign


class Party:
    """Plays hero turns on one mission as "ann", timing each accepted command's round trip by
    command type; a new mission replaces one whose battle is decided."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign, self.ann = campaign, campaign.members["ann"]
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.dice_per_shot: list[int] = []
        self.accepted = 0
        self.player = ScriptedPlayer(self.ann, self._mission(), hold_and_shoot, on_command=self._timed)

    def _mission(self) -> str:
        return brawl(self.campaign, by=self.ann, heroes=HEROES, seed="bench")

    def _timed(self, command: Mapping[str, Any], response: httpx.Response, ms: float) -> None:
        if response.status_code != 201:
            return
        self.latencies[command["type"]].append(ms)
        self.accepted += 1
        if command["type"] == "Shoot":
            events = response.json()["events"]
            self.dice_per_shot.append(sum(len(r["event"].get("faces", [])) for r in events if r["event"]["type"] == "DiceRolled"))

    def battle(self) -> dict:
        return self.player.view()

    def step(self, wait_s: float = 60) -> None:
        """One move of the heroes (a hero's turn, or an answer), after waiting for the AI phase
        to pass; a finished mission is replaced."""
        deadline = time.monotonic() + wait_s
        while True:
            turn = self.player.turn()
            if over(turn):
                # ended by the host, so the campaign frees its heroes for the next one
                ended = self.campaign.host.end(self.player.mission_id)
                assert ended.status_code == 201, ended.text
                self.player.mission_id = self._mission()
                continue
            if self.player.strategy(turn):
                return
            if time.monotonic() > deadline:
                raise SystemExit(f"mission {self.player.mission_id} stayed in phase {turn.game.phase} for {wait_s}s")
            time.sleep(0.025)  # a front-end would follow the stream; polling gently keeps the load honest
