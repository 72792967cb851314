"""Group commit: appends that arrive while another is being written share the next transaction.

A store pays one sync per transaction. Commands of different missions decided at the same time
would each wait for their own; here the first to come writes, and those that arrive meanwhile
are written together by the next one, in one transaction and one sync. Each caller still
returns only once its own events are committed, and a conflict in a shared transaction is
found out by writing that group's appends one by one, so it fails only the append it concerns.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

Row = TypeVar("Row")


class _Waiting(Generic[Row]):
    """One caller's rows, and how their transaction went."""

    __slots__ = ("rows", "done", "error")

    def __init__(self, rows: Sequence[Row]) -> None:
        self.rows = rows
        self.done = False
        self.error: BaseException | None = None


class GroupCommit(Generic[Row]):
    """Writes with `write(rows)`, one transaction per call; `conflict` is the exception a stale
    position raises, which fails only its own append."""

    def __init__(self, write: Callable[[Sequence[Row]], object], conflict: type[BaseException]) -> None:
        self._write, self._conflict = write, conflict
        self._guard = threading.Condition()
        self._queue: list[_Waiting[Row]] = []
        self._writing = False
        #: Transactions written and the appends they held (tests/test_group_commit.py reads them).
        self.transactions = self.appends = 0

    @property
    def queued(self) -> int:
        """Appends waiting for the transaction being written to end."""
        with self._guard:
            return len(self._queue)

    def append_each(self, appends: Sequence[Sequence[Row]]) -> list[BaseException | None]:
        """Write appends, each atomically, together with whatever else waits: returns once all
        are committed or failed, with what failed each (None: committed). A thread passes its
        own append; the event loop the commands it decided in one turn (service/loop_commit.py)."""
        mine = [_Waiting(rows) for rows in appends]
        with self._guard:
            self._queue.extend(mine)
            while self._writing and not mine[-1].done:
                self._guard.wait()
            if not mine[-1].done:
                self._writing = True
                group, self._queue = self._queue, []
        if not mine[-1].done:
            try:
                self._commit(group)
            finally:
                with self._guard:
                    self._writing = False
                    self._guard.notify_all()
        return [waiting.error for waiting in mine]

    def _commit(self, group: list[_Waiting[Row]]) -> None:
        try:
            self._write_together(group)
        finally:
            for waiting in group:
                waiting.done = True

    def _write_together(self, group: list[_Waiting[Row]]) -> None:
        try:
            self._write([row for waiting in group for row in waiting.rows])
            self.transactions, self.appends = self.transactions + 1, self.appends + len(group)
        except self._conflict as error:
            if len(group) == 1:
                group[0].error = error
                return
            for waiting in group:  # which one was stale: each on its own
                try:
                    self._write(waiting.rows)
                    self.transactions, self.appends = self.transactions + 1, self.appends + 1
                except Exception as own:
                    waiting.error = own
        except Exception as error:
            for waiting in group:
                waiting.error = error
