"""What a Blackstone Fortress campaign keeps between expeditions, folded from its campaign
events and the engine's MissionAdded and MissionConcluded (docs/blackstone-expedition-design.md):
the legacy deck, the discovery deck, the spacecraft's resource decks and the trading step under
way, every explorer who played, the expeditions and how each ended, and whether the quest failed."""

from __future__ import annotations

import msgspec

from domain.campaign_events import MissionAdded, MissionConcluded
from domain.events import Event
from domain.kit.choices import PendingChoice
from domain.systems.blackstone.content import LegacyCard, MortisCard, Spacecraft, Stronghold
from domain.systems.blackstone.quest_messages import (
    CluesSpent,
    MortisTaken,
    ExplorersHealed,
    LegacyDrawn,
    PrecipiceRecoveryRolled,
    QuestBegun,
    QuestFailed,
    ResourcesGiven,
    ResourcesLaidOut,
    Traded,
    TradingBegun,
    TradingEnded,
    TradingTurn,
    StrongholdDrawn,
    VaultAttempted,
)

replace = msgspec.structs.replace
#: The condition prefix of a report's grievous wounds (carry.carry_out).
GRIEVOUS = "grievous:"
#: The condition prefixes of the artefact and resource cards an explorer holds at an
#: expedition's end, after the marker saying the report lists all of them (the expedition
#: carried them in); a report without it (older logs) lists only artefacts newly taken.
ARTEFACT, RESOURCE, CARDS_CARRIED = "artefact:", "resource:", "cards:carried"
#: How a stronghold (or the vault) expedition ends when the explorers come through its last card.
CONQUERED = "conquered"


class LegacyDraw(msgspec.Struct, frozen=True):
    card: str
    #: The expedition (mission id) whose Precipice drew it.
    expedition: str
    number: int


class LegacyDeck(msgspec.Struct, frozen=True):
    """The legacy deck as every member reads it (the `legacy-deck` state): the cards left,
    sorted (the deck is shuffled at each draw, so it keeps no order), and those drawn and in
    force, in the order drawn."""

    left: tuple[str, ...] = ()
    drawn: tuple[LegacyDraw, ...] = ()


class QuestExplorer(msgspec.Struct, frozen=True):
    id: str
    name: str
    #: Discovery cards held (archeotech and clues): found, brought back or given.
    discoveries: tuple[str, ...] = ()
    #: Resource cards bought at Precipice, in the order bought.
    resources: tuple[str, ...] = ()
    #: Stronghold artefact cards, in the order taken (#STRONGHOLDS).
    artefacts: tuple[str, ...] = ()
    dead: bool = False
    #: The mortis card taken for it once dead (at the Precipice's healing step).
    mortis: str = ""
    #: The expeditions it set out on, in order.
    expeditions: tuple[str, ...] = ()


class ExpeditionRecord(msgspec.Struct, frozen=True):
    mission_id: str
    explorers: tuple[str, ...]
    #: The expeditions of the quest are numbered in the order they set out (a state read back
    #: from a stored row keeps its dicts in key order, so no rule reads the dict's own order).
    number: int = 0
    #: How it ended (#ENDING AN EXPEDITION), None while under way.
    outcome: str | None = None
    #: The explorers that came back out of action, with their grievous wounds: the healing step
    #: makes their recovery rolls (#PRECIPICE, 1. Healing step); empty once it has.
    recovery_due: dict[str, int] = {}
    #: The explorers that died on it, waiting for their mortis cards at the healing step.
    mortis_due: tuple[str, ...] = ()
    #: Its Precipice's legacy step is done.
    legacy_drawn: bool = False
    #: Its Precipice's trading step is over.
    traded: bool = False
    #: The stronghold it attacked (or the hidden vault's id), empty for an expedition.
    stronghold: str = ""


class Attack(msgspec.Struct, frozen=True):
    """A stronghold drawn (or the vault agreed on) for the explorers' next expedition."""

    stronghold: str
    explorers: tuple[str, ...]
    vault: bool = False


class TradingStep(msgspec.Struct, frozen=True):
    """#PRECIPICE, 3. Trading step under way: the cards laid out beside each spacecraft, the
    explorers in leader order, and the choice of the one whose turn it is."""

    expedition: str
    order: tuple[str, ...]
    laid_out: dict[str, tuple[str, ...]]
    pending: PendingChoice | None = None


class Quest(msgspec.Struct, frozen=True):
    pack: str = ""
    legacy_cards: dict[str, LegacyCard] = {}
    legacy: LegacyDeck = LegacyDeck()
    #: The discovery deck: the cards no explorer holds, sorted (each expedition shuffles it).
    discovery: tuple[str, ...] = ()
    explorers: dict[str, QuestExplorer] = {}
    expeditions: dict[str, ExpeditionRecord] = {}
    spacecraft: dict[str, Spacecraft] = {}
    #: Each spacecraft's resource deck, sorted (the trading step shuffles it).
    resources: dict[str, tuple[str, ...]] = {}
    #: Each archeotech card's trading points, and each explorer's spacecraft.
    archeotech: dict[str, int] = {}
    ships: dict[str, str] = {}
    trading: TradingStep | None = None
    #: The discovery deck's clue cards, and the pack's explorers (ids).
    clues: tuple[str, ...] = ()
    roster: tuple[str, ...] = ()
    strongholds: dict[str, Stronghold] = {}
    hidden_vault: Stronghold | None = None
    #: Strongholds conquered, in order (#STRONGHOLDS), and the attack agreed on, not yet set out.
    conquered: tuple[str, ...] = ()
    attack: Attack | None = None
    #: The mortis cards, and those not taken yet (sorted: shuffled at each draw).
    mortis_cards: dict[str, MortisCard] = {}
    mortis_deck: tuple[str, ...] = ()
    #: "failed" (the legacy deck ran out, or fewer than 4 explorers are left: `failure`), or the
    #: hidden vault's end: "victory" or "defeat" (#THE HIDDEN VAULT).
    outcome: str | None = None
    failure: str = ""

    @property
    def begun(self) -> bool:
        return bool(self.pack)

    def stronghold_deck(self) -> tuple[str, ...]:
        """The strongholds not conquered yet, sorted (the deck is shuffled at each draw)."""
        return tuple(sorted(k for k in self.strongholds if k not in self.conquered))

    def alive(self) -> list[str]:
        """The pack's explorers still alive: those who may set out (#THE HIDDEN VAULT)."""
        return [x for x in self.roster if not (x in self.explorers and self.explorers[x].dead)]

    def place(self, key: str) -> Stronghold:
        """A stronghold or the hidden vault by id."""
        if self.hidden_vault is not None and key == self.hidden_vault.id:
            return self.hidden_vault
        return self.strongholds[key]

    def in_force(self) -> list[LegacyCard]:
        return [self.legacy_cards[d.card] for d in self.legacy.drawn]

    def in_order(self) -> list[ExpeditionRecord]:
        """The expeditions in the order they set out."""
        return sorted(self.expeditions.values(), key=lambda r: r.number)

    def in_expedition(self, explorer: str) -> str | None:
        """The expedition not yet ended that the explorer is on, if any."""
        return next((r.mission_id for r in self.expeditions.values() if r.outcome is None and explorer in r.explorers), None)


def evolve(quest: Quest, event: Event) -> Quest:
    if isinstance(event, QuestBegun):
        cards = {c.id: c for c in event.legacy_cards}
        ships = {s.id: s for s in event.spacecraft}
        resources = {s.id: tuple(sorted(r.id for r in s.resources)) for s in event.spacecraft}
        return replace(
            quest,
            pack=event.pack,
            legacy_cards=cards,
            legacy=LegacyDeck(tuple(sorted(cards))),
            discovery=tuple(sorted(event.discovery_cards)),
            spacecraft=ships,
            resources=resources,
            archeotech=dict(event.archeotech),
            ships=dict(event.ships),
            clues=tuple(sorted(event.clues)),
            roster=tuple(event.roster),
            strongholds={s.id: s for s in event.strongholds},
            hidden_vault=event.hidden_vault[0] if event.hidden_vault else None,
            mortis_cards={c.id: c for c in event.mortis_cards},
            mortis_deck=tuple(sorted(c.id for c in event.mortis_cards)),
        )
    if isinstance(event, LegacyDrawn):
        drawn = LegacyDraw(event.card, event.expedition, event.number)
        left = tuple(c for c in quest.legacy.left if c != event.card)
        return replace(quest, legacy=LegacyDeck(left, (*quest.legacy.drawn, drawn)), expeditions=_legacy_done(quest, event.expedition))
    if isinstance(event, PrecipiceRecoveryRolled):
        if not event.died:
            return quest
        explorer = quest.explorers[event.explorer]
        return replace(quest, explorers={**quest.explorers, event.explorer: replace(explorer, dead=True, discoveries=(), resources=(), artefacts=())})
    if isinstance(event, MortisTaken):
        explorer = replace(quest.explorers[event.explorer], mortis=event.card)
        deck = tuple(c for c in quest.mortis_deck if c != event.card)
        return replace(quest, explorers={**quest.explorers, event.explorer: explorer}, mortis_deck=deck)
    if isinstance(event, ExplorersHealed):
        record = replace(quest.expeditions[event.expedition], recovery_due={}, mortis_due=())
        return replace(quest, expeditions={**quest.expeditions, event.expedition: record})
    if isinstance(event, ResourcesGiven):
        giver, receiver = quest.explorers[event.giver], quest.explorers[event.receiver]
        artefacts = [c for c in event.cards if c in giver.artefacts]
        resources = [c for c in event.cards if c not in artefacts]
        giver = replace(giver, resources=tuple(c for c in giver.resources if c not in resources), artefacts=tuple(c for c in giver.artefacts if c not in artefacts))
        receiver = replace(receiver, resources=(*receiver.resources, *resources), artefacts=(*receiver.artefacts, *artefacts))
        return replace(quest, explorers={**quest.explorers, event.giver: giver, event.receiver: receiver})
    if isinstance(event, QuestFailed):
        return replace(quest, outcome="failed", failure=event.reason, expeditions=_legacy_done(quest, event.expedition))
    if isinstance(event, CluesSpent):
        return _clues_spent(quest, event)
    if isinstance(event, StrongholdDrawn):
        return replace(quest, attack=Attack(event.stronghold, tuple(event.explorers)))
    if isinstance(event, VaultAttempted):
        return replace(quest, attack=Attack(event.vault, tuple(event.explorers), vault=True))
    if isinstance(event, (ResourcesLaidOut, TradingBegun, Traded, TradingTurn, TradingEnded)):
        return _trading(quest, event)
    if isinstance(event, MissionAdded) and event.units:
        # carry.carry_in let it set out: the attack agreed on, if any, is this expedition.
        attack = quest.attack.stronghold if quest.attack is not None else ""
        record = ExpeditionRecord(event.mission_id, tuple(event.units), len(quest.expeditions) + 1, stronghold=attack)
        return replace(quest, expeditions={**quest.expeditions, event.mission_id: record}, attack=None)
    if isinstance(event, MissionConcluded) and event.mission_id in quest.expeditions:
        return _concluded(quest, event)
    return quest


def _trading(quest: Quest, event: Event) -> Quest:
    """The trading step: cards laid out stay in their deck until bought; converted archeotech
    goes back into the discovery deck (each expedition shuffles it)."""
    if isinstance(event, ResourcesLaidOut):
        laid = {**(quest.trading.laid_out if quest.trading else {}), event.spacecraft: tuple(event.cards)}
        return replace(quest, trading=TradingStep("", (), laid))
    step = quest.trading
    assert step is not None
    if isinstance(event, TradingBegun):
        return replace(quest, trading=replace(step, expedition=event.expedition, order=tuple(event.order), pending=event.choice))
    if isinstance(event, TradingTurn):
        return replace(quest, trading=replace(step, pending=event.choice))
    if isinstance(event, TradingEnded):
        record = replace(quest.expeditions[event.expedition], traded=True)
        return replace(quest, trading=None, expeditions={**quest.expeditions, event.expedition: record})
    assert isinstance(event, Traded)
    explorer = quest.explorers[event.explorer]
    kept = tuple(c for c in explorer.discoveries if c not in event.converted)
    explorer = replace(explorer, discoveries=kept, resources=(*explorer.resources, *event.bought))
    resources = dict(quest.resources)
    laid = dict(step.laid_out)
    if event.bought:
        resources[event.spacecraft] = tuple(c for c in resources[event.spacecraft] if c not in event.bought)
        laid[event.spacecraft] = tuple(c for c in laid[event.spacecraft] if c not in event.bought)
    return replace(
        quest,
        explorers={**quest.explorers, event.explorer: explorer},
        discovery=tuple(sorted((*quest.discovery, *event.converted))),
        resources=resources,
        trading=replace(step, laid_out=laid, pending=None),
    )


def _clues_spent(quest: Quest, event: CluesSpent) -> Quest:
    explorers = dict(quest.explorers)
    for holder, cards in event.clues.items():
        explorers[holder] = replace(explorers[holder], discoveries=tuple(c for c in explorers[holder].discoveries if c not in cards))
    spent = [c for cards in event.clues.values() for c in cards]
    return replace(quest, explorers=explorers, discovery=tuple(sorted((*quest.discovery, *spent))))


def _legacy_done(quest: Quest, expedition: str) -> dict[str, ExpeditionRecord]:
    return {**quest.expeditions, expedition: replace(quest.expeditions[expedition], legacy_drawn=True)}


def _concluded(quest: Quest, event: MissionConcluded) -> Quest:
    """Each explorer as it came back: dead or alive, and the discovery cards it holds (those it
    brought, found or was given; the found ones out of the campaign's discovery deck; a dead
    explorer's are lost, #EXPLORATION ROUNDS)."""
    explorers = dict(quest.explorers)
    found: set[str] = set()
    for report in event.heroes:
        before = explorers.get(report.unit, QuestExplorer(report.unit, report.name))
        kept = () if report.dead else tuple(report.items)
        carried = CARDS_CARRIED in report.conditions
        taken = () if report.dead else (*(() if carried else before.artefacts), *_prefixed(report.conditions, ARTEFACT))
        resources = () if report.dead else (tuple(_prefixed(report.conditions, RESOURCE)) if carried else before.resources)
        found.update(report.items)
        explorers[report.unit] = replace(before, discoveries=kept, artefacts=taken, resources=resources, dead=report.dead, expeditions=(*before.expeditions, event.mission_id))
    due = {r.unit: _grievous(r.conditions) for r in event.heroes if r.ended == "out of action" and not r.dead}
    dead = tuple(r.unit for r in event.heroes if r.dead)
    record = replace(quest.expeditions[event.mission_id], outcome=event.result or event.outcome, recovery_due=due, mortis_due=dead)
    discovery = tuple(c for c in quest.discovery if c not in found)
    quest = replace(quest, explorers=explorers, expeditions={**quest.expeditions, event.mission_id: record}, discovery=discovery)
    return _place_taken(quest, record)


def _place_taken(quest: Quest, record: ExpeditionRecord) -> Quest:
    """A stronghold conquered leaves the stronghold deck (#STRONGHOLDS); the hidden vault's
    expedition ends the quest, conquered or not (#THE HIDDEN VAULT)."""
    if not record.stronghold:
        return quest
    if quest.hidden_vault is not None and record.stronghold == quest.hidden_vault.id:
        return replace(quest, outcome="victory" if record.outcome == CONQUERED else "defeat")
    if record.outcome == CONQUERED:
        return replace(quest, conquered=(*quest.conquered, record.stronghold))
    return quest


def _prefixed(conditions: list[str], prefix: str) -> list[str]:
    return [c[len(prefix) :] for c in conditions if c.startswith(prefix)]


def _grievous(conditions: list[str]) -> int:
    """The grievous wounds carry.carry_out reports as a condition "grievous:<n>"."""
    return next((int(c.split(":", 1)[1]) for c in conditions if c.startswith(GRIEVOUS)), 0)
