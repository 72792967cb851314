"""A scripted Star Quest party played over HTTP, as a front-end would: the sample pack's
"scrapyard-brawl" with two heroes (the gunner and the bruiser); each hero activates, holds and shoots the nearest enemy it
can, and ends its activation. The server's worker plays the enemies."""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from benchmarks.harness import Http

#: The gunner's six-attack carbine makes a shot of about ten dice (hit rolls, then blocks).
HEROES = ("tamsin-rook", "gorm-hadley")
OPTIONS = {"mission": "scrapyard-brawl", "heroes": "Tamsin Rook, Gorm Hadley"}


class Campaign:
    """A campaign with a host and one player who commands both heroes."""

    def __init__(self, http: Http, name: str = "Bench") -> None:
        self.http = http
        status, created = http.post("/campaigns", {"name": name})
        assert status == 201, created
        self.id, self.host = created["campaign_id"], created["host_token"]
        status, joined = http.post(f"/campaigns/{self.id}/members", {"name": "ann", "role": "player", "units": list(HEROES)}, self.host)
        assert status == 201, joined
        self.player = joined["token"]

    def table_mission(self, name: str = "Tray") -> str:
        """A mission of the table system: the dice tray only."""
        status, mission = self.http.post(f"/campaigns/{self.id}/missions", {"name": name}, self.host)
        assert status == 201, mission
        return mission["mission_id"]

    def star_quest_mission(self, rules: str = "en") -> str:
        """A sample mission, heroes deployed and the first round started."""
        body = {"name": "Brawl", "system": "star-quest", "rules_version": rules, "options": OPTIONS}
        status, mission = self.http.post(f"/campaigns/{self.id}/missions", body, self.host)
        assert status == 201, mission
        mission_id = mission["mission_id"]
        for n, hero in enumerate(HEROES):
            self.command(mission_id, {"type": "DeployHero", "unit": hero, "x": 9 + 5 * n, "y": 2})
        self.command(mission_id, {"type": "StartRound"})
        return mission_id

    def command(self, mission_id: str, command: dict) -> tuple[int, Any]:
        return self.http.post(f"/missions/{mission_id}/commands", {"command": command}, self.player)


class Party:
    """Plays hero turns on one mission, timing each command round trip by command type; a new
    mission replaces one that has ended."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.mission_id = campaign.star_quest_mission()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.dice_per_shot: list[int] = []
        self.accepted = 0

    def timed(self, command: dict) -> tuple[int, Any]:
        started = time.perf_counter()
        status, body = self.campaign.command(self.mission_id, command)
        if status == 201:
            self.latencies[command["type"]].append((time.perf_counter() - started) * 1000)
            self.accepted += 1
        return status, body

    def battle(self) -> dict:
        status, view = self.campaign.http.get(f"/missions/{self.mission_id}", self.campaign.player)
        assert status == 200, view
        return view

    def step(self, wait_s: float = 60) -> None:
        """One hero's turn, after waiting for the AI phase to pass; a finished mission is replaced."""
        deadline = time.monotonic() + wait_s
        while True:
            view = self.battle()
            game = view["game"]
            if view["outcome"] or game["outcome"]:
                self.mission_id = self.campaign.star_quest_mission()
                continue
            if game["phase"] == "heroes":
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"mission {self.mission_id} stayed in phase {game['phase']} for {wait_s}s")
            time.sleep(0.025)  # a front-end would follow the stream; polling gently keeps the load honest
        if game.get("pending"):
            self.timed({"type": "Answer", "unit": game["pending"]["unit"], "accept": False})
            return
        if game.get("turn"):  # a turn a choice interrupted (a status test at activation start): end it
            self.timed({"type": "EndActivation", "unit": game["turn"]["unit"]})
            return
        heroes = [u for u in game["units"].values() if u["side"] == "hero" and _can_act(u) and not u["activated"]]
        if not heroes:
            return
        hero = heroes[0]
        self.timed({"type": "Activate", "unit": hero["id"]})
        if self.battle()["game"]["pending"]:
            return  # answered, and the turn ended, in the next steps
        if not hero["shaken"]:
            self.timed({"type": "Hold", "unit": hero["id"]})
            me = hero["figures"][0]
            enemies = [u for u in game["units"].values() if u["side"] == "ai" and _on_table(u)]
            for enemy in sorted(enemies, key=lambda u: (u["figures"][0]["x"] - me["x"]) ** 2 + (u["figures"][0]["y"] - me["y"]) ** 2):
                status, result = self.timed({"type": "Shoot", "unit": hero["id"], "target": enemy["id"]})
                if status == 201:
                    self.dice_per_shot.append(sum(len(r["event"].get("faces", [])) for r in result["events"] if r["event"]["type"] == "DiceRolled"))
                    break
        self.timed({"type": "EndActivation", "unit": hero["id"]})


def _on_table(unit: dict) -> bool:
    return unit["deployed"] and not unit["dead"] and bool(unit["figures"])


def _can_act(unit: dict) -> bool:
    return _on_table(unit) and not unit["unconscious"]
