"""A challenge card's effects (#EXPLORATION ROUNDS, 1. Exploration step): one small function per
challenge effect kind of effects.KINDS, each acting on every explorer in action in party order.
No activation dice are spent in a challenge."""

from __future__ import annotations

from collections.abc import Callable

from domain.dicebox import DiceBox
from domain.kit import pools
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone import inspiration
from domain.systems.blackstone.content import CardEffect, ChallengeCard
from domain.systems.blackstone.expedition_evolve import Folding
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.state import Track
from domain.systems.blackstone.versions import rule

EXPLORATION = rule("EXPLORATION ROUNDS")


def resolve(done: Folding, card: ChallengeCard, dice: DiceBox, actor: str) -> None:
    for effect in card.effects:
        EFFECTS[effect.kind](done, effect, dice, actor)
    done.add(xev.ChallengeResolved(card.id))


def in_action(expedition: Expedition) -> list[Track]:
    return [t for t in expedition.explorers.values() if not t.out_of_action]


def agility_roll(done: Folding, track: Track, dice: DiceBox, actor: str) -> bool:
    """#AGILITY ROLLS: the explorer's agility die; a success or a critical success succeeds."""
    profile = done.expedition.content.explorers[track.profile]
    die = (profile.inspired if track.inspired else profile.standard).agility
    table = next(d for d in done.expedition.content.action_dice if d.name == die).table()
    roll = dice.roll([table.sides], purpose=f"agility roll: {track.id}", rule=rule("AGILITY ROLLS"), actor=actor, unit=track.id)
    success = pools.outcome(table, roll.results[0]) != pools.FAILURE
    done.add(roll, xev.AgilityRolled(track.id, die, roll.results[0], success))
    return success


def wound(done: Folding, track: Track, wounds: int) -> None:
    """Counters on the empty spaces; one more than fits puts the explorer out of action (#WOUNDS)."""
    placed = min(wounds, track.empty_spaces)
    done.add(xev.ChallengeWounds(track.id, placed, wounds > track.empty_spaces))


def draw_discoveries(done: Folding, track: Track, count: int) -> None:
    """The top discovery cards, as many as are left (an empty deck gives nothing)."""
    cards = done.expedition.discovery.draw_pile[:count]
    done.add(*(xev.DiscoveryDrawn(track.id, card) for card in cards))


def _none(_done: Folding, _effect: CardEffect, _dice: DiceBox, _actor: str) -> None:
    return None


def _agility_or_wounds(done: Folding, effect: CardEffect, dice: DiceBox, actor: str) -> None:
    for track in in_action(done.expedition):
        if not agility_roll(done, track, dice, actor):
            wound(done, done.expedition.explorers[track.id], effect.amount)


def _agility_for_discovery(done: Folding, effect: CardEffect, dice: DiceBox, actor: str) -> None:
    for track in in_action(done.expedition):
        if agility_roll(done, track, dice, actor):
            draw_discoveries(done, track, effect.amount)


def _wounds_each(done: Folding, effect: CardEffect, _dice: DiceBox, _actor: str) -> None:
    for track in in_action(done.expedition):
        wound(done, track, effect.amount)


def _inspiration_each(done: Folding, effect: CardEffect, _dice: DiceBox, _actor: str) -> None:
    for track in in_action(done.expedition):
        done.add(*inspiration.gain(track, effect.amount))


#: Every challenge kind of effects.KINDS; legacy kinds are legacy.py's.
EFFECTS: dict[str, Callable[[Folding, CardEffect, DiceBox, str], None]] = {
    "none": _none,
    "agility_or_wounds": _agility_or_wounds,
    "agility_for_discovery": _agility_for_discovery,
    "wounds_each": _wounds_each,
    "inspiration_each": _inspiration_each,
}
