"""The floor of an HTTP command: a bare litestar app with one POST answered by an async handler
and one by a sync handler in a thread (as every command route of ours is), run by uvicorn with
the options `skirmish serve` gives it. `python benchmarks/floor_app.py PORT`."""

from __future__ import annotations

import sys

import msgspec
import uvicorn
from litestar import Litestar, get, post
from litestar.params import Body


class Roll(msgspec.Struct):
    dice: str
    purpose: str


class Rolled(msgspec.Struct):
    version: int
    faces: list[int]


@post("/async")
async def answer_async(data: Roll = Body()) -> Rolled:
    return Rolled(1, [len(data.dice)])


@post("/sync", sync_to_thread=True)
def answer_sync(data: Roll = Body()) -> Rolled:
    return Rolled(1, [len(data.dice)])


@get("/ready", sync_to_thread=False)
def ready() -> str:
    return "ok"


if __name__ == "__main__":
    app = Litestar([answer_async, answer_sync, ready], openapi_config=None)
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", log_config=None, timeout_graceful_shutdown=5)
