"""A worker in the consumer group: takes jobs, runs them through the ledger, acknowledges.

A job is acknowledged only after its command is committed (or is known to be pointless), so
a worker killed mid-job leaves it pending; another worker claims it after `claim_idle_ms`.

AI activations (README.md#ai-worker): a job only says "this mission may have an AI activation
due". The worker loads the mission, asks its game system's pure `ai` what is due, and submits
that command through `Ledger.handle` with an idempotency key naming the activation itself
(`ai:{mission}:{round}:{unit}`), so a job delivered twice, a slow worker or two workers at once
roll and write it once. A decision the rules refuse is logged and the mission is flagged
(`FlagAttention` → `AttentionNeeded`), never left waiting silently.
"""

from __future__ import annotations

import logging
import os
import time

import msgspec
import redis
from eventsourcing.persistence import PersistenceError

from domain import audit
from domain.commands import FlagAttention, RecordVerification
from domain.errors import RuleError
from domain.limits import MAX_TEXT
from domain.mission import MissionState, activation_key
from domain.registry import system_named
from service import i18n
from service.ledger import WORKER, Ledger, NotFound, Unavailable, VersionConflict
from workers.jobs import AI_ACTIVATION, GROUP, VERIFY_EPOCH, Job, Keys

log = logging.getLogger("skirmish.worker")

AI_RULE = "README.md#ai-worker"
#: A decision refused because the mission moved on meanwhile is made again, this often.
STALE_RETRIES = 5

#: Test-only hooks (tests/test_ai_worker.py), unset in production: sleep this many milliseconds
#: at a stage of an AI job, after logging "test pause", so a test can SIGKILL the worker there.
PAUSE_ENV = {
    "before_submit": "SKIRMISH_WORKER_PAUSE_BEFORE_SUBMIT_MS",  # decided, nothing written yet
    "before_ack": "SKIRMISH_WORKER_PAUSE_BEFORE_ACK_MS",  # committed, not yet acknowledged
}

# What running a job came to, for the log and the counters of `skirmish status`. TABLE: a
# manual-dice mission, whose AI activations the players submit with the faces they roll.
DONE, ACTIVATED, REPLAYED, IDLE, FINISHED, FLAGGED, TABLE = "done", "activated", "replayed", "idle", "finished", "flagged", "table"


class _StillMoving(Exception):
    """The mission kept changing under the AI's decisions; the job stays pending for later."""


class Worker:
    def __init__(
        self,
        ledger: Ledger,
        client: redis.Redis,
        keys: Keys,
        name: str,
        claim_idle_ms: int = 30_000,
    ) -> None:
        self.ledger = ledger
        self.redis = client
        self.keys = keys
        self.name = name
        self.claim_idle_ms = claim_idle_ms
        self.pauses = {stage: int(os.environ[var]) / 1000 for stage, var in PAUSE_ENV.items() if os.environ.get(var)}
        self._grouped = False
        self._next_claim = 0.0

    def ensure_group(self) -> None:
        try:
            self.redis.xgroup_create(self.keys.jobs, GROUP, id="0", mkstream=True)
        except redis.ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise
        self._grouped = True

    def run_once(self, block_ms: int = 1000, count: int = 10) -> int:
        """Finish stale entries of dead workers first, then take new ones."""
        try:
            if not self._grouped:
                self.ensure_group()
            entries = self._claim(count)
            if not entries:
                for _, batch in self.redis.xreadgroup(GROUP, self.name, {self.keys.jobs: ">"}, count=count, block=block_ms) or []:
                    entries.extend(batch)
        except redis.ResponseError as error:
            if not str(error).startswith(("NOGROUP", "UNBLOCKED")):
                raise
            self._grouped = False
            log.warning("the job stream vanished (Redis flushed?); the relay re-publishes from the log", extra={"error": str(error)})
            return 0
        for entry_id, fields in entries:
            self._process(entry_id, fields)
        return len(entries)

    def _claim(self, count: int) -> list:
        """Entries pending longer than `claim_idle_ms` (their worker died): looked for a few
        times per idle period, not on every pass."""
        now = time.monotonic()
        if now < self._next_claim:
            return []
        _, claimed, _ = self.redis.xautoclaim(self.keys.jobs, GROUP, self.name, self.claim_idle_ms, "0-0", count=count)
        if not claimed:
            self._next_claim = now + min(self.claim_idle_ms / 4000, 1.0)
        return list(claimed)

    def _process(self, entry_id: bytes, fields: dict[bytes, bytes]) -> None:
        try:
            job = msgspec.json.decode(fields[b"job"], type=Job)
        except (KeyError, msgspec.DecodeError, msgspec.ValidationError) as error:
            log.error("unreadable job dropped", extra={"entry": entry_id.decode(), "error": str(error)})
            self._finish(entry_id, "unreadable", failed=True)
            return
        context = {"job": job.kind, "mission": job.mission_id, "key": job.key}
        try:
            outcome = self.run(job)
        except NotFound:
            log.warning("job names a missing mission; dropped", extra=context)
            self._finish(entry_id, job.kind, failed=True)
            return
        except RuleError as error:
            log.warning("job refused by the rules; dropped", extra={**context, "code": error.code, "rule": error.rule})
            self._finish(entry_id, job.kind, failed=True)
            return
        except (Unavailable, PersistenceError, VersionConflict, _StillMoving) as error:
            # Left pending: this or another worker claims it again after the idle timeout.
            log.error("job could not run now; left pending", extra={**context, "error": str(error)})
            return
        self._pause("before_ack", context)
        if job.kind != AI_ACTIVATION:
            log.info("job done", extra={**context, "outcome": outcome})
        self._finish(entry_id, job.kind, outcome=outcome)

    def run(self, job: Job) -> str:
        if job.kind == AI_ACTIVATION:
            return self._ai_activation(job)
        if job.kind != VERIFY_EPOCH or job.epoch is None:
            raise RuleError("unknown_job", "README.md#workers", params={"kind": job.kind})
        # The whole document: a re-roll in this epoch is checked against the roll it replaces in another.
        document = audit.build(self.ledger.records(job.mission_id))
        report = audit.check(document)
        mismatches = sorted({int(p.event) for p in report.problems if p.event.isdigit() and p.epoch == job.epoch})
        checked = sum(r.source != "manual" for e in document.epochs if e.epoch == job.epoch for r in e.rolls)
        command = RecordVerification(job.epoch, checked, mismatches)
        self.ledger.handle(job.mission_id, WORKER, command, idempotency_key=job.key)
        return DONE

    # -- AI activations ---------------------------------------------------------------------------

    def _ai_activation(self, job: Job) -> str:
        """Run the AI activation the mission has due now, if any, exactly once."""
        context = {"job": job.kind, "mission": job.mission_id, "due": job.key}
        for _ in range(STALE_RETRIES):
            started = time.perf_counter()
            state = self.ledger.mission(job.mission_id)
            system = system_named(state.system)
            decided = system.outcome(state.game) if state.game is not None else None
            if state.ended or decided is not None:
                log.info("mission finished; no AI activation due", extra={**context, "outcome": state.outcome or decided})
                return FINISHED
            if state.dice_mode == "manual":
                log.debug("manual dice: the table rolls the AI's dice and submits it (POST /missions/{id}/ai)", extra=context)
                return TABLE
            try:
                command = system.ai(state)
                key = activation_key(state, command) if command is not None else ""
            except Exception as error:  # noqa: BLE001 - a bug in the pure AI must not stall the mission silently
                log.exception("the AI failed", extra=context)
                return self._flag(state, f"attention:{state.mission_id}:v{state.version}:ai", "ai_failed", AI_RULE, f"the {state.system} AI failed: {error!r}", context)
            if command is None:
                log.debug("no AI activation due", extra=context)
                return IDLE  # nothing due: heroes' turn, a player's choice pending, or done already
            context = {**context, "key": key, "command": type(command).__name__, "units": list(command.units())}
            self._pause("before_submit", context)
            try:
                result = self.ledger.handle(job.mission_id, WORKER, command, idempotency_key=key)
            except RuleError as error:
                if self.ledger.mission(job.mission_id).version != state.version:
                    continue  # decided on a state that moved on meanwhile: decide again
                message = i18n.error_message(error.code, error.params, i18n.DEFAULT, error.message, error.system)  # the log keeps English
                log.error("the rules refused the AI's decision; mission flagged for attention", extra={**context, "code": error.code, "rule": error.rule, "error": message})
                what = msgspec.json.encode(command).decode()
                return self._flag(state, f"attention:{key}", error.code, error.rule, f"AI decision {what} refused: {message}", context)
            except (Unavailable, PersistenceError, VersionConflict, NotFound):
                raise
            except Exception as error:  # noqa: BLE001 - a bug in the rules engine: flag, do not crash-loop
                log.exception("the rules engine failed on the AI's decision", extra=context)
                return self._flag(state, f"attention:{key}", "engine_failed", AI_RULE, f"the rules engine failed on {type(command).__name__}: {error!r}", context)
            outcome = REPLAYED if result.replayed else ACTIVATED
            log.info(
                "ai activation",
                extra={**context, "outcome": outcome, "version": result.version, "events": len(result.events), "ms": round((time.perf_counter() - started) * 1000, 2)},
            )
            return outcome
        raise _StillMoving(f"the mission changed under {STALE_RETRIES} AI decisions in a row")

    def _flag(self, state: MissionState, key: str, code: str, rule: str, reason: str, context: dict) -> str:
        """Mark the mission as needing a person; once per stuck activation (the key), and not
        again while nothing happened since the last flag (a job delivered again)."""
        if state.attention and state.attention[-1].event == state.version:
            return FLAGGED
        command = FlagAttention(reason[:MAX_TEXT], code[:MAX_TEXT], rule[:MAX_TEXT])
        try:
            self.ledger.handle(state.mission_id, WORKER, command, idempotency_key=key)
        except RuleError as error:
            if error.code != "idempotency_key_reused":
                raise
            # flagged already for this activation (with other words): once is enough
        log.warning("mission flagged for attention", extra={**context, "code": code, "rule": rule, "reason": reason})
        return FLAGGED

    def _pause(self, stage: str, context: dict) -> None:
        seconds = self.pauses.get(stage)
        if seconds:
            log.warning("test pause", extra={**context, "stage": stage, "worker": self.name, "ms": seconds * 1000})
            time.sleep(seconds)

    def _finish(self, entry_id: bytes, kind: str, failed: bool = False, outcome: str = DONE) -> None:
        pipe = self.redis.pipeline(transaction=True)
        pipe.xack(self.keys.jobs, GROUP, entry_id)
        pipe.xdel(self.keys.jobs, entry_id)  # the stream holds only work not yet done
        pipe.incr(self.keys.failed if failed else self.keys.processed)
        if not failed:
            pipe.hincrby(self.keys.processed_by_kind, kind, 1)
        if outcome == ACTIVATED:
            pipe.incr(self.keys.activations)
        elif outcome == FLAGGED:
            pipe.incr(self.keys.attention)
        pipe.execute()
