"""What every read model shares: the fold's interface, its canonical row bytes, and the error
of a log that does not fold (projections/models.py lists the read models)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.codecs import Entry, campaign_codec


def campaign_event_types() -> frozenset[type]:
    """Every type a campaign stream holds: the engine's and each game system's own."""
    return frozenset(campaign_codec().events)


class ProjectionError(Exception):
    """The log does not fold: an event out of order, twice, or of an unknown stream."""


def row_bytes(value: object) -> bytes:
    """A row's canonical bytes: msgspec JSON with sorted keys (and sorted sets).

    msgspec refuses to sort a dict whose keys are not strings (`MissionState.disputes` maps
    positions to reasons); such a value goes through builtins with its keys as strings first,
    which gives the same bytes as JSON would carry them anyway.
    """
    try:
        return msgspec.json.encode(value, order="sorted")
    except TypeError:
        return msgspec.json.encode(msgspec.to_builtins(value, str_keys=True, order="sorted"), order="sorted")


class ReadModel:
    """One projection: `apply` folds a page into `states` and names the keys it touched."""

    name: str

    def keys(self, records: Sequence[Entry]) -> set[str]:
        """The row keys a page touches (loaded from the table before `apply` if not in memory)."""
        raise NotImplementedError

    def apply(self, states: dict[str, Any], records: Sequence[Entry]) -> set[str]:
        raise NotImplementedError

    def encode(self, state: Any) -> bytes:
        raise NotImplementedError

    def decode(self, raw: bytes) -> Any:
        raise NotImplementedError
