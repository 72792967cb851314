"""Read models a game system asks for (`GameSystem.campaign_projections`): per campaign, the
system's campaign state folded with its own `campaign_evolve` from the campaign events that
concern it (domain.campaign.system_for), and the document its projection function shows.

A row holds both: the state, so the next page folds on from it, and the document readers use.
Rows are canonical bytes (sorted keys), so a rebuild from zero equals the live row byte for byte.
Campaigns whose log never concerns the system get no row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain import campaign as campaigns
from domain.campaign_events import MissionAdded
from domain.codecs import Entry
from domain.registry import SYSTEMS
from projections.base import ReadModel, campaign_event_types, row_bytes


class SystemCampaignRow(msgspec.Struct, frozen=True):
    campaign_id: str
    #: The campaign's missions of this system (where its MissionConcluded events belong).
    missions: tuple[str, ...]
    state: Any
    document: Any


class _Working:
    __slots__ = ("campaign_id", "missions", "state")

    def __init__(self, campaign_id: str, missions: list[str], state: Any) -> None:
        self.campaign_id = campaign_id
        self.missions = missions
        self.state = state


class SystemCampaign(ReadModel):
    def __init__(self, name: str, system: str, project: Callable[[Any], Any]) -> None:
        self.name = name
        self.system = SYSTEMS[system]
        self.project = project
        self._decoder = msgspec.json.Decoder(SystemCampaignRow)

    def keys(self, records: Sequence[Entry]) -> set[str]:
        kinds = campaign_event_types()
        return {r.stream for r in records if type(r.event) in kinds}

    def apply(self, states: dict[str, Any], records: Sequence[Entry]) -> set[str]:
        kinds, mine = campaign_event_types(), self.system.name
        touched: set[str] = set()
        for record in records:
            event = record.event
            if type(event) not in kinds:
                continue
            working: _Working | None = states.get(record.stream)
            listed = {m: mine for m in working.missions} if working is not None else {}
            if campaigns.system_for(listed, event) != mine:
                continue
            if working is None:
                working = states[record.stream] = _Working(record.stream, [], self.system.campaign_initial())
            if isinstance(event, MissionAdded):
                working.missions.append(event.mission_id)
            working.state = self.system.campaign_evolve(working.state, event)
            touched.add(record.stream)
        return touched

    def encode(self, working: _Working) -> bytes:
        return row_bytes(SystemCampaignRow(working.campaign_id, tuple(working.missions), working.state, self.project(working.state)))

    def decode(self, raw: bytes) -> _Working:
        row = self._decoder.decode(raw)
        return _Working(row.campaign_id, list(row.missions), msgspec.convert(row.state, self.system.campaign_state or Any))


def system_campaign_models() -> list[SystemCampaign]:
    """Every game system's own read models, in the registry's order."""
    return [SystemCampaign(name, system.name, project) for system in SYSTEMS.values() for name, project in system.campaign_projections.items()]
