"""Folding Blackstone Fortress's events into the combat state: the one function the write
side, every projection and every replay use."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled, Event
from domain.kit import choices, decks
from domain.kit.boards import hex as hx
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.battlefield import at, build_board
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.state import EXPLORER, HOSTILE, PICKED, Battle, Deployment, HostileTurn, Miniature, PendingEvent, Track, Watch

replace = msgspec.structs.replace
ENCOUNTER_DECK = "encounter"
#: Grievous wounds do 3 points of damage to a hostile (blackstone-fortress.md#ATTACKS, 4. Inflict wounds).
GRIEVOUS_DAMAGE = 3


def evolve(battle: Battle | None, event: Event) -> Battle:
    if isinstance(event, ev.BattleSetUp):
        return _set_up(event)
    assert battle is not None
    if isinstance(event, DiceRolled):
        if event.deck is not None and _shuffles_encounters(battle, event.deck):
            return replace(battle, encounter=decks.shuffled(battle.encounter, event))
        return battle
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise AssertionError(f"blackstone-fortress has no {type(event).__name__}")
    return handler(battle, event)


def _shuffles_encounters(battle: Battle, cards: tuple[str, ...]) -> bool:
    """The encounter deck's own shuffles: at set-up (its draw pile), and when the combat is over
    (every card, the drawn ones back in). Other shuffles (initiative) leave it alone."""
    deck = battle.encounter
    if battle.turn == 0:
        return sorted(cards) == sorted(deck.draw_pile)
    return battle.phase == "over" and bool(deck.discard_pile) and sorted(cards) == sorted(deck.draw_pile + deck.discard_pile)


class Folding:
    """The events of a resolution so far, each folded before the next is chosen (where a
    miniature goes and whom it attacks depend on what happened before)."""

    def __init__(self, battle: Battle | None) -> None:
        self.battle: Battle = battle  # type: ignore[assignment] - set by the first event when None
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.battle = evolve(self.battle, event)


def _set_up(event: ev.BattleSetUp) -> Battle:
    tracks, miniatures = {}, {}
    for explorer in event.explorers:
        ids = tuple(slug(n) for n in explorer.figures())
        tracks[slug(explorer.name)] = Track(slug(explorer.name), explorer.name, ids, cards=tuple(sorted(event.held.get(slug(explorer.name), ()))))
        for name, mini in zip(explorer.figures(), ids):
            miniatures[mini] = Miniature(mini, name, EXPLORER, explorer.size, explorer=slug(explorer.name))
    return Battle(
        rules=event.rules,
        card=event.card,
        board=build_board(event.card, event.chambers),
        explorers={e.name: e for e in event.explorers},
        hostiles={h.name: h for h in event.hostiles},
        action_dice={d.name: d for d in event.action_dice},
        tracks=tracks,
        miniatures=miniatures,
        encounter=decks.Deck(ENCOUNTER_DECK, tuple(sorted(c.id for c in event.encounter_cards)), hidden=True),
        initiative=decks.Deck("initiative", (), hidden=True),
        markers=event.card.markers,
        portals=tuple(at(p) for p in event.card.portals),
        encounter_cards={c.id: c for c in event.encounter_cards},
        hostile_player=event.hostile_player,
        cards={c.id: c for c in event.cards},
    )


def _mini(battle: Battle, mini_id: str, **changes) -> Battle:
    return replace(battle, miniatures={**battle.miniatures, mini_id: replace(battle.miniatures[mini_id], **changes)})


def _track(battle: Battle, unit: str, **changes) -> Battle:
    return replace(battle, tracks={**battle.tracks, unit: replace(battle.tracks[unit], **changes)})


def _placed(battle: Battle, e: ev.MiniaturePlaced) -> Battle:
    return _mini(battle, e.miniature, at=hx.Hex(e.q, e.r))


def _drawn(battle: Battle, e: ev.EncounterDrawn) -> Battle:
    return replace(battle, encounter=decks.discard(decks.drawn(battle.encounter, [e.card]), [e.card]))


def _deployed(battle: Battle, e: ev.HostileDeployed) -> Battle:
    size = battle.hostiles[e.hostile].size
    mini = Miniature(e.miniature, e.hostile, HOSTILE, size, at=hx.Hex(e.q, e.r), group=e.group)
    return replace(battle, miniatures={**battle.miniatures, e.miniature: mini}, deployment=None)


def _deployment_awaited(battle: Battle, e: ev.DeploymentChoiceAwaited) -> Battle:
    pending = choices.open_choice(e.who, "hex", e.options, {"miniature": e.miniature, "marker": str(e.marker)})
    placements = tuple((marker, hostile, party) for marker, hostile, party in e.placements)
    return replace(battle, deployment=Deployment(pending, placements, tuple(e.markers)))


def _turn(battle: Battle, e: ev.TurnStarted) -> Battle:
    tracks = {k: replace(t, dice=(), overwatch=(), destiny_spent=0, activated=False, slain_wounds=0, swapped=False, bonus_dice=0, free_rerolls=0, exhausted=()) for k, t in battle.tracks.items()}
    return replace(battle, turn=e.turn, tracks=tracks, phase="initiative", order=(), next=0, destiny=(), gambits=False, no_destiny=False)


def _destiny(battle: Battle, e: ev.DestinyRolled) -> Battle:
    return replace(battle, destiny=tuple(e.kept))


def _rolled(battle: Battle, e: ev.ActivationRolled) -> Battle:
    return _track(battle, e.unit, dice=tuple(e.dice))


def _dealt(battle: Battle, e: ev.InitiativeDealt) -> Battle:
    return replace(battle, order=tuple(e.order), next=0)


def _begun(battle: Battle, _e: ev.ActivationsBegun) -> Battle:
    return replace(battle, phase="activation")


def _spent(battle: Battle, e: ev.DieSpent) -> Battle:
    track = battle.tracks[e.unit]
    if e.destiny:
        pool = list(battle.destiny)
        pool.remove(e.value)
        return replace(_track(battle, e.unit, destiny_spent=track.destiny_spent + 1), destiny=tuple(pool))
    dice = list(track.dice)
    dice.remove(e.value)
    return _track(battle, e.unit, dice=tuple(dice))


def _moved(battle: Battle, e: ev.Moved) -> Battle:
    return _mini(battle, e.miniature, at=e.path[-1])


def _attack(battle: Battle, e: ev.AttackMade) -> Battle:
    """An explorer's extra dice and free re-rolls (a unique action's, a card's) go with its next attack."""
    attacker = battle.miniatures[e.attacker]
    return _track(battle, attacker.explorer, bonus_dice=0, free_rerolls=0) if attacker.explorer else battle


def _wounded(battle: Battle, e: ev.Wounded) -> Battle:
    mini = battle.miniatures[e.miniature]
    if mini.side == HOSTILE:
        return _mini(battle, e.miniature, damage=mini.damage + e.wounds + GRIEVOUS_DAMAGE * e.grievous)
    track = battle.tracks[mini.explorer]
    return _track(battle, mini.explorer, wounds=track.wounds + e.wounds, grievous=track.grievous + e.grievous)


def _slain(battle: Battle, e: ev.Slain) -> Battle:
    battle = _mini(battle, e.miniature, slain=True)
    killer = battle.tracks.get(e.by)
    if killer is not None:
        battle = _track(battle, e.by, slain=killer.slain + 1)
    if killer is not None and battle.current == e.by:
        wounds = battle.hostiles[battle.miniatures[e.miniature].name].wounds
        battle = _track(battle, e.by, slain_wounds=killer.slain_wounds + wounds)
    return battle


def _out(battle: Battle, e: ev.OutOfAction) -> Battle:
    """Its miniatures leave the board and its initiative card the combat track."""
    for mini in battle.tracks[e.unit].miniatures:
        battle = _mini(battle, mini, at=None)
    order, next_ = battle.order, battle.next
    if e.unit in order:
        index = order.index(e.unit)
        order = order[:index] + order[index + 1 :]
        next_ -= index < next_
    return replace(_track(battle, e.unit, out_of_action=True, dice=(), overwatch=()), order=order, next=next_)


def _ended(battle: Battle, e: ev.ActivationEnded) -> Battle:
    """Extra dice and free re-rolls not spent on an attack this activation are lost."""
    if e.card in battle.tracks:
        battle = _track(battle, e.card, dice=(), overwatch=tuple(e.overwatch), activated=True, slain_wounds=0, bonus_dice=0, free_rerolls=0)
    return replace(battle, next=battle.next + 1)


def _inspired(battle: Battle, e: ev.InspirationGained) -> Battle:
    track = battle.tracks[e.unit]
    return _track(battle, e.unit, inspiration=track.inspiration + e.points)


def _event_phase(battle: Battle, _e: ev.EventPhaseStarted) -> Battle:
    """Overwatch dice left on the cards go at the end of the activation phase (#OVERWATCH)."""
    tracks = {k: replace(t, overwatch=(), dice=()) for k, t in battle.tracks.items()}
    return replace(battle, tracks=tracks, phase="event")


def _event_rolled(battle: Battle, _e: ev.EventRolled) -> Battle:
    return replace(battle, phase="turn_over")


def _combat_ended(battle: Battle, e: ev.CombatEnded) -> Battle:
    """The battlefield cleared (#EVENT PHASE): hostiles, markers and portals go; escape chambers
    stay; the twists end with the combat (their cards go back into the deck with the others)."""
    minis = {k: replace(m, at=None) if m.side == HOSTILE else m for k, m in battle.miniatures.items()}
    return replace(battle, phase="over", outcome=e.outcome, miniatures=minis, markers=(), portals=(), watch=None, pending=None, twists=())


# -- initiative, actions, inspiration, overwatch, the event table -------------------------------------


def _swapped(battle: Battle, e: ev.InitiativeSwapped) -> Battle:
    order = list(battle.order)
    a, b = order.index(e.unit), order.index(e.other)
    order[a], order[b] = order[b], order[a]
    battle = replace(battle, order=tuple(order))
    if e.why == "covering fire":
        battle = _track(_track(battle, e.unit, swapped=True), e.other, swapped=True)
    return battle


def _gambit(battle: Battle, _e: ev.GambitRolled) -> Battle:
    return replace(battle, gambits=True)


def _points(battle: Battle, e: ev.InspirationSpent | ev.InspirationLost) -> Battle:
    return _track(battle, e.unit, inspiration=battle.tracks[e.unit].inspiration - e.points)


def _defence_rerolls(battle: Battle, e: ev.DefenceRerollsChosen) -> Battle:
    return _track(battle, e.unit, reroll_defence=e.reroll)


def _flipped(battle: Battle, e: ev.Inspired) -> Battle:
    return _track(battle, e.unit, inspired=True)


def _healed(battle: Battle, e: ev.Healed) -> Battle:
    return _track(battle, e.unit, wounds=battle.tracks[e.unit].wounds - e.wounds)


def _discovery(battle: Battle, e: ev.DiscoveryTaken) -> Battle:
    battle = _track(battle, e.unit, discoveries=battle.tracks[e.unit].discoveries + 1)
    return replace(battle, markers=tuple(m for m in battle.markers if m.number != e.marker))


def _marker_gone(battle: Battle, e: ev.MarkerDiscarded) -> Battle:
    return replace(battle, markers=tuple(m for m in battle.markers if m.number != e.marker))


def _escape(battle: Battle, e: ev.EscapeChamberPlaced) -> Battle:
    cell = hx.Hex(e.q, e.r)
    return replace(battle, portals=tuple(p for p in battle.portals if p != cell), escapes=(*battle.escapes, cell), escape_called=True)


def _unique(battle: Battle, e: ev.UniqueActionTaken) -> Battle:
    if e.effect == "extra_dice":
        return _track(battle, e.unit, bonus_dice=battle.tracks[e.unit].bonus_dice + e.amount)
    return battle


def _card_used(battle: Battle, e: ev.CardUsed) -> Battle:
    """#RESOURCE CARDS: discarded, it leaves the explorer; exhausted, it lies face down for the
    turn. Extra dice and free re-rolls wait for its next attack."""
    track = battle.tracks[e.unit]
    cards = tuple(c for c in track.cards if c != e.card) if e.use == "discarded" else track.cards
    exhausted = tuple(sorted((*track.exhausted, e.card))) if e.use == "exhausted" else track.exhausted
    bonus = e.amount if e.effect == "extra_dice" else 0
    free = e.amount if e.effect == "reroll" else 0
    return _track(battle, e.unit, cards=cards, exhausted=exhausted, bonus_dice=track.bonus_dice + bonus, free_rerolls=track.free_rerolls + free)


def _stunned(battle: Battle, e: ev.Stunned) -> Battle:
    return _mini(battle, e.miniature, stunned=True)


def _stood(battle: Battle, e: ev.StoodUp) -> Battle:
    return _mini(battle, e.miniature, stunned=False)


def _watch(battle: Battle, e: ev.OverwatchOffered) -> Battle:
    return replace(battle, watch=Watch(e.hostile, tuple(e.explorers)))


def _overwatch_die(battle: Battle, e: ev.OverwatchDieSpent) -> Battle:
    dice = list(battle.tracks[e.unit].overwatch)
    dice.remove(e.value)
    battle = _track(battle, e.unit, overwatch=tuple(dice))
    if e.why == "aim" or battle.watch is None:
        return battle
    return replace(battle, watch=replace(battle.watch, waiting=tuple(u for u in battle.watch.waiting if u != e.unit)))


def _passed(battle: Battle, e: ev.OverwatchPassed) -> Battle:
    assert battle.watch is not None
    return replace(battle, watch=replace(battle.watch, waiting=tuple(u for u in battle.watch.waiting if u != e.unit)))


def _closed(battle: Battle, _e: ev.OverwatchClosed) -> Battle:
    return replace(battle, watch=None)


def _awaited(battle: Battle, e: ev.EventChoiceAwaited) -> Battle:
    return replace(battle, phase="event_choice", pending=PendingEvent(e.event, tuple(e.options)))


def _resolved(battle: Battle, _e: ev.EventResolved) -> Battle:
    return replace(battle, phase="turn_over", pending=None)


def _forgone(battle: Battle, _e: ev.DestinyForgone) -> Battle:
    return replace(battle, no_destiny=True)


def _returned(battle: Battle, e: ev.HostileReturned) -> Battle:
    """Back in its own group, unhurt and standing."""
    return _mini(battle, e.miniature, at=hx.Hex(e.q, e.r), slain=False, damage=0, stunned=False, returned=True)


def _twist(battle: Battle, e: ev.TwistDrawn) -> Battle:
    return replace(battle, twists=(*battle.twists, e.card))


def _back(battle: Battle, e: ev.BackInAction) -> Battle:
    return _track(battle, e.unit, out_of_action=False)


def _noted(battle: Battle, _e: Event) -> Battle:
    """Events that record a roll or a step whose effect other events carry."""
    return battle


_HANDLERS = {
    ev.MiniaturePlaced: _placed,
    ev.EncounterDrawn: _drawn,
    ev.HostileDeployed: _deployed,
    ev.DeploymentChoiceAwaited: _deployment_awaited,
    ev.TurnStarted: _turn,
    ev.DestinyRolled: _destiny,
    ev.ActivationRolled: _rolled,
    ev.InitiativeDealt: _dealt,
    ev.ActivationsBegun: _begun,
    ev.DieSpent: _spent,
    ev.Moved: _moved,
    ev.AttackMade: _attack,
    ev.CardUsed: _card_used,
    ev.CardApplied: _noted,
    ev.AgendaAchieved: _noted,
    ev.DefenceRolled: _noted,
    ev.Wounded: _wounded,
    ev.Slain: _slain,
    ev.OutOfAction: _out,
    ev.ActivationEnded: _ended,
    ev.InspirationGained: _inspired,
    ev.EventPhaseStarted: _event_phase,
    ev.EventRolled: _event_rolled,
    ev.CombatEnded: _combat_ended,
    ev.InitiativeSwapped: _swapped,
    ev.GambitRolled: _gambit,
    ev.InspirationSpent: _points,
    ev.InspirationLost: _points,
    ev.Inspired: _flipped,
    ev.DefenceRerollsChosen: _defence_rerolls,
    ev.Rerolled: _noted,
    ev.VitalityRolled: _noted,
    ev.Healed: _healed,
    ev.DiscoveryTaken: _discovery,
    ev.EscapeChamberPlaced: _escape,
    ev.UniqueActionTaken: _unique,
    ev.Stunned: _stunned,
    ev.StoodUp: _stood,
    ev.OverwatchOffered: _watch,
    ev.OverwatchDieSpent: _overwatch_die,
    ev.OverwatchPassed: _passed,
    ev.OverwatchClosed: _closed,
    ev.EventChoiceAwaited: _awaited,
    ev.EventResolved: _resolved,
    ev.MarkerDiscarded: _marker_gone,
    ev.DestinyForgone: _forgone,
    ev.HostileReturned: _returned,
    ev.TwistDrawn: _twist,
    ev.BackInAction: _back,
    ev.RecoveryRolled: _noted,
}


# -- hostile groups' activations (domain/systems/blackstone/hostiles.py) ---------------------------


def _group_begun(battle: Battle, e: ev.HostileActivationBegun) -> Battle:
    return replace(battle, hostile_turn=HostileTurn(e.card, e.group, tuple(e.waiting)))


def _order_tied(battle: Battle, e: ev.HostileOrderTied) -> Battle:
    assert battle.hostile_turn is not None
    pending = choices.open_choice(e.who, "next_hostile", e.options, {"card": battle.hostile_turn.card})
    return replace(battle, hostile_turn=replace(battle.hostile_turn, pending=pending))


def _choice_awaited(battle: Battle, e: ev.HostileChoiceAwaited) -> Battle:
    turn = battle.hostile_turn
    assert turn is not None
    context = {"card": turn.card, "miniature": e.miniature, "step": e.step} | {PICKED + k: v for k, v in e.picked.items()}
    pending = choices.open_choice(e.who, e.kind, e.options, context)
    return replace(battle, hostile_turn=replace(turn, pending=pending, steps=tuple((step, mini) for step, mini in e.steps)))


def _choice_made(battle: Battle, _e: ev.HostileChoiceMade) -> Battle:
    assert battle.hostile_turn is not None
    return replace(battle, hostile_turn=replace(battle.hostile_turn, pending=None, steps=()))


def _hostile_activated(battle: Battle, e: ev.HostileActivated) -> Battle:
    turn = battle.hostile_turn
    assert turn is not None
    return replace(battle, hostile_turn=replace(turn, waiting=tuple(m for m in turn.waiting if m != e.miniature), pending=None))


def _paused(battle: Battle, e: ev.HostilesPaused) -> Battle:
    turn = battle.hostile_turn
    assert turn is not None
    return replace(battle, hostile_turn=replace(turn, paused=True, steps=tuple((step, mini) for step, mini in e.steps), pauses=turn.pauses + 1))


def _resumed(battle: Battle, _e: ev.HostilesResumed) -> Battle:
    assert battle.hostile_turn is not None
    return replace(battle, hostile_turn=replace(battle.hostile_turn, paused=False, steps=()))


def _group_or_explorer_ended(battle: Battle, e: ev.ActivationEnded) -> Battle:
    """A hostile group's activation is over with its card's."""
    return _ended(replace(battle, hostile_turn=None), e)


_HANDLERS.update(
    {
        ev.HostileActivationBegun: _group_begun,
        ev.ReinforcementRolled: lambda battle, _e: battle,
        ev.HostileOrderTied: _order_tied,
        ev.HostileChoiceAwaited: _choice_awaited,
        ev.HostileChoiceMade: _choice_made,
        ev.HostileActivated: _hostile_activated,
        ev.BehaviourChosen: lambda battle, _e: battle,
        ev.ActivationEnded: _group_or_explorer_ended,
        ev.HostilesPaused: _paused,
        ev.HostilesResumed: _resumed,
    }
)
