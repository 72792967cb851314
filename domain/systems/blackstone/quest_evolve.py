"""Folding the quest's campaign events and the engine's MissionAdded and MissionConcluded into
`Quest` (quest.py; docs/blackstone-expedition-design.md)."""

from __future__ import annotations

import msgspec

from domain.campaign_events import MissionAdded, MissionConcluded, UnitReport
from domain.events import Event
from domain.systems.blackstone.quest import (
    ARTEFACT,
    CARDS_CARRIED,
    DISCARDED,
    CONQUERED,
    GRIEVOUS,
    INSPIRATION,
    INSPIRED,
    LEADER,
    PLAYER,
    RESOURCE,
    Attack,
    ExpeditionRecord,
    LegacyDeck,
    LegacyDraw,
    Quest,
    QuestExplorer,
    TradingStep,
)
from domain.systems.blackstone.quest_messages import (
    CluesSpent,
    ExplorersHealed,
    LegacyDrawn,
    MortisTaken,
    PrecipiceRecoveryRolled,
    QuestBegun,
    QuestFailed,
    ResourcesGiven,
    ResourcesLaidOut,
    StrongholdDrawn,
    Traded,
    TradingBegun,
    TradingEnded,
    TradingTurn,
    VaultAttempted,
)

replace = msgspec.structs.replace


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
        return replace(_legacy_done(quest, event.expedition), legacy=LegacyDeck(left, (*quest.legacy.drawn, drawn)))
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
        return replace(_healed(quest, record), expeditions={**quest.expeditions, event.expedition: record})
    if isinstance(event, ResourcesGiven):
        giver, receiver = quest.explorers[event.giver], quest.explorers[event.receiver]
        artefacts = [c for c in event.cards if c in giver.artefacts]
        resources = [c for c in event.cards if c not in artefacts]
        giver = replace(giver, resources=tuple(c for c in giver.resources if c not in resources), artefacts=tuple(c for c in giver.artefacts if c not in artefacts))
        receiver = replace(receiver, resources=(*receiver.resources, *resources), artefacts=(*receiver.artefacts, *artefacts))
        return replace(quest, explorers={**quest.explorers, event.giver: giver, event.receiver: receiver})
    if isinstance(event, QuestFailed):
        return replace(_legacy_done(quest, event.expedition), outcome="failed", failure=event.reason)
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
    if isinstance(event, TradingEnded):
        # Also with no step begun: an expedition whose explorers all died has nobody to trade.
        record = replace(quest.expeditions[event.expedition], traded=True)
        return replace(quest, trading=None, expeditions={**quest.expeditions, event.expedition: record})
    step = quest.trading
    assert step is not None
    if isinstance(event, TradingBegun):
        return replace(quest, trading=replace(step, expedition=event.expedition, order=tuple(event.order), pending=event.choice))
    if isinstance(event, TradingTurn):
        return replace(quest, trading=replace(step, pending=event.choice))
    assert isinstance(event, Traded)
    explorer = quest.explorers[event.explorer]
    kept = tuple(c for c in explorer.discoveries if c not in event.converted)
    still = tuple(c for c in explorer.resources if c not in event.credits)
    explorer = replace(explorer, discoveries=kept, resources=(*still, *event.bought))
    resources = _shuffled_back(quest, event.credits)
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


def _legacy_done(quest: Quest, expedition: str) -> Quest:
    """The legacy step (or the quest's failure there) comes after the healing step: the
    expedition's explorers are healed by then even when no `Heal` was due."""
    record = replace(quest.expeditions[expedition], legacy_drawn=True)
    return replace(_healed(quest, record), expeditions={**quest.expeditions, expedition: record})


def _healed(quest: Quest, record: ExpeditionRecord) -> Quest:
    """#PRECIPICE, 1. Healing step: every wound of the expedition's explorers heals; their
    inspiration stays behind with the expedition (each sets out without, docs/blackstone-rules-notes.md)."""
    explorers = dict(quest.explorers)
    for key in record.explorers:
        if key in explorers:
            explorers[key] = replace(explorers[key], wounds=0, grievous=0, inspiration=0, inspired=False)
    return replace(quest, explorers=explorers)


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
        explorers[report.unit] = replace(
            before, discoveries=kept, artefacts=taken, resources=resources, dead=report.dead, expeditions=(*before.expeditions, event.mission_id), **_as_it_came_back(report),
        )  # fmt: skip
    due = {r.unit: _grievous(r.conditions) for r in event.heroes if r.ended == "out of action" and not r.dead}
    dead = tuple(r.unit for r in event.heroes if r.dead)
    first = event.heroes[0].conditions if event.heroes else []
    players, leader = tuple(_prefixed(first, PLAYER)), next(iter(_prefixed(first, LEADER)), "")
    record = replace(quest.expeditions[event.mission_id], outcome=event.result or event.outcome, recovery_due=due, mortis_due=dead, players=players, leader=leader)
    discovery = tuple(c for c in quest.discovery if c not in found)
    resources = _shuffled_back(quest, [c for r in event.heroes for c in _prefixed(r.conditions, DISCARDED)])
    quest = replace(quest, explorers=explorers, expeditions={**quest.expeditions, event.mission_id: record}, discovery=discovery, resources=resources)
    return _place_taken(quest, record)


def _as_it_came_back(report: UnitReport) -> dict[str, int | bool]:
    """Wounds, grievous wounds and inspiration as carry.carry_out reported them; none for the dead."""
    if report.dead:
        return {"wounds": 0, "grievous": 0, "inspiration": 0, "inspired": False}
    grievous = _grievous(report.conditions)
    inspiration = next((int(c) for c in _prefixed(report.conditions, INSPIRATION)), 0)
    return {"wounds": max(report.wounds - grievous, 0), "grievous": grievous, "inspiration": inspiration, "inspired": INSPIRED in report.conditions}


def _shuffled_back(quest: Quest, cards: list[str]) -> dict[str, tuple[str, ...]]:
    """Resource cards discarded in play go back into their spacecraft's deck (#RESOURCE CARDS;
    the deck is kept sorted and shuffled at each trading step)."""
    decks = dict(quest.resources)
    for ship in quest.spacecraft.values():
        back = [c.id for c in ship.resources if c.id in cards]
        if back:
            decks[ship.id] = tuple(sorted({*decks.get(ship.id, ()), *back}))
    return decks


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
