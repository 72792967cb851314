"""The hash chain that makes every stream of events tamper evident (design.md#Hash chain).

Each event is stored as its canonical bytes: msgspec JSON with sorted keys. Its `hash` is
sha256(prev_hash as 32 raw bytes + canonical bytes of the event without `hash`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable
from typing import Any, Generic, TypeVar

import msgspec

GENESIS = "0" * 64

E = TypeVar("E")
C = TypeVar("C")


class Recorded(msgspec.Struct, Generic[E, C], frozen=True, forbid_unknown_fields=True):
    """One event as the log keeps it: where, when, by whom, and its link in the chain.

    Generic in the event and command types, because each game system's stream decodes only
    its own (domain/codecs.py); `RawRecord` keeps both as their stored bytes, which is all the
    chain needs.
    """

    stream: str
    position: int
    at: str
    actor: str
    prev_hash: str
    event: E
    #: The idempotency key of the command that caused it, and a digest of that command.
    command_key: str | None = None
    command_digest: str | None = None
    #: Position of the first event its command caused; that event also records the command,
    #: so a replay can decide it again and compare (README.md#replay).
    batch: int = 0
    command: C = None  # type: ignore[assignment]
    hash: str = ""


RawRecord = Recorded[msgspec.Raw, msgspec.Raw]
_raw = msgspec.json.Decoder(RawRecord)


def canonical(value: object) -> bytes:
    return msgspec.json.encode(value, order="sorted")


def link_hash(prev_hash: str, unhashed: Recorded) -> str:
    body = canonical(msgspec.structs.replace(unhashed, hash=""))
    return hashlib.sha256(bytes.fromhex(prev_hash) + body).hexdigest()


def seal(unhashed: Recorded) -> Recorded:
    return msgspec.structs.replace(unhashed, hash=link_hash(unhashed.prev_hash, unhashed))


def decode_raw(stored: bytes) -> Recorded[Any, Any]:
    """A record with its event and command left as their stored bytes."""
    return _raw.decode(stored)


class ChainBreak(msgspec.Struct, frozen=True):
    position: int
    reason: str


def verify(stored: Iterable[tuple[int, bytes]], redacted: Collection[int] = ()) -> tuple[int, ChainBreak | None]:
    """Walk a stream's stored events in order; name the first whose bytes do not match.

    `redacted` positions hold a reader's redacted copy (domain/visibility.py): its bytes cannot
    hash to the `hash` it keeps, but the chain must still link through it."""
    prev_hash, checked = GENESIS, 0
    for expected_position, raw in stored:
        try:
            record = decode_raw(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            return checked, ChainBreak(expected_position, f"stored bytes do not decode: {error}")
        if record.position != expected_position:
            return checked, ChainBreak(expected_position, f"records position {record.position}")
        whole = expected_position not in redacted
        if whole and canonical(record) != bytes(raw):
            return checked, ChainBreak(expected_position, "stored bytes are not the canonical encoding")
        if record.prev_hash != prev_hash:
            return checked, ChainBreak(expected_position, "prev_hash does not match the previous event's hash")
        if whole and link_hash(prev_hash, record) != record.hash:
            return checked, ChainBreak(expected_position, "hash does not match the event's bytes")
        prev_hash, checked = record.hash, checked + 1
    return checked, None
