"""Resource and stronghold artefact cards in play (blackstone-fortress.md#RESOURCE CARDS): using
a card in a combat, one small function per kind of effect (the closed list is card_kinds.py's).

A card is used in its holder's activation (`UseCard`), at no cost but the activation die it
shows; a discarded card leaves its holder (the campaign shuffles it back into its spacecraft's
deck), an exhausted one lies face down until the next turn of combat; a permanent card is never
used: its bonus counts on every roll it fits (card_kinds.py). A card of the recovery step is
used there (recovery_cards.py), not in a combat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from domain.errors import RuleError
from domain.events import Event
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import inspiration
from domain.systems.blackstone.card_kinds import COMBAT, KINDS, PERMANENT
from domain.systems.blackstone.combat import activating, spend
from domain.systems.blackstone.commands import UseCard
from domain.systems.blackstone.content import PlayCard
from domain.systems.blackstone.state import EXPLORER, HOSTILE, Battle, Miniature, Track
from domain.systems.blackstone.versions import rule

RESOURCE_CARDS = rule("RESOURCE CARDS")


def held_card(unit: str, held: Sequence[str], cards: Mapping[str, PlayCard], key: str, step: str) -> PlayCard:
    """#RESOURCE CARDS: a card the explorer holds, not permanent (its bonus is always on), and
    of a kind used at this `step` (a combat or the recovery step; `none` at either)."""
    card = cards.get(key)
    if card is None or key not in held:
        raise RuleError("card_not_held", RESOURCE_CARDS, params={"unit": unit, "card": key, "held": list(held)})
    if card.use == PERMANENT:
        raise RuleError("card_permanent", RESOURCE_CARDS, params={"card": card.name})
    if KINDS[card.effect.kind].step != step and card.effect.kind != "none":
        raise RuleError("card_not_now", RESOURCE_CARDS, params={"card": card.name, "step": KINDS[card.effect.kind].step, "now": step})
    return card


def use_card(battle: Battle, command: UseCard) -> list[Event]:
    """#RESOURCE CARDS: a card held (held_card), not exhausted this turn; its activation die
    paid; then what its kind does."""
    track = activating(battle, command.unit)
    card = held_card(track.id, track.cards, battle.cards, command.card, COMBAT)
    if card.id in track.exhausted:
        raise RuleError("card_exhausted", RESOURCE_CARDS, params={"card": card.name})
    paid: list[Event] = [spend(battle, track, command.die, command.destiny, card.effect.die, card.name)] if card.effect.die else []
    played = EFFECTS[card.effect.kind](battle, track, card, command)
    return [*paid, ev.CardUsed(track.id, card.id, card.use, card.effect.kind, card.effect.amount), *played]


Effect = Callable[[Battle, Track, PlayCard, UseCard], list[Event]]


def _nothing(_battle: Battle, _track: Track, _card: PlayCard, _command: UseCard) -> list[Event]:
    """none, extra_dice, reroll: CardUsed itself says it (evolve.py keeps the dice for the attack)."""
    return []


def _heal(_battle: Battle, track: Track, card: PlayCard, _command: UseCard) -> list[Event]:
    """Wounds, not grievous ones (#WOUNDS: none heal during an encounter); none to heal: refused."""
    if not track.wounds:
        raise RuleError("nothing_to_heal", RESOURCE_CARDS, params={"unit": track.id, "card": card.name})
    return [ev.Healed(track.id, min(card.effect.amount, track.wounds))]


def _inspiration(_battle: Battle, track: Track, card: PlayCard, _command: UseCard) -> list[Event]:
    """Points up to 4; at 4 already the card would be wasted: refused."""
    if track.inspiration >= inspiration.MAX_POINTS:
        raise RuleError("inspiration_full", rule("INSPIRATION"), params={"unit": track.id, "card": card.name, "max": inspiration.MAX_POINTS})
    return inspiration.gain(track, card.effect.amount)


def _next_to(battle: Battle, track: Track, target: Miniature) -> bool:
    """One of the holder's miniatures on the board is next to `target` or in its hex (an ally
    may share it; a hostile never does)."""
    return any(battle.miniatures[m].on_board and hx.distance(battle.miniatures[m].at, target.at) <= 1 for m in track.miniatures)


def _heal_ally(battle: Battle, track: Track, card: PlayCard, command: UseCard) -> list[Event]:
    """Another explorer with a miniature next to one of the holder's; its wounds, not grievous
    ones (#WOUNDS), as `heal`; none to heal: refused."""
    ally = battle.tracks.get(command.target)
    minis = [battle.miniatures[m] for m in ally.miniatures] if ally is not None and ally.id != track.id else []
    if not any(m.on_board and m.side == EXPLORER and _next_to(battle, track, m) for m in minis):
        raise RuleError("no_adjacent_ally", RESOURCE_CARDS, params={"unit": track.id, "card": card.name, "target": command.target})
    assert ally is not None
    if not ally.wounds:
        raise RuleError("nothing_to_heal", RESOURCE_CARDS, params={"unit": ally.id, "card": card.name})
    return [ev.Healed(ally.id, min(card.effect.amount, ally.wounds))]


def _push(battle: Battle, track: Track, card: PlayCard, command: UseCard) -> list[Event]:
    """A hostile next to one of the holder's miniatures goes to hex (q, r): next to it across no
    wall, further from every pushing miniature next to it, with room for it and no explorer in
    it (the reading in docs/blackstone-rules-notes.md). It is a move the rules make, not the
    hostile's: it triggers no overwatch."""
    hostile = battle.miniatures.get(command.target)
    if hostile is None or not hostile.on_board or hostile.side != HOSTILE or not _next_to(battle, track, hostile):
        raise RuleError("no_adjacent_hostile", RESOURCE_CARDS, params={"unit": track.id, "card": card.name, "target": command.target})
    to = hx.Hex(command.q, command.r)
    if not _pushed_to(battle, track, hostile, to):
        raise RuleError("cannot_push_there", RESOURCE_CARDS, params={"target": hostile.id, "q": command.q, "r": command.r})
    return [ev.Moved(hostile.id, [to])]


def _pushed_to(battle: Battle, track: Track, hostile: Miniature, to: hx.Hex) -> bool:
    assert hostile.at is not None
    pushers = [battle.miniatures[m].at for m in track.miniatures if battle.miniatures[m].on_board and hx.distance(battle.miniatures[m].at, hostile.at) == 1]
    if hx.distance(hostile.at, to) != 1 or bf.route_distance(battle, hostile.at, to) != 1:
        return False  # one step, across no wall, into no obstructed hex
    if any(hx.distance(p, to) < 2 for p in pushers) or to in {m.at for m in battle.side(EXPLORER)}:
        return False
    return bf.room_for(battle, hostile.size, to, leaving=hostile.id)


EFFECTS: dict[str, Effect] = {
    "none": _nothing,
    "heal": _heal,
    "inspiration": _inspiration,
    "extra_dice": _nothing,
    "reroll": _nothing,
    "heal_ally": _heal_ally,
    "push": _push,
}
