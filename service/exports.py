"""Export files (README.md#export-and-import): one mission, or a whole campaign, as JSON Lines.

Line 1 is a header: the schema, what was exported, and every stream with its event count and
the hash of its last event. Then every stored event of every stream follows byte for byte,
the campaign's stream first, then its missions in the order they were added. The same file
verifies offline (`skirmish verify FILE`) and imports into another store, where the same
bytes land at the same positions (`POST /imports`, `skirmish import FILE`).

Exports hold what the log holds and nothing more: a sealed server seed never leaves its
server, so only missions whose every epoch is revealed (ended missions) can be imported.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from domain import campaign as campaigns
from domain import dice as fair
from domain import mission as missions
from domain.campaign_events import CampaignCreated, MissionAdded
from domain.chain import GENESIS, Recorded, canonical, seal
from domain.codecs import Codec, campaign_codec, decode_stream, mission_codec
from domain.contract import Viewer
from domain.errors import RuleError
from domain.events import MissionCreated, SeedRevealed
from domain.receipts import Receipt, tally
from domain.receipts import check as check_receipts
from domain.verification import StreamVerdict, verify_named_stream
from domain.visibility import for_export, shown_in_campaign

if TYPE_CHECKING:
    from service.ledger import Ledger
    from service.store import EventStore

EXPORT_SCHEMA = "skirmish-ledger/export/v1"
#: The format before campaigns could be exported: still verified, no longer imported.
LEGACY_MISSION_SCHEMA = "skirmish-ledger/mission-export/v1"
EXPORT_MEDIA_TYPE = "application/x-ndjson"
SCHEMA_MEDIA_TYPE = "application/schema+json"
RULE = "README.md#export-and-import"
KINDS = ("campaign", "mission")
#: A mission imported into a campaign the store already holds is added to it by this actor.
IMPORT_ACTOR = "import"
_IMPORT_ATTEMPTS = 10


class StreamEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    stream: str
    kind: str
    events: int
    #: The hash of the stream's last event (64 zeros for none): a file cut short shows.
    head: str
    #: Positions whose line is the reader's redacted copy of the stored event (a secret of
    #: a running mission): the chain links through them; only they do not hash to their bytes.
    redacted: list[int] = []


class ExportHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: str
    kind: str
    #: The exported campaign's or mission's id.
    id: str
    campaign_id: str
    streams: list[StreamEntry]


class LegacyHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    schema: str
    mission_id: str
    events: int


class _Schema(msgspec.Struct, frozen=True):
    schema: str


class ExportError(Exception):
    """The file cannot be read as an export at all (empty, no header, unknown schema)."""

    def __init__(self, code: str, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


class ExportProblem(msgspec.Struct, frozen=True):
    #: None for the file as a whole (its header, lines after the last stream).
    stream: str | None
    #: The event's position in its stream, where one is to blame.
    position: int | None
    #: Which check found it: file, chain, count, head, events, dice, streams, receipt.
    check: str
    problem: str

    def where(self) -> str:
        if self.stream is None:
            return "the file"
        return f"stream {self.stream}" + (f" position {self.position}" if self.position is not None else "")


class ExportVerdict(msgspec.Struct, frozen=True):
    ok: bool
    schema: str
    kind: str
    id: str
    campaign_id: str
    streams: list[StreamVerdict]
    #: Every problem, in file order; the first is the first bad thing in the file. Receipts
    #: the file lacks or contradicts come last (check `receipt`).
    problems: list[ExportProblem]
    #: How many receipts the file was checked against (README.md#receipts).
    receipts: int = 0


@dataclass(frozen=True)
class Export:
    header: ExportHeader
    #: Each stream of the header with the (position, stored bytes) lines the file holds for it.
    streams: list[tuple[StreamEntry, list[tuple[int, bytes]]]]
    #: Problems of the header line itself.
    problems: list[ExportProblem] = field(default_factory=list)
    #: Lines after the last stream's events.
    trailing: int = 0
    legacy: bool = False


# -- writing ----------------------------------------------------------------------------------


Rows = Sequence[tuple[int, bytes]]


def build_export(kind: str, subject: str, campaign_id: str, streams: Sequence[tuple[str, str, Rows, list[int]]]) -> bytes:
    """The file: a header naming every (stream, kind, rows, redacted positions), then every row's bytes."""
    entries = [StreamEntry(stream, stream_kind, len(rows), _head(rows), redacted) for stream, stream_kind, rows, redacted in streams]
    lines = [msgspec.json.encode(ExportHeader(EXPORT_SCHEMA, kind, subject, campaign_id, entries))]
    for _, _, rows, _ in streams:
        lines.extend(bytes(raw) for _, raw in rows)
    return b"\n".join(lines) + b"\n"


def mission_rows(ledger: Ledger, mission_id: str, viewer: Viewer) -> tuple[Rows, list[int]]:
    """A mission's stored rows as `viewer` may read them: stored bytes, or its redacted copy of
    a record (domain/visibility.py), with the positions redacted."""
    stored = ledger.store.read(mission_id)
    state = ledger.mission(mission_id)
    return _as_read(stored, mission_codec(state.system), lambda record: for_export(record, viewer, state))


def campaign_rows(ledger: Ledger, campaign_id: str) -> tuple[Rows, list[int]]:
    """A campaign's stored rows with its hidden shuffles' faces withheld until their reveal."""
    state = ledger.campaign(campaign_id)
    return _as_read(ledger.store.read(campaign_id), campaign_codec(), lambda record: shown_in_campaign(record, state))


def _as_read(stored: Rows, codec: Codec, seen: Callable[[Recorded], Recorded]) -> tuple[Rows, list[int]]:
    """Each stored row as a reader gets it: its bytes where `seen` leaves the record whole, its
    redacted copy's canonical bytes (keeping the record's hash) elsewhere; and those positions."""
    rows, redacted = [], []
    for record, (position, raw) in zip(decode_stream(stored, codec), stored, strict=True):
        shown = seen(record)
        if shown is record:
            rows.append((position, raw))
        else:
            rows.append((position, canonical(shown)))
            redacted.append(position)
    return rows, redacted


def mission_export(ledger: Ledger, mission_id: str, viewer: Viewer) -> bytes:
    """A mission's export as `viewer` may read it."""
    rows, redacted = mission_rows(ledger, mission_id, viewer)
    return build_export("mission", mission_id, _field_of_first(rows, "campaign_id"), [(mission_id, "mission", rows, redacted)])


def campaign_export(ledger: Ledger, campaign_id: str, viewer: Viewer) -> bytes:
    """The campaign's stream, then each mission it added (as `viewer` may read it), in that order."""
    rows, redacted = campaign_rows(ledger, campaign_id)
    streams: list[tuple[str, str, Rows, list[int]]] = [(campaign_id, "campaign", rows, redacted)]
    streams += [(mission_id, "mission", *mission_rows(ledger, mission_id, viewer)) for mission_id in _missions_added(rows)]
    return build_export("campaign", campaign_id, campaign_id, streams)


def _head(rows: Sequence[tuple[int, bytes]]) -> str:
    if not rows:
        return GENESIS
    try:
        return msgspec.json.decode(rows[-1][1], type=_Hashed).hash
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
        return ""  # the store's last event is damaged: the export says so by not matching


class _Hashed(msgspec.Struct, frozen=True):
    hash: str


def _field_of_first(rows: Sequence[tuple[int, bytes]], name: str) -> str:
    """A field of the first event, read leniently: an export of a damaged stream still exports."""
    try:
        value = msgspec.json.decode(rows[0][1])["event"][name]
    except (IndexError, KeyError, TypeError, msgspec.DecodeError, UnicodeDecodeError):
        return ""
    return value if isinstance(value, str) else ""


def _missions_added(rows: Sequence[tuple[int, bytes]]) -> list[str]:
    found = []
    codec = campaign_codec()
    for _, raw in rows:
        try:
            event = codec.decode(raw).event
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
            continue  # a damaged campaign still exports; its verification fails there
        if isinstance(event, MissionAdded):
            found.append(event.mission_id)
    return found


# -- reading and verifying --------------------------------------------------------------------


def read_export(content: bytes) -> Export:
    """Split a file into its header and each stream's lines (by the header's counts)."""
    if not content.strip():
        raise ExportError("empty_export", "the file is empty", 400)
    lines = content.split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # the newline ending the last line
    try:
        schema = msgspec.json.decode(lines[0], type=_Schema).schema
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
        raise ExportError("not_an_export", f"line 1 is not an export header: {error}", 400) from None
    if schema == LEGACY_MISSION_SCHEMA:
        return _read_legacy(lines)
    if schema != EXPORT_SCHEMA:
        raise ExportError("unsupported_schema", f"unknown export schema {schema!r}; this version reads {EXPORT_SCHEMA}")
    try:
        header = msgspec.json.decode(lines[0], type=ExportHeader)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise ExportError("bad_header", f"line 1 is not a valid {EXPORT_SCHEMA} header: {error}") from None
    problems = []
    if msgspec.json.encode(header) != lines[0]:
        problems.append(ExportProblem(None, None, "file", "the header line is not in its canonical encoding: it was changed"))
    body, offset, streams = lines[1:], 0, []
    for entry in header.streams:
        count = max(entry.events, 0)
        streams.append((entry, list(enumerate(body[offset : offset + count], start=1))))
        offset += count
    return Export(header, streams, problems, trailing=max(len(body) - offset, 0))


def _read_legacy(lines: list[bytes]) -> Export:
    try:
        old = msgspec.json.decode(lines[0], type=LegacyHeader)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise ExportError("bad_header", f"line 1 is not a valid {LEGACY_MISSION_SCHEMA} header: {error}") from None
    rows = list(enumerate(lines[1:], start=1))
    entry = StreamEntry(old.mission_id, "mission", old.events, "")
    header = ExportHeader(LEGACY_MISSION_SCHEMA, "mission", old.mission_id, _field_of_first(rows, "campaign_id"), [entry])
    problems = []
    if msgspec.json.encode(old) != lines[0]:
        problems.append(ExportProblem(None, None, "file", "the header line is not in its canonical encoding: it was changed"))
    count = max(old.events, 0)
    return Export(header, [(entry, rows[:count])], problems, trailing=max(len(rows) - count, 0), legacy=True)


def verify_export(content: bytes, receipts: Sequence[Receipt] = ()) -> ExportVerdict:
    """Every stream's chain, every mission's revealed dice, that the file is whole, and that it
    holds every receipt a client kept: a file cut short and its header edited to match still
    chains, and only a receipt shows what it lost."""
    export = read_export(content)
    verdict = check_export(export)[0]
    if not receipts:
        return verdict
    found = check_receipts(receipts, {entry.stream: rows for entry, rows in export.streams})
    problems = [*verdict.problems, *(ExportProblem(p.receipt.stream, p.receipt.position, "receipt", p.named()) for p in found)]
    return msgspec.structs.replace(verdict, ok=not problems, problems=problems, receipts=len(receipts))


_STARTS: dict[str, tuple[type, str, Callable[[Any, Any], Any]]] = {
    "campaign": (CampaignCreated, "campaign_id", campaigns.evolve),
    "mission": (MissionCreated, "mission_id", missions.evolve),
}


def check_export(export: Export) -> tuple[ExportVerdict, dict[str, Any]]:
    """The verdict, and the state each intact stream folds into (what an import needs)."""
    header = export.header
    problems = list(export.problems)
    verdicts: list[StreamVerdict] = []
    states: dict[str, Any] = {}
    if header.kind not in KINDS:
        problems.append(ExportProblem(None, None, "file", f"unknown export kind {header.kind!r}"))
    seen: set[str] = set()
    for entry, rows in export.streams:
        stream = entry.stream
        if entry.kind not in KINDS:
            problems.append(ExportProblem(stream, None, "streams", f"unknown stream kind {entry.kind!r}"))
        if not _is_stream_id(stream):
            problems.append(ExportProblem(stream, None, "streams", "a stream id is a UUID in its canonical form"))
        if stream in seen:
            problems.append(ExportProblem(stream, None, "streams", "the header names this stream twice"))
        seen.add(stream)
        verdict = verify_named_stream(stream, entry.kind, rows, entry.redacted)
        verdicts.append(verdict)
        if not verdict.chain.ok:
            problems.append(ExportProblem(stream, verdict.chain.first_bad_event, "chain", verdict.chain.reason or "hash chain broken"))
            continue
        if len(rows) < entry.events:
            message = f"the header promises {entry.events} events, the file holds {len(rows)}: the file is truncated"
            problems.append(ExportProblem(stream, len(rows) + 1, "count", message))
        elif not rows:
            problems.append(ExportProblem(stream, None, "count", "a stream has at least one event"))
        elif not export.legacy and entry.head != _head(rows):
            problems.append(ExportProblem(stream, len(rows), "head", "the last event's hash is not the head the header names: the file was cut or changed"))
        if entry.kind in _STARTS and rows and not entry.redacted:
            state, problem = _fold(stream, entry.kind, rows)
            if problem is not None:
                problems.append(problem)
            else:
                states[stream] = state
        if verdict.dice is not None:
            problems += [
                ExportProblem(stream, int(p.event) if p.event.isdigit() else None, "dice", f"epoch {p.epoch}: {p.problem}")
                for p in verdict.dice.problems
            ]
    if export.trailing:
        problems.append(ExportProblem(None, None, "file", f"{export.trailing} line(s) follow the last stream's events"))
    problems += _structure(header, states)
    verdict = ExportVerdict(not problems, header.schema, header.kind, header.id, header.campaign_id, verdicts, problems)
    return verdict, states


def _is_stream_id(stream: str) -> bool:
    try:
        return str(uuid.UUID(stream)) == stream
    except ValueError:
        return False


def _fold(stream: str, kind: str, rows: Sequence[tuple[int, bytes]]) -> tuple[Any, ExportProblem | None]:
    """Apply every event as the server would: a file that chains but does not fold is refused."""
    created, id_field, evolve = _STARTS[kind]
    state = None
    try:
        records = decode_stream(rows)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RuleError) as error:
        return None, ExportProblem(stream, None, "events", f"an event does not decode as its {kind}'s game system reads it: {error}")
    for record in records:
        position, event = record.position, record.event
        if position == 1 and not (isinstance(event, created) and getattr(event, id_field) == stream):
            return None, ExportProblem(stream, position, "events", f"a {kind} stream starts with a {created.__name__} of its own id, not {type(event).__name__}")
        if position > 1 and isinstance(event, created):
            return None, ExportProblem(stream, position, "events", f"a second {created.__name__}")
        try:
            state = evolve(state, event)
        # Whatever a forged (yet well chained) event breaks in the deciders, it is refused.
        except Exception as error:  # noqa: BLE001
            return None, ExportProblem(stream, position, "events", f"the {type(event).__name__} does not apply to the {kind}: {error or type(error).__name__}")
    return state, None


def _structure(header: ExportHeader, states: dict[str, Any]) -> list[ExportProblem]:
    """What makes the file self-contained: the right streams, in order, of one campaign."""
    problems: list[ExportProblem] = []
    entries = list(header.streams)
    if not entries:
        return [ExportProblem(None, None, "streams", "the header names no streams")]
    first = entries[0]
    if header.kind == "mission":
        if len(entries) != 1 or first.kind != "mission" or first.stream != header.id:
            problems.append(ExportProblem(None, None, "streams", f"a mission export holds exactly the mission {header.id}'s stream"))
        state = states.get(first.stream)
        if state is not None and state.campaign_id != header.campaign_id:
            problems.append(ExportProblem(first.stream, 1, "streams", f"the mission belongs to campaign {state.campaign_id}, the header says {header.campaign_id}"))
        return problems
    if header.kind != "campaign":
        return problems
    if first.kind != "campaign" or first.stream != header.id or header.campaign_id != header.id:
        problems.append(ExportProblem(None, None, "streams", f"a campaign export starts with the campaign {header.id}'s own stream"))
        return problems
    listed = [entry.stream for entry in entries[1:]]
    if any(entry.kind != "mission" for entry in entries[1:]):
        problems.append(ExportProblem(None, None, "streams", "a campaign export holds one campaign stream, then mission streams"))
    campaign = states.get(first.stream)
    if campaign is not None and list(campaign.missions) != listed:
        missing = [m for m in campaign.missions if m not in listed]
        detail = f"it lacks {', '.join(missing)}" if missing else "the file holds others, or in another order"
        problems.append(ExportProblem(first.stream, None, "streams", f"the campaign's missions are not the mission streams of the file: {detail}"))
    for mission_id in listed:
        state = states.get(mission_id)
        if state is not None and state.campaign_id != header.id:
            problems.append(ExportProblem(mission_id, 1, "streams", f"the mission belongs to campaign {state.campaign_id}, not {header.id}"))
    return problems


def describe(verdict: ExportVerdict) -> str:
    """The verdict for people: one line a stream (and its dice), then anything else wrong."""
    lines = [f"{verdict.kind} export {verdict.id} ({verdict.schema}): {len(verdict.streams)} stream(s)"]
    for stream in verdict.streams:
        chain = stream.chain
        if not chain.ok:
            lines.append(
                f"{stream.kind} {stream.stream}: FAILED: hash chain broken at event {chain.first_bad_event}: {chain.reason} "
                f"({chain.events_checked} events before it are intact)"
            )
            continue
        lines.append(f"{stream.kind} {stream.stream}: hash chain: ok, {chain.events_checked} events")
        dice = stream.dice
        if dice is not None:
            lines.append(
                f"  dice: {'ok' if dice.ok else 'FAILED'}, {dice.rolls_checked} server rolls re-computed in "
                f"{dice.epochs_revealed} revealed epoch(s); {dice.epochs_unrevealed} epoch(s) not yet revealed; {dice.manual_rolls} manual roll(s)"
            )
            lines += [f"    epoch {p.epoch} event {p.event}: {p.problem}" for p in dice.problems]
    lines += [f"FAILED: {p.where()}: {p.problem}" for p in verdict.problems if p.check not in ("chain", "dice")]
    if verdict.receipts:
        lines.append(tally(verdict.receipts, sum(p.check == "receipt" for p in verdict.problems)))
    lines.append("export: ok" if verdict.ok else f"export: FAILED, {len(verdict.problems)} problem(s)")
    return "\n".join(lines)


# -- importing --------------------------------------------------------------------------------


class ImportRefused(Exception):
    """Nothing was written; `status` is what HTTP answers (400, 409 or 422)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class ImportResult(msgspec.Struct, frozen=True):
    kind: str
    id: str
    campaign_id: str
    streams: list[StreamEntry]
    #: Events written byte for byte from the file.
    events: int
    #: A mission imported into a campaign the store already held: the position of the
    #: MissionAdded event appended to that campaign (None if it listed the mission already).
    campaign_position: int | None = None


def import_export(ledger: Ledger, content: bytes, *, missions_allowed: bool, clock: Callable[[], str] | None = None) -> ImportResult:
    """Verify the whole file, then write its events at their positions in one append.

    A campaign export brings its own campaign (host token digest included). A mission export
    joins the campaign it belongs to, which the store must already hold; that takes someone
    who runs the server (`missions_allowed`: the CLI yes, HTTP no).
    """
    from service.ledger import utc_now
    from service.store import StreamConflict

    try:
        export = read_export(content)
    except ExportError as error:
        raise ImportRefused(error.status, error.code, f"{error.message}; nothing was imported") from None
    if export.legacy:
        raise ImportRefused(422, "unsupported_schema", f"this is a {LEGACY_MISSION_SCHEMA} file: `skirmish verify` reads it, but imports take {EXPORT_SCHEMA}: export the mission again; nothing was imported")
    if redacted := [entry.stream for entry, _ in export.streams if entry.redacted]:
        raise ImportRefused(
            422,
            "export_redacted",
            f"the export holds a reader's redacted copy of {', '.join(redacted)} (secrets of a running mission): it verifies, "
            "but only the whole log imports; end the mission, export again, then import; nothing was imported",
        )
    verdict, states = check_export(export)
    if not verdict.ok:
        first = verdict.problems[0]
        more = f" (and {len(verdict.problems) - 1} more problem(s))" if len(verdict.problems) > 1 else ""
        raise ImportRefused(422, "export_invalid", f"the file does not verify: {first.where()}: {first.problem}{more}; nothing was imported")
    header = export.header
    if header.kind == "mission" and not missions_allowed:
        raise ImportRefused(
            422,
            "mission_import_needs_cli",
            "a mission export joins a campaign this server already holds: import it with `skirmish import FILE` on the server, "
            "or import its campaign's export (GET /campaigns/{id}/export) here; nothing was imported",
        )
    for entry, _ in export.streams:
        state = states[entry.stream]
        if entry.kind == "mission" and not state.epoch.revealed:
            raise ImportRefused(
                422,
                "epoch_unrevealed",
                f"mission {entry.stream} ({state.name!r}) is still running: its epoch {state.epoch.number} is not revealed, and its "
                "server seed stays sealed on the server it came from (no export holds an unrevealed seed), so it could not roll here. "
                "End the mission there (ending reveals the seed), export again, then import; nothing was imported",
            )
        if entry.kind == "campaign" and state.epochs and state.epochs[-1].rolled and not state.epochs[-1].revealed:
            raise ImportRefused(
                422,
                "epoch_unrevealed",
                f"campaign {entry.stream} ({state.name!r}) rolled dice in its epoch {state.epochs[-1].number}, whose server seed stays "
                "sealed on the server it came from. Rotate the campaign's seed there (RotateCampaignSeed reveals it), export again, "
                "then import; nothing was imported",
            )
    store = ledger.store
    rows = [
        (entry.stream, record.position, type(record.event).__name__, raw)
        for entry, lines in export.streams
        for record, (_, raw) in zip(decode_stream(lines), lines, strict=True)
    ]
    for attempt in range(_IMPORT_ATTEMPTS):
        for entry, _ in export.streams:
            if store.read(entry.stream, limit=1):
                raise ImportRefused(409, "already_exists", f"{entry.kind} {entry.stream} is already in this store (imported before?); nothing was imported")
        joined = _join_campaign(store, header, states[header.id], clock or utc_now) if header.kind == "mission" else None
        if attempt == 0:
            _seal_revealed_seeds(ledger, export)
        try:
            store.append_raw([*rows, *([joined] if joined else [])])
        except StreamConflict:
            continue  # written meanwhile: the streams (then refused) or the campaign (then retried)
        events = len(rows)
        return ImportResult(header.kind, header.id, header.campaign_id, header.streams, events, joined[1] if joined else None)
    raise ImportRefused(409, "campaign_busy", f"campaign {header.campaign_id} kept changing during the import; try again; nothing was imported")


def _join_campaign(store: EventStore, header: ExportHeader, mission: missions.MissionState, clock: Callable[[], str]) -> tuple[str, int, str, bytes] | None:
    """The MissionAdded that lists an imported mission in its campaign here (None if listed)."""
    campaign_id = header.campaign_id
    missing = ImportRefused(
        422,
        "campaign_missing",
        f"mission {header.id} belongs to campaign {campaign_id}, which this store does not hold: import the campaign's export "
        "instead (it holds its missions); nothing was imported",
    )
    if not _is_stream_id(campaign_id):
        raise missing
    stored = store.read(campaign_id)
    try:
        records = [campaign_codec().decode(raw) for _, raw in stored]
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as error:
        raise ImportRefused(422, "campaign_damaged", f"campaign {campaign_id} in this store does not decode ({error}); run `skirmish verify`; nothing was imported") from None
    if not records or not isinstance(records[0].event, CampaignCreated):
        raise missing
    if any(isinstance(r.event, MissionAdded) and r.event.mission_id == header.id for r in records):
        return None
    last = records[-1]
    position = last.position + 1
    event = MissionAdded(header.id, mission.name, mission.system)
    record = seal(Recorded(stream=campaign_id, position=position, at=clock(), actor=IMPORT_ACTOR, prev_hash=last.hash, event=event, batch=position))
    return campaign_id, position, "MissionAdded", canonical(record)


def _seal_revealed_seeds(ledger: Ledger, export: Export) -> None:
    """Seal the revealed seeds here too: the ledger unseals the current epoch's seed for every
    command (a worker's verification, a dispute after the end), and they are public already."""
    for _, rows in export.streams:
        for record in decode_stream(rows):
            event = record.event
            if isinstance(event, SeedRevealed):
                seed = bytes.fromhex(event.server_seed)
                commitment = fair.commitment(seed)
                ledger.store.put_sealed_seed(commitment, ledger.sealer.seal(seed, commitment))
