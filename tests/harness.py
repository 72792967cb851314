"""One scripted-player harness: members of a campaign playing missions of any game system over
HTTP, for the tests and the benchmarks alike.

- `Client`: what the players speak through. A litestar `TestClient` (the app in this process),
  an `httpx.Client` with a `base_url` (a real `skirmish serve`), or `Http(port)`, a lean
  keep-alive connection for benchmarks: each has `post(path, json=, headers=)` and
  `get(path, headers=)` answering an `httpx.Response`.
- `Campaign` and `Member`: a campaign, its members with their tokens and units, missions of
  any system with their options, and the requests a member sends (commands, rolls, the end).
  They keep the receipts every accepted command answers with (`Receipts`), as a client should,
  so a test can hold an export to them (README.md#receipts).
- `ScriptedPlayer`, `Turn` and `play`: a member playing one mission. What it does on its turn
  is a strategy, a function of the game system's (Star Quest's are in tests/starquest/players.py):
  it gets a `Turn` (the mission view, the game state as the rules see it, and `send`) and says
  whether it moved. `play` steps players in turn until a condition holds on their missions.

No pytest here: `benchmarks/` imports this module, and `./dev.sh bench` installs no test extras.
"""

from __future__ import annotations

import http.client
import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

import httpx
import msgspec

from domain import registry
from domain.receipts import Receipt


class Client(Protocol):
    """The HTTP the scripted players speak (a `TestClient`, an `httpx.Client`, `Http`)."""

    def post(self, url: str, *, json: Any = None, headers: Mapping[str, str] | None = None) -> httpx.Response: ...

    def get(self, url: str, *, headers: Mapping[str, str] | None = None) -> httpx.Response: ...


class Http:
    """A lean `Client` to a real port: one keep-alive connection, JSON bodies encoded by msgspec.
    Its own overhead is a few tens of microseconds, so latencies measured through it are the
    server's."""

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 60) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=timeout)

    def request(self, method: str, url: str, *, json: Any = None, headers: Mapping[str, str] | None = None) -> httpx.Response:
        sent = {"content-type": "application/json", **(headers or {})}
        body = None if json is None else msgspec.json.encode(json)
        try:
            self.connection.request(method, url, body, sent)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.connection.close()  # the server closed an idle keep-alive connection: once more
            self.connection.request(method, url, body, sent)
            response = self.connection.getresponse()
        content = response.read()
        return httpx.Response(response.status, headers={"content-type": response.getheader("content-type", "")}, content=content)

    def post(self, url: str, *, json: Any = None, headers: Mapping[str, str] | None = None) -> httpx.Response:
        return self.request("POST", url, json=json, headers=headers)

    def get(self, url: str, *, headers: Mapping[str, str] | None = None) -> httpx.Response:
        return self.request("GET", url, headers=headers)

    def close(self) -> None:
        self.connection.close()


# -- a campaign and its members ------------------------------------------------------------------


class _Answer(msgspec.Struct):
    receipts: list[Receipt] = []


class Receipts:
    """The receipts a client keeps: for each stream, the furthest position an accepted command
    answered with and the chain hash there. The last one of a stream is enough: a log rewritten
    before it no longer chains to its hash."""

    def __init__(self) -> None:
        self.last: dict[str, Receipt] = {}

    def take(self, response: httpx.Response) -> None:
        """Keep the receipts of an accepted command's answer."""
        if response.status_code != 201 or b'"receipts"' not in response.content:
            return
        for receipt in msgspec.json.decode(response.content, type=_Answer).receipts:
            kept = self.last.get(receipt.stream)
            if kept is None or kept.position < receipt.position:
                self.last[receipt.stream] = receipt

    def file(self, *streams: str) -> bytes:
        """The receipts file `skirmish verify --receipts` reads (JSON Lines, one receipt a line):
        of these streams (what one export holds), or of every stream."""
        kept = [receipt for stream, receipt in self.last.items() if not streams or stream in streams]
        return b"".join(msgspec.json.encode(receipt) + b"\n" for receipt in kept)


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def created(response: httpx.Response) -> Any:
    """The body of a 201, or an AssertionError with the answer."""
    assert response.status_code == 201, response.text
    return response.json()


class Member:
    """One member of a campaign: its token (as `headers`), the requests it sends with it, and
    the `receipts` their answers gave (shared with its campaign's other members, if given)."""

    def __init__(self, client: Client, token: str, name: str = "", role: str = "", units: Iterable[str] = (), receipts: Receipts | None = None) -> None:
        self.client, self.token, self.name, self.role, self.units = client, token, name, role, tuple(units)
        self.headers = bearer(token)
        self.receipts = receipts or Receipts()

    def post(self, path: str, json: Any = None, headers: Mapping[str, str] | None = None) -> httpx.Response:
        """POST with this member's token, and `headers` besides (`accept-language`, ...)."""
        response = self.client.post(path, json=json, headers={**self.headers, **(headers or {})})
        self.receipts.take(response)
        return response

    def get(self, path: str, headers: Mapping[str, str] | None = None) -> httpx.Response:
        return self.client.get(path, headers={**self.headers, **(headers or {})})

    def created(self, path: str, json: Any = None) -> Any:
        """POST that must be accepted (201): its body."""
        return created(self.post(path, json))

    def read(self, path: str) -> Any:
        """GET that must answer 200: its body."""
        response = self.get(path)
        assert response.status_code == 200, response.text
        return msgspec.json.decode(response.content)

    def command(self, mission_id: str, command: Mapping[str, Any], headers: Mapping[str, str] | None = None, **body: Any) -> httpx.Response:
        """`POST /missions/{id}/commands`; `body` adds `expected_version`, `idempotency_key`."""
        return self.post(f"/missions/{mission_id}/commands", {"command": command, **body}, headers)

    def accepted(self, mission_id: str, command: Mapping[str, Any], **body: Any) -> Any:
        """A command that must be accepted (201): its result."""
        return created(self.command(mission_id, command, **body))

    def roll(self, mission_id: str, dice: str = "3d6", purpose: str = "test", **extra: Any) -> Any:
        return self.created(f"/missions/{mission_id}/rolls", {"dice": dice, "purpose": purpose, **extra})

    def end(self, mission_id: str, outcome: str | None = None, **extra: Any) -> httpx.Response:
        return self.post(f"/missions/{mission_id}/end", ({} if outcome is None else {"outcome": outcome}) | extra)

    def mission(self, mission_id: str) -> Any:
        """The mission as this member may see it."""
        return self.read(f"/missions/{mission_id}")


class Campaign:
    """A new campaign (created by the constructor), its host, the members it invites, and its
    missions of any system."""

    def __init__(self, client: Client, name: str = "Campaign", host_name: str | None = None, client_seed: str | None = None) -> None:
        body = {"name": name} | ({} if host_name is None else {"host_name": host_name}) | ({} if client_seed is None else {"client_seed": client_seed})
        response = client.post("/campaigns", json=body)
        answer = created(response)
        self._client = client
        self.id: str = answer["campaign_id"]
        #: Every receipt its creation and its members' accepted commands answered with.
        self.receipts = Receipts()
        self.receipts.take(response)
        self.host = Member(client, answer["host_token"], host_name or "host", "host", receipts=self.receipts)
        self.members: dict[str, Member] = {self.host.name: self.host}

    @property
    def client(self) -> Client:
        return self._client

    @client.setter
    def client(self, client: Client) -> None:
        """The same campaign through another client (a restarted server, a second process)."""
        self._client = client
        for member in self.members.values():
            member.client = client

    def invite(self, name: str, role: str = "player", units: Iterable[str] = ()) -> Member:
        units = tuple(units)
        body = {"name": name, "role": role} | ({"units": list(units)} if units else {})
        member = Member(self.client, self.host.created(f"/campaigns/{self.id}/members", body)["token"], name, role, units, self.receipts)
        self.members[name] = member
        return member

    def create_mission(
        self, name: str = "Mission", system: str | None = None, rules_version: str | None = None, options: Mapping[str, str] | None = None, **body: Any
    ) -> httpx.Response:
        """`POST /campaigns/{id}/missions` by the host, as it answers; `body` adds `dice_mode`, `client_seed`."""
        sent = {"name": name, "system": system, "rules_version": rules_version, "options": options, **body}
        return self.host.post(f"/campaigns/{self.id}/missions", {k: v for k, v in sent.items() if v is not None})

    def mission(self, name: str = "Mission", system: str | None = None, rules_version: str | None = None, options: Mapping[str, str] | None = None, **body: Any) -> str:
        """A new mission that must be created: its id."""
        return created(self.create_mission(name, system, rules_version, options, **body))["mission_id"]

    def view(self, member: Member | None = None) -> Any:
        return (member or self.host).read(f"/campaigns/{self.id}")


# -- physical dice -------------------------------------------------------------------------------


class TableDice:
    """The physical dice of a manual-dice mission's table: faces rolled from a seeded
    `random.Random`. `send` sends a request with no faces; on a 422 `missing_faces` it rolls the
    dice the refusal names (`needed`: their sides), keeps the faces the earlier rolls `used`, and
    sends again, until the rules have every face they roll."""

    def __init__(self, seed: int | str) -> None:
        self.random = random.Random(seed)
        #: Every face this table typed into an accepted request, in order.
        self.typed: list[int] = []

    def send(self, post: Callable[[list[int]], httpx.Response]) -> httpx.Response:
        faces: list[int] = []
        while True:
            response = post(faces)
            if response.status_code != 422 or response.json()["code"] != "missing_faces":
                if response.status_code == 201:
                    self.typed += faces
                return response
            short = response.json()["params"]
            faces = faces[: short["used"]] + [self.random.randint(1, sides) for sides in short["needed"]]


# -- scripted players ----------------------------------------------------------------------------


def game_state(view: Mapping[str, Any]) -> Any:
    """A mission view's game as its system's state type (what the rules see), or as JSON for a
    system that names no state type."""
    kind = registry.system_named(view["system"]).state
    return view["game"] if kind is None else msgspec.convert(view["game"], kind)


class Turn:
    """What a strategy sees on a step: who plays (`member`), the mission's `view` and its `game`
    as the system's state, its `outcome` (the mission's end, or the game's own verdict); `send`
    and `accepted` submit commands, `refresh` reads the mission again."""

    def __init__(self, player: ScriptedPlayer, view: Mapping[str, Any]) -> None:
        self.player, self.member, self.mission_id = player, player.member, player.mission_id
        self._read(view)

    def _read(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.game = game_state(view)
        decided = registry.system_named(view["system"]).outcome(self.game) if self.game is not None else None
        self.outcome: str | None = view["outcome"] or decided

    def refresh(self) -> Any:
        """Read the mission again (after a command); the new game state."""
        self._read(self.player.view())
        return self.game

    def send(self, command: Mapping[str, Any]) -> httpx.Response:
        return self.player.send(command)

    def accepted(self, command: Mapping[str, Any]) -> Any:
        return created(self.send(command))


#: A system's decision: make this player's move on `turn` if it has one; True when it moved,
#: False when the move is someone else's (another player, the AI worker).
Strategy = Callable[[Turn], bool]
#: Told of every command a player sends: the command, the answer, the round trip in ms.
Observer = Callable[[Mapping[str, Any], httpx.Response, float], None]


class ScriptedPlayer:
    """A member playing one mission with a strategy; in a manual-dice mission, with the table's
    `dice` typed into every command that rolls."""

    def __init__(self, member: Member, mission_id: str, strategy: Strategy, on_command: Observer | None = None, dice: TableDice | None = None) -> None:
        self.member, self.mission_id, self.strategy, self.on_command, self.dice = member, mission_id, strategy, on_command, dice

    def view(self) -> Any:
        return self.member.mission(self.mission_id)

    def turn(self) -> Turn:
        return Turn(self, self.view())

    def send(self, command: Mapping[str, Any]) -> httpx.Response:
        started = time.perf_counter()
        if self.dice is None:
            response = self.member.command(self.mission_id, command)
        else:
            response = self.dice.send(lambda faces: self.member.command(self.mission_id, command, faces=faces))
        if self.on_command is not None:
            self.on_command(command, response, (time.perf_counter() - started) * 1000)
        return response

    def step(self) -> bool:
        """This player's move, if it has one now."""
        return bool(self.strategy(self.turn()))


def over(turn: Turn) -> bool:
    """The mission ended, or its game reached a verdict."""
    return turn.outcome is not None


def play(
    players: Iterable[ScriptedPlayer],
    until: Callable[[Turn], bool] = over,
    *,
    rounds: int | None = None,
    seconds: float | None = None,
    pause: float = 0.01,
    between: Callable[[], None] | None = None,
) -> bool:
    """Step each player in turn (a mission's players in the order given) until `until` holds on
    every player's mission. A round in which no one moved waits `pause` (the move is the
    server's: its AI worker); `between` runs after every round. True when every mission got
    there; False when `rounds` rounds or `seconds` ran out first."""
    left = list(players)
    deadline = None if seconds is None else time.monotonic() + seconds
    done = 0
    while left:
        if (rounds is not None and done >= rounds) or (deadline is not None and time.monotonic() > deadline):
            return False
        done += 1
        moved = False
        for player in list(left):
            turn = player.turn()
            if until(turn):
                left.remove(player)
            else:
                moved = bool(player.strategy(turn)) or moved
        if between is not None:
            between()
        if left and not moved:
            time.sleep(pause)
    return True
