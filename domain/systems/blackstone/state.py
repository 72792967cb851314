"""A Blackstone Fortress combat as the rules keep it: the battlefield, the miniatures, each
explorer's activation track, the decks and where the turn stands."""

from __future__ import annotations

import msgspec

from domain.kit import decks
from domain.kit.choices import PendingChoice
from domain.kit.boards import hex as hx
from domain.systems.blackstone.content import ActionDie, CombatCard, EncounterCard, Explorer, Hostile, Marker, PlayCard, Side

#: Activation track spaces on a character card (blackstone-fortress.md#SETUP: 4 activation dice).
SPACES = 4
EXPLORER, HOSTILE = "explorer", "hostile"


class Miniature(msgspec.Struct, frozen=True):
    id: str
    #: Its profile: the explorer's miniature name, or the hostile's kind.
    name: str
    side: str
    size: str
    at: hx.Hex | None = None
    #: The explorer whose card it is, or "" for a hostile.
    explorer: str = ""
    #: A hostile's group, the number of the discovery marker it was deployed at.
    group: int = 0
    damage: int = 0
    stunned: bool = False
    slain: bool = False
    #: A slain hostile brought back by the event "Not dead yet" (it comes back once).
    returned: bool = False

    @property
    def on_board(self) -> bool:
        return self.at is not None and not self.slain


class Track(msgspec.Struct, frozen=True):
    """An explorer's character card: the activation dice on it and what covers its spaces."""

    id: str
    profile: str
    miniatures: tuple[str, ...]
    dice: tuple[int, ...] = ()
    wounds: int = 0
    grievous: int = 0
    out_of_action: bool = False
    inspiration: int = 0
    inspired: bool = False
    overwatch: tuple[int, ...] = ()
    destiny_spent: int = 0
    activated: bool = False
    #: Wounds values of the hostiles it slew in its current activation (blackstone-fortress.md#INSPIRATION ROLL).
    slain_wounds: int = 0
    #: Covering fire moved its initiative card this initiative phase (#COMBAT, 3. Covering fire).
    swapped: bool = False
    #: Discovery cards taken in this combat (the discovery deck itself is the expedition's).
    discoveries: int = 0
    #: Hostiles it slew in this combat, in or out of its activation (its secret agenda, agendas.py).
    slain: int = 0
    #: Extra action dice for its next attack this activation (a unique action's effect).
    bonus_dice: int = 0
    #: Its player's standing choice to re-roll failed defence dice with inspiration (rerolls.py).
    reroll_defence: bool = False
    #: The resource and artefact cards it holds, sorted, and those exhausted this turn of
    #: combat (#RESOURCE CARDS; card_play.py).
    cards: tuple[str, ...] = ()
    exhausted: tuple[str, ...] = ()
    #: Failed dice its next attack this activation re-rolls for free (a card's effect).
    free_rerolls: int = 0

    @property
    def empty_spaces(self) -> int:
        return max(SPACES - self.wounds - self.grievous, 0)


class PendingEvent(msgspec.Struct, frozen=True):
    """An event of the event table whose effect waits for the leader to pick one of `options`."""

    event: str
    options: tuple[str, ...]


class Watch(msgspec.Struct, frozen=True):
    """A hostile that finished a move or attack or was deployed in sight of explorers holding
    overwatch dice: `waiting` may each still take one weapon action at it (#OVERWATCH)."""

    hostile: str
    waiting: tuple[str, ...]
class Deployment(msgspec.Struct, frozen=True):
    """Battlefield creation waiting for the hostile player's hex for a hostile (#BATTLEFIELD
    CREATION): the pick, then the hostiles still to deploy at the marker whose card is drawn
    (marker, hostile, party index; the first is the one waiting) and the markers still to draw for."""

    pending: PendingChoice
    placements: tuple[tuple[int, str, int], ...]
    markers: tuple[int, ...]


#: A hostile player's pending pick keeps the picks its step made before it in its context,
#: each under this prefix and its kind ("picked:target").
PICKED = "picked:"


class HostileTurn(msgspec.Struct, frozen=True):
    """A hostile group's activation under way (blackstone-fortress.md#HOSTILE ACTIVATIONS): the
    hostiles still to activate (not its reinforcements), and the hostile player's pending pick:
    the next one when several are equally close ("next_hostile"), a target ("target") or a hex
    ("hex"), the latter two with the steps to take again once picked (`steps`)."""

    card: str
    group: int
    waiting: tuple[str, ...]
    pending: PendingChoice | None = None
    #: Paused for overwatch (#OVERWATCH), with the steps still to take (or waiting for a target
    #: or hex, with the steps from the waiting one on), and how many times it paused for
    #: overwatch (the workers' key for each continuation).
    paused: bool = False
    steps: tuple[tuple[str, str], ...] = ()
    pauses: int = 0


class Battle(msgspec.Struct, frozen=True, tag=True):
    rules: str
    card: CombatCard
    board: hx.Board
    explorers: dict[str, Explorer]
    hostiles: dict[str, Hostile]
    action_dice: dict[str, ActionDie]
    tracks: dict[str, Track]
    miniatures: dict[str, Miniature]
    encounter: decks.Deck
    initiative: decks.Deck
    markers: tuple[Marker, ...]
    portals: tuple[hx.Hex, ...]
    #: The initiative cards of this turn as dealt, left to right, and the next one's position.
    order: tuple[str, ...] = ()
    next: int = 0
    turn: int = 0
    phase: str = "deployment"
    #: Available destiny dice (blackstone-fortress.md#COMBAT, 1. Destiny phase).
    destiny: tuple[int, ...] = ()
    outcome: str | None = None
    encounter_cards: dict[str, EncounterCard] = {}
    #: A gambit was tried this initiative phase: covering fire is over (#COMBAT, 2. Initiative phase).
    gambits: bool = False
    #: The next turn has no destiny roll (#EVENT TABLE, Unfulfilled destiny).
    no_destiny: bool = False
    #: Hexes of maglev transport escape chambers, each where a portal was (#EXPLORER ACTIONS, Summon).
    escapes: tuple[hx.Hex, ...] = ()
    #: The event "Escape chamber" or a Summon action happened (#EVENT TABLE, 11-14).
    escape_called: bool = False
    #: The encounter cards drawn by "Changing conditions" whose twist holds for the rest of the combat.
    twists: tuple[str, ...] = ()
    #: An event roll waiting for the leader's pick.
    pending: PendingEvent | None = None
    #: An overwatch trigger waiting for the explorers who may answer it (#OVERWATCH).
    watch: Watch | None = None
    #: The member who plays the hostiles (a fifth player, seat "hostile"); "" when the workers do.
    hostile_player: str = ""
    hostile_turn: HostileTurn | None = None
    #: Battlefield creation waiting for the hostile player's pick of a hex.
    deployment: Deployment | None = None
    #: The resource and artefact cards the explorers hold, as the combat plays them (card_play.py).
    cards: dict[str, PlayCard] = {}

    @property
    def current(self) -> str | None:
        """The initiative card whose activation is running, in the activation phase."""
        return self.order[self.next] if self.phase == "activation" and self.next < len(self.order) else None

    def side(self, side: str) -> list[Miniature]:
        return [m for m in self.miniatures.values() if m.side == side and m.on_board]

    def profile(self, track: Track) -> Explorer:
        return self.explorers[track.profile]


def group_card(number: int) -> str:
    """A hostile group's initiative card: the group deployed at discovery marker `number`."""
    return f"group-{number}"


def side_of(battle: Battle, track: Track) -> Side:
    """The side of the explorer's character card face up: inspired or standard."""
    profile = battle.profile(track)
    return profile.inspired if track.inspired else profile.standard
