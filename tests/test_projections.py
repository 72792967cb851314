"""Projections (README.md#projections): read models that follow the log, catch up after
downtime, survive a crash between pages, and rebuild from zero to the same bytes."""

from __future__ import annotations

import uuid

import msgspec
import pytest

from api.cli.main import main
from domain import audit
from domain import mission as missions
from domain.campaign_events import MissionAdded
from domain.chain import GENESIS, Recorded, seal
from domain.codecs import decode_stream
from domain.commands import (
    ContributeClientSeed,
    DisputeRoll,
    EndMission,
    ResolveDispute,
    RollDice,
    RotateSeed,
    Shuffle,
)
from domain.events import DiceRolled, MissionEnded
from projections.models import NAMES, Battlefield, ProjectionError
from projections.runner import Projections
from service.ledger import Ledger
from service.store import EventStore


class Game:
    """A campaign with a host and two players, and missions driven through the ledger."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.campaign_id = ledger.create_campaign("Night Raid", "hal").id
        self.host = self.member("host")
        ann = ledger.invite(self.campaign_id, self.host, "player", "ann", ["scout"]).id
        bob = ledger.invite(self.campaign_id, self.host, "player", "bob", []).id
        self.ann, self.bob = self.member(ann), self.member(bob)
        self.missions: list[str] = []

    def member(self, member_id: str):
        return self.ledger.campaign(self.campaign_id).members[member_id]

    def mission(self, name: str, dice_mode: str = "server") -> str:
        state = self.ledger.create_mission(
            self.campaign_id, self.host, name=name, system="table", rules_version=None,
            dice_mode=dice_mode, client_seed=f"{name}-seed", options={"table": "1"},
        ).state  # fmt: skip
        self.missions.append(state.mission_id)
        return state.mission_id

    def roll(self, mission_id: str, n: int = 1, **extra) -> None:
        for i in range(n):
            self.ledger.handle(mission_id, self.ann, RollDice("3d6+d3", f"attack {i}", **extra))


def _canonical_state(state: missions.MissionState) -> bytes:
    if state.disputes:
        # msgspec sorts only str-keyed dicts; open disputes are keyed by roll position.
        with pytest.raises(TypeError):
            msgspec.json.encode(state, order="sorted")
        return msgspec.json.encode(msgspec.to_builtins(state, str_keys=True, order="sorted"), order="sorted")
    return msgspec.json.encode(state, order="sorted")


def _expected_rows(ledger: Ledger, store: EventStore, game: Game) -> tuple[dict[str, bytes], dict[str, bytes]]:
    battlefield = {m: _canonical_state(ledger.mission(m)) for m in game.missions}
    audits = {m: msgspec.json.encode(audit.build(ledger.records(m)), order="sorted") for m in game.missions}
    return battlefield, audits


def _snapshot(projections: Projections) -> dict[str, dict[str, bytes]]:
    return {name: projections.tables.rows(name) for name in NAMES}


def _check_against_the_ledger(projections: Projections, ledger: Ledger, store: EventStore, game: Game) -> None:
    battlefield, audits = _expected_rows(ledger, store, game)
    tables = projections.tables
    assert tables.rows("battlefield") == battlefield
    assert tables.rows("audit") == audits
    campaign = msgspec.json.decode(tables.row("campaign", game.campaign_id))
    state = ledger.campaign(game.campaign_id)
    assert campaign["version"] == state.version
    assert [m["name"] for m in campaign["members"]] == ["hal", "ann", "bob"]
    assert "token_digest" not in tables.row("campaign", game.campaign_id).decode()
    assert [(m["mission_id"], m["version"], m["outcome"]) for m in campaign["missions"]] == [
        (m, ledger.mission(m).version, ledger.mission(m).outcome) for m in game.missions
    ]
    for name in NAMES:
        assert tables.position(name) == store.max_notification_id()


def test_live_projections_catch_up_in_steps_and_equal_a_rebuild_byte_for_byte(ledger, store):
    game = Game(ledger)
    raid = game.mission("Outpost")
    game.roll(raid, 5)
    live = Projections(store, page_size=4, save_every_s=0)
    live.catch_up()
    _check_against_the_ledger(live, ledger, store, game)

    # New commands between catch-ups, some while the projections are down (a fresh runner
    # then starts from the stored positions), caught up a few pages at a time.
    ledger.handle(raid, game.host, RotateSeed())
    ledger.handle(raid, game.bob, ContributeClientSeed("bob-was-here"))
    game.roll(raid, 3)
    rerolled = ledger.mission(raid).version
    ledger.handle(raid, game.ann, RollDice("3d6+d3", "re-roll", replaces=rerolled))  # the same dice (README.md#disputes)
    ledger.handle(raid, game.ann, RollDice("d20", "for the scout", unit="scout"))
    disputed = ledger.mission(raid).version
    ledger.handle(raid, game.bob, DisputeRoll(disputed, "the die fell off the table"))
    ledger.handle(raid, game.bob, DisputeRoll(disputed - 1, "cocked die"))
    ledger.handle(raid, game.host, ResolveDispute(disputed, "annulled"))
    assert ledger.mission(raid).disputes  # one left open: the state has an int-keyed dict
    for runner in live.runners.values():
        runner.catch_up(max_pages=1)
    manual = game.mission("Kitchen table", dice_mode="manual")
    ledger.handle(manual, game.ann, RollDice("2d6", "typed", faces=[3, 5]))
    ledger.handle(raid, game.ann, Shuffle(["a", "b", "c", "d"], "initiative"))
    restarted = Projections(store, page_size=3, save_every_s=0)
    for _ in range(2):
        for runner in restarted.runners.values():
            runner.catch_up(max_pages=2)
    ledger.handle(raid, game.host, EndMission("victory"))
    ledger.handle(manual, game.host, EndMission("draw"))
    third = game.mission("Aftermath")
    game.roll(third, 2)
    assert restarted.run_once() > 0
    restarted.catch_up()
    _check_against_the_ledger(restarted, ledger, store, game)
    live_rows = _snapshot(restarted)

    # From zero, with another page size: the same bytes and the same positions.
    rebuilt = Projections(store, page_size=1000)
    for name in NAMES:
        assert rebuilt.rebuild(name) == store.max_notification_id()
    assert _snapshot(rebuilt) == live_rows
    _check_against_the_ledger(rebuilt, ledger, store, game)


def _rolls_in_log(store: EventStore, mission_id: str) -> int:
    return sum(isinstance(record.event, DiceRolled) for record in decode_stream(store.read(mission_id)))


def _audited_rolls(projections: Projections, mission_id: str) -> int:
    document = msgspec.json.decode(projections.tables.row("audit", mission_id), type=audit.AuditDocument)
    return sum(len(epoch.rolls) for epoch in document.epochs)


def test_stopping_after_any_page_neither_loses_nor_doubles_an_event(ledger, store):
    game = Game(ledger)
    raid = game.mission("Outpost")
    game.roll(raid, 4)
    steps = 0
    # A process that stops after every page, restarted each time, with commands in between.
    while Projections(store, page_size=3, save_every_s=0).runners["audit"].position() < store.max_notification_id() or steps < 12:
        projections = Projections(store, page_size=3, save_every_s=0)
        for runner in projections.runners.values():
            runner.catch_up(max_pages=1)
        steps += 1
        if steps % 3 == 0 and steps <= 12:
            game.roll(raid, 2)
        if steps == 6:
            ledger.handle(raid, game.host, RotateSeed())
        assert steps < 100
    assert _audited_rolls(projections, raid) == _rolls_in_log(store, raid) == 12
    _check_against_the_ledger(projections, ledger, store, game)


def test_a_crash_inside_the_save_keeps_the_old_rows_and_position(ledger, store):
    game = Game(ledger)
    raid = game.mission("Outpost")
    game.roll(raid, 3)
    projections = Projections(store, page_size=5, save_every_s=0)
    projections.catch_up()
    before, positions = _snapshot(projections), {n: projections.tables.position(n) for n in NAMES}
    game.roll(raid, 6)

    class Crash(Exception):
        pass

    def crash(projection: str, position: int) -> None:
        raise Crash(projection)

    projections.tables._before_commit = crash  # after every write of the save, before its commit
    for runner in projections.runners.values():
        with pytest.raises(Crash):
            runner.catch_up()
    assert _snapshot(projections) == before
    assert {n: projections.tables.position(n) for n in NAMES} == positions

    after = Projections(store, page_size=5, save_every_s=0)
    after.catch_up()
    assert _audited_rolls(after, raid) == _rolls_in_log(store, raid) == 9
    _check_against_the_ledger(after, ledger, store, game)


def test_a_runner_that_lost_the_race_writes_nothing_and_starts_again(ledger, store):
    game = Game(ledger)
    raid = game.mission("Outpost")
    game.roll(raid, 4)
    first, second = Projections(store, page_size=2, save_every_s=0), Projections(store, page_size=2, save_every_s=0)
    first.catch_up()
    rows = _snapshot(first)
    # A save from a stale position (another runner moved it meanwhile) is refused whole.
    assert not second.tables.save("battlefield", 0, 2, {raid: b"{}"})
    assert _snapshot(second) == rows
    # While a runner folds a page, a rebuild resets the projection: its save is refused, it
    # starts again from the stored position, and nothing is folded twice.
    game.roll(raid, 3)
    runner = second.runners["audit"]
    real_read = second.tables.read_page
    reset = []

    def read_then_reset(after: int, limit: int):
        page = real_read(after, limit)
        if not reset:
            reset.append(True)
            first.tables.reset("audit")
        return page

    second.tables.read_page = read_then_reset
    assert runner.catch_up() == store.max_notification_id()  # all of it, from zero again
    assert reset and _audited_rolls(second, raid) == _rolls_in_log(store, raid) == 7
    second.catch_up()
    _check_against_the_ledger(second, ledger, store, game)


def test_an_event_folded_twice_or_skipped_is_refused(ledger, store):
    game = Game(ledger)
    raid = game.mission("Outpost")
    game.roll(raid, 2)
    records = ledger.records(raid)
    model = Battlefield()
    with pytest.raises(ProjectionError, match="follows version"):
        model.apply({}, [*records, records[-1]])
    with pytest.raises(ProjectionError, match="follows version"):
        model.apply({}, [records[0], records[2]])


def _chain(stream: str, after: Recorded | None, events: list) -> list[Recorded]:
    records, last = [], after
    for event in events:
        position = last.position + 1 if last else 1
        last = seal(Recorded(stream, position, "2025-01-01T00:00:00+00:00", "import", last.hash if last else GENESIS, event, batch=position))
        records.append(last)
    return records


def test_a_mission_written_before_its_campaign_lists_it_is_projected_the_same(ledger, store):
    """An import appends a mission's events, then the MissionAdded that lists it."""
    game = Game(ledger)
    game.roll(game.mission("Outpost"), 2)
    live = Projections(store, page_size=2, save_every_s=0)
    live.catch_up()
    imported = str(uuid.uuid4())
    created = missions.create(
        mission_id=imported, campaign_id=game.campaign_id, name="Imported", system="table", rules_version=None,
        dice_mode="manual", client_seed="elsewhere", options={}, fresh_seed=bytes(32),
    )  # fmt: skip
    store.append(_chain(imported, None, [*created, MissionEnded("defeat")]))
    live.catch_up()
    row = msgspec.json.decode(live.tables.row("campaign", game.campaign_id))
    assert [(m["mission_id"], m["version"], m["outcome"]) for m in row["unlisted"]] == [(imported, 3, "defeat")]
    store.append(_chain(game.campaign_id, ledger.records(game.campaign_id)[-1], [MissionAdded(imported, "Imported", "table")]))
    game.missions.append(imported)
    Projections(store, page_size=2, save_every_s=0).catch_up()
    _check_against_the_ledger(live, ledger, store, game)
    assert msgspec.json.decode(live.tables.row("campaign", game.campaign_id))["unlisted"] == []
    rows = _snapshot(live)
    rebuilt = Projections(store)
    for name in NAMES:
        rebuilt.rebuild(name)
    assert _snapshot(rebuilt) == rows


def test_skirmish_rebuild_prints_progress_and_rate(ledger, store, store_env, monkeypatch, capsys):
    game = Game(ledger)
    raid = game.mission("Outpost")
    game.roll(raid, 3)
    ledger.handle(raid, game.host, EndMission("victory"))
    Projections(store).catch_up()
    live = _snapshot(Projections(store))
    for key, value in store_env.items():
        monkeypatch.setenv(key, value)
    assert main(["rebuild"]) == 0
    out, err = capsys.readouterr()
    total = store.max_notification_id()
    for name in NAMES:
        assert f"{name}: rebuilt from {total:,} events in" in out
        assert f"position {total}" in out
        assert name in err and "events/s" in err and "100%" in err
    assert _snapshot(Projections(store)) == live
    assert main(["rebuild", "audit"]) == 0
    assert main(["project", "--once"]) == 0
    assert "caught up: 0 events" in capsys.readouterr().out
    assert _snapshot(Projections(store)) == live


class _Board(msgspec.Struct, frozen=True):
    round: int
    wounds: dict[str, int]


def _typed_evolve(board: _Board | None, event: object) -> _Board:
    return board


def test_a_battlefield_row_decodes_back_to_the_game_systems_own_state(monkeypatch):
    from domain import registry
    from domain.contract import GameSystem

    monkeypatch.setitem(registry.SYSTEMS, "typed", GameSystem("typed", "a typed game state", ("1",), state=_Board | None, evolve=_typed_evolve))
    state = missions.MissionState("m", "c", "n", "typed", "1", "server", {}, version=3, game=_Board(2, {"scout": 1}))
    model = Battlefield()
    assert model.decode(model.encode(state)) == state
    assert model.encode(model.decode(model.encode(state))) == model.encode(state)


def test_a_star_quest_battle_folds_the_same_after_every_reload():
    """Live catch-up reloads a mission's row between pages; the game state must come back as
    the system's own types so its `evolve` goes on exactly as an uninterrupted fold."""
    from domain.codecs import Entry
    from tests.starquest.game import Game as StarQuest
    from tests.starquest.game import hero

    game = StarQuest(heroes=[hero("Ace"), hero("Bo")], dice="server")  # and the sentry it always has
    game.run_ai()
    game.next_round()
    game.run_ai()
    records = [Entry("m-1", position, event) for position, event in enumerate(game.events, start=1)]
    assert game.battle.round >= 2 and len(records) > 10
    model, whole, reloaded = Battlefield(), {}, {}
    model.apply(whole, records)
    for start in range(0, len(records), 3):
        reloaded = {key: model.decode(model.encode(state)) for key, state in reloaded.items()}
        model.apply(reloaded, records[start : start + 3])
    assert reloaded == whole == {"m-1": game.state}
    assert model.encode(reloaded["m-1"]) == model.encode(game.state)
