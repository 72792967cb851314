"""Receipts: what a client keeps of the log it was shown, so the log cannot shrink or be
rewritten behind its back (README.md#receipts).

An export whose last events are dropped, and whose header is edited to match, is a shorter but
well-chained log: nothing inside it tells. A receipt is the client's memory of how far a stream
went and the chain hash it had there; an export that lacks that position, or holds another hash
at it, is caught by the receipt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import msgspec

from domain.chain import Recorded, decode_raw


class Receipt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A stream's position and the chain hash of its record there."""

    stream: str
    position: int
    hash: str


class ReceiptProblem(msgspec.Struct, frozen=True):
    #: The receipt's number in its file (1 the first; blank lines do not count).
    number: int
    receipt: Receipt
    #: `lacks` (the log ends before the receipt's position, or holds no such stream) or
    #: `contradicts` (another hash at that position).
    check: str
    problem: str

    def named(self) -> str:
        """The problem naming its receipt: "receipt 2 (1a2b3c4d5e6f…): the stream ends ..."."""
        return f"receipt {self.number} ({self.receipt.hash[:12]}…): {self.problem}"


def tally(receipts: int, problems: int) -> str:
    return f"receipts: {receipts - problems} of {receipts} held" if problems else f"receipts: all {receipts} held"


class BadReceipts(Exception):
    """A receipts file that does not read as receipts; the message names the line."""


_decode = msgspec.json.Decoder(Receipt)


def receipt_of(record: Recorded) -> Receipt:
    return Receipt(record.stream, record.position, record.hash)


def last_receipts(records: Iterable[Recorded]) -> list[Receipt]:
    """The receipt of each stream's last record among `records`, streams in order of first
    appearance: what a command's answer gives for everything it wrote."""
    last: dict[str, Recorded] = {}
    for record in records:
        last[record.stream] = record
    return [receipt_of(record) for record in last.values()]


def read_receipts(content: bytes) -> list[Receipt]:
    """A receipts file: JSON Lines, one receipt a line; blank lines are skipped."""
    receipts = []
    for number, line in enumerate(content.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            receipts.append(_decode.decode(line))
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
            raise BadReceipts(f"line {number} is not a receipt ({{stream, position, hash}}): {error}") from None
    return receipts


def check(receipts: Sequence[Receipt], streams: Mapping[str, Sequence[tuple[int, bytes]]]) -> list[ReceiptProblem]:
    """Each receipt against the stored lines of `streams` (stream id -> (position, bytes)):
    the stream must hold the receipt's position with the receipt's hash."""
    hashes = {stream: dict(_hashes(rows)) for stream, rows in streams.items()}
    problems = []
    for number, receipt in enumerate(receipts, start=1):
        held = hashes.get(receipt.stream)
        if held is None:
            problems.append(ReceiptProblem(number, receipt, "lacks", f"the log holds no stream {receipt.stream}"))
        elif receipt.position not in held:
            problems.append(ReceiptProblem(number, receipt, "lacks", f"the stream ends at position {len(held)}, before the receipt's {receipt.position}: events were dropped"))
        elif held[receipt.position] != receipt.hash:
            problems.append(ReceiptProblem(number, receipt, "contradicts", f"position {receipt.position} has hash {held[receipt.position]}, the receipt {receipt.hash}: the log was rewritten"))
    return problems


def _hashes(rows: Sequence[tuple[int, bytes]]) -> Iterable[tuple[int, str]]:
    """Each line's recorded hash; a line that does not decode has none (the chain check names it)."""
    for position, raw in rows:
        try:
            yield position, decode_raw(raw).hash
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
            yield position, ""
