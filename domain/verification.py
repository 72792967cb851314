"""Verdicts over stored streams: a mission's hash chain and revealed dice, or any named stream's."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain import audit, chain
from domain.codecs import Codec, codec_of_first
from domain.errors import RuleError


class ChainVerdict(msgspec.Struct, frozen=True):
    ok: bool
    events_checked: int
    first_bad_event: int | None = None
    reason: str | None = None


class Verdict(msgspec.Struct, frozen=True):
    ok: bool
    chain: ChainVerdict
    dice: audit.AuditReport | None


def verify_stream(rows: Sequence[tuple[int, bytes]]) -> Verdict:
    """Check the chain first; the dice are only worth checking on an intact chain."""
    checked, broken = _verify_chain(rows)
    if broken is not None:
        verdict = ChainVerdict(False, checked, broken.position, broken.reason)
        return Verdict(False, verdict, None)
    report = _audit(rows)
    return Verdict(report.ok, ChainVerdict(True, checked), report)


class StreamVerdict(msgspec.Struct, frozen=True):
    """The verdict on one named stream of a file or store: a campaign's or a mission's."""

    stream: str
    kind: str
    ok: bool
    chain: ChainVerdict
    #: Missions only, and only on an intact chain.
    dice: audit.AuditReport | None = None


def verify_named_stream(stream: str, kind: str, rows: Sequence[tuple[int, bytes]], redacted: Sequence[int] = ()) -> StreamVerdict:
    """Like `verify_stream`, and every event must also name `stream` as its own (an export's
    lines could have been moved between streams); the dice are checked for missions only.
    `redacted` positions are a reader's redacted copies: the chain links through them."""
    checked, broken = _verify_chain(rows, frozenset(redacted))
    for index, (position, raw) in enumerate(rows[:checked]):
        named = chain.decode_raw(raw).stream
        if named != stream:
            checked, broken = index, chain.ChainBreak(position, f"the event names stream {named}, not {stream}")
            break
    if broken is not None:
        return StreamVerdict(stream, kind, False, ChainVerdict(False, checked, broken.position, broken.reason))
    report = _audit(rows) if kind == "mission" else None
    return StreamVerdict(stream, kind, report is None or report.ok, ChainVerdict(True, checked), report)


def _audit(rows: Sequence[tuple[int, bytes]]) -> audit.AuditReport:
    """The dice report; events well chained but out of order (a forged file) are a problem, not a crash."""
    try:
        codec = codec_of_first(rows[0][1]) if rows else None
        return audit.check(audit.build(codec.decode(raw) for _, raw in rows))
    except (KeyError, ValueError, TypeError) as error:
        problem = audit.RollProblem(-1, "", f"the dice cannot be audited: {type(error).__name__}: {error}")
        return audit.AuditReport(False, 0, 0, 0, 0, [problem])


def _verify_chain(rows: Sequence[tuple[int, bytes]], redacted: frozenset[int] = frozenset()) -> tuple[int, chain.ChainBreak | None]:
    """`chain.verify`, with bytes that are not UTF-8 named as a break rather than raised
    (msgspec raises UnicodeDecodeError, not DecodeError, for them)."""
    for index, (position, raw) in enumerate(rows):
        try:
            bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            checked, broken = chain.verify(rows[:index], redacted)
            return (checked, broken) if broken is not None else (index, chain.ChainBreak(position, "stored bytes do not decode: they are not UTF-8"))
    checked, broken = chain.verify(rows, redacted)
    return _typed(rows, checked, broken)


def _typed(rows: Sequence[tuple[int, bytes]], checked: int, broken: chain.ChainBreak | None) -> tuple[int, chain.ChainBreak | None]:
    """The chain holds only bytes; each well-chained event must also decode as its stream's
    game system reads it (domain/codecs.py), or it counts as the first bad event."""
    codec: Codec | None = None
    for index, (position, raw) in enumerate(rows[:checked]):
        try:
            codec = codec or codec_of_first(raw)
            codec.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError, RuleError) as error:
            return index, chain.ChainBreak(position, f"stored bytes do not decode: {error}")
    return checked, broken
