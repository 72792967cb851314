"""The legacy cards in force change an expedition as their effects say (effects.py): one small
function per legacy effect kind, applied when the expedition is set up (#PRECIPICE, 2. Legacy
step: a legacy card applies to all future expeditions)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.systems.blackstone import effects, hostile_rules
from domain.systems.blackstone.content import CardEffect, LegacyCard
from domain.systems.blackstone.expedition_state import Content
from domain.systems.blackstone.inspiration import MAX_POINTS
from domain.systems.blackstone.state import SPACES, Track

replace = msgspec.structs.replace


def apply(content: Content, tracks: dict[str, Track], cards: tuple[LegacyCard, ...]) -> tuple[Content, dict[str, Track]]:
    """The content and the explorers' starting cards with every effect of `cards`, in the order drawn."""
    for card in cards:
        for effect in card.effects:
            content, tracks = EFFECTS[effect.kind](content, tracks, effect)
    return content, tracks


Effect = Callable[[Content, dict[str, Track], CardEffect], tuple[Content, dict[str, Track]]]


def _none(content: Content, tracks: dict[str, Track], _effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    return content, tracks


def _hostile(content: Content, effect: CardEffect, **change: int) -> Content:
    hostiles = [replace(h, **{k: getattr(h, k) + v for k, v in change.items()}) if h.name == effect.hostile else h for h in content.hostiles]
    return replace(content, hostiles=hostiles)


def _extra_wounds(content: Content, tracks: dict[str, Track], effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    return _hostile(content, effect, wounds=effect.amount), tracks


def _extra_move(content: Content, tracks: dict[str, Track], effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    return _hostile(content, effect, move=effect.amount), tracks


def _hostile_rule(content: Content, tracks: dict[str, Track], effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    hostiles = [hostile_rules.gain(h, effect.rule) if h.name == effect.hostile else h for h in content.hostiles]
    return replace(content, hostiles=hostiles), tracks


def _remove_card(content: Content, tracks: dict[str, Track], effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    field = effects.DECKS[effect.deck]
    cards = getattr(content, field)
    kept = [c for c in cards if c.id != effect.card] if isinstance(cards, list) else {k: c for k, c in cards.items() if k != effect.card}
    return replace(content, **{field: kept}), tracks


def _start_wounds(content: Content, tracks: dict[str, Track], effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    """Never so many that an explorer sets out with no space left (docs/blackstone-rules-notes.md)."""
    return content, {k: replace(t, wounds=min(t.wounds + effect.amount, SPACES - t.grievous - 1)) for k, t in tracks.items()}


def _start_inspiration(content: Content, tracks: dict[str, Track], effect: CardEffect) -> tuple[Content, dict[str, Track]]:
    return content, {k: replace(t, inspiration=min(t.inspiration + effect.amount, MAX_POINTS)) for k, t in tracks.items()}


#: Every legacy kind of effects.KINDS; challenge kinds are challenges.py's.
EFFECTS: dict[str, Effect] = {
    "none": _none,
    "hostile_extra_wounds": _extra_wounds,
    "hostile_extra_move": _extra_move,
    "hostile_rule": _hostile_rule,
    "remove_card": _remove_card,
    "start_wounds": _start_wounds,
    "start_inspiration": _start_inspiration,
}
