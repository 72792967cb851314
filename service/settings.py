"""Configuration from the environment: embedded defaults, PostgreSQL and Redis to scale."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec


class Settings(msgspec.Struct, frozen=True):
    data_dir: Path
    #: Environment handed to eventsourcing's infrastructure factory.
    store_env: dict[str, str]
    redis_url: str | None
    redis_prefix: str
    seal_key: str | None
    host: str
    port: int

    @property
    def backend(self) -> str:
        return "postgres" if "postgres" in self.store_env["PERSISTENCE_MODULE"] else "sqlite"

    def missing_store(self) -> str | None:
        """Why there is no store to read, when the configured SQLite file does not exist: a
        command that reads must say so, not wait on it or start an empty one."""
        name = self.store_env.get("SQLITE_DBNAME", "")
        if self.backend != "sqlite" or name.startswith((":memory:", "file:")) or Path(name).is_file():
            return None
        return f"no event store at {name}: `skirmish serve` makes it on its first start; or set SKIRMISH_DATA_DIR to the data directory the server uses"

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if environ is None else environ)
        data_dir = Path(env["SKIRMISH_DATA_DIR"]).resolve() if env.get("SKIRMISH_DATA_DIR") else default_data_dir(env)
        module = env.get("PERSISTENCE_MODULE", "eventsourcing.sqlite")
        store_env = {k: v for k, v in env.items() if k.startswith(("POSTGRES_", "SQLITE_"))}
        store_env["PERSISTENCE_MODULE"] = module
        if module == "eventsourcing.sqlite":
            store_env.setdefault("SQLITE_DBNAME", str(data_dir / "ledger.sqlite3"))
            store_env.setdefault("SQLITE_LOCK_TIMEOUT", "10")
        else:
            store_env.setdefault("POSTGRES_HOST", "127.0.0.1")
            store_env.setdefault("POSTGRES_PORT", "5432")
            store_env.setdefault("POSTGRES_USER", "postgres")
            store_env.setdefault("POSTGRES_PASSWORD", "")
            store_env.setdefault("POSTGRES_DBNAME", "skirmish")
            store_env.setdefault("POSTGRES_POOL_SIZE", "10")
            store_env.setdefault("POSTGRES_MAX_OVERFLOW", "10")
        return cls(
            data_dir=data_dir,
            store_env=store_env,
            redis_url=env.get("REDIS_URL") or None,
            redis_prefix=env.get("SKIRMISH_REDIS_PREFIX", "skirmish:"),
            seal_key=env.get("SKIRMISH_SEAL_KEY") or None,
            host=env.get("SKIRMISH_HOST", "127.0.0.1"),
            port=int(env.get("SKIRMISH_PORT", "8000")),
        )


def default_data_dir(env: dict[str, str]) -> Path:
    """Where every command keeps and finds the data when SKIRMISH_DATA_DIR is not set: one place
    per user, whatever the working directory (README.md#where-data-lives)."""
    base = Path(env["XDG_DATA_HOME"]) if env.get("XDG_DATA_HOME") else Path(env.get("HOME") or Path.home()) / ".local" / "share"
    return (base / "skirmish-ledger").resolve()
