"""Read-model tables beside the event store, in the same database (SQLite or PostgreSQL).

Two tables, the same on both backends (a projection's isolated streams are rows of the
projection `<name>.isolated`, keyed by stream):

    projection_rows(projection text, key text, value bytes, primary key (projection, key))
    projection_positions(projection text primary key, position bigint)

`value` is the canonical msgspec JSON (sorted keys) of a read-model row; `position` is the
notification id of the last event the projection has folded. Folded rows and the new
position are written in one transaction, and only if the stored position is still the one
the folded pages started from (compare-and-set), so a crash or a second runner never loses
or doubles an event.

The SQL goes through the eventsourcing datastore of the store's infrastructure factory (its
connection pool and transactions); the dialects differ only in placeholders, identifiers
and the blob type.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping

import msgspec
from eventsourcing.persistence import PersistenceError

from service.store import EventStore

#: SQLite allows 32766 host parameters a statement; stay far below.
_IN_CHUNK = 500


class Isolated(msgspec.Struct, frozen=True):
    """A stream a projection skips: where its first event that does not decode or fold stands,
    and why (None: the record does not even name its position)."""

    position: int | None
    reason: str


def _isolated_rows(projection: str) -> str:
    return f"{projection}.isolated"


class _Dialect:
    """How one backend spells the statements the tables need."""

    def __init__(self, store: EventStore) -> None:
        datastore = store.factory.datastore
        events = store.events.events_table_name
        self.postgres = hasattr(datastore, "schema")
        if self.postgres:
            from psycopg.sql import Identifier

            schema = Identifier(datastore.schema).as_string(None)
            self.rows = f"{schema}.projection_rows"
            self.positions = f"{schema}.projection_positions"
            self.events = f"{schema}.{Identifier(events).as_string(None)}"
            self.blob, self.p, self.notification_id = "bytea", "%s", "notification_id"
        else:
            self.rows, self.positions, self.events = "projection_rows", "projection_positions", events
            self.blob, self.p, self.notification_id = "blob", "?", "rowid"

    def sql(self, statement: str) -> str:
        """Statements are written with `?`; PostgreSQL gets `%s`."""
        return statement.replace("?", self.p)


class ProjectionTables:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.datastore = store.factory.datastore
        self.dialect = d = _Dialect(store)
        self._read_page = d.sql(f"SELECT {d.notification_id} AS id, state FROM {d.events} WHERE {d.notification_id} > ? ORDER BY {d.notification_id} LIMIT ?")
        self._select_position = d.sql(f"SELECT position FROM {d.positions} WHERE projection = ?")
        self._cas_position = d.sql(f"UPDATE {d.positions} SET position = ? WHERE projection = ? AND position = ? RETURNING projection")
        self._upsert = d.sql(
            f"INSERT INTO {d.rows} (projection, key, value) VALUES (?, ?, ?) "
            "ON CONFLICT (projection, key) DO UPDATE SET value = excluded.value"
        )
        self._create()

    # -- the event log ----------------------------------------------------------------------------

    def read_page(self, after: int, limit: int) -> list[tuple[int, bytes]]:
        """Up to `limit` stored events after a notification id, in commit order: (id, bytes).

        The hot read of a rebuild: plain tuples, and PostgreSQL's binary format (bytea as
        text is hex, twice the bytes to send and parse); about 3x faster there than dict rows.
        """
        if self.dialect.postgres:
            from psycopg.rows import tuple_row

            with self.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row) as cursor:
                cursor.execute(self._read_page, (after, limit), binary=True)
                return cursor.fetchall()
        with self.datastore.transaction(commit=False) as cursor:
            cursor.sqlite_cursor.row_factory = None  # tuples, not sqlite3.Row
            cursor.execute(self._read_page, (after, limit))
            return cursor.fetchall()

    def max_position(self) -> int:
        return self.store.max_notification_id()

    # -- positions and rows -----------------------------------------------------------------------

    def ensure(self, projection: str) -> None:
        d = self.dialect
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(d.sql(f"INSERT INTO {d.positions} (projection, position) VALUES (?, 0) ON CONFLICT (projection) DO NOTHING"), (projection,))

    def position(self, projection: str) -> int:
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute(self._select_position, (projection,))
            rows = cursor.fetchall()
            return rows[0]["position"] if rows else 0

    def load(self, projection: str, keys: Iterable[str]) -> dict[str, bytes]:
        """The stored rows of these keys (keys without a row are left out)."""
        keys = list(keys)
        found: dict[str, bytes] = {}
        if not keys:
            return found
        d = self.dialect
        with self.datastore.transaction(commit=False) as cursor:
            if d.postgres:
                cursor.execute(f"SELECT key, value FROM {d.rows} WHERE projection = %s AND key = ANY(%s)", (projection, keys))
                found.update((row["key"], bytes(row["value"])) for row in cursor.fetchall())
            else:
                for start in range(0, len(keys), _IN_CHUNK):
                    chunk = keys[start : start + _IN_CHUNK]
                    cursor.execute(f"SELECT key, value FROM {d.rows} WHERE projection = ? AND key IN ({','.join('?' * len(chunk))})", (projection, *chunk))
                    found.update((row["key"], bytes(row["value"])) for row in cursor.fetchall())
        return found

    def isolated(self, projection: str) -> dict[str, Isolated]:
        return {stream: msgspec.json.decode(raw, type=Isolated) for stream, raw in self.rows(_isolated_rows(projection)).items()}

    def isolations(self, stream: str, projections: Iterable[str]) -> dict[str, Isolated]:
        """The projections that isolated one stream, and where and why (one query: a mission's
        view asks on every poll)."""
        names = [_isolated_rows(name) for name in projections]
        d = self.dialect
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute(d.sql(f"SELECT projection, value FROM {d.rows} WHERE key = ? AND projection IN ({','.join('?' * len(names))})"), (stream, *names))
            found = {row["projection"].removesuffix(".isolated"): bytes(row["value"]) for row in cursor.fetchall()}
        return {name: msgspec.json.decode(raw, type=Isolated) for name, raw in sorted(found.items())}

    def save(self, projection: str, expected: int, position: int, rows: Mapping[str, bytes], isolated: Mapping[str, Isolated] | None = None) -> bool:
        """Move the position from `expected` to `position` and write the rows, in one transaction.

        False (and nothing written) when the position is no longer `expected`: another runner
        or a rebuild moved it, so the page this runner folded is stale.
        """
        try:
            with self.datastore.transaction(commit=True) as cursor:
                cursor.execute(self._cas_position, (position, projection, expected))
                if not cursor.fetchall():
                    raise _Stale
                if rows:
                    cursor.executemany(self._upsert, [(projection, key, value) for key, value in rows.items()])
                if isolated:
                    marked = _isolated_rows(projection)
                    cursor.executemany(self._upsert, [(marked, stream, msgspec.json.encode(why)) for stream, why in isolated.items()])
                self._before_commit(projection, position)
        except _Stale:
            return False
        return True

    def reset(self, projection: str) -> None:
        """Drop a projection's rows and set its position back to zero, in one transaction."""
        d = self.dialect
        with self.datastore.transaction(commit=True) as cursor:
            cursor.execute(d.sql(f"DELETE FROM {d.rows} WHERE projection IN (?, ?)"), (projection, _isolated_rows(projection)))
            cursor.execute(d.sql(f"UPDATE {d.positions} SET position = 0 WHERE projection = ?"), (projection,))

    def rows(self, projection: str) -> dict[str, bytes]:
        """Every row of a projection, by key (for comparisons and exports)."""
        d = self.dialect
        with self.datastore.transaction(commit=False) as cursor:
            cursor.execute(d.sql(f"SELECT key, value FROM {d.rows} WHERE projection = ? ORDER BY key"), (projection,))
            return {row["key"]: bytes(row["value"]) for row in cursor.fetchall()}

    def row(self, projection: str, key: str) -> bytes | None:
        return self.load(projection, [key]).get(key)

    # -- internals ---------------------------------------------------------------------------------

    def _before_commit(self, projection: str, position: int) -> None:
        """Called inside the save transaction, after every write: tests raise here to crash it."""

    def _create(self, attempts: int = 5) -> None:
        d = self.dialect
        statements = [
            f"CREATE TABLE IF NOT EXISTS {d.rows} (projection text NOT NULL, key text NOT NULL, value {d.blob} NOT NULL, PRIMARY KEY (projection, key))",
            f"CREATE TABLE IF NOT EXISTS {d.positions} (projection text PRIMARY KEY, position bigint NOT NULL)",
        ]
        for attempt in range(attempts):
            try:
                with self.datastore.transaction(commit=True) as cursor:
                    for statement in statements:
                        cursor.execute(statement)
                return
            except PersistenceError:
                # PostgreSQL: processes creating the same table at once race on its type
                # ("duplicate key value violates unique constraint pg_type_typname_nsp_index").
                if attempt == attempts - 1:
                    raise
                time.sleep(0.1 * (attempt + 1))


class _Stale(Exception):
    """The position moved under a save: roll the transaction back."""
