"""AI activations run by Redis workers (README.md#ai-worker): automatic, crash-safe, exactly once,
in order within a mission, missions side by side.

Star Quest missions of the sample pack ("scrapyard-brawl", two heroes); the heroes are played by
this file over HTTP with the harness's `hold_and_shoot` (tests/starquest/players.py: activate,
hold, shoot the nearest enemy if possible, end activation), the AI by workers: in-process `Worker`s, or real `skirmish worker` processes. Every wait is
bounded; nothing asserts on wall-clock time.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import subprocess
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
import redis
from litestar.testing import TestClient

from api.http.bodies import MissionView
from domain import mission as missions
from domain import registry as systems
from domain.campaign import Member
from domain.commands import EndMission, FlagAttention
from domain.errors import Forbidden
from domain.events import AttentionNeeded
from domain.systems.starquest import commands as sq
from domain.systems.starquest import events as sqe
from domain.verification import verify_stream
from service.ledger import WORKER, Ledger
from tests.harness import Campaign, ScriptedPlayer, play
from tests.servers import SKIRMISH, wait_until
from tests.starquest.players import brawl, heroes_until_ai, hold_and_shoot
from workers.jobs import AI_ACTIVATION, GROUP, Job, Keys
from workers.relay import Relay
from workers.status import queue_status
from workers.worker import FINISHED, Worker, activation_key

WAIT_S = 60


# -- the campaign: missions, scripted heroes ----------------------------------------------------------


@pytest.fixture
def campaign(client: TestClient) -> Campaign:
    """A campaign whose missions' heroes this file plays over HTTP (tests/starquest/players.py)."""
    return Campaign(client, "Salvage")


def campaigns_of(campaign: Campaign, count: int) -> list[Campaign]:
    """`count` campaigns on the same server, for missions that run at once with the same
    heroes: a hero plays one mission of its campaign at a time."""
    return [campaign, *(Campaign(campaign.client, f"Salvage {n}") for n in range(1, count))]


def host_of(ledger: Ledger, campaign: Campaign) -> Member:
    """The campaign's host, for commands this file gives the ledger itself."""
    _, host = ledger.authenticate(campaign.host.token)
    return host


def battle(ledger: Ledger, mission_id: str):
    return ledger.mission(mission_id).game


# -- reading the log: exactly once, in order ----------------------------------------------------------


def ai_phases(ledger: Ledger, mission_id: str) -> list[dict]:
    """Per AI phase of the mission: its AiPhaseStarted order, the AI units that started an
    activation (in log order), the units removed before their turn, and how the phase closed."""
    phases: list[dict] = []
    state, current = None, None
    for record in ledger.records(mission_id):
        event = record.event
        state = missions.evolve(state, event)
        if isinstance(event, sqe.AiPhaseStarted):
            current = {"round": state.game.round, "order": list(event.order), "started": [], "ended": [], "removed": set(), "keys": [], "closed": None}
            phases.append(current)
        elif current is None or current["closed"]:
            continue
        elif isinstance(event, sqe.ActivationStarted):
            current["started"].append(event.unit)
            current["keys"].append(record.command_key)
        elif isinstance(event, sqe.ActivationEnded):
            current["ended"].append(event.unit)
        elif isinstance(event, sqe.FigureKilled) and not state.game.units[event.unit].on_table and event.unit not in current["started"]:
            current["removed"].add(event.unit)
        elif isinstance(event, (sqe.RoundStarted, sqe.MissionDecided)):
            current["closed"] = type(event).__name__
    return phases


def assert_each_ai_activation_once_in_order(ledger: Ledger, mission_id: str, finished: bool = True) -> int:
    """Every AI phase: the AI units activated in the AiPhaseStarted order minus the units removed
    in between, each once (one ActivationStarted, one ActivationEnded, one command and its dice),
    by the worker under the activation's key. Returns the number of AI activations."""
    records = ledger.records(mission_id)
    phases = ai_phases(ledger, mission_id)
    count = 0
    for phase in phases:
        expected = [u for u in phase["order"] if u not in phase["removed"]]
        if phase["closed"] == "RoundStarted":
            assert phase["started"] == expected, phase
        else:  # the mission was decided during the phase, or (finished=False) it is under way
            assert phase["started"] == expected[: len(phase["started"])], phase
        assert phase["ended"] == phase["started"], phase
        assert phase["keys"] == [f"ai:{mission_id}:{phase['round']}:{u}" for u in phase["started"]], phase
        count += len(phase["started"])
    if finished:
        assert phases and all(p["closed"] for p in phases), phases
    # one command per activation: no batch of the AI was written twice
    commands = Counter(r.command_key for r in records if isinstance(r.command, sq.AiActivate))
    assert sum(commands.values()) == count and all(n == 1 for n in commands.values()), commands
    assert not ledger.mission(mission_id).attention
    assert verify_stream(ledger.store.read(mission_id)).chain.ok
    return count


# -- in-process workers ----------------------------------------------------------------------------------


@pytest.fixture
def rig(ledger: Ledger, redis_url: str, redis_prefix: str):
    client = redis.Redis.from_url(redis_url)
    keys = Keys(redis_prefix)
    # recheck_s=0: the fault tests call the relay by hand and expect it to see a loss at once
    return ledger, client, keys, Relay(ledger.store, client, keys, "relay-1", recheck_s=0), Worker(ledger, client, keys, "worker-1")


def settle(relay: Relay, *workers: Worker, rounds: int = 500) -> int:
    """Relay and work until nothing is left to publish or take; returns the jobs processed."""
    done = 0
    for _ in range(rounds):
        published = relay.run_once()
        taken = sum(w.run_once(block_ms=10) for w in workers)
        done += taken
        if not published and not taken:
            return done
    pytest.fail("the jobs never ran out")


def test_the_ai_phase_is_played_by_the_worker_in_order(rig, campaign):
    """star-quest.en.md#Playing the Game: AI units from the closest to a hero to the furthest."""
    ledger, client, keys, relay, worker = rig
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    assert battle(ledger, mission_id).phase == "ai"
    due = list(battle(ledger, mission_id).ai_queue)
    settle(relay, worker)
    after = battle(ledger, mission_id)
    assert after.outcome is not None or (after.round, after.phase) == (2, "heroes")  # the next round started by itself
    assert assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False) == len(due)
    status = queue_status(client, keys, ledger.store.max_notification_id())
    assert status.activations == len(due) and status.pending == 0 and status.queue_depth == 0
    assert status.processed_by_kind[AI_ACTIVATION] >= len(due)


def test_a_job_delivered_twice_writes_once(rig, campaign):
    ledger, client, keys, relay, worker = rig
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    relay.run_once()
    ((_, job),) = client.xrange(keys.jobs)
    client.xadd(keys.jobs, job)  # the same job again, before the first ran
    settle(relay, worker)
    first = ledger.records(mission_id)
    assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
    client.xadd(keys.jobs, job)  # and once more, long after
    settle(relay, worker)
    assert ledger.records(mission_id) == first


def test_two_workers_deciding_the_same_activation_write_it_once(rig, store_env, seal_key, campaign):
    """Both decide on the same state, then both submit: the activation's key lets one through;
    the other gets the first one's result (no second roll, no second write)."""
    ledger, client, keys, relay, worker = rig
    from service.seal import Sealer
    from service.store import EventStore

    other_store = EventStore(store_env)  # a second process, as far as the store can tell
    other = Worker(Ledger(other_store, Sealer(seal_key)), client, keys, "worker-2")
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    relay.run_once()
    ((_, job),) = client.xrange(keys.jobs)
    client.xadd(keys.jobs, job)
    both_decided = threading.Barrier(2, timeout=WAIT_S)
    outcomes: list[str] = []
    for w in (worker, other):
        w._pause = lambda stage, context: stage == "before_submit" and both_decided.wait()
        original = w.run
        w.run = lambda job, original=original: outcomes.append(original(job)) or outcomes[-1]
    try:
        threads = [threading.Thread(target=w.run_once, kwargs={"block_ms": 100, "count": 1}) for w in (worker, other)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(WAIT_S)
        assert sorted(outcomes) == ["activated", "replayed"]
        started = [r.event.unit for r in ledger.records(mission_id) if isinstance(r.event, sqe.ActivationStarted) and r.actor == "worker"]
        assert len(started) == 1
        for w in (worker, other):
            del w._pause, w.run
        settle(relay, worker, other)
        assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
    finally:
        other_store.close()


def test_redis_losing_everything_mid_phase_the_activations_still_complete(rig, campaign):
    """FLUSHALL, as far as this deployment can tell: every key of its prefix deleted while AI
    activations are due; the relay re-publishes from the log and they all run, once."""
    ledger, client, keys, relay, worker = rig
    tables = campaigns_of(campaign, 3)
    mission_ids = [brawl(table, n) for n, table in enumerate(tables)]
    for table, mission_id in zip(tables, mission_ids):
        heroes_until_ai(table.host, mission_id)
    relay.run_once()
    assert worker.run_once(block_ms=50, count=1) == 1  # one activation done, the rest due
    client.delete(*client.keys(keys.prefix + "*"))
    assert client.keys(keys.prefix + "*") == []
    settle(relay, worker)
    for mission_id in mission_ids:
        after = battle(ledger, mission_id)
        assert after.outcome is not None or after.phase == "heroes"
        assert assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False) >= 1


def test_a_finished_mission_is_acknowledged_and_nothing_is_written(rig, caplog, campaign):
    ledger, client, keys, relay, worker = rig
    host = host_of(ledger, campaign)
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    ledger.handle(mission_id, host, EndMission("abandoned"))
    version = ledger.mission(mission_id).version
    caplog.set_level(logging.INFO, logger="skirmish.worker")
    assert worker.run(Job(AI_ACTIVATION, mission_id, "ai-due:test")) == FINISHED
    assert "mission finished" in caplog.text
    settle(relay, worker)  # its jobs (and the epoch's verification) run and are acknowledged
    assert not [r for r in ledger.records(mission_id, version) if isinstance(r.event, sqe.ActivationStarted)]
    assert queue_status(client, keys, 0).pending == 0


def _with_ai(monkeypatch: pytest.MonkeyPatch, ai: Callable) -> None:
    """Star Quest with another AI function, for this test only."""
    system = systems.SYSTEMS["star-quest"]
    monkeypatch.setitem(systems.SYSTEMS, "star-quest", dataclasses.replace(system, ai=ai))


def test_a_decision_the_rules_refuse_flags_the_mission(rig, monkeypatch, caplog, campaign):
    """Never silently stuck: the refusal is logged with its code and rule, the mission is marked
    as needing attention (once, however often the job comes), and the job is acknowledged."""
    ledger, client, keys, relay, worker = rig
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    _with_ai(monkeypatch, lambda state: sq.AiActivate(state.game.ai_queue[0], "dance") if state.game.phase == "ai" else None)
    settle(relay, worker)
    (flag,) = [r.event for r in ledger.records(mission_id) if isinstance(r.event, AttentionNeeded)]
    assert flag.code == "unknown_ai_action" and flag.rule.startswith("star-quest.en.md#")
    assert "dance" in flag.reason
    assert [(r.levelname, r.code, r.rule) for r in caplog.records if r.getMessage().startswith("the rules refused")] == [("ERROR", flag.code, flag.rule)]
    view = MissionView.of(ledger.mission(mission_id))
    assert [(a.code, a.rule) for a in view.attention] == [(flag.code, flag.rule)]
    status = queue_status(client, keys, 0)
    assert status.pending == 0 and status.attention == 1 and status.activations == 0
    assert battle(ledger, mission_id).phase == "ai"  # still waiting, but flagged
    client.xadd(keys.jobs, {"job": msgspec.json.encode(Job(AI_ACTIVATION, mission_id, "ai-due:again"))})
    settle(relay, worker)
    assert len([r for r in ledger.records(mission_id) if isinstance(r.event, AttentionNeeded)]) == 1


def test_an_ai_that_fails_flags_the_mission(rig, monkeypatch, campaign):
    ledger, client, keys, relay, worker = rig
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)

    def broken(state):
        if state.game.phase == "ai":
            raise IndexError("no figures")

    _with_ai(monkeypatch, broken)
    settle(relay, worker)
    (flag,) = ledger.mission(mission_id).attention
    assert flag.code == "ai_failed" and "IndexError" in flag.reason
    assert queue_status(client, keys, 0).pending == 0
    client.delete(*client.keys(keys.prefix + "*"))  # every job published again: flagged once all the same
    settle(relay, worker)
    assert len(ledger.mission(mission_id).attention) == 1


def test_a_decision_overtaken_by_a_player_is_decided_again_not_flagged(rig, campaign):
    """A player may run an AI activation by hand (as tests/starquest/test_http_mission.py does);
    the worker's decision for that unit is then stale: it decides again on the new state."""
    ledger, _, _, relay, worker = rig
    host = host_of(ledger, campaign)
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    queue = list(battle(ledger, mission_id).ai_queue)
    assert len(queue) >= 2, "scrapyard-brawl starts with two AI units on the table"
    system = systems.system_named("star-quest")

    def player_first(stage: str, context: dict) -> None:
        if stage == "before_submit" and context["units"] == [queue[0]]:
            state = ledger.mission(mission_id)
            ledger.handle(mission_id, host, system.ai(state))  # no key: the host's own command

    worker._pause = player_first
    relay.run_once()
    worker.run_once(block_ms=50, count=1)
    records = ledger.records(mission_id)
    started = [(r.event.unit, r.actor) for r in records if isinstance(r.event, sqe.ActivationStarted)][-2:]
    assert started == [(queue[0], "host"), (queue[1], "worker")]
    assert not ledger.mission(mission_id).attention


def test_flag_attention_is_the_workers_and_allowed_after_the_end(ledger: Ledger, campaign):
    host = host_of(ledger, campaign)
    mission_id = brawl(campaign)
    with pytest.raises(Forbidden):
        ledger.handle(mission_id, host, FlagAttention("stuck", "x", "y"))
    ledger.handle(mission_id, host, EndMission("abandoned"))
    result = ledger.handle(mission_id, WORKER, FlagAttention("stuck", "x", "y"), idempotency_key="k")
    assert isinstance(result.events[0].event, AttentionNeeded)
    assert ledger.handle(mission_id, WORKER, FlagAttention("stuck", "x", "y"), idempotency_key="k").replayed
    assert [a.event for a in ledger.mission(mission_id).attention] == [result.events[0].position]


def test_the_activation_key_names_round_and_unit_unless_the_system_names_it(ledger: Ledger, monkeypatch, campaign):
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    state = ledger.mission(mission_id)
    command = systems.system_named("star-quest").ai(state)
    assert activation_key(state, command) == f"ai:{mission_id}:1:{state.game.ai_queue[0]}"
    # a system whose units may activate more than once a round names its activations itself
    system = systems.SYSTEMS["star-quest"]
    monkeypatch.setitem(systems.SYSTEMS, "star-quest", dataclasses.replace(system, ai_key=lambda state, command: f"turn-{state.version}"))
    assert activation_key(state, command) == f"ai:{mission_id}:turn-{state.version}"


# -- real worker processes --------------------------------------------------------------------------------


class WorkerProcess:
    """One `skirmish worker`, its JSON-lines log in a file."""

    def __init__(self, env: dict[str, str], directory: Path, name: str, **extra: str) -> None:
        self.log = directory / f"{name}.log"
        with self.log.open("wb") as err:
            self.process = subprocess.Popen([SKIRMISH, "worker"], env={**env, **extra}, cwd=directory, stdout=subprocess.DEVNULL, stderr=err)

    def lines(self) -> list[dict]:
        return [msgspec.json.decode(line) for line in self.log.read_bytes().splitlines() if line.startswith(b"{")]

    def said(self, message: str) -> dict | None:
        return next((line for line in self.lines() if line["msg"] == message), None)

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.alive():
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(WAIT_S)

    def stop(self) -> int:
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(WAIT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                pytest.fail(f"the worker did not stop on SIGTERM\n{self.log.read_text()[-3000:]}")
        return self.process.returncode


@pytest.fixture
def worker_env(store_env, seal_key, redis_url, redis_prefix, tmp_path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        **store_env,
        "SKIRMISH_DATA_DIR": str(tmp_path / "data"),
        "SKIRMISH_SEAL_KEY": seal_key.hex(),
        "REDIS_URL": redis_url,
        "SKIRMISH_REDIS_PREFIX": redis_prefix,
        "SKIRMISH_CLAIM_IDLE_MS": "500",
    }


@pytest.fixture
def processes():
    started: list[WorkerProcess] = []
    yield started
    for process in started:
        process.kill()


def _ai_phase_done(ledger: Ledger, mission_id: str) -> bool:
    after = battle(ledger, mission_id)
    return after.outcome is not None or after.phase == "heroes"


def _worker_activations(ledger: Ledger, mission_id: str) -> list[str]:
    return [r.event.unit for r in ledger.records(mission_id) if isinstance(r.event, sqe.ActivationStarted) and r.actor == "worker"]


@pytest.mark.slow
def test_a_job_held_by_a_dead_consumer_is_claimed_by_a_real_worker(rig, worker_env, tmp_path, processes, campaign):
    ledger, client, keys, relay, _ = rig
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    due = list(battle(ledger, mission_id).ai_queue)
    relay.run_once()
    client.delete(keys.relay_lease)  # this test's relay is gone too
    Worker(ledger, client, keys, "dead").ensure_group()
    taken = client.xreadgroup(GROUP, "dead-consumer", {keys.jobs: ">"}, count=10)  # read, never acknowledged
    assert taken and client.xpending(keys.jobs, GROUP)["pending"] == 1
    processes.append(WorkerProcess(worker_env, tmp_path, "rescuer"))
    wait_until(lambda: _ai_phase_done(ledger, mission_id), WAIT_S, "the AI phase, finished by the worker that claimed the job")
    assert _worker_activations(ledger, mission_id) == due
    assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
    wait_until(lambda: client.xpending(keys.jobs, GROUP)["pending"] == 0, WAIT_S, "no job left pending")
    assert processes[0].stop() == 0


@pytest.mark.slow
@pytest.mark.parametrize("stage", ["before_submit", "before_ack"])
def test_a_worker_killed_in_an_activation_leaves_it_to_another_exactly_once(rig, worker_env, tmp_path, processes, stage, campaign):
    """SIGKILL right after the worker took the job: having decided but written nothing
    (before_submit), or having committed but not acknowledged (before_ack)."""
    ledger, client, keys, _, _ = rig
    mission_id = brawl(campaign)
    heroes_until_ai(campaign.host, mission_id)
    due = list(battle(ledger, mission_id).ai_queue)
    hook = {"before_submit": "SKIRMISH_WORKER_PAUSE_BEFORE_SUBMIT_MS", "before_ack": "SKIRMISH_WORKER_PAUSE_BEFORE_ACK_MS"}[stage]
    doomed = WorkerProcess(worker_env, tmp_path, "doomed", **{hook: "600000"})
    processes.append(doomed)
    paused = wait_until(lambda: doomed.said("test pause") or (not doomed.alive() and pytest.fail(doomed.log.read_text())), WAIT_S, "the worker to take the job")
    assert paused["stage"] == stage
    pending = client.xpending_range(keys.jobs, GROUP, min="-", max="+", count=10)
    assert [p["consumer"].decode() for p in pending] == [paused["worker"]]
    doomed.kill()
    written = _worker_activations(ledger, mission_id)
    assert written == ([] if stage == "before_submit" else due[:1])
    rescuer = WorkerProcess(worker_env, tmp_path, "rescuer")
    processes.append(rescuer)
    wait_until(lambda: _ai_phase_done(ledger, mission_id), WAIT_S, "the AI phase, finished by the second worker")
    assert _worker_activations(ledger, mission_id) == due
    assert_each_ai_activation_once_in_order(ledger, mission_id, finished=False)
    wait_until(lambda: client.xpending(keys.jobs, GROUP)["pending"] == 0, WAIT_S, "no job left pending")
    assert rescuer.stop() == 0


MISSIONS = 50


@pytest.mark.slow
@pytest.mark.parametrize("store_env", ["sqlite"], indirect=True)
def test_fifty_missions_three_workers_every_ai_activation_once_in_order(rig, worker_env, tmp_path, processes, campaign):
    ledger, client, keys, _, _ = rig
    tables = campaigns_of(campaign, MISSIONS)
    mission_ids = [brawl(table, n) for n, table in enumerate(tables)]
    processes.extend(WorkerProcess(worker_env, tmp_path, f"worker-{n}") for n in range(3))

    def workers_alive() -> None:
        assert all(p.alive() for p in processes), "\n".join(p.log.read_text()[-3000:] for p in processes)

    if not play([ScriptedPlayer(table.host, m, hold_and_shoot) for table, m in zip(tables, mission_ids)], seconds=150, between=workers_alive):
        stuck = {m: (battle(ledger, m).round, battle(ledger, m).phase, list(battle(ledger, m).ai_queue)) for m in mission_ids if battle(ledger, m).outcome is None}
        pytest.fail(f"{len(stuck)} missions never reached an outcome: {stuck}\n" + "\n".join(p.log.read_text()[-2000:] for p in processes))
    activations = sum(assert_each_ai_activation_once_in_order(ledger, m) for m in mission_ids)
    assert all(battle(ledger, m).outcome in ("victory", "defeat") for m in mission_ids)
    wait_until(lambda: queue_status(client, keys, 0).pending == 0, WAIT_S, "no job left pending")
    status = queue_status(client, keys, ledger.store.max_notification_id())
    assert status.activations == activations and status.attention == 0
    by_worker = Counter(line["worker"] for p in processes for line in p.lines() if line["msg"] == "worker started")
    assert len(by_worker) == 3
    assert [p.stop() for p in processes] == [0, 0, 0]


def test_ai_units_whose_activation_start_rolls_are_played_through_by_the_worker(rig, campaign):
    """star-quest.en.md "Status conditions" and #AI Activations: an AI unit with a condition tests
    it when it activates (AiBegin, key `:begin`); its action is then due (AiActionDue) and the
    worker plays it (AiActivate) without any client poking the mission."""
    ledger, client, keys, relay, worker = rig
    host = host_of(ledger, campaign)
    mission_id = brawl(campaign)
    ai_units = [u.id for u in battle(ledger, mission_id).side("ai") if u.on_table]
    for unit in ai_units:
        ledger.handle(mission_id, host, sq.InflictStatus(unit, "Afflicted"))
    heroes_until_ai(campaign.host, mission_id)
    due = list(battle(ledger, mission_id).ai_queue)
    settle(relay, worker)
    after = battle(ledger, mission_id)
    assert after.outcome is not None or (after.round, after.phase) == (2, "heroes")
    records = ledger.records(mission_id)
    begun = [r.command.unit for r in records if isinstance(r.command, sq.AiBegin)]
    assert begun and set(begun) <= set(due)
    for r in records:
        if isinstance(r.command, sq.AiBegin):
            assert r.command_key == f"ai:{mission_id}:1:{r.command.unit}:begin"
    standing = {r.event.unit for r in records if isinstance(r.event, sqe.AiActionDue)}
    acted = Counter(r.command.unit for r in records if isinstance(r.command, sq.AiActivate))
    assert standing <= set(acted) and all(n == 1 for n in acted.values()), (standing, acted)
    assert not ledger.mission(mission_id).attention
    assert verify_stream(ledger.store.read(mission_id)).chain.ok
