"""Deciding an expedition's own commands (blackstone-fortress.md#SETUP, #EXPLORATION ROUNDS,
#ENDING AN EXPEDITION), and handing a combat's commands to part 1 while one is under way."""

from __future__ import annotations

import functools

import msgspec

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import decks
from domain.systems.blackstone import challenges, creation, exchanges, one_off, pausing, peeking, recovery_cards, twins, vitality
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.decide import decide as combat_decide
from domain.systems.blackstone.expedition_evolve import Folding
from domain.systems.blackstone.expedition_state import COMBAT, DEALT, ENDED, EXPLORATION, LEADER, RECOVERY, Expedition, kind_of
from domain.systems.blackstone.quest import CONQUERED
from domain.systems.blackstone.versions import rule

ROUNDS, SETUP, ENDING = rule("EXPLORATION ROUNDS"), rule("SETUP"), rule("ENDING AN EXPEDITION")
STRONGHOLDS = rule("STRONGHOLDS")
#: What each step waits for.
STEP_COMMANDS = {EXPLORATION: (xcmd.Explore, xcmd.EndExpedition), RECOVERY: (xcmd.Recover,), LEADER: (xcmd.PassLead, xcmd.GiveCards)}


def set_up(command: xcmd.SetUpExpedition, version: str, dice: DiceBox, actor: str) -> list[Event]:
    """#SETUP: the combat and challenge decks shuffled, 4 of each dealt and shuffled together
    into the exploration deck (the deal names no card), and the discovery deck shuffled."""
    if command.plan.kind == xcmd.STRONGHOLD and command.plan.stronghold is None:
        raise RuleError("no_stronghold_drawn", STRONGHOLDS)
    done = Folding(None)
    done.add(xev.ExpeditionSetUp(version, command.plan))
    if command.plan.stronghold is not None:
        content = done.expedition.content
        cards = [c for c in command.plan.stronghold.cards if c in content.combat_cards or c in content.challenge_cards]
        done.add(xev.StrongholdDealt(command.plan.stronghold.id, cards))
    else:
        _deal(done, dice, actor)
    for deck in (done.expedition.exploration, done.expedition.discovery):
        if deck.draw_pile and not (deck.name == "exploration" and command.plan.stronghold is not None):
            done.add(decks.shuffle(deck, dice, purpose=f"shuffle the {deck.name} deck", rule=SETUP, actor=actor))
    return done.events


def _deal(done: Folding, dice: DiceBox, actor: str) -> None:
    for deck in (done.expedition.combat_deck, done.expedition.challenge_deck):
        if deck.draw_pile:
            done.add(decks.shuffle(deck, dice, purpose=f"shuffle the {deck.name} cards", rule=SETUP, actor=actor))
    done.add(xev.ExplorationDealt(min(DEALT, len(done.expedition.combat_deck.draw_pile)), min(DEALT, len(done.expedition.challenge_deck.draw_pile))))


def decide(state, command, dice: DiceBox, actor: str, refs) -> list[Event]:  # noqa: ANN001 - the engine's MissionState
    expedition: Expedition = state.game
    if isinstance(command, xcmd.SetUpExpedition):
        raise RuleError("expedition_set_up", SETUP)
    if expedition.step == ENDED:
        raise RuleError("expedition_over", ENDING, params={"outcome": expedition.outcome})
    if isinstance(command, (xcmd.PauseExpedition, xcmd.ResumeExpedition)) or expedition.paused:
        return pausing.decide(expedition, command)
    if expedition.step == COMBAT:
        return _combat(state, expedition, command, dice, actor, refs)
    if isinstance(command, xcmd.UseRecoveryCard):
        return recovery_cards.use(expedition, command, dice, actor)
    if isinstance(command, xcmd.LookAhead):
        return peeking.look(expedition, command)
    starting = isinstance(command, xcmd.GiveCards) and exchanges.at_the_start(expedition)
    if not isinstance(command, STEP_COMMANDS[expedition.step]) and not starting:
        raise RuleError("not_this_step", ROUNDS, params={"step": expedition.step, "command": type(command).__name__})
    if expedition.leader_player != actor and actor in expedition.players:
        raise RuleError("not_the_leader", ROUNDS, params={"leader": expedition.leader_player})
    if isinstance(command, xcmd.GiveCards):
        return exchanges.give_cards(expedition, command)
    return HANDLERS[type(command)](expedition, dice, actor)


def _combat(state, expedition: Expedition, command, dice: DiceBox, actor: str, refs) -> list[Event]:  # noqa: ANN001
    """Part 1 decides the combat; a discovery card it takes is drawn from the expedition's deck."""
    if not isinstance(command, cmd.COMMANDS) or isinstance(command, cmd.SetUpBattle):
        raise RuleError("not_this_step", ROUNDS, params={"step": expedition.step, "command": type(command).__name__})
    done = Folding(expedition)
    for event in combat_decide(msgspec.structs.replace(state, game=expedition.combat), command, dice, actor, refs):
        done.add(event)
        if isinstance(event, ev.DiscoveryTaken):
            challenges.draw_discoveries(done, done.expedition.explorers[event.unit], 1)
    return done.events


def explore(expedition: Expedition, dice: DiceBox, actor: str) -> list[Event]:
    """The top exploration card: a challenge is played and leaves the game; a combat card's
    battlefield is created with the explorers in action (#BATTLEFIELD CREATION)."""
    (top,), _ = decks.draw(expedition.exploration, 1, rule=ROUNDS)
    card, kind = expedition.dealt[top], kind_of(top)
    done = Folding(expedition)
    done.add(xev.ExplorationCardRevealed(expedition.round, kind, card))
    if kind == "challenge":
        challenges.resolve(done, expedition.content.challenge_cards[card], dice, actor)
        return done.events
    content = expedition.content
    combat = content.combat_cards[card]
    setup = cmd.SetUpBattle(
        card=combat,
        chambers=[content.chambers[c] for c in sorted({p.chamber for p in combat.chambers})],
        explorers=[content.explorers[t.profile] for t in challenges.in_action(expedition)],
        hostiles=list(content.hostiles),
        action_dice=list(content.action_dice),
        encounter_cards=list(content.encounter_cards),
        hostile_player=expedition.hostile_player,
    )
    done.add(*creation.set_up(setup, expedition.rules, dice, actor))
    return done.events


def end_expedition(expedition: Expedition, _dice: DiceBox, _actor: str) -> list[Event]:
    return ended(expedition, "agreed")


def ended(expedition: Expedition, why: str) -> list[Event]:
    """#ENDING AN EXPEDITION, and a one-off expedition's objective judged (one_off.py)."""
    judged = one_off.judge(expedition)
    return [xev.ExpeditionEnded(why), *([judged] if judged is not None else [])]


def recover(expedition: Expedition, dice: DiceBox, actor: str) -> list[Event]:
    """#EXPLORATION ROUNDS, 2. Recovery step: a recovery roll for each explorer out of action,
    then a vitality roll for each one alive with wounds. The expedition ends if one died, or if
    the combat ended with all out of action (#ENDING AN EXPEDITION)."""
    done = Folding(expedition)
    done.add(*twins.recovery_rolls(expedition.explorers.values(), dice, actor, functools.partial(vitality.eased, expedition)))
    for track in done.expedition.explorers.values():
        if track.id in done.expedition.dead or not (track.wounds or track.grievous):
            continue
        done.add(*vitality.roll(done.expedition, track, dice, actor))
    if done.expedition.dead:
        done.add(*ended(done.expedition, "death"))
    elif expedition.combat is not None and expedition.combat.outcome == "defeat":
        done.add(*ended(done.expedition, "defeat"))
    elif done.expedition.stronghold and not done.expedition.exploration.draw_pile:
        done.add(conquered(done.expedition), xev.ExpeditionEnded(CONQUERED))
    else:
        done.add(xev.RecoveryFinished(expedition.round))
    return done.events


def conquered(expedition: Expedition) -> xev.StrongholdConquered:
    """#STRONGHOLDS: the explorers came through the last card with nobody dead (the reading in
    docs/blackstone-rules-notes.md); the place's artefact cards go round the living explorers
    in party order, one at a time."""
    place = expedition.stronghold
    assert place is not None
    alive = [x for x in expedition.explorers if x not in expedition.dead]
    dealt: dict[str, list[str]] = {}
    for n, card in enumerate(place.artefacts):
        dealt.setdefault(alive[n % len(alive)], []).append(card.id)
    return xev.StrongholdConquered(place.id, dealt)


def pass_lead(expedition: Expedition, _dice: DiceBox, _actor: str) -> list[Event]:
    """The next player clockwise (the hostile player leads never: not among `players`)."""
    following = expedition.players[(expedition.leader + 1) % len(expedition.players)]
    return [xev.LeadPassed(following, expedition.round + 1)]


HANDLERS = {xcmd.Explore: explore, xcmd.EndExpedition: end_expedition, xcmd.Recover: recover, xcmd.PassLead: pass_lead}
