"""The campaign: who plays (roles and token digests), which missions belong to it, how each
ended, and what each game system keeps between its missions (domain/contract.py, campaign)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain import dice as fair
from domain import epochs, limits
from domain.campaign_events import (
    CampaignClientSeedContributed,
    CampaignCreated,
    CampaignDiceRolled,
    CampaignEpochStarted,
    CampaignSeedRevealed,
    ContributeCampaignClientSeed,
    MemberInvited,
    MissionAdded,
    MissionConcluded,
    RotateCampaignSeed,
)
from domain.commands import Command
from domain.contract import GameSystem
from domain.dicebox import DiceBox
from domain.epochs import Epoch
from domain.errors import RuleError
from domain.events import Event
from domain.registry import SYSTEMS, system_named

ROLES = "design.md#Commands, errors, concurrency"
DICE = epochs.DICE
INVITABLE = ("player", "spectator")


class Member(msgspec.Struct, frozen=True):
    member_id: str
    name: str
    role: str
    token_digest: str
    units: tuple[str, ...] = ()


class Conclusion(msgspec.Struct, frozen=True):
    mission_id: str
    outcome: str
    result: str | None = None
    #: The carried units of the mission, and how each ended it.
    heroes: dict[str, str] = {}


class CampaignState(msgspec.Struct, frozen=True):
    campaign_id: str
    name: str
    members: dict[str, Member]
    missions: tuple[str, ...] = ()
    version: int = 0
    #: Ended missions in the order they ended: mission id → conclusion.
    concluded: dict[str, Conclusion] = {}
    #: Mission id → the game system it plays.
    systems: dict[str, str] = {}
    #: Game system → what that system keeps between its missions (its `campaign_evolve`).
    games: dict[str, Any] = {}
    #: The campaign's own dice epochs (rolls between missions); none until the first is opened.
    epochs: tuple[Epoch, ...] = ()

    def member_by_digest(self, digest: str) -> Member | None:
        return next((m for m in self.members.values() if m.token_digest == digest), None)

    @property
    def client_seed_base(self) -> str:
        """The first part of every epoch's client seed: the one given when the campaign was
        created (its first epoch opened with it), else the campaign's id."""
        return self.epochs[0].client_seed_parts[0] if self.epochs else self.campaign_id

    def game(self, system: str) -> Any:
        """What `system` keeps in this campaign (its initial state if nothing yet)."""
        return self.games[system] if system in self.games else system_named(system).campaign_initial()


def invite(state: CampaignState, *, member_id: str, name: str, role: str, token_digest: str, units: list[str]) -> list[Event]:
    if role not in INVITABLE:
        raise RuleError("unknown_role", ROLES, params={"role": role}, field="role")
    check_name(name)
    limits.check_count("units", units, limits.MAX_UNITS)
    for number, unit in enumerate(units):
        limits.check_text(f"units[{number}]", unit, limits.MAX_NAME)
    if any(m.name == name for m in state.members.values()):
        raise RuleError("name_taken", ROLES, params={"name": name}, field="name")
    if role == "spectator" and units:
        raise RuleError("spectator_units", ROLES, params={}, field="units")
    owned = {u for m in state.members.values() for u in m.units}
    if taken := sorted(owned.intersection(units)):
        raise RuleError("unit_taken", ROLES, params={"units": taken}, field="units")
    return [MemberInvited(member_id, name, role, token_digest, units)]


def check_name(name: str, field: str = "name") -> None:
    """A member's name, the host's included: what every message about them shows."""
    if not name.strip() or len(name) > limits.MAX_NAME:
        raise RuleError("bad_member_name", ROLES, params={"max": limits.MAX_NAME}, field=field)


def open_epoch(state: CampaignState, fresh_seed: bytes, seed_here: bool = True) -> list[Event]:
    """A dice epoch for the campaign's next command, if it needs one: its first (opened by its
    first command that needs dice, or by the host's rotation), or a fresh one in place of an
    epoch whose seed stayed sealed on the server the campaign was imported from (`seed_here`
    False), which rolled nothing, so nothing is lost. Its commitment is in the log before any
    of its rolls."""
    if state.epochs and (seed_here or state.epochs[-1].rolled):
        return []
    number = state.epochs[-1].number + 1 if state.epochs else 0
    return [CampaignEpochStarted(number, fair.commitment(fresh_seed), state.client_seed_base)]


def first_epoch(client_seed: str | None, fresh_seed: bytes) -> list[Event]:
    """The first epoch of a campaign created with a client seed of its own (design.md#Dice
    step 2): opened at once, so its draws can be pinned and re-computed by anyone who knows
    the seeds; without one the first command that rolls opens it with the campaign's id."""
    if client_seed is None:
        return []
    epochs.check_contribution(client_seed, None, field="client_seed")
    return [CampaignEpochStarted(0, fair.commitment(fresh_seed), client_seed)]


def contribute(state: CampaignState, command: ContributeCampaignClientSeed, actor: str) -> list[Event]:
    """A member's part of the current epoch's client seed, before its first roll."""
    epoch = state.epochs[-1]
    epochs.check_contribution(command.contribution, epoch)
    return [CampaignClientSeedContributed(epoch.number, command.contribution, actor)]


def decide(state: CampaignState, command: Command, dice: DiceBox, actor: str) -> list[Event]:
    """A campaign command: the host's seed rotation, or a game system's own campaign command
    (its tag names the system), decided with the campaign's dice."""
    if isinstance(command, RotateCampaignSeed):
        reveal = CampaignSeedRevealed(state.epochs[-1].number, state.epochs[-1].commitment, dice.reveal().hex())
        return [reveal, CampaignEpochStarted(state.epochs[-1].number + 1, fair.commitment(dice.fresh_seed()), state.client_seed_base)]
    if isinstance(command, ContributeCampaignClientSeed):
        return contribute(state, command, actor)
    system_name = system_of_event(command)
    system = system_named(system_name) if system_name else None
    if system is None or system.campaign_decide is None or type(command) not in system.campaign_commands:
        raise RuleError("unknown_command", ROLES, params={"system": system_name or "campaign", "command": type(command).__name__})
    try:
        return system.campaign_decide(state.game(system.name), command, dice, actor)
    except RuleError as error:
        error.system = system.name
        raise


def owner(command: Command) -> GameSystem | None:
    """The game system whose campaign command this is, or None for the engine's own."""
    name = system_of_event(command)
    return system_named(name) if name in SYSTEMS else None


def complete(system: GameSystem, command: Command, packs: Mapping[str, Any]) -> Command:
    """A system's campaign command completed with what its content packs hold (the service
    reads them), or its refusal."""
    try:
        return system.campaign_prepare(command, packs)
    except RuleError as error:
        error.system = system.name
        raise


def dice_box_for(state: CampaignState, *, server_seed: bytes | None, fresh_seed: bytes | None) -> DiceBox:
    return epochs.dice_box(state.epochs[-1], server_seed=server_seed, fresh_seed=fresh_seed, rolled=CampaignDiceRolled)


def conclude(state: CampaignState, mission: Any) -> list[Event]:
    """The campaign's record of a mission that has just ended (a `MissionState` with its
    outcome set): nothing if the campaign has it already, so it is written exactly once."""
    if mission.outcome is None or mission.mission_id in state.concluded:
        return []
    system = system_named(mission.system)
    game = mission.game
    carried = system.carry_out(game) if game is not None else []
    return [MissionConcluded(mission.mission_id, mission.outcome, system.outcome(game) if game is not None else None, carried)]


def prepare(state: CampaignState, system: str, setup: Command | None, rules_version: str) -> Command | None:
    """A game system's set-up command with what the campaign carries into the new mission, or
    its refusal (a unit the campaign cannot field now)."""
    if setup is None:
        return None
    try:
        return system_named(system).carry_in(setup, state.game(system), rules_version)
    except RuleError as error:
        error.system = system
        raise


def party(system: str, setup: Command | None) -> list[str]:
    """The units the campaign carries that the new mission's set-up puts in play."""
    return [] if setup is None else list(system_named(system).party(setup))


def _with_game(state: CampaignState, system: str, event: Event) -> CampaignState:
    if system not in SYSTEMS:
        return state
    return msgspec.structs.replace(state, games={**state.games, system: system_named(system).campaign_evolve(state.game(system), event)})


def _concluded(state: CampaignState, event: MissionConcluded) -> CampaignState:
    conclusion = Conclusion(event.mission_id, event.outcome, event.result, {r.unit: r.ended for r in event.heroes})
    state = msgspec.structs.replace(state, concluded={**state.concluded, event.mission_id: conclusion})
    system = state.systems.get(event.mission_id)
    return _with_game(state, system, event) if system is not None else state


def system_for(systems: Mapping[str, str], event: Event) -> str | None:
    """The game system whose campaign state a campaign event changes (`systems`: mission id ->
    its system, as far as the campaign has listed them), or None for the engine's own."""
    if isinstance(event, MissionAdded):
        return event.system
    if isinstance(event, MissionConcluded):
        return systems.get(event.mission_id)
    if isinstance(event, (CampaignCreated, MemberInvited, CampaignEpochStarted, CampaignDiceRolled, CampaignSeedRevealed, CampaignClientSeedContributed)):
        return None
    return system_of_event(event)


def system_of_event(event: Event | Command) -> str | None:
    """The system a campaign event or command of a system's own belongs to, by its tag's prefix."""
    tag = type(event).__struct_config__.tag
    return tag.split(".", 1)[0] if isinstance(tag, str) and "." in tag else None


def evolve(state: CampaignState | None, event: Event) -> CampaignState:
    if isinstance(event, CampaignCreated):
        host = Member("host", event.host_name, "host", event.host_token_digest)
        return CampaignState(event.campaign_id, event.name, {"host": host}, version=1)
    assert state is not None, "a campaign's first event creates it"
    state = msgspec.structs.replace(state, version=state.version + 1)
    if isinstance(event, MemberInvited):
        member = Member(event.member_id, event.name, event.role, event.token_digest, tuple(event.units))
        return msgspec.structs.replace(state, members={**state.members, member.member_id: member})
    if isinstance(event, MissionAdded):
        state = msgspec.structs.replace(state, missions=(*state.missions, event.mission_id), systems={**state.systems, event.mission_id: event.system})
        return _with_game(state, event.system, event)
    if isinstance(event, MissionConcluded):
        return _concluded(state, event)
    if isinstance(event, CampaignEpochStarted):
        return epochs.started(state, event)
    if isinstance(event, CampaignDiceRolled):
        return epochs.rolled(state, event)
    if isinstance(event, CampaignSeedRevealed):
        return epochs.revealed(state, event)
    if isinstance(event, CampaignClientSeedContributed):
        return epochs.contributed(state, event)
    system = system_of_event(event)
    if system is None:
        raise AssertionError(f"campaigns have no {type(event).__name__} events")
    return _with_game(state, system, event)
