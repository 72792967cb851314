"""Cards used outside a combat: in the recovery step of an exploration round
(blackstone-fortress.md#EXPLORATION ROUNDS, 2. Recovery step; #RESOURCE CARDS), before the
leader's `Recover` rolls. The explorer's player uses one of its cards whose kind is used there
(card_kinds.py); a discarded card leaves it for its spacecraft's deck, as in a combat."""

from __future__ import annotations

from collections.abc import Callable

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import vitality
from domain.systems.blackstone.card_kinds import RECOVERY
from domain.systems.blackstone.card_play import RESOURCE_CARDS, held_card
from domain.systems.blackstone.content import PlayCard
from domain.systems.blackstone.expedition_commands import LookAhead, UseRecoveryCard
from domain.systems.blackstone.expedition_state import RECOVERY as RECOVERY_STEP
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.state import Track
from domain.systems.blackstone.versions import rule

ROUNDS = rule("EXPLORATION ROUNDS")


def use(expedition: Expedition, command: UseRecoveryCard, dice: DiceBox, actor: str) -> list[Event]:
    """In the recovery step only, by an explorer of the party alive and in action (#WOUNDS: out
    of action, its cards are not used), holding the card."""
    track = holder(expedition, command, RECOVERY_STEP)
    card = held_card(track.id, vitality.held(expedition, track.id), expedition.content.cards, command.card, RECOVERY)
    played = EFFECTS[card.effect.kind](expedition, track, card, dice, actor)
    return [ev.CardUsed(track.id, card.id, card.use, card.effect.kind, card.effect.amount), *played]


def holder(expedition: Expedition, command: UseRecoveryCard | LookAhead, step: str) -> Track:
    """A card used between combats: in its `step` only, by an explorer of the party alive and in
    action (#WOUNDS: out of action, its cards are not used)."""
    if expedition.step != step:
        raise RuleError("not_this_step", ROUNDS, params={"step": expedition.step, "command": type(command).__name__})
    track = expedition.explorers.get(command.unit)
    if track is None or track.id in expedition.dead:
        raise RuleError("unknown_explorer", ROUNDS, params={"names": [command.unit], "known": [x for x in expedition.explorers if x not in expedition.dead]})
    if track.out_of_action:
        raise RuleError("card_holder_out_of_action", rule("WOUNDS"), params={"unit": track.id, "card": command.card})
    return track


Effect = Callable[[Expedition, Track, PlayCard, DiceBox, str], list[Event]]


def _vitality_roll(expedition: Expedition, track: Track, card: PlayCard, dice: DiceBox, actor: str) -> list[Event]:
    """One more vitality roll, at once (the leader's `Recover` still rolls the usual one); with
    no wound to heal it would roll for nothing: refused."""
    if not (track.wounds or track.grievous):
        raise RuleError("nothing_to_recover", RESOURCE_CARDS, params={"unit": track.id, "card": card.name})
    return vitality.roll(expedition, track, dice, actor)


def _nothing(_expedition: Expedition, _track: Track, _card: PlayCard, _dice: DiceBox, _actor: str) -> list[Event]:
    """none: the table reads the text; CardUsed discards it (or exhausts it: it is face up again
    by the next combat)."""
    return []


EFFECTS: dict[str, Effect] = {
    "none": _nothing,
    "vitality_roll": _vitality_roll,
}
