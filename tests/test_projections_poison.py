"""A poisoned stream is isolated, not the projections (README.md#reliability): an event
changed behind the server's back in SQLite and in PostgreSQL, or one that chains but does not
fold, marks its stream with the position and reason; every other stream keeps projecting, and
`skirmish rebuild all` skips and reports it, leaving every other row in place."""

from __future__ import annotations

import msgspec
from litestar.testing import TestClient

from api.cli.main import main
from api.http.app import create_app
from domain.chain import Recorded, seal
from domain.events import DiceRolled
from projections.models import NAMES
from projections.runner import Projections
from service.ledger import Ledger
from service.seal import Sealer
from tests.conftest import Table
from tests.test_projections import Game
from tests.test_tamper import TAMPERED, _tamper_store


def _played(client) -> Table:
    """A mission with three rolls (events 3-5): event 4 is the one tampered with."""
    table = Table(client)
    for index in range(3):
        table.roll("3d6", purpose=f"shot {index}")
    return table


def _version(projections: Projections, mission_id: str) -> int:
    return msgspec.json.decode(projections.tables.row("battlefield", mission_id))["version"]


def test_an_undecodable_event_isolates_its_stream_and_the_others_go_on(ledger, store, store_env, monkeypatch, capsys):
    game = Game(ledger)
    poisoned, healthy = game.mission("Outpost"), game.mission("Depot")
    game.roll(poisoned, 3)
    game.roll(healthy, 2)
    _tamper_store(store_env, poisoned, "json")  # event 4, the second roll, no longer decodes

    projections = Projections(store, page_size=3, save_every_s=0)
    projections.catch_up()
    for name in NAMES:
        isolated = projections.runners[name].isolated()
        assert list(isolated) == [poisoned] and isolated[poisoned].position == TAMPERED
        assert "does not decode" in isolated[poisoned].reason
    assert _version(projections, poisoned) == TAMPERED - 1
    assert _version(projections, healthy) == 4

    game.roll(healthy, 1)
    game.roll(poisoned, 1)
    assert projections.run_once() > 0
    assert (_version(projections, healthy), _version(projections, poisoned)) == (5, TAMPERED - 1)
    before = {name: projections.tables.rows(name) for name in NAMES}

    for key, value in store_env.items():
        monkeypatch.setenv(key, value)
    assert main(["rebuild", "all"]) == 0
    out = capsys.readouterr().out
    for name in NAMES:
        assert f"{name}: stream {poisoned} isolated at position {TAMPERED}, its events skipped: the stored event does not decode" in out
    rebuilt = Projections(store)
    assert {name: rebuilt.tables.rows(name) for name in NAMES} == before
    # A game system's own projections keep rows only for campaigns it plays in: none here.
    assert all(rebuilt.tables.rows(name) for name in ("battlefield", "campaign", "audit"))


def test_an_event_that_chains_but_does_not_fold_isolates_its_stream(ledger, store):
    """A roll of an epoch that never started (design.md#Dice step 1) reads, but folds nowhere."""
    game = Game(ledger)
    poisoned, healthy = game.mission("Outpost"), game.mission("Depot")
    game.roll(poisoned, 1)
    last = ledger.records(poisoned)[-1]
    stray = DiceRolled(7, 0, "server", [6], [3], [3], "stray", "design.md#Dice", "ann")
    store.append([seal(Recorded(poisoned, last.position + 1, last.at, "ann", last.hash, stray, batch=last.position + 1))])
    game.roll(healthy, 2)

    projections = Projections(store, page_size=2, save_every_s=0)
    projections.catch_up()
    isolated = projections.runners["audit"].isolated()
    assert list(isolated) == [poisoned] and isolated[poisoned].position == last.position + 1
    assert isolated[poisoned].reason.startswith("the DiceRolled does not fold")
    assert _version(projections, healthy) == 4
    audited = msgspec.json.decode(projections.tables.row("audit", healthy))
    assert [r["purpose"] for r in audited["epochs"][0]["rolls"]] == ["attack 0", "attack 1"]


def test_health_names_each_isolated_stream_and_fails(client, ledger, store, store_env):
    """An isolated stream's mission cannot make progress, so `/health` is a 503 `failing` naming
    the projection, stream, position and reason (README.md#reliability)."""
    table = _played(client)
    assert client.get("/health").json()["isolated"] == []
    _tamper_store(store_env, table.mission_id, "json")
    Projections(store).catch_up()  # what the worker holding the projections does

    answer = client.get("/health")
    assert (answer.status_code, answer.json()["status"]) == (503, "failing")
    isolated = answer.json()["isolated"]
    assert [(i["projection"], i["stream"], i["position"]) for i in isolated] == [(name, table.mission_id, TAMPERED) for name in NAMES]
    assert all(i["reason"].startswith("the stored event does not decode: ") for i in isolated)
    assert answer.json()["problems"] == [f"the {i['projection']} projection skips stream {table.mission_id} from position {TAMPERED}: {i['reason']}" for i in isolated]


def test_the_mission_view_shows_its_isolated_stream_as_attention(client, ledger, store, store_env, seal_key):
    """A mission whose event 4 no longer decodes: a fresh API process (nothing cached) still
    shows it as of event 3, each projection's isolation as attention naming position 4."""
    table = _played(client)
    _tamper_store(store_env, table.mission_id, "json")
    Projections(store).catch_up()

    with TestClient(create_app(Ledger(store, Sealer(seal_key)))) as fresh:
        answer = fresh.get(table.url(), headers=table.player)
        assert answer.status_code == 200, answer.text
        view = answer.json()
        assert fresh.get(table.url(), headers={"authorization": "Bearer nobody"}).status_code == 401
    assert view["version"] == TAMPERED - 1
    flags = [(a["code"], a["rule"], a["event"]) for a in view["attention"]]
    assert flags == [("stream_isolated", "README.md#reliability", TAMPERED)] * len(NAMES)
    reasons = {a["reason"].split(" projection")[0]: a["reason"] for a in view["attention"]}
    assert reasons["the battlefield"].startswith(f"the battlefield projection isolated this mission's stream at position {TAMPERED}: the stored event does not decode")
    assert reasons["the battlefield"].endswith("; the view shows the mission before it")


def test_a_mission_isolated_at_its_first_event_answers_a_503_naming_it(client, ledger, store, store_env, seal_key):
    """Nothing stands before event 1: the view cannot be read, and the 503 says why."""
    table = _played(client)
    _tamper_store(store_env, table.mission_id, "event", position=1)
    Projections(store).catch_up()

    with TestClient(create_app(Ledger(store, Sealer(seal_key)))) as fresh:
        answer = fresh.get(table.url(), headers=table.player)
    assert (answer.status_code, answer.json()["code"]) == (503, "unavailable")
    detail = answer.json()["params"]["detail"]
    for name in sorted(NAMES):
        assert f"the {name} projection isolated this mission's stream at position 1: the stored event does not decode" in detail


def test_a_poisoned_event_the_projections_have_not_reached_is_a_503_not_a_500(client, ledger, store, store_env, seal_key):
    """The view folds the events past its projection row itself: one that does not decode,
    before any projection has isolated it, answers 503 naming the mission, never a 500 (the
    server that played the mission still holds it in memory, so only the view reads the log)."""
    table = _played(client)
    _tamper_store(store_env, table.mission_id, "event", position=4)

    answer = client.get(table.url(), headers=table.player)
    assert (answer.status_code, answer.json()["code"]) == (503, "unavailable"), answer.text
    assert f"an event of mission {table.mission_id} after position 0 does not decode or fold" in answer.json()["params"]["detail"]
