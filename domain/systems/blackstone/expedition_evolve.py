"""Folding an expedition's events into its state. While a combat is under way its events are
part 1's and fold into the combat (evolve.py); when it ends, the explorers' cards come back to
the expedition as the combat left them (docs/blackstone-expedition-design.md)."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled, Event
from domain.kit import decks
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone import legacy
from domain.systems.blackstone.evolve import evolve as battle_evolve
from domain.systems.blackstone.expedition_state import COMBAT, ENDED, EXPLORATION, LEADER, RECOVERY, SLOT_KINDS, Content, Expedition, Peek, slot
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.state import Battle, Track

replace = msgspec.structs.replace
#: A combat's card fields the expedition carries into it and takes back from it.
CARRIED = ("wounds", "grievous", "inspiration", "inspired")


def evolve(expedition: Expedition | None, event: Event) -> Expedition:
    if isinstance(event, xev.ExpeditionSetUp):
        return _set_up(event)
    assert expedition is not None
    if isinstance(event, DiceRolled):
        return _shuffled(expedition, event)
    handler = _HANDLERS.get(type(event))
    if handler is not None and (type(event) in xev.EXPEDITION_EVENTS or not _in_combat(expedition)):
        return handler(expedition, event)
    return _combat(expedition, event)


def _in_combat(expedition: Expedition) -> bool:
    return expedition.step == COMBAT and expedition.combat is not None and expedition.combat.outcome is None


class Folding:
    """An expedition decision's events so far, each folded before the next is chosen."""

    def __init__(self, expedition: Expedition | None) -> None:
        self.expedition: Expedition = expedition  # type: ignore[assignment] - set by the set-up event when None
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.expedition = evolve(self.expedition, event)


def _set_up(event: xev.ExpeditionSetUp) -> Expedition:
    e = event.plan
    content = Content(
        explorers={x.name: x for x in e.explorers},
        hostiles=list(e.hostiles),
        action_dice=list(e.action_dice),
        chambers={c.id: c for c in e.chambers},
        combat_cards={c.id: c for c in e.combat_cards},
        encounter_cards=list(e.encounter_cards),
        challenge_cards={c.id: c for c in e.challenge_cards},
        discovery_cards={c.id: c for c in e.discovery_cards},
        cards={c.id: c for c in e.cards},
    )
    tracks = {slug(x.name): Track(slug(x.name), x.name, tuple(slug(n) for n in x.figures())) for x in e.explorers}
    content, tracks = legacy.apply(content, tracks, tuple(e.legacy))
    return Expedition(
        rules=event.rules,
        content=content,
        players=tuple(e.players),
        explorers=tracks,
        legacy=tuple(e.legacy),
        combat_deck=decks.Deck("combat", tuple(sorted(content.combat_cards)), hidden=True),
        challenge_deck=decks.Deck("challenge", tuple(sorted(content.challenge_cards)), hidden=True),
        discovery=decks.Deck("discovery", tuple(sorted(content.discovery_cards)), hidden=True),
        round=1,
        found={k: () for k in tracks},
        held={k: tuple(e.held.get(k, ())) for k in tracks},
        resources={k: tuple(e.resources.get(k, ())) for k in tracks},
        artefacts={k: tuple(e.artefacts.get(k, ())) for k in tracks},
        hostile_player=e.hostile_player,
        stronghold=e.stronghold,
        kind=e.kind,
        objective=e.objective,
    )


def _shuffled(expedition: Expedition, event: DiceRolled) -> Expedition:
    """A shuffle of one of the expedition's decks, or else of the combat's (encounter, initiative)."""
    if event.deck is not None:
        for field in ("combat_deck", "challenge_deck", "exploration", "discovery"):
            deck: decks.Deck = getattr(expedition, field)
            if deck.draw_pile and sorted(event.deck) == sorted(deck.draw_pile):
                return replace(expedition, **{field: decks.shuffled(deck, event)})
    return replace(expedition, combat=battle_evolve(expedition.combat, event)) if expedition.combat is not None else expedition


def _dealt(expedition: Expedition, e: xev.ExplorationDealt) -> Expedition:
    counts = dict(zip(SLOT_KINDS, (e.combat, e.challenge)))
    piles = {"combat": expedition.combat_deck.draw_pile, "challenge": expedition.challenge_deck.draw_pile}
    dealt = {slot(kind, n + 1): piles[kind][n] for kind in SLOT_KINDS for n in range(counts[kind])}
    return replace(
        expedition,
        dealt=dealt,
        exploration=decks.Deck("exploration", tuple(sorted(dealt)), hidden=True),
        combat_deck=replace(expedition.combat_deck, draw_pile=()),
        challenge_deck=replace(expedition.challenge_deck, draw_pile=()),
    )


def _stronghold_dealt(expedition: Expedition, e: xev.StrongholdDealt) -> Expedition:
    """The stronghold's cards as positions in its order (slot numbers counted per kind)."""
    counts = {kind: 0 for kind in SLOT_KINDS}
    order = []
    for card in e.cards:
        kind = "combat" if card in expedition.content.combat_cards else "challenge"
        counts[kind] += 1
        order.append((slot(kind, counts[kind]), card))
    return replace(
        expedition,
        dealt=dict(order),
        exploration=decks.Deck("exploration", tuple(s for s, _ in order), hidden=True),
        combat_deck=replace(expedition.combat_deck, draw_pile=()),
        challenge_deck=replace(expedition.challenge_deck, draw_pile=()),
    )


def _conquered(expedition: Expedition, e: xev.StrongholdConquered) -> Expedition:
    return replace(expedition, artefacts={k: (*v, *e.artefacts.get(k, ())) for k, v in expedition.artefacts.items()})


def _revealed(expedition: Expedition, e: xev.ExplorationCardRevealed) -> Expedition:
    top = expedition.exploration.draw_pile[0]
    if expedition.dealt[top] != e.card:
        raise ValueError(f"exploration card {e.card!r} is not the top card")
    step = COMBAT if e.kind == "combat" else EXPLORATION
    return replace(expedition, exploration=decks.drawn(expedition.exploration, [top]), card=e.card, step=step)


def _agility(expedition: Expedition, _e: xev.AgilityRolled) -> Expedition:
    return expedition


def _track(expedition: Expedition, unit: str, **changes: object) -> Expedition:
    return replace(expedition, explorers={**expedition.explorers, unit: replace(expedition.explorers[unit], **changes)})


def _challenge_wounds(expedition: Expedition, e: xev.ChallengeWounds) -> Expedition:
    track = expedition.explorers[e.unit]
    return _track(expedition, e.unit, wounds=track.wounds + e.wounds, out_of_action=track.out_of_action or e.out_of_action)


def _inspiration(expedition: Expedition, e: ev.InspirationGained) -> Expedition:
    return _track(expedition, e.unit, inspiration=expedition.explorers[e.unit].inspiration + e.points)


def _discovery(expedition: Expedition, e: xev.DiscoveryDrawn) -> Expedition:
    found = {**expedition.found, e.unit: (*expedition.found[e.unit], e.card)}
    held = {**expedition.held, e.unit: (*expedition.held[e.unit], e.card)}
    return replace(expedition, discovery=decks.drawn(expedition.discovery, [e.card]), found=found, held=held)


def _given(expedition: Expedition, e: xev.CardsGiven) -> Expedition:
    """Each card moves into the receiver's pile of its kind (discovery, resource, artefact).
    Set-up gave every explorer of the party each pile, and only they give and receive."""
    changes = {}
    for field in ("held", "resources", "artefacts"):
        piles: dict[str, tuple[str, ...]] = getattr(expedition, field)
        moved = [c for c in e.cards if c in piles[e.giver]]
        if moved:
            piles = {**piles, e.giver: tuple(c for c in piles[e.giver] if c not in moved)}
            changes[field] = {**piles, e.receiver: (*piles[e.receiver], *moved)}
    return replace(expedition, **changes)


def _challenge_resolved(expedition: Expedition, _e: xev.ChallengeResolved) -> Expedition:
    return replace(expedition, step=RECOVERY)


def _recovery_rolled(expedition: Expedition, e: ev.RecoveryRolled) -> Expedition:
    if e.died:
        return replace(_track(expedition, e.unit, out_of_action=True), dead=(*expedition.dead, e.unit))
    return _track(expedition, e.unit, out_of_action=False)


def _recovered(expedition: Expedition, e: xev.Recovered) -> Expedition:
    track = expedition.explorers[e.unit]
    return _track(expedition, e.unit, grievous=track.grievous - e.grievous, wounds=track.wounds - e.wounds)


def _recovery_finished(expedition: Expedition, _e: xev.RecoveryFinished) -> Expedition:
    return replace(expedition, step=LEADER)


def _noted(expedition: Expedition, _e: Event) -> Expedition:
    return expedition


def _lead_passed(expedition: Expedition, e: xev.LeadPassed) -> Expedition:
    return replace(expedition, leader=expedition.players.index(e.leader), round=e.round, step=EXPLORATION, card=None, combat=None)


def _ended(expedition: Expedition, e: xev.ExpeditionEnded) -> Expedition:
    return replace(expedition, step=ENDED, outcome=e.outcome)


def _paused(expedition: Expedition, _e: xev.ExpeditionPaused) -> Expedition:
    return replace(expedition, paused=True)


def _resumed(expedition: Expedition, _e: xev.ExpeditionResumed) -> Expedition:
    return replace(expedition, paused=False)


def _judged(expedition: Expedition, e: xev.ObjectiveJudged) -> Expedition:
    return replace(expedition, result="won" if e.achieved else "lost")


def _combat(expedition: Expedition, event: Event) -> Expedition:
    """A combat's event: folded into the combat; its set-up takes the explorers' cards as the
    expedition left them, its end gives them back and the round goes on to the recovery step."""
    if expedition.step != COMBAT:
        raise AssertionError(f"{type(event).__name__} outside a combat of the expedition")
    battle = battle_evolve(expedition.combat, event)
    if isinstance(event, ev.BattleSetUp):
        battle = _carried_in(battle, expedition)
    expedition = replace(expedition, combat=battle)
    if isinstance(event, ev.CardUsed) and event.use == "discarded":
        expedition = _discarded(expedition, event)
    if battle.outcome is None:
        return expedition
    explorers = {k: replace(t, **{f: getattr(battle.tracks[k], f) for f in CARRIED}, out_of_action=battle.tracks[k].out_of_action) for k, t in expedition.explorers.items() if k in battle.tracks}
    return replace(expedition, explorers={**expedition.explorers, **explorers}, step=RECOVERY)


def _carried_in(battle: Battle, expedition: Expedition) -> Battle:
    """The explorers' cards as the expedition left them, with the resource and artefact cards they hold."""
    explorers = expedition.explorers
    held = {k: tuple(sorted((*expedition.resources[k], *expedition.artefacts[k]))) for k in battle.tracks}
    tracks = {k: replace(t, cards=held[k], **{f: getattr(explorers[k], f) for f in CARRIED}) for k, t in battle.tracks.items()}
    cards = {c: expedition.content.cards[c] for k in sorted(held) for c in held[k] if c in expedition.content.cards}
    return replace(battle, tracks=tracks, cards=cards)


def _discarded(expedition: Expedition, e: ev.CardUsed) -> Expedition:
    """#RESOURCE CARDS: a discarded card leaves its holder for its spacecraft's deck (the campaign's)."""
    resources = {**expedition.resources, e.unit: tuple(c for c in expedition.resources[e.unit] if c != e.card)}
    discarded = {**expedition.discarded, e.unit: (*expedition.discarded.get(e.unit, ()), e.card)}
    return replace(expedition, resources=resources, discarded=discarded)


def _used(expedition: Expedition, e: ev.CardUsed) -> Expedition:
    """A card used between combats (recovery_cards.py): discarded, it leaves its holder."""
    return _discarded(expedition, e) if e.use == "discarded" else expedition


def _peeked(expedition: Expedition, e: xev.ExplorationPeeked) -> Expedition:
    return replace(expedition, peeks=(*expedition.peeks, Peek(e.unit, e.card, e.slot, e.kind, e.seen)))


_HANDLERS = {
    xev.ExplorationDealt: _dealt,
    xev.StrongholdDealt: _stronghold_dealt,
    xev.StrongholdConquered: _conquered,
    xev.ExplorationCardRevealed: _revealed,
    xev.AgilityRolled: _agility,
    xev.ChallengeWounds: _challenge_wounds,
    xev.DiscoveryDrawn: _discovery,
    xev.ChallengeResolved: _challenge_resolved,
    xev.Recovered: _recovered,
    xev.RecoveryFinished: _recovery_finished,
    xev.LeadPassed: _lead_passed,
    xev.ExpeditionEnded: _ended,
    xev.ObjectiveJudged: _judged,
    xev.ExpeditionPaused: _paused,
    xev.ExpeditionResumed: _resumed,
    xev.CardsGiven: _given,
    xev.ExplorationPeeked: _peeked,
    ev.InspirationGained: _inspiration,
    ev.RecoveryRolled: _recovery_rolled,
    ev.VitalityRolled: _noted,
    ev.CardApplied: _noted,
    ev.CardUsed: _used,
}
