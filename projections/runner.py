"""The projection runner: follows the notification log from each read model's own position.

Page by page: read up to `page_size` stored events after the position, decode them with one
reused msgspec decoder per game system (stream, position and event only), fold them into the working states of the rows they touch (rows not
yet in memory are loaded first, one query per page); then, after a page when half a second
has passed or the log is read, write the touched rows and the new position in one
transaction, compare-and-set on the position saved before. A crash before the
commit leaves both as they were, so the page is folded again; a runner that lost a race to
another one (or to a rebuild) drops its working states and starts again from the stored
position. No event is lost or folded twice.

During one `catch_up` the working states stay in memory, so a rebuild from zero reads each
row's state once and writes each touched row once per save.

A stream whose event does not decode or fold is poisoned, not the projection: the page is
folded again event by event from the saved position, the stream is isolated (marked with the
position and reason, saved with the rows) and its later events are skipped, and every other
stream goes on (README.md#reliability). A rebuild finds and reports it again.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import msgspec
from eventsourcing.persistence import PersistenceError

from domain.codecs import Entry, StreamCodecs, stream_of
from domain.errors import RuleError
from projections.models import NAMES, ProjectionError, ReadModel, all_models
from projections.tables import Isolated, ProjectionTables
from service.store import EventStore

log = logging.getLogger("skirmish.projections")

#: Events read per page (and written per transaction).
PAGE_SIZE = 5000

#: Pages folded in memory are saved (rows and position, one transaction) at least this often,
#: and when the log is read; 0 saves every page. A big audit document is rewritten whole on
#: each save, so saving it per page made its rebuild quadratic: saves are spaced at least
#: twice as far apart as the last one took.
SAVE_EVERY_S = 0.5

#: progress(events folded so far, position reached, log position when the run started)
Progress = Callable[[int, int, int], None]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while pages are decoded and folded.

    A page allocates tens of thousands of small container objects (records, events, lists)
    that live until the page is written; the collector keeps promoting and re-scanning them,
    which doubled the cost of reading and decoding in the benchmark. Folding creates no
    reference cycles (frozen structs, tuples, lists), so reference counting frees everything.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class ProjectionRunner:
    """Keeps one read model caught up with the log."""

    def __init__(self, tables: ProjectionTables, model: ReadModel, codecs: StreamCodecs, page_size: int = PAGE_SIZE, save_every_s: float = SAVE_EVERY_S) -> None:
        self.tables = tables
        self.model = model
        #: Each stream's records decode with its own game system's types (domain/codecs.py).
        self.codecs = codecs
        self.page_size = page_size
        self.save_every_s = save_every_s
        #: Read the next page on a thread while folding this one: PostgreSQL answers while the
        #: reading thread waits without the GIL. SQLite reads hold the GIL (rows are built as
        #: they are stepped), so there the thread only competed with the fold: slower.
        self.read_ahead = tables.dialect.postgres
        tables.ensure(model.name)

    @property
    def name(self) -> str:
        return self.model.name

    def position(self) -> int:
        return self.tables.position(self.name)

    def isolated(self) -> dict[str, Isolated]:
        """The poisoned streams this projection skips, by stream."""
        return self.tables.isolated(self.name)

    def catch_up(
        self,
        *,
        max_pages: int | None = None,
        budget_s: float | None = None,
        retry_stale: bool = True,
        progress: Progress | None = None,
    ) -> int:
        """Fold pages until the log is read (or `max_pages`, or `budget_s` seconds); returns the
        number of events folded and saved. `retry_stale=False` gives up when another runner
        moved the position (it is then doing the work)."""
        with collector_paused():
            return self._catch_up(max_pages, budget_s, retry_stale, progress)

    def _catch_up(self, max_pages: int | None, budget_s: float | None, retry_stale: bool, progress: Progress | None) -> int:
        tables, model, name, size = self.tables, self.model, self.name, self.page_size
        started = last_save = time.perf_counter()
        save_every = self.save_every_s
        target = tables.max_position() if progress else 0
        states: dict[str, Any] = {}
        saved = position = tables.position(name)
        touched: set[str] = set()
        isolated, newly = tables.isolated(name), {}
        #: After a page failed to fold: fold again, event by event, up to this notification id.
        careful_until = 0
        done = unsaved = pages = 0
        # After a full page the next one may be read on a thread while this one is folded.
        reader: ThreadPoolExecutor | None = None
        ahead: Future | None = None
        try:
            while True:
                page = ahead.result() if ahead is not None else tables.read_page(position, size)
                ahead = None
                stale = False
                if page:
                    if self.read_ahead and len(page) == size and (max_pages is None or pages + 1 < max_pages):
                        reader = reader or ThreadPoolExecutor(1, thread_name_prefix=f"projection-{name}")
                        ahead = reader.submit(tables.read_page, page[-1][0], size)
                    records = self._decoded(page, isolated, newly)
                    missing = [key for key in model.keys(records) if key not in states]
                    for key, raw in tables.load(name, missing).items():
                        states[key] = model.decode(raw)
                    if page[0][0] <= careful_until:
                        touched |= self._fold_one_by_one(states, records, isolated, newly)
                    else:
                        try:
                            touched |= model.apply(states, records)
                        except Exception:  # noqa: BLE001 - whatever a poisoned event breaks, it is isolated below
                            # A rebuild (or another runner) moved the position under this page: its
                            # rows are gone or newer. Otherwise an event does not fold: fold the
                            # unsaved pages again from the saved rows, one event at a time.
                            if tables.position(name) == saved:
                                states.clear()
                                touched, unsaved, ahead, careful_until, position = set(), 0, None, page[-1][0], saved
                                continue
                            stale = True
                    position, unsaved, pages = page[-1][0], unsaved + len(page), pages + 1
                now = time.perf_counter()
                last = (
                    len(page) < size
                    or (max_pages is not None and pages >= max_pages)
                    or (budget_s is not None and now - started >= budget_s)
                )
                if stale or (position != saved and (last or now - last_save >= save_every)):
                    if stale or not tables.save(name, saved, position, {key: model.encode(states[key]) for key in touched}, newly):
                        # Folded onto a stale position: what is stored now is the truth.
                        states.clear()
                        touched, unsaved, ahead = set(), 0, None
                        isolated, newly = tables.isolated(name), {}
                        if not retry_stale:
                            break
                        saved = position = tables.position(name)
                        continue
                    saved, done, unsaved, touched = position, done + unsaved, 0, set()
                    for stream, why in newly.items():
                        log.error("stream isolated", extra={"projection": name, "stream": stream, "position": why.position, "error": why.reason})
                    newly = {}
                    last_save = time.perf_counter()
                    # Saving big rows (a long mission's audit document) must not take most of the time.
                    save_every = max(self.save_every_s, 2 * (last_save - now))
                if progress and page:
                    progress(done + unsaved, position, target)
                if last:
                    break
        finally:
            if reader is not None:
                reader.shutdown(wait=True, cancel_futures=True)
        return done

    def _decoded(self, page: list[tuple[int, bytes]], isolated: dict[str, Isolated], newly: dict[str, Isolated]) -> list[Entry]:
        """The page's records, without those of isolated streams; a record that does not
        decode isolates its stream (or, when even its stream is unreadable, its notification id)."""
        records = []
        decode = self.codecs.entry
        for notification, raw in page:
            try:
                record = decode(raw)
            except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RuleError) as error:
                stream, position = stream_of(raw) or (f"notification {notification}", None)
                if stream not in isolated:
                    isolated[stream] = newly[stream] = Isolated(position, f"the stored event does not decode: {error}")
                continue
            if record.stream not in isolated:
                records.append(record)
        return records

    def _fold_one_by_one(self, states: dict[str, Any], records: list[Entry], isolated: dict[str, Isolated], newly: dict[str, Isolated]) -> set[str]:
        """Fold a page that failed as a whole: an event that does not fold isolates its stream."""
        touched: set[str] = set()
        for record in records:
            if record.stream in isolated:
                continue
            try:
                touched |= self.model.apply(states, [record])
            except Exception as error:  # noqa: BLE001 - a forged or damaged event may break any fold
                reason = f"the {type(record.event).__name__} does not fold: {error or type(error).__name__}"
                isolated[record.stream] = newly[record.stream] = Isolated(record.position, reason)
        return touched

    def rebuild(self, progress: Progress | None = None) -> int:
        """Drop the rows and the position, and fold the whole log again."""
        self.tables.reset(self.name)
        return self.catch_up(progress=progress)


class Projections:
    """Every read model of a store, each with its own runner and position."""

    def __init__(self, store: EventStore, names: Iterable[str] = NAMES, page_size: int = PAGE_SIZE, save_every_s: float = SAVE_EVERY_S) -> None:
        self.store = store
        self.tables = ProjectionTables(store)
        wanted = list(names)
        self.codecs = StreamCodecs(self._first_raw)
        models = [m for m in all_models(self._first_record) if m.name in wanted]
        self.runners = {m.name: ProjectionRunner(self.tables, m, self.codecs, page_size, save_every_s) for m in models}

    def run_once(self, budget_s: float = 0.25) -> int:
        """A worker's tick: catch each projection up for about `budget_s` seconds at most.

        A projection that fails (store down, an event that does not fold) is logged and left
        at its position; the others, and the worker's other work, go on.
        """
        count = 0
        for runner in self.runners.values():
            try:
                count += runner.catch_up(budget_s=budget_s, retry_stale=False)
            except (PersistenceError, ProjectionError, msgspec.DecodeError) as error:
                log.warning("projection stalled", extra={"projection": runner.name, "position": _safe_position(runner), "error": str(error)})
        return count

    def catch_up(self) -> int:
        return sum(runner.catch_up() for runner in self.runners.values())

    def lag(self) -> dict[str, int]:
        """Events each read model has still to fold."""
        head = self.tables.max_position()
        return {name: max(0, head - runner.position()) for name, runner in self.runners.items()}

    def rebuild(self, name: str, progress: Progress | None = None) -> int:
        return self.runners[name].rebuild(progress)

    def _first_raw(self, stream: str) -> bytes | None:
        rows = self.store.read(stream, 0, 1)
        return rows[0][1] if rows else None

    def _first_record(self, stream: str) -> Entry | None:
        first = self._first_raw(stream)
        return self.codecs.entry(first) if first is not None else None


def _safe_position(runner: ProjectionRunner) -> int | None:
    try:
        return runner.position()
    except PersistenceError:
        return None
