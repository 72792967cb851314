"""uvicorn's server, woken once a second instead of ten times when nothing happens.

uvicorn's own loop sleeps 0.1 s at a time only to notice a shutdown request and to renew the
Date header once a second; on an idle server those wakes were most of the process's CPU. Here
a shutdown request wakes the loop at once, so it need only wake for the Date header.
"""

from __future__ import annotations

import asyncio
from types import FrameType

import uvicorn

#: How often the Date header is renewed (uvicorn's own interval).
TICK_S = 1.0


class QuietServer(uvicorn.Server):
    _exit_asked: asyncio.Event | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._exit_asked = asyncio.get_running_loop(), asyncio.Event()
        # on_tick(0): every tick is a whole second, so each renews the Date header.
        while not await self.on_tick(0):
            try:
                await asyncio.wait_for(self._exit_asked.wait(), TICK_S)
            except asyncio.TimeoutError:
                pass

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if self._loop is not None and self._exit_asked is not None:
            self._loop.call_soon_threadsafe(self._exit_asked.set)
