"""The hash chain that makes every stream of events tamper evident (design.md#Hash chain).

Each event is stored as its canonical bytes: msgspec JSON with sorted keys. Its `hash` is
sha256(prev_hash as 32 raw bytes + canonical bytes of the event without `hash`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import msgspec

from domain.registry import AnyCommand, AnyEvent

GENESIS = "0" * 64


class Recorded(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One event as the log keeps it: where, when, by whom, and its link in the chain."""

    stream: str
    position: int
    at: str
    actor: str
    prev_hash: str
    event: AnyEvent
    #: The idempotency key of the command that caused it, and a digest of that command.
    command_key: str | None = None
    command_digest: str | None = None
    #: Position of the first event its command caused; that event also records the command,
    #: so a replay can decide it again and compare (README.md#replay).
    batch: int = 0
    command: AnyCommand | None = None
    hash: str = ""


_decoder = msgspec.json.Decoder(Recorded)


def canonical(value: object) -> bytes:
    return msgspec.json.encode(value, order="sorted")


def link_hash(prev_hash: str, unhashed: Recorded) -> str:
    body = canonical(msgspec.structs.replace(unhashed, hash=""))
    return hashlib.sha256(bytes.fromhex(prev_hash) + body).hexdigest()


def seal(unhashed: Recorded) -> Recorded:
    return msgspec.structs.replace(unhashed, hash=link_hash(unhashed.prev_hash, unhashed))


def decode(stored: bytes) -> Recorded:
    return _decoder.decode(stored)


class ChainBreak(msgspec.Struct, frozen=True):
    position: int
    reason: str


def verify(stored: Iterable[tuple[int, bytes]]) -> tuple[int, ChainBreak | None]:
    """Walk a stream's stored events in order; name the first whose bytes do not match."""
    prev_hash, checked = GENESIS, 0
    for expected_position, raw in stored:
        try:
            record = decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            return checked, ChainBreak(expected_position, f"stored bytes do not decode: {error}")
        if record.position != expected_position:
            return checked, ChainBreak(expected_position, f"records position {record.position}")
        if canonical(record) != bytes(raw):
            return checked, ChainBreak(expected_position, "stored bytes are not the canonical encoding")
        if record.prev_hash != prev_hash:
            return checked, ChainBreak(expected_position, "prev_hash does not match the previous event's hash")
        if link_hash(prev_hash, record) != record.hash:
            return checked, ChainBreak(expected_position, "hash does not match the event's bytes")
        prev_hash, checked = record.hash, checked + 1
    return checked, None
