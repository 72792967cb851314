"""The read models: what each folds from the log, with the write side's own functions.

A read model folds a page of decoded records into working states (one per row key) and turns
a state into its row bytes and back. Row bytes are canonical msgspec JSON (sorted keys), so a
rebuilt projection can be compared with a live one byte for byte.

- `battlefield`: mission id -> `domain.mission.MissionState`, folded by `domain.mission.evolve`:
  the game state the rules checked.
- `campaign`: campaign id -> `CampaignRow`, the roster and missions (name, system, outcome,
  version), the heroes carried from mission to mission and the ended missions of a
  `domain.campaign.CampaignState` folded by `domain.campaign.evolve`.
- `audit`: mission id -> `domain.audit.AuditDocument`, equal to `domain.audit.build` over the
  mission's records (design.md#Dice, audit format).
- each game system's own (`GameSystem.campaign_projections`, projections/system_campaigns.py):
  campaign id -> the document the system's campaign state shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain import audit, campaign_events, dice
from domain import campaign as campaigns
from domain import mission as missions
from domain.codecs import Entry
from domain.epochs import Epoch
from domain.events import (
    ClientSeedContributed,
    DiceRolled,
    EpochStarted,
    MissionCreated,
    MissionEnded,
    SeedRevealed,
)
from domain.registry import system_named
from projections.base import ProjectionError, ReadModel, campaign_event_types, row_bytes
from projections.system_campaigns import system_campaign_models

__all__ = ["NAMES", "ProjectionError", "ReadModel", "all_models", "row_bytes"]
_campaign_events = campaign_event_types


# -- battlefield ----------------------------------------------------------------------------------


class Battlefield(ReadModel):
    """Each mission's `MissionState`, exactly as the ledger folds it."""

    name = "battlefield"

    def __init__(self) -> None:
        self._decoder = msgspec.json.Decoder(missions.MissionState)

    def keys(self, records: Sequence[Entry]) -> set[str]:
        skip = _campaign_events()
        return {r.stream for r in records if type(r.event) not in skip}

    def apply(self, states: dict[str, Any], records: Sequence[Entry]) -> set[str]:
        # The hot loop of a rebuild: a mission's events mostly come in runs, so its state stays
        # in a local until another mission's event comes.
        evolve, skip = missions.evolve, _campaign_events()
        touched: set[str] = set()
        key: str | None = None
        state: missions.MissionState | None = None
        for record in records:
            event = record.event
            if type(event) in skip:
                continue
            if record.stream != key:
                if key is not None:
                    states[key] = state
                key = record.stream
                state = states.get(key)
                touched.add(key)
            # Each event exactly once, in order: a gap or a repeat means the log was misread.
            if (0 if state is None else state.version) + 1 != record.position:
                raise ProjectionError(f"mission {key}: event {record.position} follows version {0 if state is None else state.version}")
            state = evolve(state, event)
        if key is not None:
            states[key] = state
        return touched

    def encode(self, state: missions.MissionState) -> bytes:
        return row_bytes(state)

    def decode(self, raw: bytes) -> missions.MissionState:
        state = self._decoder.decode(raw)
        if state.game is not None:
            # `MissionState.game` is `Any`, so it decodes as plain JSON values; the game system's
            # `evolve` wants its own types back.
            state = msgspec.structs.replace(state, game=msgspec.convert(state.game, system_named(state.system).state or Any))
        return state


# -- campaign -------------------------------------------------------------------------------------


class RosterMember(msgspec.Struct, frozen=True):
    member_id: str
    name: str
    role: str
    units: tuple[str, ...] = ()


class MissionSummary(msgspec.Struct, frozen=True):
    mission_id: str
    name: str
    system: str
    outcome: str | None
    #: Events in the mission's stream so far (its `MissionState.version`).
    version: int


class CampaignRow(msgspec.Struct, frozen=True):
    """A campaign's roster (no token digests) and its missions with their outcomes.

    `version` 0 means the log has not created the campaign yet (as far as it was read).
    `unlisted` holds missions of the campaign whose events came before the campaign listed
    them: an import writes a mission's events, then the `MissionAdded` that lists it.
    """

    campaign_id: str
    name: str
    version: int
    members: tuple[RosterMember, ...]
    missions: tuple[MissionSummary, ...]
    unlisted: tuple[MissionSummary, ...] = ()
    #: The ended missions in the order they ended, each mission's game system, and what each
    #: game system keeps between its missions (its `campaign_evolve`).
    concluded: tuple[campaigns.Conclusion, ...] = ()
    systems: dict[str, str] = {}
    games: dict[str, Any] = {}
    #: The campaign's own dice epochs (commitments and nonces; never a seed before its reveal).
    epochs: tuple[Epoch, ...] = ()


class _Campaign:
    """Working state: the folded `CampaignState` (None before its first event) and a summary
    [name, system, outcome, version] of each of its missions."""

    __slots__ = ("campaign_id", "missions", "state")

    def __init__(self, campaign_id: str, state: campaigns.CampaignState | None, summaries: dict[str, list]) -> None:
        self.campaign_id = campaign_id
        self.state = state
        self.missions = summaries


class Campaign(ReadModel):
    """Campaign events fold through `domain.campaign.evolve`; each mission event updates its
    mission's summary (the version is the position of its latest event; `MissionEnded` sets
    the outcome, as `domain.mission.evolve` does). A mission belongs to the campaign its
    `MissionCreated` names. Streams interleave in any order in the log; each stream's own
    events come in order."""

    name = "campaign"

    def __init__(self, first_record: Callable[[str], Entry | None]) -> None:
        #: Reads a stream's first record: how a mission met in a catch-up names its campaign.
        self._first_record = first_record
        self._campaign_of: dict[str, str] = {}
        self._decoder = msgspec.json.Decoder(CampaignRow)

    def _key(self, record: Entry, campaign_types: frozenset[type]) -> str:
        event = record.event
        if type(event) in campaign_types:
            return record.stream
        mission_id = record.stream
        campaign_id = self._campaign_of.get(mission_id)
        if campaign_id is None:
            first = record if isinstance(event, MissionCreated) else self._first_record(mission_id)
            if first is None or not isinstance(first.event, MissionCreated):
                raise ProjectionError(f"stream {mission_id} does not start with MissionCreated")
            campaign_id = self._campaign_of[mission_id] = first.event.campaign_id
        return campaign_id

    def keys(self, records: Sequence[Entry]) -> set[str]:
        campaign_types = _campaign_events()
        return {self._key(r, campaign_types) for r in records}

    def apply(self, states: dict[str, Any], records: Sequence[Entry]) -> set[str]:
        touched: set[str] = set()
        campaign_types = _campaign_events()
        for record in records:
            key = self._key(record, campaign_types)
            event = record.event
            working: _Campaign | None = states.get(key)
            if working is None:
                working = states[key] = _Campaign(key, None, {})
            if type(event) in campaign_types:
                version = 0 if working.state is None else working.state.version
                if record.position != version + 1:
                    raise ProjectionError(f"campaign {key}: event {record.position} follows version {version}")
                working.state = campaigns.evolve(working.state, event)
                if isinstance(event, campaign_events.MissionAdded):
                    working.missions.setdefault(event.mission_id, [event.name, event.system, None, 0])
            else:
                if isinstance(event, MissionCreated):
                    summary = working.missions.setdefault(record.stream, [event.name, event.system, None, 0])
                elif (summary := working.missions.get(record.stream)) is None:
                    raise ProjectionError(f"mission {record.stream}: event {record.position} before MissionCreated")
                if record.position != summary[3] + 1:
                    raise ProjectionError(f"mission {record.stream}: event {record.position} follows version {summary[3]}")
                summary[3] = record.position
                if isinstance(event, MissionEnded):
                    summary[2] = event.outcome
            touched.add(key)
        return touched

    def encode(self, working: _Campaign) -> bytes:
        state = working.state
        listed = state.missions if state is not None else ()
        in_list = set(listed)
        unlisted = [mid for mid in working.missions if mid not in in_list]
        return row_bytes(
            CampaignRow(
                working.campaign_id,
                state.name if state is not None else "",
                state.version if state is not None else 0,
                tuple(RosterMember(m.member_id, m.name, m.role, m.units) for m in state.members.values()) if state is not None else (),
                tuple(MissionSummary(mid, *working.missions[mid]) for mid in listed),
                tuple(MissionSummary(mid, *working.missions[mid]) for mid in unlisted),
                tuple(state.concluded.values()) if state is not None else (),
                state.systems if state is not None else {},
                state.games if state is not None else {},
                state.epochs if state is not None else (),
            )
        )

    def decode(self, raw: bytes) -> _Campaign:
        row = self._decoder.decode(raw)
        state = None
        if row.version:
            # Token digests stay out of the read model; folding further events does not need them.
            members = {m.member_id: campaigns.Member(m.member_id, m.name, m.role, "", m.units) for m in row.members}
            state = campaigns.CampaignState(
                row.campaign_id, row.name, members, tuple(m.mission_id for m in row.missions), row.version,
                {c.mission_id: c for c in row.concluded}, row.systems, _games(row.games), row.epochs,
            )  # fmt: skip
        summaries = {m.mission_id: [m.name, m.system, m.outcome, m.version] for m in (*row.missions, *row.unlisted)}
        return _Campaign(row.campaign_id, state, summaries)


def _games(stored: dict[str, Any]) -> dict[str, Any]:
    """Each game system's campaign state back in its own type (stored as plain JSON values)."""
    return {name: msgspec.convert(value, system_named(name).campaign_state or Any) for name, value in stored.items()}


# -- audit ----------------------------------------------------------------------------------------


class _Epoch:
    __slots__ = ("commitment", "parts", "revealed", "rolls", "server_seed", "started")

    def __init__(self, commitment: str, server_seed: str | None, parts: list[str], rolls: list[audit.AuditRoll], started: int | None, revealed: int | None) -> None:
        self.commitment = commitment
        self.server_seed = server_seed
        self.parts = parts
        self.rolls = rolls
        self.started = started
        self.revealed = revealed


class Audit(ReadModel):
    """The audit document of each mission, folded event by event as `domain.audit.build` reads
    the whole stream (tests compare the two for every mission)."""

    name = "audit"

    def __init__(self) -> None:
        self._decoder = msgspec.json.Decoder(audit.AuditDocument)

    def keys(self, records: Sequence[Entry]) -> set[str]:
        return {r.stream for r in records if type(r.event) in _AUDITED}

    def apply(self, states: dict[str, Any], records: Sequence[Entry]) -> set[str]:
        touched: set[str] = set()
        for record in records:
            event = record.event
            kind = type(event)
            if kind not in _AUDITED:
                continue
            key = record.stream
            if kind is MissionCreated:
                states[key] = {}
                touched.add(key)
                continue
            epochs: dict[int, _Epoch] | None = states.get(key)
            if epochs is None or (kind is not EpochStarted and event.epoch not in epochs):
                raise ProjectionError(f"mission {key}: event {record.position} ({kind.__name__}) before its mission or epoch started")
            if kind is DiceRolled:
                epochs[event.epoch].rolls.append(audit.roll_entry(event, record.position))
            elif kind is EpochStarted:
                epochs[event.epoch] = _Epoch(event.commitment, None, [event.client_seed], [], record.position, None)
            elif kind is ClientSeedContributed:
                epochs[event.epoch].parts.append(event.contribution)
            elif kind is SeedRevealed:
                epochs[event.epoch].server_seed = event.server_seed
                epochs[event.epoch].revealed = record.position
            touched.add(key)
        return touched

    def encode(self, epochs: dict[int, _Epoch]) -> bytes:
        return row_bytes(
            audit.AuditDocument(
                dice.ALGORITHM,
                [
                    audit.AuditEpoch(n, e.commitment, e.server_seed, dice.effective_client_seed(e.parts), e.rolls, e.started, e.revealed)
                    for n, e in sorted(epochs.items())
                ],
            )
        )

    def decode(self, raw: bytes) -> dict[int, _Epoch]:
        # The effective client seed is the parts joined with ":", so it stands for all of them.
        document = self._decoder.decode(raw)
        return {e.epoch: _Epoch(e.commitment, e.server_seed, [e.client_seed], list(e.rolls), e.started, e.revealed) for e in document.epochs}


_AUDITED = frozenset({MissionCreated, EpochStarted, ClientSeedContributed, SeedRevealed, DiceRolled})


def all_models(first_event: Callable[[str], Entry | None]) -> list[ReadModel]:
    return [Battlefield(), Campaign(first_event), Audit(), *system_campaign_models()]


#: The engine's read models, then each game system's own (`GameSystem.campaign_projections`).
NAMES: tuple[str, ...] = ("battlefield", "campaign", "audit", *(m.name for m in system_campaign_models()))
