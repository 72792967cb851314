"""Decoding stored records per stream: a mission decodes only its own game system's types.

Two systems may name a command or an event alike (both have a `Moved`), so there is no one
union of every type. A mission stream decodes with the engine's types plus its system's; a
campaign stream with the engine's campaign types plus every system's campaign types (those
carry the system in their tag). Which codec a stream needs follows from its first record.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Iterable
from typing import Any, Generic, Optional, TypeVar, Union

import msgspec

from domain import registry
from domain.campaign_events import CAMPAIGN_COMMANDS, CAMPAIGN_EVENTS
from domain.chain import Recorded
from domain.commands import CORE_COMMANDS, Command
from domain.contract import GameSystem
from domain.events import Event

E = TypeVar("E")


class Entry(msgspec.Struct, Generic[E], frozen=True, gc=False):
    """What a read model needs of a stored record: its stream, position and event. The chain
    fields and the command are skipped, not decoded, which takes a third off the cost."""

    stream: str
    position: int
    event: E


class Codec:
    """Decodes the records, events and commands of streams that hold one set of types."""

    def __init__(self, events: tuple[type[Event], ...], commands: tuple[type[Command], ...]) -> None:
        self.events = events
        self.commands = commands
        self.event_type: Any = Union[events]  # noqa: UP007
        self.command_type: Any = Union[commands]  # noqa: UP007
        #: `Recorded` as this codec decodes it, for msgspec.convert of already parsed JSON.
        self.record_type: Any = Recorded[self.event_type, Optional[self.command_type]]  # noqa: UP007
        self._records = msgspec.json.Decoder(self.record_type)
        self._entries = msgspec.json.Decoder(Entry[self.event_type])
        self.command_tags = frozenset(k.__struct_config__.tag for k in commands)

    def decode(self, stored: bytes) -> Recorded[Any, Any]:
        return self._records.decode(stored)

    def entry(self, stored: bytes) -> Entry[Any]:
        return self._entries.decode(stored)

    def command(self, value: Any) -> Command:
        """A command from JSON values (a request body's `command`); raises msgspec.ValidationError."""
        return msgspec.convert(value, self.command_type)


@functools.cache
def _mission_codec(system: GameSystem, generation: int) -> Codec:
    from domain.events import CORE_EVENTS

    return Codec((*CORE_EVENTS, *system.events), (*CORE_COMMANDS, *system.commands))


@functools.cache
def _campaign_codec(generation: int) -> Codec:
    systems = registry.SYSTEMS.values()
    events = (*CAMPAIGN_EVENTS, *(e for s in systems for e in s.campaign_events))
    commands = (*CAMPAIGN_COMMANDS, *(c for s in systems for c in s.campaign_commands))
    return Codec(events, commands)


#: msgspec builds a parametrised generic's type information on first use; two threads doing it
#: at once crashed a worker process (SIGSEGV), so codecs are built one at a time.
_building = threading.Lock()


def warm() -> None:
    """Build every registered system's codec and the campaigns' now, on the calling thread,
    before a process starts the threads that decode (msgspec builds a generic's type
    information on first use, and doing that while another thread decodes crashed a worker)."""
    for name in list(registry.SYSTEMS):
        mission_codec(name)
    campaign_codec()


def mission_codec(system: str) -> Codec:
    game = registry.system_named(system)
    with _building:
        return _mission_codec(game, registry.generation)


def campaign_codec() -> Codec:
    with _building:
        return _campaign_codec(registry.generation)


class _Start(msgspec.Struct):
    type: str
    system: str = ""


class _First(msgspec.Struct):
    """What a stream's first record says about the stream: its kind, and a mission's system."""

    position: int
    event: _Start


_first = msgspec.json.Decoder(_First)


def codec_of_first(stored: bytes) -> Codec:
    """The codec of a stream, from its first stored record (MissionCreated or CampaignCreated)."""
    first = _first.decode(stored)
    if first.event.type == "MissionCreated":
        return mission_codec(first.event.system)
    if first.event.type == "CampaignCreated":
        return campaign_codec()
    raise msgspec.ValidationError(f"a stream starts with MissionCreated or CampaignCreated, not {first.event.type}")


def decode_stream(rows: Iterable[tuple[int, bytes]], codec: Codec | None = None) -> list[Recorded[Any, Any]]:
    """A stream's records in order; without `codec` the rows must start at its first record."""
    records = []
    for _, stored in rows:
        if codec is None:
            codec = codec_of_first(stored)
        records.append(codec.decode(stored))
    return records


class _Where(msgspec.Struct):
    stream: str
    position: int


_where = msgspec.json.Decoder(_Where)


_STREAM = re.compile(rb'"stream":"([0-9a-f-]{36})"')
_POSITION = re.compile(rb'"position":([0-9]{1,18})[,}]')


def stream_of(stored: bytes) -> tuple[str, int | None] | None:
    """The stream and position a stored record names, read leniently: enough to tell whose
    record is damaged, even when the rest of its JSON is broken (None if no stream shows)."""
    try:
        where = _where.decode(stored)
        return where.stream, where.position
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
        pass
    # Keys are sorted: the record's own `position` and `stream` come after its event's fields.
    streams, positions = _STREAM.findall(stored), _POSITION.findall(stored)
    if not streams:
        return None
    return streams[-1].decode(), int(positions[-1]) if positions else None


class StreamCodecs:
    """Decodes records of interleaved streams (the notification log), learning each stream's
    codec from its first record, or asking `first` for it when a stream is met midway."""

    def __init__(self, first: Callable[[str], bytes | None]) -> None:
        self._first = first
        self._codecs: dict[str, Codec] = {}

    def codec(self, stream: str, stored: bytes | None = None) -> Codec:
        codec = self._codecs.get(stream)
        if codec is None:
            first = stored if stored is not None else self._first(stream)
            if first is None:
                raise msgspec.ValidationError(f"stream {stream} has no first record")
            codec = self._codecs[stream] = codec_of_first(first)
        return codec

    def decode(self, stored: bytes) -> Recorded[Any, Any]:
        return self._codec_of(stored).decode(stored)

    def entry(self, stored: bytes) -> Entry[Any]:
        return self._codec_of(stored).entry(stored)

    def _codec_of(self, stored: bytes) -> Codec:
        where = _where.decode(stored)
        return self.codec(where.stream, stored if where.position == 1 else None)
