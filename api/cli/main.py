"""`skirmish`: serve, worker, verify, status, import, schema, rebuild, project."""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import msgspec

from service import logs
from service.settings import Settings

log = logging.getLogger("skirmish")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="skirmish", description="Skirmish Ledger: event-sourced campaign server with provably fair dice.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the HTTP API (and, with no REDIS_URL, an embedded Valkey and a worker)")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--workers", type=int, default=1, help="workers to run (default 1; 0: the API alone, as in deploy/)")
    serve.add_argument(
        "--worker-processes", action="store_true", help="run each worker as a `skirmish worker` process of its own, not as threads of this process sharing its cache"
    )
    commands.add_parser("worker", help="run one worker: relay events to jobs and process jobs")
    verify = commands.add_parser("verify", help="check a mission's hash chain and revealed dice")
    verify.add_argument("export", nargs="?", type=Path, help="an exported mission or campaign file (works offline)")
    verify.add_argument("--mission", help="a mission id in the configured store")
    verify.add_argument("--json", action="store_true", help="print the verdict as JSON")
    verify.add_argument("--receipts", type=Path, help="a file of receipts (JSON Lines) the log must hold: a log cut short or rewritten fails")
    commands.add_parser("status", help="queue depth, pending jobs and their age, jobs processed")
    imports = commands.add_parser("import", help="import an exported campaign or finished mission into the configured store")
    imports.add_argument("file", type=Path)
    schema = commands.add_parser("schema", help="print the JSON Schema of stored events or of commands")
    schema.add_argument("which", choices=["events", "commands"])
    rebuild = commands.add_parser("rebuild", help="drop a projection (or all) and rebuild it from the log, with a progress bar")
    rebuild.add_argument("projection", nargs="?", default="all", choices=["battlefield", "campaign", "audit", "all"])
    project = commands.add_parser("project", help="keep the projections caught up with the log (the worker does this too)")
    project.add_argument("--once", action="store_true", help="catch up once and exit")
    args = parser.parse_args(argv)
    logs.configure(os.environ.get("SKIRMISH_LOG_LEVEL", "INFO"))
    return {"serve": _serve, "worker": _worker, "verify": _verify, "status": _status, "import": _import, "schema": _schema, "rebuild": _rebuild, "project": _project}[args.command](args)


def _settings_with_store() -> Settings | None:
    """The settings, when the store they name is there; else None, having said why (exit 2):
    a command that reads the store never waits on a missing one or starts an empty one."""
    settings = Settings.from_env()
    if missing := settings.missing_store():
        print(missing, file=sys.stderr)
        return None
    return settings


def _redis_url(settings: Settings) -> str | None:
    """REDIS_URL, else the embedded Valkey that `skirmish serve` runs on the same data directory;
    None (having said so) when there is neither."""
    from api.cli.embedded import running_url

    url = settings.redis_url or running_url(settings.data_dir)
    if url is None:
        print(f"no Redis: set REDIS_URL to the one the workers use, or start `skirmish serve` on {settings.data_dir} (it runs an embedded Valkey)", file=sys.stderr)
    return url


class _Terminated(Exception):
    """SIGTERM reached `skirmish serve`: leave the server loop and stop what it started."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise _Terminated


def _serve(args: argparse.Namespace) -> int:
    import redis
    import uvicorn

    from api.cli.embedded import EmbeddedValkey, die_with_parent
    from api.cli.malloc import limit_arenas
    from api.cli.quiet_server import QuietServer
    from api.cli.supervise import BACKOFF_S, AlreadyServing, Supervised, SupervisedThread, lock_data_dir, terminate
    from api.http.app import create_app
    from service.wiring import build_ledger, redis_client
    from workers import heartbeat
    from workers.jobs import Keys
    from workers.running import run_worker
    from workers.ticks import Announcer, Ticks

    limit_arenas()  # before the first thread
    settings = Settings.from_env()
    host, port = args.host or settings.host, args.port or settings.port
    redis_url = settings.redis_url
    lock = None
    if redis_url is None:
        # The embedded Valkey is this serve's own: a second serve here would replace it under
        # the first one's workers. Several serves share a Redis named by REDIS_URL (deploy/).
        try:
            lock = lock_data_dir(settings.data_dir, f"http://{host}:{port}")
        except AlreadyServing as refused:
            log.error(str(refused), extra={"data_dir": str(settings.data_dir)})
            return 1
    ledger = build_ledger(settings)
    stopping = threading.Event()
    backoff_s = int(os.environ.get("SKIRMISH_RESTART_BACKOFF_MS", str(int(BACKOFF_S * 1000)))) / 1000
    valkey = None
    if redis_url is None:
        embedded = EmbeddedValkey(settings.data_dir)

        def start_valkey() -> subprocess.Popen:
            embedded.start()  # on the same port every time: the workers keep their REDIS_URL
            return embedded.process

        valkey = Supervised("valkey", start_valkey, stopping, backoff_s)
        redis_url = embedded.url
    env = {**os.environ, "REDIS_URL": redis_url, "SKIRMISH_DATA_DIR": str(settings.data_dir)}

    client, keys = redis_client(redis_url), Keys(settings.redis_prefix)
    ticks = Ticks(client, keys.ticks)

    def start_worker() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "api.cli.main", "worker"], env=env, preexec_fn=die_with_parent)

    def worker_died(pid: int) -> None:
        """A killed worker cannot take its heartbeat away: we do, so /health sees it dead now."""
        try:
            heartbeat.stopped(client, keys, heartbeat.worker_name(pid))
        except redis.RedisError:
            pass  # Redis is down too: /health says so, and the heartbeat ages out

    def in_process(name: str) -> Callable[[], None]:
        """A worker on a thread of this process, over the API's ledger: one cache of the missions."""
        return lambda: run_worker(ledger, client, keys, f"{heartbeat.worker_name(os.getpid())}-{name}", stopping, ticks)

    names = [f"worker-{n + 1}" for n in range(args.workers)]
    if args.worker_processes:
        workers: list[Supervised] | list[SupervisedThread] = [Supervised(name, start_worker, stopping, backoff_s, on_death=worker_died) for name in names]
    else:
        workers = [SupervisedThread(name, in_process(name), stopping, backoff_s) for name in names]
    supervised = ([valkey] if valkey else []) + workers
    ledger.store.appended.append(Announcer(ticks).appended)
    where = settings.store_env.get("SQLITE_DBNAME") or f"postgres database {settings.store_env.get('POSTGRES_DBNAME')}"
    log.info(
        f"Skirmish Ledger on http://{host}:{port}",
        extra={
            "url": f"http://{host}:{port}", "docs": f"http://{host}:{port}/schema/swagger", "events": where, "redis": redis_url,
            "embedded_valkey": valkey is not None, "workers": len(workers), "worker_processes": args.worker_processes,
        },  # fmt: skip
    )
    app = create_app(ledger, jobs=lambda: heartbeat.jobs_health(client, keys, ledger.store.max_notification_id()), processes=lambda: [s.health() for s in supervised])
    # uvicorn shuts down on SIGTERM and then raises the signal again; with its default action
    # that ends the process before the `finally` below could stop the workers and the Valkey.
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        # log_config=None: uvicorn's own loggers write through ours (service/logs.py), as JSON.
        server = QuietServer(uvicorn.Config(app, host=host, port=port, log_level="warning", log_config=None, timeout_graceful_shutdown=5))
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        if not server.started:
            return uvicorn.config.STARTUP_FAILURE  # uvicorn has logged why (the port taken, say)
    except _Terminated:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends us at once
        stopping.set()
        if args.worker_processes:
            for child in workers:
                if child.process is not None:
                    child.process.terminate()  # all at once, then each waited for
            for child in workers:
                child.stop(terminate)
        else:
            for thread in workers:
                thread.stop()
        if valkey:
            valkey.stop(lambda _: embedded.stop())
        if lock is not None:
            lock.close()
    return 0


def _worker(args: argparse.Namespace) -> int:
    from api.cli.malloc import limit_arenas
    from service.wiring import build_ledger, redis_client
    from workers import heartbeat
    from workers.jobs import Keys
    from workers.running import run_worker
    from workers.ticks import Announcer, Ticks

    settings = _settings_with_store()
    redis_url = _redis_url(settings) if settings else None
    if settings is None or redis_url is None:
        return 2
    limit_arenas()  # before the first thread
    ledger = build_ledger(settings)
    client = redis_client(redis_url)
    keys = Keys(settings.redis_prefix)
    ticks = Ticks(client, keys.ticks)
    ledger.store.appended.append(Announcer(ticks).appended)
    stopping = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.set())
    run_worker(ledger, client, keys, heartbeat.worker_name(os.getpid()), stopping, ticks)
    return 0


def _verify(args: argparse.Namespace) -> int:
    from domain.receipts import BadReceipts, read_receipts
    from domain.receipts import check as check_receipts
    from domain.receipts import tally
    from domain.verification import verify_stream
    from service.exports import ExportError, describe, verify_export

    try:
        receipts = read_receipts(args.receipts.read_bytes()) if args.receipts else []
    except (OSError, BadReceipts) as error:
        print(f"cannot read the receipts {args.receipts}: {error}", file=sys.stderr)
        return 2
    if args.export is not None:
        try:
            checked = verify_export(args.export.read_bytes(), receipts)
        except (OSError, ExportError) as error:
            print(f"cannot read {args.export}: {error}", file=sys.stderr)
            return 2
        print(msgspec.json.encode(checked).decode() if args.json else describe(checked))
        return 0 if checked.ok else 1
    if args.mission:
        from service.store import EventStore

        settings = _settings_with_store()
        if settings is None:
            return 2
        store = EventStore(settings.store_env)  # verifying needs no seal key
        try:
            rows = store.read(args.mission)
        except ValueError:
            rows = []
        if not rows:
            print(f"no mission {args.mission} in the store", file=sys.stderr)
            return 2
    else:
        print("name an exported file or --mission ID", file=sys.stderr)
        return 2
    verdict = verify_stream(rows)
    unheld = check_receipts(receipts, {**_streams_of(store, receipts), args.mission: rows})
    if args.json:
        held = {"receipts": len(receipts), "receipt_problems": unheld} if receipts else {}
        print(msgspec.json.encode({**msgspec.to_builtins(verdict), **held}).decode())
    else:
        print(_describe(verdict))
        if receipts:
            print(*[f"FAILED: stream {p.receipt.stream} position {p.receipt.position}: {p.named()}" for p in unheld], tally(len(receipts), len(unheld)), sep="\n")
    return 0 if verdict.ok and not unheld else 1


def _streams_of(store, receipts) -> dict[str, list[tuple[int, bytes]]]:  # noqa: ANN001
    """Every stream the receipts name that the store holds, to check them against."""
    found = {}
    for stream in sorted({receipt.stream for receipt in receipts}):
        try:
            rows = store.read(stream)
        except ValueError:
            continue  # not a stream id: the receipt's stream is not there
        if rows:
            found[stream] = rows
    return found


def _describe(verdict) -> str:  # noqa: ANN001
    chain = verdict.chain
    if not chain.ok:
        return f"FAILED: hash chain broken at event {chain.first_bad_event}: {chain.reason} ({chain.events_checked} events before it are intact)"
    dice = verdict.dice
    lines = [f"hash chain: ok, {chain.events_checked} events"]
    lines.append(
        f"dice: {'ok' if dice.ok else 'FAILED'}, {dice.rolls_checked} server rolls re-computed in "
        f"{dice.epochs_revealed} revealed epoch(s); {dice.epochs_unrevealed} epoch(s) not yet revealed; {dice.manual_rolls} manual roll(s)"
    )
    lines += [f"  epoch {p.epoch} event {p.event}: {p.problem}" for p in dice.problems]
    return "\n".join(lines)


def _import(args: argparse.Namespace) -> int:
    """All or nothing: the file is verified whole before one atomic append."""
    from service.exports import ImportRefused, import_export
    from service.seal import SealError
    from service.wiring import build_ledger

    try:
        content = args.file.read_bytes()
        ledger = build_ledger(Settings.from_env())  # revealed seeds are sealed here too
    except (OSError, SealError) as error:
        print(f"cannot import {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        result = import_export(ledger, content, missions_allowed=True)
    except ImportRefused as refused:
        print(f"refused ({refused.code}): {refused.message}", file=sys.stderr)
        return 1
    finally:
        ledger.store.close()
    joined = f"; listed in campaign {result.campaign_id} at position {result.campaign_position}" if result.campaign_position else ""
    print(f"imported {result.kind} {result.id}: {len(result.streams)} stream(s), {result.events} events{joined}")
    return 0


def _schema(args: argparse.Namespace) -> int:
    from api.http.schemas import json_schema

    print(json.dumps(json_schema(args.which), indent=2))
    return 0


def _status(args: argparse.Namespace) -> int:
    from service.store import EventStore
    from service.wiring import redis_client
    from workers.jobs import Keys
    from workers.status import queue_status

    settings = _settings_with_store()
    redis_url = _redis_url(settings) if settings else None
    if settings is None or redis_url is None:
        return 2
    store = EventStore(settings.store_env)  # reading the log's position needs no seal key
    status = queue_status(redis_client(redis_url), Keys(settings.redis_prefix), store.max_notification_id())
    print(json.dumps(msgspec.to_builtins(status), indent=2))
    return 0


def _rebuild(args: argparse.Namespace) -> int:
    from projections.command import rebuild

    settings = _settings_with_store()
    return 2 if settings is None else rebuild(settings.store_env, args.projection)  # needs no seal key


def _project(args: argparse.Namespace) -> int:
    from projections.command import project

    settings = _settings_with_store()
    if settings is None:
        return 2
    stopping = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.set())
    return project(settings.store_env, stopping, once=args.once)


if __name__ == "__main__":
    sys.exit(main())
