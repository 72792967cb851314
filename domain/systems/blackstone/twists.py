"""Twists in play (blackstone-fortress.md#EVENT TABLE, Changing conditions: an encounter card's
twist holds for the rest of the combat): the effects its content gives (content.TwistEffect)."""

from __future__ import annotations

from domain.systems.blackstone.content import EncounterCard, TwistEffect
from domain.systems.blackstone.state import Battle


def holding(battle: Battle, kind: str) -> list[tuple[EncounterCard, TwistEffect]]:
    """The effects of kind `kind` of the twists in play, with their cards, in the order drawn."""
    cards = [battle.encounter_cards[c] for c in battle.twists]
    return [(card, fx) for card in cards for fx in card.twist_effects if fx.effect == kind]


def hostile_extra_dice(battle: Battle, hexes: int) -> int:
    """More dice for a hostile's attack at `hexes` range."""
    return sum(fx.amount for _, fx in holding(battle, "hostile_extra_dice") if hexes <= fx.range)
