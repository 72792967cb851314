"""Blackstone Fortress content: explorers, hostiles, chambers, combat, encounter, discovery,
challenge and legacy cards, and the action dice's faces, as data (docs/blackstone-content-format.md).

Hexes are written [q, r] (axial, domain/kit/boards/hex.py), hexsides as the pair of hexes they
part. Every name here is ours; the rules decide what the numbers do.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kit import pools
from domain.kit.boards import hex as hx

FORMAT = "docs/blackstone-content-format.md"
#: An explorer's size in the hex limits (battlefield.LIMITS): a hostile's is small, large or huge,
#: and no limit mixes the two, so explorers and hostiles never share a hex.
ExplorerSize = Literal["explorer", "twin"]
Outcome = Literal["failure", "success", "critical"]
Action = Literal["advance", "aim", "charge", "fall_back", "hold", "onslaught", "sneak"]
Condition = Literal["always", "adjacent", "in_range", "visible", "wounded"]
HexRef = tuple[int, int]
SideRef = tuple[HexRef, HexRef]


class Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class ActionDie(Struct):
    """One action die: its name ("d8"), sides, and the faces that read failure, success and
    critical success, each as [first, last] (blackstone-fortress.md#SETUP)."""

    name: str
    sides: int
    failure: tuple[int, int]
    success: tuple[int, int]
    critical: tuple[int, int]

    def table(self) -> pools.Bands:
        return pools.bands(self.sides, [(*self.failure, "failure"), (*self.success, "success"), (*self.critical, "critical")])


class RangeBand(Struct):
    """Targets from `min` to `max` hexes away are attacked with `count` dice named `die`."""

    min: int
    max: int
    die: str
    count: int


class Weapon(Struct):
    name: str
    #: The lowest activation die that pays for the weapon action ("4+" is 4); hostiles pay none.
    cost: int = 1
    bands: tuple[RangeBand, ...] = ()
    #: The miniatures of the explorer that may use it; empty: any (Rein and Raus's rifle is Rein's).
    users: tuple[str, ...] = ()
    #: Its attack stuns the miniature it wounds (blackstone-fortress.md#ATTACKS, Stunned).
    stun: bool = False

    def band(self, hexes: int) -> RangeBand | None:
        return next((b for b in self.bands if b.min <= hexes <= b.max), None)

    @property
    def reach(self) -> int:
        return max(b.max for b in self.bands)


Effect = Literal["none", "extra_dice", "heal"]


class UniqueAction(Struct):
    """An explorer's own action (#EXPLORER ACTIONS, Unique actions): its cost and what it does,
    `effect` as data: extra_dice (its next attack this activation rolls `amount` more dice),
    heal (`amount` wounds off its card, not grievous ones), none (the table plays the text)."""

    name: str
    cost: int
    text: str = ""
    effect: Effect = "none"
    amount: int = 0


class Side(Struct):
    """One side of an explorer's character card (the standard or the inspired one)."""

    move: int
    agility: str
    vitality: str
    defence: str
    weapons: tuple[Weapon, ...]
    actions: tuple[UniqueAction, ...] = ()


class Agenda(Struct):
    """An explorer's secret agenda (blackstone-fortress.md#SETUP: the card's secret agenda side;
    #INSPIRATION: achieving it inspires the explorer): `kind` from agendas.KINDS, reached at
    `amount`."""

    name: str
    kind: str
    amount: int
    text: str = ""


class Explorer(Struct):
    name: str
    standard: Side
    inspired: Side
    #: Its miniatures by name; empty: one, named like the explorer. Rein and Raus have two.
    miniatures: tuple[str, ...] = ()
    size: ExplorerSize = "explorer"
    #: The spacecraft it is based on (an id of `spacecraft`): +1 trading point there
    #: (blackstone-fortress.md#PRECIPICE, 3. Trading step); empty: none.
    ship: str = ""
    agenda: Agenda | None = None

    def figures(self) -> tuple[str, ...]:
        return self.miniatures or (self.name,)


class Column(Struct):
    """One column of a behaviour row: take `action` if `when` applies."""

    when: Condition
    action: Action


class Behaviour(Struct):
    """A behaviour table row for blackstone die faces `rolls` [first, last]."""

    rolls: tuple[int, int]
    columns: tuple[Column, ...]


class Hostile(Struct):
    name: str
    size: Literal["small", "large", "huge"]
    move: int
    wounds: int
    weapons: tuple[Weapon, ...]
    behaviour: tuple[Behaviour, ...]
    #: Special rules legacy cards gave it (hostile_rules.py), sorted.
    rules: tuple[str, ...] = ()

    def row(self, face: int) -> Behaviour:
        return next(b for b in self.behaviour if b.rolls[0] <= face <= b.rolls[1])


class Chamber(Struct):
    """A board section: its hexes, and what stands in them or on their sides."""

    id: str
    cells: tuple[HexRef, ...]
    obstructed: tuple[HexRef, ...] = ()
    walls: tuple[SideRef, ...] = ()
    barriers: tuple[SideRef, ...] = ()


class Placed(Struct):
    """A chamber set down: turned about its own [0, 0] by `turn` sixths of a full turn (each
    taking direction [1, 0] to [0, 1]), then its [0, 0] put at `at`."""

    chamber: str
    at: HexRef
    turn: int = 0

    def put(self, ref: HexRef) -> HexRef:
        """Where the chamber's hex `ref` lies on the battlefield."""
        turned = hx.rotate(hx.Hex(*ref), self.turn)
        return (turned.q + self.at[0], turned.r + self.at[1])


class Marker(Struct):
    number: int
    at: HexRef


class CombatCard(Struct):
    id: str
    name: str
    chambers: tuple[Placed, ...]
    markers: tuple[Marker, ...]
    portals: tuple[HexRef, ...] = ()
    #: The maglev transport chamber the explorers arrive in (its hexes), on a card that is no ambush.
    arrival: tuple[HexRef, ...] = ()
    ambush: bool = False
    #: Where an ambush puts the explorers, up to 2 to a hex.
    ambush_hexes: tuple[HexRef, ...] = ()


class Party(Struct):
    hostile: str
    count: int


TwistKind = Literal["no_summon", "hostile_extra_dice"]


class TwistEffect(Struct):
    """What a twist does while it holds (#EVENT TABLE, Changing conditions), as data:
    no_summon (explorers may not Summon), hostile_extra_dice (hostiles' attacks at `range`
    hexes or closer roll `amount` more dice)."""

    effect: TwistKind
    range: int = 0
    amount: int = 0


class EncounterCard(Struct):
    """Four encounters: the one numbered like a discovery marker deploys at that marker."""

    id: str
    name: str
    encounters: tuple[tuple[Party, ...], tuple[Party, ...], tuple[Party, ...], tuple[Party, ...]]
    twist: str = ""
    #: The twist's effects the server plays; the rest of its text is the table's.
    twist_effects: tuple[TwistEffect, ...] = ()
    #: Left in the box at a normal set-up (blackstone-fortress.md#SETUP); a one-off expedition
    #: uses every encounter card (#ONE-OFF EXPEDITIONS).
    set_aside: bool = False


class CardEffect(Struct):
    """One thing an expedition card does, of a kind from the closed list in effects.py; the
    fields a kind does not read stay empty."""

    kind: str
    amount: int = 0
    hostile: str = ""
    deck: str = ""
    card: str = ""
    #: hostile_rule: the special rule gained (hostile_rules.py).
    rule: str = ""


class DiscoveryCard(Struct):
    """Archeotech (worth `points` trading points at Precipice) or a clue
    (blackstone-fortress.md#DISCOVERY MARKERS AND CARDS)."""

    id: str
    name: str
    kind: Literal["archeotech", "clue"]
    points: int = 0
    text: str = ""


class ChallengeCard(Struct):
    """An exploration card that is no combat (#EXPLORATION ROUNDS, 1. Exploration step)."""

    id: str
    name: str
    text: str = ""
    effects: tuple[CardEffect, ...] = ()


class LegacyCard(Struct):
    """Drawn at Precipice, in force for every later expedition (#PRECIPICE, 2. Legacy step)."""

    id: str
    name: str
    text: str = ""
    effects: tuple[CardEffect, ...] = ()


class PlayEffect(Struct):
    """What the server plays of a resource or artefact card (card_play.py's closed list): used in
    a combat, or always for a permanent card; the fields a kind does not read stay 0."""

    kind: str = "none"
    amount: int = 0
    #: attack_dice: the attack's range it needs, in hexes (0: no limit that way).
    min_range: int = 0
    max_range: int = 0
    #: The activation die the use costs besides the card (#RESOURCE CARDS); 0: none.
    die: int = 0


NO_EFFECT = PlayEffect()


class ResourceCard(Struct):
    """Bought at a spacecraft for `cost` trading points; `use` says what becomes of it when used
    (blackstone-fortress.md#RESOURCE CARDS): discarded (back into its deck), exhausted (not again
    this turn of combat) or permanent; `effect` is what the server plays of it."""

    id: str
    name: str
    cost: int
    use: Literal["discarded", "exhausted", "permanent"]
    text: str = ""
    effect: PlayEffect = NO_EFFECT


class Spacecraft(Struct):
    """A spacecraft at Precipice: its facilities (the table's text) and its resource deck."""

    id: str
    name: str
    facilities: str = ""
    resources: tuple[ResourceCard, ...] = ()


class MortisCard(Struct):
    """Taken for an explorer that died (blackstone-fortress.md#EXPLORATION ROUNDS, 2. Recovery
    step); its text is the table's."""

    id: str
    name: str
    text: str = ""


class Difficulty(Struct):
    """A one-off expedition's difficulty level and its objective: `clues` clue cards and
    `archeotech` points of archeotech held when it ends (#ONE-OFF EXPEDITIONS)."""

    name: str
    clues: int
    archeotech: int


class Artefact(Struct):
    """A stronghold artefact card: taken home by the explorers who conquer its stronghold
    (blackstone-fortress.md#STRONGHOLDS); played like a resource card (never discarded: it has
    no deck to go back to)."""

    id: str
    name: str
    text: str = ""
    use: Literal["exhausted", "permanent"] = "permanent"
    effect: PlayEffect = NO_EFFECT


class PlayCard(Struct):
    """A resource or artefact card as a combat plays it: `deck` is "resource" or "artefact"."""

    id: str
    name: str
    deck: str
    use: str
    effect: PlayEffect = NO_EFFECT


class Stronghold(Struct):
    """A stronghold (or the hidden vault): the exploration cards its expedition meets, in this
    order (top first, not shuffled: the place is known once drawn), and the artefact cards its
    conquerors take home (#STRONGHOLDS, #THE HIDDEN VAULT)."""

    id: str
    name: str
    text: str = ""
    #: Combat and challenge card ids of the pack, top first.
    cards: tuple[str, ...] = ()
    artefacts: tuple[Artefact, ...] = ()


SECTIONS = (
    "action_dice",
    "explorers",
    "hostiles",
    "chambers",
    "combat_cards",
    "encounter_cards",
    "discovery_cards",
    "challenge_cards",
    "legacy_cards",
    "spacecraft",
    "strongholds",
    "hidden_vault",
    "one_off_difficulties",
    "mortis_cards",
)


class PackHeader(Struct):
    name: str
    version: str


class PackFile(Struct):
    pack: PackHeader | None = None
    action_dice: tuple[ActionDie, ...] = ()
    explorers: tuple[Explorer, ...] = ()
    hostiles: tuple[Hostile, ...] = ()
    chambers: tuple[Chamber, ...] = ()
    combat_cards: tuple[CombatCard, ...] = ()
    encounter_cards: tuple[EncounterCard, ...] = ()
    discovery_cards: tuple[DiscoveryCard, ...] = ()
    challenge_cards: tuple[ChallengeCard, ...] = ()
    legacy_cards: tuple[LegacyCard, ...] = ()
    spacecraft: tuple[Spacecraft, ...] = ()
    strongholds: tuple[Stronghold, ...] = ()
    hidden_vault: tuple[Stronghold, ...] = ()
    one_off_difficulties: tuple[Difficulty, ...] = ()
    mortis_cards: tuple[MortisCard, ...] = ()


class Pack(Struct):
    name: str
    version: str
    action_dice: tuple[ActionDie, ...]
    explorers: tuple[Explorer, ...]
    hostiles: tuple[Hostile, ...]
    chambers: tuple[Chamber, ...]
    combat_cards: tuple[CombatCard, ...]
    encounter_cards: tuple[EncounterCard, ...]
    discovery_cards: tuple[DiscoveryCard, ...] = ()
    challenge_cards: tuple[ChallengeCard, ...] = ()
    legacy_cards: tuple[LegacyCard, ...] = ()
    spacecraft: tuple[Spacecraft, ...] = ()
    strongholds: tuple[Stronghold, ...] = ()
    #: The hidden vault: one, or none in a pack without a quest's end.
    hidden_vault: tuple[Stronghold, ...] = ()
    one_off_difficulties: tuple[Difficulty, ...] = ()
    mortis_cards: tuple[MortisCard, ...] = ()

    def playable(self) -> list[PlayCard]:
        """Every resource and artefact card as a combat plays it (#RESOURCE CARDS)."""
        resources = [PlayCard(c.id, c.name, "resource", c.use, c.effect) for s in self.spacecraft for c in s.resources]
        artefacts = [PlayCard(a.id, a.name, "artefact", a.use, a.effect) for p in (*self.strongholds, *self.hidden_vault) for a in p.artefacts]
        return resources + artefacts

    def named(self, section: str, key: str):  # noqa: ANN201 - one of the sections' types
        field = "name" if section in ("action_dice", "explorers", "hostiles", "one_off_difficulties") else "id"
        return next((item for item in getattr(self, section) if getattr(item, field) == key), None)
