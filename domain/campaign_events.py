"""Events every campaign stream may hold, whatever its missions' game systems.

A system's own campaign events live in its package, tagged `"<system>.<Name>"`
(domain/contract.py); these are the engine's, decoded for every campaign.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.commands import HOST, Command
from domain.events import ClientSeedContributed, DiceRolled, EpochStarted, Event, SeedRevealed


class CampaignCreated(Event, tag=True):
    campaign_id: str
    name: str
    host_name: str
    #: sha256 of the host's token secret; the token itself is never stored.
    host_token_digest: str


class MemberInvited(Event, tag=True):
    member_id: str
    name: str
    role: str
    token_digest: str
    #: The seats the member commands (units, sides, squads: the game system says which).
    units: list[str] = []


class MissionAdded(Event, tag=True):
    mission_id: str
    name: str
    system: str
    #: The units the campaign carries that its set-up puts in play (its game system's `party`):
    #: they are in this mission until it ends.
    units: list[str] = []


class UnitReport(msgspec.Struct, frozen=True):
    """How one unit the campaign carries left a mission, after its game system's reading of
    the time between missions: what it takes into the next."""

    unit: str
    name: str
    #: How it ended the mission, in the system's words ("standing", "unconscious", "dead").
    ended: str = "standing"
    dead: bool = False
    #: Wounds it starts its next mission with.
    wounds: int = 0
    conditions: list[str] = []
    items: list[str] = []


class MissionConcluded(Event, tag=True):
    """A mission of the campaign ended: its outcome, and each carried unit as it comes out of
    it. Written with the mission's `MissionEnded`, in the same transaction."""

    mission_id: str
    outcome: str
    #: The game's own verdict where the rules decided one.
    result: str | None = None
    #: Stored as `heroes` since the first campaigns: the units the campaign carries on.
    heroes: list[UnitReport] = []


class CampaignEpochStarted(EpochStarted, tag=True):
    """The campaign's own dice (a draw between missions) run in epochs of their own, as a
    mission's do (design.md#Dice): this one's commitment is public before its first roll."""


class CampaignDiceRolled(DiceRolled, tag=True):
    """A provable roll (or shuffle) on the campaign stream, for a game system's campaign rules."""


class CampaignSeedRevealed(SeedRevealed, tag=True):
    pass


class CampaignClientSeedContributed(ClientSeedContributed, tag=True):
    """A member's part of the campaign epoch's client seed, given before its first roll, as a
    mission's players give theirs (design.md#Dice step 2)."""


class ContributeCampaignClientSeed(Command, tag=True):
    """Add a part to the client seed of the campaign's current epoch (opened now if it has
    none yet), before its first roll; host or player."""

    contribution: str


class RotateCampaignSeed(Command, tag=True):
    """Reveal the campaign's current seed and start a new epoch; opens the first epoch of a
    campaign that has none yet (host)."""

    roles: ClassVar[frozenset[str]] = HOST


CAMPAIGN_EVENTS: tuple[type[Event], ...] = (
    CampaignCreated,
    MemberInvited,
    MissionAdded,
    MissionConcluded,
    CampaignEpochStarted,
    CampaignDiceRolled,
    CampaignSeedRevealed,
    CampaignClientSeedContributed,
)
CAMPAIGN_COMMANDS: tuple[type[Command], ...] = (RotateCampaignSeed, ContributeCampaignClientSeed)
