"""A Blackstone Fortress mission's options read into its set-up (docs/blackstone-content-format.md,
blackstone-fortress.md#SETUP): the pack, the combat card, 1 to 4 different explorers for a combat
and 4 for an expedition, 1 to 4 different players besides the hostile player, and a lone
combat's cards each held by one explorer of it (#RESOURCE CARDS)."""

from __future__ import annotations

import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.blackstone.setup import Options, setup
from tests.blackstone.game import CORE
from tests.rule_table import refusal_of

FORMAT = "docs/blackstone-content-format.md"
SETUP = "blackstone-fortress.md#SETUP"
PARTY = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"
EXPLORERS = ["Ysolde Marr", "Brother Kettle", "Oskra Vey", "Pim and Pell", "Marek Dunn", "Sister Quill"]


def set_up(**options: str):  # noqa: ANN201 - a SetUpBattle or a SetUpExpedition
    return setup(Setup("en", Options(**options), {"core": CORE}))


def refused(**options: str) -> tuple[str, str, dict]:
    with pytest.raises(RuleError) as caught:
        set_up(**options)
    return refusal_of(caught.value)


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"pack": "nope", "combat": "sunken-passage", "explorers": "Ysolde Marr"}, ("unknown_pack", FORMAT, {"pack": "nope", "known": ["core"]})),
        ({"combat": "dark-room", "explorers": "Ysolde Marr"}, ("unknown_combat", FORMAT, {"combat": "dark-room", "known": [c.id for c in CORE.combat_cards]})),
        ({"combat": "sunken-passage", "explorers": "Ysolde Marr, Lord Nobody"}, ("unknown_explorer", FORMAT, {"names": ["Lord Nobody"], "known": EXPLORERS})),
        ({"combat": "sunken-passage", "explorers": "Ysolde Marr, Ysolde Marr"}, ("bad_party", SETUP, {"max": 4, "given": 2})),
        ({"combat": "sunken-passage", "explorers": f"{PARTY}, Marek Dunn"}, ("bad_party", SETUP, {"max": 4, "given": 5})),
        ({"combat": "sunken-passage", "explorers": ""}, ("bad_party", SETUP, {"max": 4, "given": 0})),
    ],
)
def test_a_combats_options_name_a_pack_card_and_one_to_four_different_explorers(options, refusal):
    assert refused(**options) == refusal


def test_a_lone_combats_cards_are_the_packs_each_held_once_by_one_of_its_explorers():
    """#RESOURCE CARDS: a card unknown to the pack, a holder not in the combat, a holder named
    twice; one colon parts the holder from the cards."""
    combat = {"combat": "sunken-passage", "explorers": "Ysolde Marr, Pim and Pell"}
    party = ["ysolde-marr", "pim-and-pell"]
    assert refused(**combat, cards="ysolde-marr: lucky-coin, spare-cell") == ("unknown_card", FORMAT, {"cards": ["lucky-coin"]})
    assert refused(**combat, cards="ysolde-marr: spare-cell: tide-seal") == ("unknown_card", FORMAT, {"cards": ["spare-cell: tide-seal"]})
    holders = "blackstone-fortress.md#RESOURCE CARDS"
    assert refused(**combat, cards="oskra-vey: stim-seed") == ("bad_card_holders", holders, {"explorer": "oskra-vey", "party": party})
    assert refused(**combat, cards="ysolde-marr: stim-seed; ysolde-marr: spare-cell") == ("bad_card_holders", holders, {"explorer": "ysolde-marr", "party": party})


def test_the_hostile_player_set_up_with_a_combat_and_an_expedition():
    """#HOSTILE ACTIONS: a fifth member may play the hostiles, in a lone combat as on an expedition."""
    combat = set_up(combat="sunken-passage", explorers="Ysolde Marr", hostile_player="cal")
    assert combat.hostile_player == "cal"
    assert [c.id for c in combat.encounter_cards] == [c.id for c in CORE.encounter_cards if not c.set_aside]
    expedition = set_up(mode="expedition", explorers=PARTY, players="ann, bob", hostile_player="cal")
    assert (expedition.plan.hostile_player, expedition.plan.kind, expedition.plan.players) == ("cal", "expedition", ["ann", "bob"])


def test_an_expedition_takes_one_to_four_different_players_besides_the_hostile_player():
    """#SETUP: up to 4 players pick the explorers; the hostile player is a fifth."""
    four = set_up(mode="expedition", explorers=PARTY, players="ann, bob, cal, dee")
    assert four.plan.players == ["ann", "bob", "cal", "dee"]
    assert refused(mode="expedition", explorers=PARTY, players="ann, ann") == ("bad_players", SETUP, {"max": 4, "players": ["ann", "ann"], "hostile_player": ""})
    five = ["ann", "bob", "cal", "dee", "eve"]
    assert refused(mode="expedition", explorers=PARTY, players=", ".join(five)) == ("bad_players", SETUP, {"max": 4, "players": five, "hostile_player": ""})
