"""The ledger application: loads streams, runs the deciders, chains and appends their events.

Every write goes through here: HTTP handlers and the worker alike, so idempotency, optimistic
concurrency and the hash chain hold whoever submits.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import msgspec
from cryptography.exceptions import InvalidTag

from domain import campaign as campaigns
from domain import campaign_events, limits
from domain import mission as missions
from domain.chain import GENESIS, Recorded, canonical, seal
from domain.codecs import Codec, campaign_codec, codec_of_first, mission_codec
from domain.codecs import warm as warm_codecs
from domain.commands import PLAYERS, Command
from domain.contract import Setup
from domain.errors import Forbidden, RuleError
from domain.dicebox import NoSeed
from domain.events import AttentionNeeded, EpochStarted, Event, MissionCreated, MissionEnded
from domain.receipts import Receipt, last_receipts
from domain.registry import system_named
from service.content import packs_of
from service.seal import Sealer
from service.loop_commit import LoopCommit
from service.store import EventStore, StreamConflict

ROLES = campaigns.ROLES
WORKER = campaigns.Member("worker", "worker", "worker", "")
#: Conflicts with other processes are retried this often before the client gets a 409.
RETRIES = 20
AI_WORKER = "README.md#ai-worker"
#: The attention a mission raises when its epoch's sealed seed is missing or will not open.
SEED_UNUSABLE = "seed_unusable"
#: Streams kept folded in memory (a mission with a battlefield is some tens of kB).
CACHE_SIZE = 2000


class NotFound(Exception):
    pass


class Unavailable(Exception):
    """The server cannot serve the request now (a store or key problem); nothing was written."""


class BadOptions(Exception):
    """A new mission's options do not fit its game system's options type; nothing was written."""

    def __init__(self, error: msgspec.ValidationError) -> None:
        super().__init__(str(error))
        self.error = error


class VersionConflict(Exception):
    def __init__(self, current_version: int, message: str) -> None:
        super().__init__(message)
        self.current_version = current_version


@dataclass(frozen=True)
class Kind:
    """What a stream holds: the event that starts it, the state it folds into, and how."""

    created: type[Event]
    state: type
    evolve: Callable
    #: The codec of a stream of this kind, given its folded state.
    codec: Callable[[Any], Codec]


MISSION = Kind(MissionCreated, missions.MissionState, missions.evolve, lambda state: mission_codec(state.system))
CAMPAIGN = Kind(campaign_events.CampaignCreated, campaigns.CampaignState, campaigns.evolve, lambda state: campaign_codec())


@dataclass
class Stream:
    """A stream's folded state, its chain head, and the idempotency keys it has seen."""

    state: object
    last_hash: str = GENESIS
    keys: dict[str, tuple[str, int, int]] = field(default_factory=dict)


class CommandResult(msgspec.Struct, frozen=True):
    mission_id: str
    version: int
    #: True when an idempotency key matched an earlier command: nothing new was written.
    replayed: bool
    events: list[Recorded]
    #: For each stream the command wrote (the mission; an ending mission's campaign too), the
    #: position and hash of its last record: what a client keeps (README.md#receipts).
    receipts: list[Receipt]


class CampaignCommandResult(msgspec.Struct, frozen=True):
    campaign_id: str
    version: int
    #: True when an idempotency key matched an earlier command: nothing new was written.
    replayed: bool
    events: list[Recorded]
    #: The campaign's position and hash after the command: what a client keeps (README.md#receipts).
    receipts: list[Receipt]


class Admitted(msgspec.Struct, frozen=True):
    """A new campaign or member: its id, its token (shown once) and the receipt of the record
    that admitted it (README.md#receipts)."""

    id: str
    token: str
    receipts: list[Receipt]


class NewMission(msgspec.Struct, frozen=True):
    """A created mission as it stands after its set-up, and the receipts of the mission's and
    the campaign's records that created it."""

    state: missions.MissionState
    receipts: list[Receipt]


def setup_command(system: str, version: str, options: dict[str, str]) -> Command | None:
    """A new mission's set-up command: its options read as its game system's options type,
    with the system's content packs (service/content.py)."""
    game_system = system_named(system)
    try:
        chosen = msgspec.convert(options, game_system.options, strict=False)
    except msgspec.ValidationError as error:
        raise BadOptions(error) from None
    try:
        return game_system.setup(Setup(version, chosen, packs_of(game_system)))
    except RuleError as error:
        error.system = system
        raise


def _digest(command: Command, faces: list[int] | None) -> str:
    """What an idempotency key stands for: the command, and the faces typed with it if any."""
    return hashlib.sha256(msgspec.json.encode(command if faces is None else [command, faces])).hexdigest()


class Pause(msgspec.Struct, frozen=True):
    """A wait `Ledger._deciding` asks its driver for: a sleep in a thread, an await on the loop."""

    seconds: float


class _Busy(Exception):
    """A stream the event loop needs is held by a thread: the command goes to a thread instead."""


def _pause(attempt: int) -> Pause:
    """Jittered pause after losing a race, so competing processes stop colliding in step."""
    return Pause(random.uniform(0, min(0.1, 0.002 * 2**attempt)))


def _advance(steps: Generator[list[Recorded] | Pause, None, CommandResult], outcome: BaseException | None) -> list[Recorded] | Pause:
    """`Ledger._deciding`'s next step, given how its last one went: a stale append is thrown
    back in (it decides again); any other failure ends the command."""
    if outcome is None:
        return steps.send(None)
    if isinstance(outcome, StreamConflict):
        return steps.throw(outcome)
    raise outcome


def _back_off(attempt: int) -> None:
    time.sleep(_pause(attempt).seconds)


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class Ledger:
    def __init__(
        self, store: EventStore, sealer: Sealer, clock: Callable[[], str] = utc_now, cache_size: int = CACHE_SIZE, fresh_seed: Callable[[], bytes] = lambda: secrets.token_bytes(32)
    ) -> None:
        warm_codecs()
        self.store = store
        self.sealer = sealer
        self.clock = clock
        #: Where each new epoch's secret server seed comes from (a test may fix it, to know its dice).
        self.fresh_seed = fresh_seed
        #: Recently used streams, least recent first; the oldest is dropped past `cache_size`
        #: (it is read again from the store when next asked for).
        self._streams: OrderedDict[str, Stream] = OrderedDict()
        self.cache_size = cache_size
        self._locks: dict[str, threading.RLock] = {}
        self._locks_guard = threading.Lock()
        self._seeds: dict[str, bytes] = {}
        #: Called with a stream id after each append of this process (live streams listen).
        self.on_append: list[Callable[[str], None]] = []
        self._on_loop: LoopCommit | None = None

    # -- campaigns ------------------------------------------------------------------------------

    def create_campaign(self, name: str, host_name: str, client_seed: str | None = None) -> Admitted:
        """A new campaign and the host's token (shown once, stored only as a digest). With a
        `client_seed` its first dice epoch opens at once with it (campaigns.first_epoch)."""
        if not name.strip() or len(name) > limits.MAX_TITLE:
            raise RuleError("bad_campaign_name", ROLES, params={"max": limits.MAX_TITLE}, field="name")
        campaigns.check_name(host_name, "host_name")
        # A seed is drawn only for an epoch opened now, so campaigns without one draw as before.
        fresh = self.fresh_seed() if client_seed is not None else b""
        epoch = campaigns.first_epoch(client_seed, fresh)
        campaign_id = str(uuid.uuid4())
        token, digest = self._new_token(campaign_id)
        event = campaign_events.CampaignCreated(campaign_id, name, host_name, digest)
        records = self._record(campaign_id, Stream(None), [event, *epoch], "host", codec=campaign_codec())
        self._seal_seeds(epoch, fresh)
        self.store.append(records)
        return Admitted(campaign_id, token, last_receipts(records))

    def invite(self, campaign_id: str, actor: campaigns.Member, role: str, name: str, units: list[str]) -> Admitted:
        self._require(actor, {"host"}, "invite members")
        token, digest = self._new_token(campaign_id)
        member_id = uuid.uuid4().hex[:12]
        with self._lock(campaign_id):
            for attempt in range(RETRIES):
                stream = self._load(campaign_id, CAMPAIGN)
                events = campaigns.invite(stream.state, member_id=member_id, name=name, role=role, token_digest=digest, units=units)
                records = self._record(campaign_id, stream, events, actor.name, codec=campaign_codec())
                try:
                    self.store.append(records)
                except StreamConflict:
                    _back_off(attempt)
                    continue
                self._apply(campaign_id, stream, records, CAMPAIGN)
                return Admitted(member_id, token, last_receipts(records))
        raise VersionConflict(stream.state.version, "the campaign is busy; try again")

    def campaign(self, campaign_id: str) -> campaigns.CampaignState:
        return self._load(campaign_id, CAMPAIGN).state

    def authenticate(self, token: str) -> tuple[campaigns.CampaignState, campaigns.Member] | None:
        """The campaign and member a bearer token belongs to, or None."""
        parts = token.split("_", 2)
        if len(parts) != 3 or parts[0] != "sl":
            return None
        try:
            campaign_id = str(uuid.UUID(hex=parts[1]))
        except ValueError:
            return None
        digest = token_digest(parts[2])
        # Members are only ever added, never changed or removed: a member the cached campaign
        # knows is current, and only an unknown token needs the store.
        cached = self._cached(campaign_id, CAMPAIGN)
        if cached is not None and (member := cached.state.member_by_digest(digest)):
            return cached.state, member
        try:
            campaign = self.campaign(campaign_id)
        except NotFound:
            return None
        member = campaign.member_by_digest(digest)
        return (campaign, member) if member else None

    # -- missions -------------------------------------------------------------------------------

    def create_mission(
        self,
        campaign_id: str,
        actor: campaigns.Member,
        *,
        name: str,
        system: str,
        rules_version: str | None,
        dice_mode: str,
        client_seed: str | None,
        options: dict[str, str],
        faces: list[int] | None = None,
    ) -> NewMission:
        """A new mission in the campaign; its game system's set-up command (built from the
        options and the system's content packs) is decided on the new mission and written
        with it, all or nothing; in a manual-dice mission its rolls take the typed `faces`."""
        self._require(actor, {"host"}, "create missions")
        mission_id = str(uuid.uuid4())
        fresh = self.fresh_seed()
        mission_events = missions.create(
            mission_id=mission_id,
            campaign_id=campaign_id,
            name=name,
            system=system,
            rules_version=rules_version,
            dice_mode=dice_mode,
            client_seed=client_seed or secrets.token_hex(8),
            options=options,
            fresh_seed=fresh,
        )
        setup = setup_command(system, mission_events[0].rules_version, options)
        if faces is not None and dice_mode != "manual":
            raise RuleError("faces_not_allowed", missions.DICE, params={}, field="faces")
        self._seal_seeds(mission_events, fresh)
        with self._lock(campaign_id):
            for attempt in range(RETRIES):
                campaign = self._load(campaign_id, CAMPAIGN)
                # The set-up is decided on the campaign as it stands now (its heroes' carried
                # state), so it is decided again if the campaign moves before the write.
                codec = mission_codec(system)
                created = self._record(mission_id, Stream(None), mission_events, actor.name, codec=codec)
                prepared = campaigns.prepare(campaign.state, system, setup, mission_events[0].rules_version)
                if prepared is not None:
                    created += self._set_up(mission_id, created, mission_events, prepared, fresh, actor.name, codec, faces)
                elif faces:  # nothing rolls at this mission's set-up
                    raise RuleError("too_many_faces", missions.DICE, params={"left": len(faces)}, field="faces")
                party = campaigns.party(system, prepared)
                added = self._record(campaign_id, campaign, [campaign_events.MissionAdded(mission_id, name, system, party)], actor.name, codec=campaign_codec())
                try:
                    self.store.append([*added, *created])
                except StreamConflict:
                    _back_off(attempt)
                    continue
                self._apply(campaign_id, campaign, added, CAMPAIGN)
                break
            else:
                raise VersionConflict(campaign.state.version, "the campaign is busy; try again")
        return NewMission(self.mission(mission_id), last_receipts([*created, *added]))

    def _set_up(self, mission_id: str, created: list[Recorded], mission_events: list[Event], setup: Command, fresh: bytes, actor: str, codec: Codec, faces: list[int] | None) -> list[Recorded]:
        state = None
        for event in mission_events:
            state = missions.evolve(state, event)
        dice = missions.dice_box_for(state, server_seed=fresh, fresh_seed=None, manual_faces=faces)
        set_up = self._record(mission_id, Stream(state, created[-1].hash), missions.decide(state, setup, dice, actor), actor, command=setup, codec=codec)
        for record in set_up:  # as in handle: what the rules cannot apply is never written
            state = missions.evolve(state, record.event)
        return set_up

    def mission(self, mission_id: str) -> missions.MissionState:
        return self._load(mission_id, MISSION).state

    def cached_mission(self, mission_id: str) -> missions.MissionState | None:
        """The mission as this process last saw it, without asking the store (it may lag other
        processes' writes); None if it is not in memory."""
        stream = self._cached(mission_id, MISSION)
        return stream.state if stream is not None else None

    def campaign_of(self, mission_id: str) -> str:
        """The campaign a mission belongs to (it never changes, so the cache answers)."""
        stream = self._cached(mission_id, MISSION)
        return (stream.state if stream else self.mission(mission_id)).campaign_id

    def records(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[Recorded]:
        codec = self.codec_of(stream_id)
        return [codec.decode(raw) for _, raw in self.store.read(stream_id, after, limit)]

    def codec_of(self, stream_id: str) -> Codec:
        """The codec of a stream: from its cached state, else from its first stored record."""
        cached = self._streams.get(stream_id)
        if cached is not None and cached.state is not None:
            return (MISSION if isinstance(cached.state, missions.MissionState) else CAMPAIGN).codec(cached.state)
        try:
            rows = self.store.read(stream_id, 0, 1)
        except ValueError:
            raise NotFound(stream_id) from None
        if not rows:
            raise NotFound(stream_id)
        try:
            return codec_of_first(rows[0][1])
        except (msgspec.DecodeError, msgspec.ValidationError, RuleError) as error:
            raise Unavailable(f"the first stored event of {stream_id} does not decode ({error}); run `skirmish verify`") from None

    def handle(
        self,
        mission_id: str,
        actor: campaigns.Member,
        command: Command,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        faces: list[int] | None = None,
        by_the_ai: bool = False,
    ) -> CommandResult:
        """Decide a command on the latest state and append its events, exactly once per key.

        `faces`: physical dice typed in for a manual-dice mission, every roll the command causes
        taking its faces from the front (a command may also carry its own, as the dice tray's
        rolls do); the events record them as manual rolls. `by_the_ai`: the command is the AI's
        own, decided by the server (`play_ai`), so no player's seats apply to it."""
        steps = self._deciding(mission_id, actor, command, idempotency_key, expected_version, faces, by_the_ai, wait=True)
        with contextlib.closing(steps):
            try:
                step = next(steps)
                while True:
                    step = _advance(steps, time.sleep(step.seconds) if isinstance(step, Pause) else self.store.append_each([step])[0])
            except StopIteration as done:
                return done.value

    async def handle_on_loop(
        self,
        mission_id: str,
        actor: campaigns.Member,
        command: Command,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
        faces: list[int] | None = None,
    ) -> CommandResult:
        """`handle` on the event loop, for a local store (`store.local`): the command is decided
        on the loop and its append awaits the loop's group commit (service/loop_commit.py), with
        no thread hop; the mission's other commands on the loop wait their turn. When a thread
        holds a stream it needs, `handle` runs in a thread instead: the loop never blocks on a
        thread's lock."""
        commit = self._loop_commit()
        async with commit.stream_lock(mission_id):
            steps = self._deciding(mission_id, actor, command, idempotency_key, expected_version, faces, False, wait=False)
            with contextlib.closing(steps):
                try:
                    step = next(steps)
                    while True:
                        step = _advance(steps, await asyncio.sleep(step.seconds) if isinstance(step, Pause) else await commit.append(step))
                except StopIteration as done:
                    return done.value
                except _Busy:
                    pass
            return await asyncio.to_thread(self.handle, mission_id, actor, command, idempotency_key=idempotency_key, expected_version=expected_version, faces=faces)

    def _deciding(
        self,
        mission_id: str,
        actor: campaigns.Member,
        command: Command,
        idempotency_key: str | None,
        expected_version: int | None,
        faces: list[int] | None,
        by_the_ai: bool,
        wait: bool,
    ) -> Generator[list[Recorded] | Pause, None, CommandResult]:
        """`handle`'s decisions, yielding each append (its driver writes it, or throws the
        StreamConflict back in) and each pause; returns the result. `wait`: whether to wait for
        a stream another thread holds, or to raise _Busy."""
        self._require(actor, command.roles, f"issue {type(command).__name__}")
        limits.check_text("idempotency_key", idempotency_key or "")
        digest = _digest(command, faces) if idempotency_key else None
        with self._holding(mission_id, wait):
            # Decide on the cached state without reading the store first: if another process has
            # written since, the append conflicts (positions are dense) and we catch up and decide
            # again. A refusal or a version mismatch on the unconfirmed cache is checked the same way.
            stream = self._cached(mission_id, MISSION)
            confirmed = stream is None
            if stream is None:
                stream = self._load(mission_id, MISSION)
            for attempt in range(RETRIES):
                state: missions.MissionState = stream.state
                if idempotency_key and idempotency_key in stream.keys:
                    first = self._replayed(mission_id, stream, idempotency_key, digest)
                    return CommandResult(mission_id, state.version, True, first, last_receipts([*first, *self._concluding(state, first)]))
                try:
                    if not by_the_ai:
                        self._check_seats(actor, lambda: system_named(state.system).seats(state.game, command))
                    if expected_version is not None and expected_version != state.version:
                        raise VersionConflict(state.version, f"expected version {expected_version}, the mission is at {state.version}")
                    try:
                        server_seed, unusable = self._server_seed(state.epoch.commitment), None
                    except Unavailable as error:
                        server_seed, unusable = None, f"epoch {state.epoch.number}: {error}"
                        stream = self._flag_unusable_seed(mission_id, stream, unusable)
                        state = stream.state
                    fresh = self.fresh_seed()
                    dice = missions.dice_box_for(
                        state,
                        server_seed=server_seed,
                        fresh_seed=fresh,
                        manual_faces=faces if faces is not None else getattr(command, "faces", None),
                    )
                    try:
                        events = missions.decide(state, command, dice, actor.name, self._refs(mission_id, state, command))
                    except NoSeed:
                        raise Unavailable(f"{unusable}; the mission needs attention") from None
                except (RuleError, VersionConflict):
                    if confirmed:
                        raise
                    stream, confirmed = self._load(mission_id, MISSION), True
                    if stream.state.version == state.version:
                        raise  # the cache was current: the refusal stands
                    continue
                records = self._record(mission_id, stream, events, actor.name, idempotency_key, digest, command, MISSION.codec(state))
                for record in records:  # an event the rules cannot apply must never reach the log
                    state = missions.evolve(state, record.event)
                self._seal_seeds(events, fresh)
                loaded, ends = stream.state.version, state.ended and not stream.state.ended
                with self._holding(state.campaign_id, wait) if ends else contextlib.nullcontext():
                    campaign, concluded = self._conclusion(state, actor.name) if ends else (None, [])
                    try:
                        yield [*records, *concluded]
                    except StreamConflict:
                        # Only a move of the mission itself is the client's conflict; the campaign
                        # moving under an ending mission is retried like any lost race.
                        fresh = self._load(mission_id, MISSION)
                        if expected_version is not None and fresh.state.version != loaded:
                            raise VersionConflict(fresh.state.version, "another command was accepted first") from None
                        if confirmed or fresh.state.version == loaded:  # a race, not just an old cache
                            yield _pause(attempt)
                        stream, confirmed = fresh, True
                        continue
                    if campaign is not None:
                        self._apply(state.campaign_id, campaign, concluded, CAMPAIGN)
                self._apply(mission_id, stream, records, MISSION, folded=state)
                for listener in self.on_append:
                    listener(mission_id)
                return CommandResult(mission_id, stream.state.version, False, records, last_receipts([*records, *concluded]))
        raise VersionConflict(stream.state.version, "the mission is busy; try again")

    def play_ai(
        self,
        mission_id: str,
        actor: campaigns.Member,
        faces: list[int],
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> CommandResult:
        """The AI activation due in a manual-dice mission, with the faces the table rolled for it:
        the command is the game system's pure `ai` on the current state, so nobody chooses the
        AI's move, and it is written once per activation (its key) or per `idempotency_key`
        (a retry with the same faces returns the first result, whatever is due by then; other
        faces under that key are refused, as for any command)."""
        self._require(actor, PLAYERS, "submit the AI's activation")
        with self._lock(mission_id):
            stream = self._load(mission_id, MISSION)
            if idempotency_key and idempotency_key in stream.keys:
                _, first, _ = stream.keys[idempotency_key]
                decided = self.records(mission_id, first - 1, 1)[0].command
                records = self._replayed(mission_id, stream, idempotency_key, _digest(decided, faces))
                return CommandResult(mission_id, stream.state.version, True, records, last_receipts(records))
            state: missions.MissionState = stream.state
            if state.dice_mode != "manual":
                raise RuleError("ai_by_worker", AI_WORKER, params={"dice_mode": state.dice_mode})
            command = missions.ai_due(state)
            if command is None:
                raise RuleError("no_ai_due", AI_WORKER, params={})
            key = idempotency_key or missions.activation_key(state, command)
            return self.handle(mission_id, actor, command, idempotency_key=key, expected_version=expected_version, faces=faces, by_the_ai=True)

    def handle_campaign(
        self,
        campaign_id: str,
        actor: campaigns.Member,
        command: Command,
        *,
        idempotency_key: str | None = None,
        expected_version: int | None = None,
    ) -> CampaignCommandResult:
        """A campaign command (a seed rotation, a game system's own campaign rules), decided
        with the campaign's own provable dice and appended exactly once per key. A campaign
        without an epoch opens its first one in the same append, before any roll."""
        self._require(actor, command.roles, f"issue {type(command).__name__}")
        self._check_seats(actor, command.units)
        limits.check_text("idempotency_key", idempotency_key or "")
        digest = hashlib.sha256(msgspec.json.encode(command)).hexdigest() if idempotency_key else None
        if (system := campaigns.owner(command)) is not None:
            command = campaigns.complete(system, command, packs_of(system))
        with self._lock(campaign_id):
            for attempt in range(RETRIES):
                stream = self._load(campaign_id, CAMPAIGN)
                state: campaigns.CampaignState = stream.state
                if idempotency_key and idempotency_key in stream.keys:
                    first = self._replayed(campaign_id, stream, idempotency_key, digest)
                    return CampaignCommandResult(campaign_id, state.version, True, first, last_receipts(first))
                if expected_version is not None and expected_version != state.version:
                    raise VersionConflict(state.version, f"expected version {expected_version}, the campaign is at {state.version}")
                fresh = self.fresh_seed()
                seed_here = not state.epochs or self.store.sealed_seed(state.epochs[-1].commitment) is not None
                events = campaigns.open_epoch(state, fresh, seed_here)
                folded = state
                for event in events:
                    folded = campaigns.evolve(folded, event)
                if not (events and isinstance(command, campaign_events.RotateCampaignSeed)):
                    current = folded.epochs[-1]
                    seed = fresh if events else self._server_seed(current.commitment)
                    dice = campaigns.dice_box_for(folded, server_seed=seed, fresh_seed=None if events else fresh)
                    events = [*events, *campaigns.decide(folded, command, dice, actor.name)]
                codec = campaign_codec()
                records = self._record(campaign_id, stream, events, actor.name, idempotency_key, digest, command, codec)
                after = state
                for record in records:  # an event the rules cannot apply must never reach the log
                    after = campaigns.evolve(after, record.event)
                self._seal_seeds(events, fresh)
                try:
                    self.store.append(records)
                except StreamConflict:
                    _back_off(attempt)
                    continue
                self._apply(campaign_id, stream, records, CAMPAIGN, folded=after)
                return CampaignCommandResult(campaign_id, after.version, False, records, last_receipts(records))
        raise VersionConflict(stream.state.version, "the campaign is busy; try again")

    # -- internals ------------------------------------------------------------------------------

    def _conclusion(self, ended: missions.MissionState, actor: str) -> tuple[Stream, list[Recorded]]:
        """The campaign's record of a mission that this command ends, chained onto the campaign
        stream (the caller holds its lock): appended with the mission's own events in one
        transaction, so both or neither are written, and a retry finds the mission ended."""
        campaign = self._load(ended.campaign_id, CAMPAIGN)
        return campaign, self._record(ended.campaign_id, campaign, campaigns.conclude(campaign.state, ended), actor, codec=campaign_codec())

    def _concluding(self, state: missions.MissionState, replayed: list[Recorded]) -> list[Recorded]:
        """The campaign's record of the mission's end, when the replayed command ended it: its
        first answer carried that record's receipt too, and a retry must answer the same."""
        if not any(isinstance(r.event, MissionEnded) for r in replayed):
            return []
        return [r for r in self.records(state.campaign_id) if isinstance(r.event, campaign_events.MissionConcluded) and r.event.mission_id == state.mission_id]

    def _replayed(self, stream_id: str, stream: Stream, key: str, digest: str | None) -> list[Recorded]:
        """The records the first command with this idempotency key wrote (a retry rolls nothing);
        the same key with another command is refused."""
        first_digest, first, last = stream.keys[key]
        if first_digest != digest:
            raise RuleError("idempotency_key_reused", "design.md#Commands, errors, concurrency", params={"key": key}, field="idempotency_key")
        return self.records(stream_id, first - 1, last - first + 1)

    @staticmethod
    def _check_seats(actor: campaigns.Member, seats: Callable[[], Sequence[str]]) -> None:
        """A player commands only its own seats (units, sides, squads, explorers: the command's
        system says which), in a mission and between missions alike."""
        if actor.role == "player" and (others := [u for u in seats() if u not in actor.units]):
            raise Forbidden("not_your_unit", ROLES, params={"member": actor.name, "units": others})

    def _refs(self, mission_id: str, state: missions.MissionState, command: Command) -> dict[int, Event]:
        """The earlier events a command names, read from the log (positions that exist only)."""
        refs = {}
        for position in command.refs():
            if 1 <= position <= state.version:
                (record,) = self.records(mission_id, position - 1, 1)
                refs[position] = record.event
        return refs

    def _server_seed(self, commitment: str) -> bytes:
        seed = self._seeds.get(commitment)
        if seed is None:
            sealed = self.store.sealed_seed(commitment)
            if sealed is None:
                raise Unavailable(f"the sealed seed of commitment {commitment[:12]}… is missing from the store; no roll or reveal until it is restored")
            try:
                seed = self._seeds[commitment] = self.sealer.unseal(sealed, commitment)
            except InvalidTag:
                raise Unavailable(f"the seal key does not open the sealed seed of commitment {commitment[:12]}… (swapped, or sealed with another key); check SKIRMISH_SEAL_KEY") from None
        return seed

    def _flag_unusable_seed(self, mission_id: str, stream: Stream, reason: str) -> Stream:
        """A sealed seed that is missing or will not open leaves the mission unable to roll or
        reveal: the mission says so as attention, once per reason (README.md#verification),
        and every command that needs no seed still goes on."""
        state: missions.MissionState = stream.state
        if any(flag.code == SEED_UNUSABLE and flag.reason == reason for flag in state.attention):
            return stream
        records = self._record(mission_id, stream, [AttentionNeeded(reason, SEED_UNUSABLE, missions.DICE)], "server", codec=MISSION.codec(state))
        try:
            self.store.append(records)
        except StreamConflict:
            return self._load(mission_id, MISSION)
        self._apply(mission_id, stream, records, MISSION)
        for listener in self.on_append:
            listener(mission_id)
        return stream

    def _seal_seeds(self, events: Sequence[Event], fresh: bytes) -> None:
        """Seal a new epoch's seed before the events that commit to it are written."""
        for event in events:
            if isinstance(event, EpochStarted):
                self.store.put_sealed_seed(event.commitment, self.sealer.seal(fresh, event.commitment))
                self._seeds[event.commitment] = fresh

    def _record(
        self,
        stream_id: str,
        stream: Stream,
        events: Sequence[Event],
        actor: str,
        key: str | None = None,
        digest: str | None = None,
        command: Command | None = None,
        codec: Codec | None = None,
    ) -> list[Recorded]:
        assert codec is not None, "records are read back with their stream's codec"
        version = getattr(stream.state, "version", 0)
        prev_hash, at, records = stream.last_hash, self.clock(), []
        for offset, event in enumerate(events, start=1):
            first = offset == 1
            unhashed = Recorded(stream_id, version + offset, at, actor, prev_hash, event, key, digest, version + 1, command if first else None)
            # Read back from its own bytes, so this process folds exactly what a replay will.
            record = codec.decode(canonical(seal(unhashed)))
            records.append(record)
            prev_hash = record.hash
        return records

    def _cached(self, stream_id: str, kind: Kind) -> Stream | None:
        """The stream as this process last saw it, or None; it may lag other processes' writes."""
        stream = self._streams.get(stream_id)
        return stream if stream is not None and isinstance(stream.state, kind.state) else None

    def _load(self, stream_id: str, kind: Kind) -> Stream:
        """The cached stream, caught up with whatever other processes appended."""
        with self._lock(stream_id):
            return self._catch_up(stream_id, kind)

    def _catch_up(self, stream_id: str, kind: Kind) -> Stream:
        stream = self._streams.get(stream_id) or Stream(None)
        if stream.state is not None and not isinstance(stream.state, kind.state):
            raise NotFound(stream_id)  # a campaign's id asked for as a mission's, or the reverse
        try:
            rows = self.store.read(stream_id, after=getattr(stream.state, "version", 0))
        except ValueError:
            raise NotFound(stream_id) from None
        try:
            codec = kind.codec(stream.state) if stream.state is not None else (codec_of_first(rows[0][1]) if rows else None)
            records = [codec.decode(raw) for _, raw in rows]
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RuleError) as error:
            raise Unavailable(f"a stored event of {stream_id} does not decode ({error}); run `skirmish verify`") from None
        if stream.state is None and (not records or not isinstance(records[0].event, kind.created)):
            raise NotFound(stream_id)
        if records:
            stream = Stream(stream.state, stream.last_hash, dict(stream.keys))
            self._apply(stream_id, stream, records, kind)
        return stream

    def _apply(self, stream_id: str, stream: Stream, records: Sequence[Recorded], kind: Kind, folded: Any = None) -> None:
        """Move the stream past `records`; `folded` is the state after them when the caller
        has folded them already (the write path folds each event once)."""
        state = stream.state
        for record in records:
            if state is not None and record.position <= state.version:
                continue
            if folded is None:
                state = kind.evolve(state, record.event)
            stream.last_hash = record.hash
            if record.command_key:
                digest, first, _ = stream.keys.get(record.command_key, (record.command_digest, record.position, 0))
                stream.keys[record.command_key] = (digest, first, record.position)
        state = stream.state = folded if folded is not None else state
        current = self._streams.get(stream_id)
        if current is None or getattr(current.state, "version", 0) <= state.version:
            self._streams[stream_id] = stream
            self._streams.move_to_end(stream_id)
            while len(self._streams) > self.cache_size:
                self._streams.popitem(last=False)

    @contextlib.contextmanager
    def _holding(self, stream_id: str, wait: bool) -> Iterator[None]:
        """The stream's lock, waited for or not (then _Busy when another thread holds it)."""
        lock = self._lock(stream_id)
        if not lock.acquire(blocking=wait):
            raise _Busy(stream_id)
        try:
            yield
        finally:
            lock.release()

    def _loop_commit(self) -> LoopCommit:
        """The running event loop's group commit, made on first use."""
        commit = self._on_loop
        if commit is None or commit.loop is not asyncio.get_running_loop():
            commit = self._on_loop = LoopCommit(self.store)
        return commit

    def _lock(self, stream_id: str) -> threading.RLock:
        """One writer per stream in this process; other processes are caught by the store."""
        with self._locks_guard:
            lock = self._locks.get(stream_id)
            if lock is None:
                lock = self._locks[stream_id] = threading.RLock()
            return lock

    def _new_token(self, campaign_id: str) -> tuple[str, str]:
        secret = secrets.token_urlsafe(24)
        return f"sl_{uuid.UUID(campaign_id).hex}_{secret}", token_digest(secret)

    @staticmethod
    def _require(actor: campaigns.Member, roles: frozenset[str] | set[str], doing: str) -> None:
        if actor.role not in roles:
            raise Forbidden("wrong_role", ROLES, params={"role": actor.role, "doing": doing, "roles": sorted(roles)})
