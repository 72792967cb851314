"""The hash chain and the verdicts over it (design.md#Hash chain; domain/chain.py,
domain/verification.py), on a table mission's stored bytes built in memory: each way a stored
stream can be wrong is named at its first bad record, with the reason a person reads."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

import msgspec
import pytest

from domain import chain, mission, verification
from domain.chain import GENESIS, Recorded, canonical, seal
from domain.commands import EndMission, RollDice
from domain.events import DiceRolled

SEED = bytes(range(32))
STREAM = "m-1"


def _events() -> list:
    """A table mission: created, two rolls, ended (the end reveals the seed)."""
    events = mission.create(
        mission_id=STREAM, campaign_id="c-1", name="chain", system="table", rules_version=None,
        dice_mode="server", client_seed="table-1", options={}, fresh_seed=SEED,
    )
    state = None
    for event in events:
        state = mission.evolve(state, event)
    for command in (RollDice(dice="3d6", purpose="a"), RollDice(dice="d20", purpose="b"), EndMission(outcome="victory")):
        box = mission.dice_box_for(state, server_seed=SEED, fresh_seed=None, manual_faces=None)
        for event in mission.decide(state, command, box, "host"):
            state = mission.evolve(state, event)
            events.append(event)
    return events


EVENTS = _events()


def _records(events: Sequence = EVENTS, stream: str = STREAM) -> list[Recorded]:
    records, prev = [], GENESIS
    for position, event in enumerate(events, start=1):
        record = seal(Recorded(stream=stream, position=position, at="2026-11-26T08:00:00Z", actor="host", prev_hash=prev, event=event, batch=position))
        records.append(record)
        prev = record.hash
    return records


def _rows(records: Sequence[Recorded]) -> list[tuple[int, bytes]]:
    return [(position, canonical(record)) for position, record in enumerate(records, start=1)]


def _rechained(records: Sequence[Recorded]) -> list[Recorded]:
    """The records chained again from the start: a forger who recomputed every hash."""
    out, prev = [], GENESIS
    for record in records:
        record = seal(msgspec.structs.replace(record, prev_hash=prev))
        out.append(record)
        prev = record.hash
    return out


def test_an_intact_stream_verifies_whole():
    rows = _rows(_records())
    assert [type(e).__name__ for e in EVENTS] == ["MissionCreated", "EpochStarted", "DiceRolled", "DiceRolled", "SeedRevealed", "MissionEnded"]
    assert chain.verify(rows) == (6, None)
    verdict = verification.verify_stream(rows)
    assert verdict.ok and verdict.chain == verification.ChainVerdict(True, 6)
    assert verdict.dice is not None and verdict.dice.ok
    assert (verdict.dice.epochs_revealed, verdict.dice.epochs_unrevealed, verdict.dice.rolls_checked, verdict.dice.manual_rolls) == (1, 0, 2, 0)


def test_the_first_record_links_to_64_zeros():
    assert GENESIS == "0" * 64
    records = _records()
    assert records[0].prev_hash == GENESIS
    assert records[1].prev_hash == records[0].hash
    assert chain.link_hash(GENESIS, records[0]) == records[0].hash


def test_each_hash_is_the_specs():
    """design.md#Hash chain, re-computed with hashlib and json: sha256 of the previous hash as 32
    raw bytes and the record with `hash` empty, keys sorted, no whitespace."""
    prev = GENESIS
    for record in _records():
        body = {**msgspec.to_builtins(record), "hash": ""}
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert record.hash == hashlib.sha256(bytes.fromhex(prev) + text.encode()).hexdigest()
        assert canonical(record) == json.dumps({**body, "hash": record.hash}, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        prev = record.hash


def _broken(rows, position: int, checked: int, reason: str) -> None:
    assert chain.verify(rows) == (checked, chain.ChainBreak(position, reason))
    verdict = verification.verify_stream(rows)
    assert verdict == verification.Verdict(False, verification.ChainVerdict(False, checked, position, reason), None)


def test_a_changed_byte_breaks_the_hash():
    records = _records()
    rows = _rows(records[:2] + [msgspec.structs.replace(records[2], actor="mallory")] + records[3:])
    _broken(rows, 3, 2, "hash does not match the event's bytes")


def test_a_record_sealed_again_on_another_prev_hash_does_not_link():
    records = _records()
    forged = seal(msgspec.structs.replace(records[3], prev_hash="ab" * 32))
    _broken(_rows(records[:3] + [forged] + records[4:]), 4, 3, "prev_hash does not match the previous event's hash")


def test_bytes_that_are_not_the_canonical_encoding_are_named_though_they_decode_alike():
    rows = _rows(_records())
    position, raw = rows[1]
    rows[1] = (position, raw.replace(b'{"actor"', b'{ "actor"'))
    assert chain.decode_raw(rows[1][1]) == chain.decode_raw(raw)
    _broken(rows, 2, 1, "stored bytes are not the canonical encoding")


def test_a_record_at_another_position_is_named():
    records = _rechained(_records()[:4] + [msgspec.structs.replace(_records()[4], position=9)] + _records()[5:])
    _broken(_rows(records), 5, 4, "records position 9")


def test_bytes_that_do_not_decode_are_named():
    rows = _rows(_records())
    rows[2] = (3, b'{"stream": ')
    checked, broken = chain.verify(rows)
    assert checked == 2 and broken is not None and broken.position == 3
    assert broken.reason.startswith("stored bytes do not decode: ")


def test_bytes_that_are_not_utf8_are_named_after_any_earlier_break():
    rows = _rows(_records())
    rows[3] = (4, b"\xff\xfe")
    assert verification.verify_stream(rows).chain == verification.ChainVerdict(False, 3, 4, "stored bytes do not decode: they are not UTF-8")
    earlier = _rows(_records()[:1] + [msgspec.structs.replace(_records()[1], actor="x")] + _records()[2:])
    earlier[3] = (4, b"\xff\xfe")
    assert verification.verify_stream(earlier).chain == verification.ChainVerdict(False, 1, 2, "hash does not match the event's bytes")


def test_a_well_chained_event_the_system_does_not_know_is_named():
    raw_records = [chain.decode_raw(raw) for _, raw in _rows(_records())]
    raw_records[3] = msgspec.structs.replace(raw_records[3], event=msgspec.Raw(b'{"type":"Teleported","to":"home"}'))
    rows = _rows(_rechained(raw_records))
    assert chain.verify(rows) == (6, None)
    verdict = verification.verify_stream(rows)
    assert not verdict.ok and verdict.dice is None
    assert (verdict.chain.ok, verdict.chain.events_checked, verdict.chain.first_bad_event) == (False, 3, 4)
    assert verdict.chain.reason is not None and verdict.chain.reason.startswith("stored bytes do not decode: ") and "Teleported" in verdict.chain.reason


def test_a_redacted_record_still_links():
    records = _records()
    rows = _rows(records)
    redacted = msgspec.structs.replace(records[2], actor="someone")  # a reader's copy keeps the hash
    rows[2] = (3, msgspec.json.encode(redacted))
    assert chain.verify(rows)[1] is not None
    assert chain.verify(rows, redacted=[3]) == (6, None)
    assert verification.verify_named_stream(STREAM, "mission", rows, redacted=[3]).chain == verification.ChainVerdict(True, 6)
    rows[4] = (5, b"\xff")
    assert verification.verify_named_stream(STREAM, "mission", rows, redacted=[3]).chain == verification.ChainVerdict(False, 4, 5, "stored bytes do not decode: they are not UTF-8")


def _first_roll(event) -> bool:
    return isinstance(event, DiceRolled) and event.nonce == 0


def test_a_well_chained_file_whose_dice_cannot_be_audited_is_a_verdict_not_a_crash():
    """A forged roll of a die with no sides: re-computing it raises, and the verdict says so."""
    events = [msgspec.structs.replace(e, sides=[0], faces=[1], results=[1], notation=None, total=None) if _first_roll(e) else e for e in EVENTS]
    rows = _rows(_records(events))
    verdict = verification.verify_stream(rows)
    assert verdict.chain == verification.ChainVerdict(True, 6)
    assert not verdict.ok and verdict.dice is not None
    assert (verdict.dice.ok, verdict.dice.epochs_revealed, verdict.dice.epochs_unrevealed, verdict.dice.rolls_checked, verdict.dice.manual_rolls) == (False, 0, 0, 0, 0)
    (problem,) = verdict.dice.problems
    assert (problem.epoch, problem.event) == (-1, "")
    assert problem.problem == "the dice cannot be audited: ValueError: a die needs at least one side, got 0"


def test_a_forged_roll_fails_the_dice_not_the_chain():
    events = [msgspec.structs.replace(e, faces=[1, 1, 1], results=[1, 1, 1], total=3) if _first_roll(e) else e for e in EVENTS]
    verdict = verification.verify_stream(_rows(_records(events)))
    assert verdict.chain == verification.ChainVerdict(True, 6)
    assert not verdict.ok and verdict.dice is not None and not verdict.dice.ok


def test_a_named_stream_verifies_under_its_own_name():
    verdict = verification.verify_named_stream(STREAM, "mission", _rows(_records()))
    assert (verdict.stream, verdict.kind, verdict.ok, verdict.chain) == (STREAM, "mission", True, verification.ChainVerdict(True, 6))
    assert verdict.dice is not None and verdict.dice.rolls_checked == 2


def test_an_event_moved_from_another_streams_export_is_named():
    ours, theirs = _records(), _records(stream="m-2")
    rows = _rows(ours[:3] + [theirs[3]] + ours[4:])
    rows = _rows(_rechained([chain.decode_raw(raw) for _, raw in rows]))
    assert chain.verify(rows) == (6, None)
    verdict = verification.verify_named_stream(STREAM, "mission", rows)
    assert (verdict.ok, verdict.dice) == (False, None)
    assert verdict.chain == verification.ChainVerdict(False, 3, 4, "the event names stream m-2, not m-1")


def test_a_campaign_stream_has_no_dice_verdict_and_a_broken_one_is_named():
    records = _records()
    verdict = verification.verify_named_stream(STREAM, "campaign", _rows(records))
    assert (verdict.ok, verdict.dice, verdict.chain) == (True, None, verification.ChainVerdict(True, 6))
    broken = verification.verify_named_stream(STREAM, "campaign", _rows(records[:1] + [msgspec.structs.replace(records[1], at="later")] + records[2:]))
    assert (broken.stream, broken.kind, broken.ok, broken.dice) == (STREAM, "campaign", False, None)
    assert broken.chain == verification.ChainVerdict(False, 1, 2, "hash does not match the event's bytes")


def test_an_empty_stream_is_intact_and_has_no_rolls():
    verdict = verification.verify_stream([])
    assert verdict.ok and verdict.chain == verification.ChainVerdict(True, 0)
    assert verdict.dice is not None and verdict.dice.rolls_checked == 0


@pytest.mark.parametrize("cut", [1, 3, 5])
def test_a_cut_tail_still_verifies_which_is_why_receipts_exist(cut: int):
    assert chain.verify(_rows(_records())[:cut]) == (cut, None)
