"""Appends decided on the event loop, written together once the loop's turn is over.

On a local store the API decides a command on the event loop instead of handing it to a thread
and back (two thread wake-ups per command). Its append is queued here and the command awaits it;
the write starts as the loop's next callback, so the commands the loop decided in the same turn
share one transaction and one sync, and each is answered only once its own events are committed.

A lone append is written on the loop itself: no thread is woken, and the loop has nothing else
to do meanwhile. Several, or one while an earlier write is still going, are written from a
thread, so the loop goes on reading and deciding the next commands during the sync; those join
the store's group commit (service/group_commit.py) behind the write in progress.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Sequence

from domain.chain import Recorded
from service.store import EventStore


#: Appends waiting for the next write, each with the future its command awaits.
_Waiting = list[tuple[Sequence[Recorded], "asyncio.Future[BaseException | None]"]]


class LoopCommit:
    """One event loop's queue of appends to `store`; made on the loop it serves."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.loop = asyncio.get_running_loop()
        self._waiting: _Waiting = []
        #: Writes handed to threads and not yet ended.
        self._in_threads = 0
        self._streams: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def stream_lock(self, stream_id: str) -> asyncio.Lock:
        """One command of a stream at a time on this loop, as the ledger's lock is for threads:
        commands of one mission wait their turn instead of being decided on the same state and
        all but one conflicting (kept while anyone holds or waits for it)."""
        lock = self._streams.get(stream_id)
        if lock is None:
            lock = self._streams[stream_id] = asyncio.Lock()
        return lock

    async def append(self, records: Sequence[Recorded]) -> BaseException | None:
        """Returns once `records` are committed (None) or failed: what failed them (a
        StreamConflict for a stale position)."""
        done = self.loop.create_future()
        if not self._waiting:
            self.loop.call_soon(self._write)
        self._waiting.append((records, done))
        return await done

    def _write(self) -> None:
        waiting, self._waiting = self._waiting, []
        if len(waiting) == 1 and not self._in_threads:
            self._answer(waiting, self._append_each(waiting))
            return
        self._in_threads += 1
        written = self.loop.run_in_executor(None, self._append_each, waiting)
        written.add_done_callback(lambda _: self._written(waiting, written))

    def _written(self, waiting: _Waiting, written: asyncio.Future[list[BaseException | None]]) -> None:
        self._in_threads -= 1
        self._answer(waiting, written.result())

    def _append_each(self, waiting: _Waiting) -> list[BaseException | None]:
        try:
            return self.store.append_each([records for records, _ in waiting])
        except Exception as error:  # noqa: BLE001 - each caller gets it, as a shared transaction's failure
            return [error] * len(waiting)

    @staticmethod
    def _answer(waiting: _Waiting, errors: list[BaseException | None]) -> None:
        for (_, done), error in zip(waiting, errors, strict=True):
            if not done.cancelled():
                done.set_result(error)
