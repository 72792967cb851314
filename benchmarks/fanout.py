"""Scenario 5: live-stream fan-out. SSE subscribers, spread over missions, all in this process
(asyncio, raw sockets); a writer process rolls dice on the missions. A delay runs from the
record's `at` (taken by the server when it decided, just before the commit) to the moment the
subscriber has the whole event: commit, poll, fan-out and delivery together."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from datetime import datetime
from pathlib import Path

import msgspec

from benchmarks.harness import percentile, serve
from benchmarks.players import party_campaign
from tests.harness import Http, Member

_record = msgspec.json.Decoder(dict)


async def _subscribe(port: int, mission_id: str, token: str, after: int, expected: int, delays: list[float], ready: asyncio.Event,
                     opened: list[int]) -> int:  # fmt: skip
    """Follow one mission's stream until `expected` events arrived; returns how many did.
    HTTP/1.0, so the body is the bare event stream (no chunked framing)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(
        f"GET /missions/{mission_id}/stream?after={after} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        f"Authorization: Bearer {token}\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise SystemExit(f"stream refused: {status!r}")
    while (await reader.readline()) not in (b"\r\n", b"\n", b""):
        pass
    opened[0] += 1
    if opened[0] == opened[1]:
        ready.set()
    got = 0
    try:
        while got < expected:
            line = await reader.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                received = time.time()
                at = datetime.fromisoformat(_record.decode(line[6:])["at"]).timestamp()
                delays.append((received - at) * 1000)
                got += 1
    finally:
        writer.close()
    return got


def _writer(port: int, missions: list[str], token: str, per_mission: int, pause_s: float) -> None:
    """Rolls on each mission in turn, `pause_s` apart: a steady trickle of commits."""
    member = Member(Http(port), token)
    for n in range(per_mission):
        for mission_id in missions:
            answer = member.post(f"/missions/{mission_id}/rolls", {"dice": "2d6", "purpose": f"fan-out {n}"})
            if answer.status_code != 201:
                raise SystemExit(f"roll refused: {answer.status_code} {answer.text}")
            time.sleep(pause_s)


async def _fan_out(port: int, missions: dict[str, int], token: str, subscribers: int, per_mission: int, pause_s: float) -> tuple[list[float], int]:
    """`missions`: id -> its version now; subscribers follow from there, so only the writer's
    new events are timed (an event stored before the stream opened is no delivery delay)."""
    delays: list[float] = []
    ready, opened = asyncio.Event(), [0, subscribers]
    ids = list(missions)
    tasks = [
        asyncio.create_task(_subscribe(port, ids[n % len(ids)], token, missions[ids[n % len(ids)]], per_mission, delays, ready, opened))
        for n in range(subscribers)
    ]
    await asyncio.wait_for(ready.wait(), 120)
    await asyncio.sleep(0.5)  # every stream's poller running
    writer = multiprocessing.get_context("fork").Process(target=_writer, args=(port, ids, token, per_mission, pause_s))
    writer.start()
    got = await asyncio.wait_for(asyncio.gather(*tasks), 600)
    await asyncio.to_thread(writer.join, 60)
    if writer.exitcode:
        raise SystemExit(f"the writer failed with exit code {writer.exitcode}")
    return delays, sum(got)


def fan_out(store_env: dict[str, str], directory: Path, subscribers: int, missions: int, per_mission: int) -> dict[str, float]:
    with serve(store_env, directory, workers=0) as server:
        campaign = party_campaign(Http(server.port), "Fan-out")
        ann = campaign.members["ann"]
        ids = [campaign.mission(f"Stream {n}") for n in range(missions)]
        heads = {mission_id: ann.mission(mission_id)["version"] for mission_id in ids}
        delays, received = asyncio.run(_fan_out(server.port, heads, ann.token, subscribers, per_mission, 0.02))
    expected = subscribers * per_mission
    return {
        "delay p50 ms": percentile(delays, 50),
        "delay p99 ms": percentile(delays, 99),
        "events received": received,
        "missing": expected - received,
    }
