"""Legacy cards in force change an expedition from its set-up on (blackstone-fortress.md#PRECIPICE,
2. Legacy step): a hostile kind grows stronger, a card leaves its deck, the explorers set out
wounded or inspired. A pack's cards may carry larger amounts than the core pack's."""

from __future__ import annotations

import msgspec

from domain.systems.blackstone.content import CardEffect, LegacyCard
from tests.blackstone.expedition import ExpeditionGame

PARTY = ("ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell")


def with_legacy(*cards: LegacyCard) -> ExpeditionGame:
    """An expedition with a pack's own legacy `cards` in force."""

    def carried(command):  # noqa: ANN001, ANN202
        return msgspec.structs.replace(command, plan=msgspec.structs.replace(command.plan, legacy=list(cards)))

    return ExpeditionGame(["silent-hall"], carried=carried)


def profiles(game: ExpeditionGame) -> dict[str, tuple]:
    return {h.name: (h.wounds, h.move, h.rules) for h in game.expedition.content.hostiles}


def test_a_hostile_kinds_legacy_changes_that_kind_only():
    """The wights grow bold (+1 wound) and the stalkers hunt (+1 move, stunning); every other
    kind keeps the pack's profile."""
    game = ExpeditionGame(["silent-hall"], legacy=["wights-grow-bold", "stalkers-hunt"])
    assert profiles(game) == {
        "Scrap Wight": (2, 3, ()),
        "Ashen Drudge": (2, 3, ()),
        "Glass Mite": (1, 5, ()),
        "Chain Brute": (6, 3, ()),
        "Rust Stalker": (4, 5, ("stunning",)),
        "Vault Colossus": (12, 2, ()),
    }


def test_a_legacy_card_takes_an_encounter_card_out_of_the_encounter_deck():
    """remove_card on the encounter deck (a list, where the other decks are keyed by id): the
    glass swarm is gone, the others stay in order."""
    game = with_legacy(LegacyCard("swarm-spent", "Swarm spent", effects=(CardEffect("remove_card", deck="encounter", card="glass-swarm"),)))
    plain = [c.id for c in ExpeditionGame(["silent-hall"]).expedition.content.encounter_cards]
    assert "glass-swarm" in plain
    assert [c.id for c in game.expedition.content.encounter_cards] == [c for c in plain if c != "glass-swarm"]


def test_explorers_set_out_wounded_with_one_space_left_at_most():
    """start_wounds 5 (docs/blackstone-rules-notes.md): 3 of the 4 spaces covered, one left."""
    game = with_legacy(LegacyCard("deep-scars", "Deep scars", effects=(CardEffect("start_wounds", 5),)))
    assert {k: (t.wounds, t.grievous, t.empty_spaces) for k, t in game.expedition.explorers.items()} == {x: (3, 0, 1) for x in PARTY}


def test_explorers_set_out_inspired_up_to_four_points():
    """Tales at Precipice: 1 point each; a pack's card of 5 gives the 4 an explorer may hold
    (#INSPIRATION)."""
    tales = ExpeditionGame(["silent-hall"], legacy=["tales-at-precipice"])
    assert {t.inspiration for t in tales.expedition.explorers.values()} == {1}
    game = with_legacy(LegacyCard("songs-of-return", "Songs of return", effects=(CardEffect("start_inspiration", 5),)))
    assert {k: t.inspiration for k, t in game.expedition.explorers.items()} == {x: 4 for x in PARTY}
