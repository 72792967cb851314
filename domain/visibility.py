"""What a reader may see of a mission's records (design.md#Hash chain, hidden information).

Every path out of the server (event pages, live streams, command answers, replay, export and
the audit) passes each record through `shown`. The engine hides what is its own to hide: a
hidden deck's shuffle shows its cards but not its faces until the epoch's seed is revealed
(the faces would give the order away); the game system's `visible` decides about its own
events. A redacted record keeps its `hash`, so a reader's chain of receipts still links.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign_events import CAMPAIGN_EVENTS
from domain.chain import Recorded
from domain.contract import Viewer
from domain.events import DiceRolled, Withheld
from domain.kit import decks
from domain.registry import system_named

#: Roles that read missions; any other gets nothing (fail closed).
READERS = frozenset({"host", "player", "spectator"})
_CAMPAIGN = frozenset(CAMPAIGN_EVENTS)


def hides_faces(event: DiceRolled, state: Any) -> bool:
    """A hidden deck's shuffle (no order recorded) of an epoch not yet revealed; `state` is the
    mission's or the campaign's, whichever stream rolled it."""
    if not decks.hides_order(event):
        return False
    return not any(e.number == event.epoch and e.revealed for e in state.epochs)


def shown(record: Recorded, viewer: Viewer, state: Any) -> Recorded | None:
    """The record as `viewer` may see it, read against the mission's current `state`: itself,
    a copy with its event redacted (and its command, which could tell the secret, left out),
    or None."""
    if viewer.role not in READERS:
        return None
    event = record.event
    if type(event) in _CAMPAIGN:
        return None  # token digests: a campaign's events never reach a mission's readers
    engine: Any = _faces_withheld(event) if isinstance(event, DiceRolled) and hides_faces(event, state) else event
    redacted = system_named(state.system).visible(engine, viewer, state.game)
    if redacted is event:
        return record
    if redacted is None:
        return None
    return msgspec.structs.replace(record, event=redacted, command=None)


def shown_in_campaign(record: Recorded, state: Any) -> Recorded:
    """A campaign record as its members may read it: its own hidden shuffles (a legacy deck)
    show no faces until the campaign's epoch is revealed, as a mission's do."""
    event = record.event
    if isinstance(event, DiceRolled) and hides_faces(event, state):
        return msgspec.structs.replace(record, event=_faces_withheld(event), command=None)
    return record


def _faces_withheld(event: DiceRolled) -> DiceRolled:
    """A hidden shuffle without its faces, and its results, which repeat them."""
    return msgspec.structs.replace(event, faces=[], results=[])


def shown_all(records: list[Recorded], viewer: Viewer, state: Any) -> list[Recorded]:
    return [r for record in records if (r := shown(record, viewer, state)) is not None]


def for_export(record: Recorded, viewer: Viewer, state: Any) -> Recorded:
    """The record as a reader's export holds it: a record it may not see at all stays in
    place as `Withheld`, so the chain still links through it."""
    seen = shown(record, viewer, state)
    if seen is None:
        return msgspec.structs.replace(record, event=Withheld(type(record.event).__name__), command=None)
    return seen
