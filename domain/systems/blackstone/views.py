"""What each reader sees of a combat (design.md#Hash chain, hidden information): everything on
the table, but no deck's order. The encounter deck's draw pile is shown sorted (which cards
are left is known to all, their order to nobody, the host and a hostile player included)
until a card is drawn. The initiative deck's draw pile is always empty: its cards are shuffled
and dealt face up in one command, all at once, so their order is public from the deal
(`Battle.order`). The shuffles' faces are the engine's to withhold (domain/visibility.py), so
no event needs redacting here."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.kit import decks
from domain.systems.blackstone.state import Battle


def view(battle: Battle | None, _viewer: Viewer) -> Battle | None:
    if battle is None:
        return None
    return msgspec.structs.replace(battle, encounter=unordered(battle.encounter))


def unordered(deck: decks.Deck) -> decks.Deck:
    return msgspec.structs.replace(deck, draw_pile=tuple(sorted(deck.draw_pile)))
