"""What the routes that list or summarise read: the projections, caught up first.

A route answers with what the log held when the request came, so a client reads its own writes.
A campaign's row is caught up first: the API process folds the log up to that position itself,
unless the worker holding the projections lease has got there already (the two race safely:
each save is compare-and-set on the position). A mission's row, read on every poll of the
battlefield, is read as saved and the mission's newer events are folded on top, in memory.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import msgspec

from domain import mission as missions
from domain.codecs import decode_stream, mission_codec
from domain.errors import RuleError
from projections.models import NAMES, Battlefield, CampaignRow, ProjectionError
from projections.runner import Projections
from projections.tables import Isolated
from service.store import EventStore

#: How long a read may spend catching a projection up before it answers 503.
CATCH_UP_S = 5.0


class Stale(Exception):
    """A projection could not be caught up with the log in time; the read is refused."""


class ReadModels:
    def __init__(self, store: EventStore, catch_up_s: float = CATCH_UP_S) -> None:
        self.store = store
        self.projections = Projections(store, ("battlefield", "campaign"))
        self.catch_up_s = catch_up_s
        self._battlefield = Battlefield()
        self._campaign_rows = msgspec.json.Decoder(CampaignRow)
        #: One catch-up at a time per process: requests that come together wait for it.
        self._folding = threading.Lock()

    def _current(self, name: str) -> None:
        """Fold `name` at least up to the log's position as this call found it."""
        runner = self.projections.runners[name]
        head = self.store.max_notification_id()
        deadline = time.monotonic() + self.catch_up_s
        while runner.position() < head:
            if time.monotonic() > deadline:
                raise Stale(f"the {name} projection is at {runner.position()}, the log at {head}")
            with self._folding:
                try:
                    runner.catch_up(budget_s=0.25, retry_stale=False)
                except ProjectionError as error:
                    raise Stale(f"the {name} projection does not fold: {error}; see `skirmish rebuild`") from None

    def campaign(self, campaign_id: str) -> CampaignRow | None:
        raw = self._campaign_row(campaign_id)
        return self._campaign_rows.decode(raw) if raw is not None else None

    def campaign_state(self, campaign_id: str) -> Any:
        """The campaign folded as `domain.campaign.CampaignState` (members without token
        digests), from its projection row; None if the log holds no such campaign."""
        raw = self._campaign_row(campaign_id)
        return self.projections.runners["campaign"].model.decode(raw).state if raw is not None else None

    def _campaign_row(self, campaign_id: str) -> bytes | None:
        self._current("campaign")
        return self.projections.tables.row("campaign", campaign_id)

    def isolations(self, mission_id: str) -> dict[str, Isolated]:
        """The projections that isolated the mission's stream (README.md#reliability)."""
        return self.projections.tables.isolations(mission_id, NAMES)

    def missions(self, mission_ids: list[str], before: int | None = None) -> dict[str, Any]:
        """Each mission's folded state (`domain.mission.MissionState`): its battlefield row, and
        the events the log holds beyond it folded on top, read-only (the worker holding the
        projections lease saves the rows; a hot read path writes nothing). `before`: fold only
        the events before this position (where the battlefield isolated the stream)."""
        tables, found = self.projections.tables, {}
        for mission_id in mission_ids:
            raw = tables.row("battlefield", mission_id)
            state = self._battlefield.decode(raw) if raw is not None else None
            after = state.version if state is not None else 0
            tail = self.store.read(mission_id, after, None if before is None else max(0, before - 1 - after))
            if tail:
                codec = mission_codec(state.system) if state is not None else None
                try:
                    for record in decode_stream(tail, codec):
                        state = missions.evolve(state, record.event)
                except (msgspec.DecodeError, msgspec.ValidationError, RuleError, AssertionError) as error:
                    # a poisoned event the projections have not reached yet: shown, never a 500
                    raise Stale(f"an event of mission {mission_id} after position {after} does not decode or fold ({error}); run `skirmish verify`") from None
            if state is None:
                raise Stale(f"the log holds no mission {mission_id}")
            found[mission_id] = state
        return found
