"""The one contract between the engine and a game system (design.md#The shape of the code).

A game system is a package under `domain/systems/` that builds one `GameSystem` and names it
in `domain/registry.py`. The engine (the mission and campaign deciders, the command service,
the workers, the projections and the API) calls only the members below, so nothing outside a
system's package names its commands, events or rules. Members that a system does not need keep
their defaults: the table dice tray, the smallest system, sets only its identity.

Every callable is pure: no I/O, no clock, no global random. Dice come in a `DiceBox`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.commands import Command
from domain.events import Event


class NoOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The options of a system whose missions take none."""


class Viewer(msgspec.Struct, frozen=True):
    """Who is looking: what a view, an event list, a stream, a replay or an export may show
    depends on it (design.md#Hash chain, hidden information)."""

    #: "host", "player" or "spectator".
    role: str
    name: str
    #: The units, sides or seats the viewer commands (a player's own hand is visible to them).
    units: tuple[str, ...] = ()


class SpecialRule(msgspec.Struct, frozen=True):
    """One special rule a system's content may name, for `GET /systems/{name}/special-rules`."""

    #: As content writes it (docs/content-format.md).
    name: str
    #: "weapon", "unit", or another place the system defines.
    place: str
    #: Lowest and highest X for a rule written Name(X); None for a plain rule.
    values: tuple[int, int] | None
    #: The rules versions that apply it.
    versions: tuple[str, ...]


class Setup(msgspec.Struct, frozen=True):
    """What a new mission's set-up is built from: its rules version, its validated options, and
    content packs read by the service layer (the domain reads no files)."""

    version: str
    options: Any
    #: Content packs by name, as `load_pack` made them from the system's pack files.
    packs: Mapping[str, Any]


def _none(*_: Any) -> None:
    return None


def _same(value: Any, *_: Any) -> Any:
    return value


def _no_units(_game: Any, command: Command) -> tuple[str, ...]:
    return command.units()


@dataclass(frozen=True, eq=False)
class GameSystem:
    """Everything the engine needs from one game system."""

    # -- identity ---------------------------------------------------------------------------------

    #: The name missions are created with (`system` of `POST /campaigns/{id}/missions`).
    name: str
    title: str
    #: Rules versions a mission may pick; the first is the default. Each system spells them as a
    #: `Literal` of its own (`typing.get_args` of it gives this tuple).
    versions: tuple[str, ...]
    #: Content packs it can load: name -> where its files are, as "package:folder/in/package".
    packs: Mapping[str, str] = field(default_factory=dict)
    #: Reads a pack's files (relative path -> bytes) into the content the set-up uses; errors
    #: name the file, the field and the problem (domain/kit/content.py).
    load_pack: Callable[[Mapping[str, bytes]], Any] | None = None

    # -- messages ---------------------------------------------------------------------------------

    #: The system's own commands and events, decoded only for its missions: two systems may use
    #: the same class names. Their tags must not repeat the engine's own (domain/events.py).
    commands: tuple[type[Command], ...] = ()
    events: tuple[type[Event], ...] = ()

    # -- set-up -----------------------------------------------------------------------------------

    #: The mission options it takes (a msgspec Struct, or another type msgspec reads; its JSON
    #: Schema is published under `GET /systems`). Options arrive as the create body's `options`.
    options: Any = NoOptions
    #: Called when a mission is created, after its options validated: the set-up command decided
    #: on the new mission and written with it (all or nothing), or None.
    setup: Callable[[Setup], Command | None] = _none
    #: The type of the game state (None until the system's first event, its set-up), so a
    #: read model stored as JSON decodes back into it.
    state: Any = None

    # -- rules ------------------------------------------------------------------------------------

    #: Called for each of its commands: `decide(mission_state, command, dice, actor, refs)` checks
    #: the command and returns the events it causes, or raises a RuleError naming the rule.
    decide: Callable[..., list[Event]] | None = None
    #: Called for each of its events, on the write side and in every projection and replay.
    evolve: Callable[[Any, Event], Any] = _same
    #: The engine's events its `evolve` folds too (a hidden deck learns its order from the
    #: DiceRolled that shuffled it); the engine applies them first.
    follows: tuple[type[Event], ...] = ()
    #: The game's own verdict once the rules decided one ("victory", "defeat"), else None.
    outcome: Callable[[Any], str | None] = _none

    # -- who may do what --------------------------------------------------------------------------

    #: The seats a command acts for (units, sides, a squad, an army, "hostile"): the engine
    #: refuses a player's command for a seat not among the member's own (403, not_your_unit).
    seats: Callable[[Any, Command], tuple[str, ...]] = _no_units

    # -- AI ---------------------------------------------------------------------------------------

    #: Events after which the AI may have something to do: the relay queues a job for the
    #: mission, and the worker asks `ai`.
    ai_wakes: tuple[type[Event], ...] = ()
    #: Called by a worker: the next AI command for the mission state, or None if none is due.
    ai: Callable[[Any], Command | None] = _none
    #: Names the activation an AI command carries out, unique within the mission: the worker's
    #: idempotency key, so a redelivered job never acts twice.
    ai_key: Callable[[Any, Command], str] | None = None

    # -- hidden information -----------------------------------------------------------------------

    #: Called for every mission view: the game state as `viewer` may see it.
    view: Callable[[Any, Viewer], Any] = _same
    #: Called for every event on its way out (event pages, streams, replay, export, audit): the
    #: event whole, redacted, or None to show only that something happened. `game` is the state
    #: the viewer reads it against (the mission's current game): once the game is over, show
    #: what its rules no longer keep secret, so the reader's export is the whole log again.
    visible: Callable[[Event, Viewer, Any], Event | None] = _same

    # -- campaign ---------------------------------------------------------------------------------

    #: Its campaign-level events and commands; their tags carry the system's name
    #: (`"<system>.<Name>"`), because one campaign stream may hold several systems' events.
    campaign_events: tuple[type[Event], ...] = ()
    campaign_commands: tuple[type[Command], ...] = ()
    #: What the system keeps between missions, folded from every campaign event (core ones such
    #: as MissionConcluded included) by `campaign_evolve`, starting from `campaign_initial`.
    campaign_initial: Callable[[], Any] = _none
    campaign_evolve: Callable[[Any, Event], Any] = _same
    #: Called when one of its missions ends: how each unit the campaign carries came out of it
    #: (`UnitReport`s), recorded in the engine's MissionConcluded with the mission's end.
    carry_out: Callable[[Any], list[Any]] = lambda game: []
    #: The type of `campaign_initial()`'s state, so a read model stored as JSON decodes back.
    campaign_state: Any = None
    #: Called before the set-up command is decided: the command with what the campaign carries
    #: into the new mission (`carry_in(setup, campaign_state_of_this_system, rules_version)`), or
    #: a RuleError when the campaign cannot field it now.
    carry_in: Callable[[Command, Any, str], Command] = _same
    #: The units the campaign carries that a set-up command puts in play (`party(setup)`),
    #: recorded with the new mission (MissionAdded) so that the system's campaign state knows
    #: which of them are in a mission not yet ended.
    party: Callable[[Command], list[str]] = lambda setup: []
    #: Decides one of its campaign commands: `campaign_decide(its_campaign_state, command, dice,
    #: actor)`; the dice are the campaign's own, provable like a mission's.
    campaign_decide: Callable[..., list[Event]] | None = None
    #: Called before one of its campaign commands is decided: the command completed with what the
    #: system's content packs hold (`campaign_prepare(command, packs)`; the domain reads no files),
    #: as a mission's set-up command is built from them. The completed command is the one
    #: recorded, so a replay never reads a pack; a RuleError refuses it.
    campaign_prepare: Callable[[Command, Mapping[str, Any]], Command] = _same
    #: The system's campaign state as `viewer` may see it (`GET /campaigns/{id}`).
    campaign_view: Callable[[Any, Viewer], Any] = _same
    #: Read models of its own, kept per campaign from its campaign state: projection name ->
    #: the document (a msgspec Struct) that state shows every member, with no hidden order in it.
    #: The projections keep each rebuildable from the log (projections/models.py).
    campaign_projections: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)

    # -- words ------------------------------------------------------------------------------------

    #: Package holding its message catalogues (`en.toml`, `de.toml`): error messages by code,
    #: event descriptions by event type, names of its special rules and statuses.
    words: str | None = None
    #: The special rules and statuses a game state's units carry, as content writes them: the
    #: API names them in the reader's language (`MissionView.rule_names`).
    rule_texts: Callable[[Any], Sequence[str]] = lambda game: ()
    #: Every special rule it knows, for `GET /systems/{name}/special-rules`.
    special_rules: tuple[SpecialRule, ...] = ()
