"""Scenario 7: our msgspec encoding of stored records against the eventsourcing library's default
JSON transcoder, on the same records (a real mission's, decided by the rules).

Ours: canonical msgspec JSON (sorted keys) of the typed record, and decoding back to the typed
record. The library's: `JSONTranscoder.encode` of the same record as plain dicts and lists (the
conversion to dicts is not counted, which favours the library), and `decode` back to dicts only
(no typed objects, favouring it again). The ratio is library time / our time."""

from __future__ import annotations

import time
import uuid

import msgspec
from eventsourcing.persistence import JSONTranscoder

from benchmarks.rebuild import mission_records
from domain.chain import canonical
from domain.codecs import mission_codec


def _best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def encoding(events: int, runs: int = 5) -> dict[str, float]:
    records = list(mission_records(str(uuid.uuid4()), str(uuid.uuid4()), events))
    plain = [msgspec.to_builtins(r) for r in records]
    ours = [canonical(r) for r in records]
    library = JSONTranscoder()
    theirs = [library.encode(p) for p in plain]
    decoder = mission_codec("table")
    assert [decoder.decode(b) for b in ours] == records
    assert [library.decode(b) for b in theirs] == plain

    our_encode = _best_of(runs, lambda: [canonical(r) for r in records])
    their_encode = _best_of(runs, lambda: [library.encode(p) for p in plain])
    our_decode = _best_of(runs, lambda: [decoder.decode(b) for b in ours])
    their_decode = _best_of(runs, lambda: [library.decode(b) for b in theirs])
    return {
        "encode: library/ours": their_encode / our_encode,
        "decode: library/ours": their_decode / our_decode,
        "ours encode events/s": len(records) / our_encode,
        "ours decode events/s": len(records) / our_decode,
        "size: library/ours": sum(map(len, theirs)) / sum(map(len, ours)),
    }
