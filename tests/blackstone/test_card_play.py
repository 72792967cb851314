"""What a player reads of using a resource or artefact card (blackstone-fortress.md#RESOURCE
CARDS): each refusal's code, cited rule and parameters, a card's die paid with a destiny die,
an amount of points gained, and where a push may not put a hostile; with manual dice."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import RuleError
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.card_play import held_card
from tests.blackstone.test_actions import DRUDGE, TWINS, YSOLDE, started
from tests.blackstone.test_cards import CARDS, holding, ysolde_up

RESOURCE_CARDS = "blackstone-fortress.md#RESOURCE CARDS"


def test_the_card_refusals_name_the_holder_and_the_card():
    """RESOURCE CARDS: a card held, not permanent, not exhausted this turn."""
    game = ysolde_up()
    holding(game, YSOLDE, "iron-rosary", "tempered-edge", wounds=1)
    assert game.refusal(cmd.UseCard(YSOLDE, card="field-dressing")) == ("card_not_held", RESOURCE_CARDS, {"unit": YSOLDE, "card": "field-dressing", "held": ["iron-rosary", "tempered-edge"]})
    assert game.refusal(cmd.UseCard(YSOLDE, card="tempered-edge")) == ("card_permanent", RESOURCE_CARDS, {"card": "Tempered edge"})
    game.do(cmd.UseCard(YSOLDE, card="iron-rosary", die=4))
    assert game.refusal(cmd.UseCard(YSOLDE, card="iron-rosary", die=5)) == ("card_exhausted", RESOURCE_CARDS, {"card": "Iron rosary"})


def test_a_cards_die_may_be_a_destiny_die():
    """COMBAT, 3. Activation phase; RESOURCE CARDS: the iron rosary's 4+ paid with the destiny 5."""
    game = ysolde_up()
    holding(game, YSOLDE, "iron-rosary", wounds=1)
    assert game.do(cmd.UseCard(YSOLDE, card="iron-rosary", die=5, destiny=True))[0] == ev.DieSpent(YSOLDE, 5, True, "Iron rosary")
    assert game.battle.destiny == (1, 2, 3, 4) and game.battle.tracks[YSOLDE].dice == (5, 4, 2, 1)


def test_nothing_to_heal_and_a_full_inspiration_are_refused_naming_the_card():
    """RESOURCE CARDS; WOUNDS: grievous wounds do not heal; INSPIRATION: 4 points at most."""
    game = ysolde_up()
    holding(game, YSOLDE, "field-dressing", "votive-flask", grievous=1, inspiration=4)
    assert game.refusal(cmd.UseCard(YSOLDE, card="field-dressing")) == ("nothing_to_heal", RESOURCE_CARDS, {"unit": YSOLDE, "card": "Field dressing"})
    full = ("inspiration_full", "blackstone-fortress.md#INSPIRATION", {"unit": YSOLDE, "card": "Votive flask", "max": 4})
    assert game.refusal(cmd.UseCard(YSOLDE, card="votive-flask")) == full


def test_a_heal_ally_card_with_no_wound_on_the_ally_names_the_ally():
    """RESOURCE CARDS: the surgeon's kit next to the twins, who have no wound."""
    game = ysolde_up()
    holding(game, YSOLDE, "surgeon-kit")
    assert game.refusal(cmd.UseCard(YSOLDE, card="surgeon-kit", target=TWINS)) == ("nothing_to_heal", RESOURCE_CARDS, {"unit": TWINS, "card": "Surgeon's kit"})


def test_an_inspiration_card_gains_its_amount():
    """RESOURCE CARDS: a flask worth 2 points takes Ysolde from 1 to 3."""
    game = ysolde_up()
    holding(game, YSOLDE, "votive-flask", inspiration=1)
    flask = CARDS["votive-flask"]
    richer = msgspec.structs.replace(flask, effect=msgspec.structs.replace(flask.effect, amount=2))
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, cards={**game.battle.cards, flask.id: richer}))
    assert game.do(cmd.UseCard(YSOLDE, card="votive-flask")) == [ev.CardUsed(YSOLDE, "votive-flask", "discarded", "inspiration", 2), ev.InspirationGained(YSOLDE, 2)]
    assert game.battle.tracks[YSOLDE].inspiration == 3


def test_a_card_of_kind_none_is_used_at_either_step():
    """RESOURCE CARDS: a card the server does not play (kind none) may be used in a combat or
    in the recovery step; another kind only at its own step."""
    relic = msgspec.structs.replace(CARDS["field-dressing"], id="relic", name="Relic", effect=msgspec.structs.replace(CARDS["field-dressing"].effect, kind="none", amount=0))
    assert held_card(YSOLDE, ("relic",), {"relic": relic}, "relic", "recovery") == relic
    with pytest.raises(RuleError) as refused:
        held_card(YSOLDE, ("field-dressing",), CARDS, "field-dressing", "recovery")
    assert refused.value.code == "card_not_now"


@pytest.mark.parametrize("target", ["nobody", "pell"])
def test_a_push_takes_only_a_hostile(target):
    """RESOURCE CARDS, push: a hostile next to the holder; Pell next to Ysolde is no hostile."""
    game = ysolde_up()
    holding(game, YSOLDE, "forge-gauntlet")
    game.patch("pell", at=Hex(-1, 0))
    refusal = ("no_adjacent_hostile", RESOURCE_CARDS, {"unit": YSOLDE, "card": "Forge gauntlet", "target": target})
    assert game.refusal(cmd.UseCard(YSOLDE, card="forge-gauntlet", target=target, q=0, r=0)) == refusal


def test_a_push_goes_across_no_wall():
    """RESOURCE CARDS, push: the Drudge at (2, 1) next to Ysolde at (3, 1) does not go to (1, 1),
    behind the wall between the two."""
    game = ysolde_up()
    holding(game, YSOLDE, "forge-gauntlet")
    game.patch(DRUDGE, at=Hex(2, 1))
    game.patch(YSOLDE, at=Hex(3, 1))
    assert game.refusal(cmd.UseCard(YSOLDE, card="forge-gauntlet", target=DRUDGE, q=1, r=1)) == ("cannot_push_there", RESOURCE_CARDS, {"target": DRUDGE, "q": 1, "r": 1})


def test_a_push_goes_into_no_explorers_hex():
    """RESOURCE CARDS, push: Pim at (-1, 0) pushes the Drudge at (0, 0), not into Ysolde's hex
    (1, 0) two hexes from him."""
    game = started()
    holding(game, TWINS, "forge-gauntlet")
    game.patch(DRUDGE, at=Hex(0, 0))
    game.patch("pim", at=Hex(-1, 0))
    game.patch(YSOLDE, at=Hex(1, 0))
    assert game.refusal(cmd.UseCard(TWINS, card="forge-gauntlet", target=DRUDGE, q=1, r=0)) == ("cannot_push_there", RESOURCE_CARDS, {"target": DRUDGE, "q": 1, "r": 0})


def test_only_the_twin_next_to_the_hostile_pushes_it():
    """RESOURCE CARDS, push: further from each pushing miniature; Pim at (-1, 0) pushes the
    Drudge from (0, 0) to (1, 0); Pell at (2, 0), not next to the Drudge, does not count."""
    game = started()
    holding(game, TWINS, "forge-gauntlet")
    game.patch(DRUDGE, at=Hex(0, 0))
    game.patch("pim", at=Hex(-1, 0))
    game.patch("pell", at=Hex(2, 0))
    assert game.do(cmd.UseCard(TWINS, card="forge-gauntlet", target=DRUDGE, q=1, r=0))[-1] == ev.Moved(DRUDGE, [Hex(1, 0)])
    assert game.at(DRUDGE) == Hex(1, 0)
