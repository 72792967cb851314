"""Battlefield creation and deployment (blackstone-fortress.md#BATTLEFIELD CREATION, #SETUP,
#DEPLOYMENT) and the battlefield's geometry (#ATTACKS, #EXPLORER ACTIONS)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import RuleError
from domain.events import DiceRolled
from domain.kit.boards.hex import Hex, side
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.content import Party
from tests.blackstone.game import CORE, ENCOUNTERS, Game, keep
from tests.blackstone.test_actions import DRUDGE, TWINS, started


def test_the_card_sets_down_its_chambers_with_walls_barriers_and_obstructions():
    """BATTLEFIELD CREATION: the broken gallery's three chambers at their offsets."""
    battle = Game("broken-gallery").battle
    board = battle.board
    assert len(board.cells) == 3 + 19 + 8
    assert board.blocked == (Hex(0, 0),)
    assert side(Hex(0, 1), Hex(0, 2)) in board.walls and side(Hex(4, 1), Hex(5, 1)) in board.walls
    assert side(Hex(1, -1), Hex(2, -1)) in board.cover_sides
    assert battle.portals == (Hex(6, 0),)


def test_a_turned_chamber_turns_its_hexes_walls_and_barriers():
    """BATTLEFIELD CREATION: twin galleries' second gallery is turned one sixth (local [1, 0] to
    [0, 1]) and set at (5, -2): its wall [0, 1]|[0, 2] lies between (4, -1) and (3, 0), its
    barrier [1, -1]|[2, -1] between (6, -2) and (6, -1); sight and cover follow them."""
    battle = Game("twin-galleries").battle
    assert Hex(5, -2) in battle.board.blocked
    assert {side(Hex(4, -1), Hex(3, 0)), side(Hex(6, -3), Hex(7, -4))} <= set(battle.board.walls)
    assert {side(Hex(6, -2), Hex(6, -1)), side(Hex(4, -2), Hex(3, -1))} <= set(battle.board.cover_sides)
    assert not bf.sees(battle, Hex(4, -1), Hex(3, 0)) and bf.sees(battle, Hex(4, -1), Hex(4, 0))
    assert bf.covered(battle, Hex(6, -3), Hex(6, -1)) and not bf.covered(battle, Hex(6, -3), Hex(6, -2))
    assert bf.route_distance(battle, Hex(4, -1), Hex(3, 0)) == 2  # round the wall, by (4, 0)


def test_explorers_start_in_the_maglev_chamber_within_the_hex_limits():
    """SETUP, BATTLEFIELD CREATION: 2 explorers a hex, or both twins and 1 explorer."""
    game = Game("broken-gallery", "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell")
    where = {m: game.at(m) for m in ("ysolde-marr", "brother-kettle", "oskra-vey", "pim", "pell")}
    assert where == {"ysolde-marr": Hex(-4, 0), "brother-kettle": Hex(-4, 0), "oskra-vey": Hex(-3, 0), "pim": Hex(-3, 0), "pell": Hex(-3, 0)}


def test_an_ambush_places_the_explorers_in_the_ambush_hexes():
    game = Game("passage-ambush", "Ysolde Marr, Brother Kettle, Oskra Vey")
    assert [game.at(m) for m in ("ysolde-marr", "brother-kettle", "oskra-vey")] == [Hex(1, 0), Hex(1, 0), Hex(2, 0)]


def test_one_encounter_card_per_discovery_marker_from_the_hidden_shuffle():
    """BATTLEFIELD CREATION: the n-th card drawn deploys its encounter n at marker n; the
    encounter deck's shuffle records no order (its faces are the only way to it)."""
    game = Game("broken-gallery")
    shuffle = game.of(DiceRolled)[0]
    assert (shuffle.purpose, shuffle.rule, shuffle.actor) == ("shuffle the encounter deck", "blackstone-fortress.md#SETUP", "host")
    assert shuffle.order is None and shuffle.faces == keep(ENCOUNTERS)
    assert [(e.marker, e.card) for e in game.of(ev.EncounterDrawn)] == [(1, "ash-choir"), (2, "glass-swarm")]
    deployed = [(e.miniature, e.group, (e.q, e.r)) for e in game.of(ev.HostileDeployed)]
    # ash-choir encounter 1: 3 Ashen Drudges at marker 1 (1, -1); glass-swarm encounter 2: 2 mites and a wight at (5, 1).
    assert [d[0] for d in deployed] == ["ashen-drudge-1-1", "ashen-drudge-1-2", "ashen-drudge-1-3", "glass-mite-2-1", "glass-mite-2-2", "scrap-wight-2-1"]
    assert all(Hex(*d[2]) in {Hex(1, -1), *bf.hx.neighbours(Hex(1, -1))} for d in deployed[:3])
    assert game.battle.encounter.draw_pile == ("iron-tread", "scavenger-pack", "stalker-nest", "the-colossus-wakes")


def test_hostiles_deploy_in_cover_first_then_on_the_marker_within_the_limits():
    """BATTLEFIELD CREATION: a hex in cover from the explorers before one that is not; 3 small
    hostiles fill a hex, so a fourth goes next door."""
    game = Game("sunken-passage", encounter_faces=keep(ENCOUNTERS))
    at = {e.miniature: Hex(e.q, e.r) for e in game.of(ev.HostileDeployed)}
    assert at == {f"ashen-drudge-1-{k}": Hex(3, 0) for k in (1, 2, 3)}
    battle = game.battle
    assert bf.covered(battle, Hex(-2, 0), Hex(3, 0))  # the barrier between (1, 0) and (2, 0)
    assert not bf.room_for(battle, "small", Hex(3, 0)) and bf.room_for(battle, "small", Hex(2, 0))


def test_explorers_may_change_hexes_in_their_chamber_before_the_first_turn():
    game = Game("broken-gallery")
    game.do(cmd.PlaceExplorer("ysolde-marr", q=-4, r=1))
    assert game.at("ysolde-marr") == Hex(-4, 1)
    assert game.refused(cmd.PlaceExplorer("ysolde-marr", q=0, r=1)).code == "cannot_place"
    assert game.refused(cmd.PlaceExplorer("pim-and-pell", q=-4, r=1)).code == "which_miniature"


def test_sight_cover_range_and_routes_on_the_battlefield():
    """ATTACKS: sight blocked by walls and obstructions, cover from a barrier not of the
    attacker's hex, range counting the target's hex; EXPLORER ACTIONS, Move: round walls."""
    battle = Game("broken-gallery").battle
    assert not bf.sees(battle, Hex(-1, 0), Hex(1, 0))  # through the obstructed centre
    assert not bf.sees(battle, Hex(0, 1), Hex(0, 2)) and bf.sees(battle, Hex(-1, 2), Hex(0, 2))
    assert bf.covered(battle, Hex(0, -1), Hex(2, -1)) and not bf.covered(battle, Hex(1, -1), Hex(2, -1))
    assert bf.hx.distance(Hex(-1, 1), Hex(1, 1)) == 2
    assert bf.hx.distance(Hex(0, 1), Hex(0, 2)) == 1 and bf.route_distance(battle, Hex(0, 1), Hex(0, 2)) == 2  # round the wall


def test_a_barrier_touched_at_its_end_is_cover():
    """ATTACKS, Cover: touching a barrier hexside is enough. From (0, 1) the line to (2, 0) meets
    the barrier between (1, 0) and (2, 0) only at its end, and (2, 0) is in cover."""
    battle = Game().battle
    assert bf.sees(battle, Hex(0, 1), Hex(2, 0)) and bf.covered(battle, Hex(0, 1), Hex(2, 0))
    assert bf.route_distance(battle, Hex(1, 1), Hex(2, 1)) == 2  # round the wall between them, by (2, 0)
    assert bf.route_distance(Game("broken-gallery").battle, Hex(-1, 0), Hex(0, 0)) is None  # obstructed


def test_an_explorer_may_be_set_down_again_in_its_own_full_hex():
    """BATTLEFIELD CREATION: Ysolde and Kettle fill their hex; Ysolde placed where she stands
    counts once, Oskra there would be a third explorer."""
    game = Game("broken-gallery", "Ysolde Marr, Brother Kettle, Oskra Vey")
    assert game.do(cmd.PlaceExplorer("ysolde-marr", q=-4, r=0)) == [ev.MiniaturePlaced("ysolde-marr", -4, 0)]
    refused = game.refused(cmd.PlaceExplorer("oskra-vey", q=-4, r=0))
    assert (refused.code, refused.params) == ("cannot_place", {"miniature": "oskra-vey", "q": -4, "r": 0})


def test_the_sides_never_share_a_hex():
    """BATTLEFIELD CREATION: no limit mixes explorers and hostiles; a lone small hostile leaves
    room for two more, none for an explorer, and a lone explorer none for a hostile."""
    game = Game()
    game.patch(DRUDGE, at=Hex(1, 1))
    for other in ("ashen-drudge-1-2", "ashen-drudge-1-3"):
        game.patch(other, at=None)
    battle = game.battle
    assert bf.room_for(battle, "small", Hex(1, 1)) and not bf.room_for(battle, "explorer", Hex(1, 1)) and not bf.room_for(battle, "twin", Hex(1, 1))
    game.patch("ysolde-marr", at=Hex(0, 1))
    assert [bf.room_for(game.battle, size, Hex(0, 1)) for size in ("explorer", "twin", "small", "large", "huge")] == [True, True, False, False, False]


def lone_drudge(at: Hex) -> Game:
    """The twins' activation, one Drudge left on the board, at `at`."""
    game = started()
    game.patch(DRUDGE, at=at)
    for other in ("ashen-drudge-1-2", "ashen-drudge-1-3"):
        game.patch(other, at=None)
    return game


def test_a_move_never_passes_through_an_enemy():
    """EXPLORER ACTIONS, Move: from (1, 0) past the Drudge at (2, 0) to (3, 0) is 2 hexes through
    it; round it, the first step is next to it and stops there."""
    game = lone_drudge(Hex(2, 0))
    game.patch("pim", at=Hex(1, 0))
    refused = game.refused(cmd.Move(TWINS, miniature="pim", die=4, q=3, r=0))
    assert (refused.code, refused.params) == ("no_route", {"miniature": "pim", "q": 3, "r": 0, "move": 4})
    assert game.do(cmd.Move(TWINS, miniature="pim", die=4, q=1, r=1))[-1] == ev.Moved("pim", [Hex(1, 0), Hex(1, 1)])


def test_a_move_stops_on_entering_a_hex_next_to_an_enemy():
    """EXPLORER ACTIONS, Move: (3, 1) is 4 hexes from (0, 0), but the way goes by (2, 0), next
    to the Drudge at (3, 0): the move may end there, not go on."""
    game = lone_drudge(Hex(3, 0))
    game.patch("pim", at=Hex(0, 0))
    refused = game.refused(cmd.Move(TWINS, miniature="pim", die=4, q=3, r=1))
    assert (refused.code, refused.params) == ("no_route", {"miniature": "pim", "q": 3, "r": 1, "move": 4})
    assert game.do(cmd.Move(TWINS, miniature="pim", die=4, q=2, r=0))[-1] == ev.Moved("pim", [Hex(0, 0), Hex(1, 0), Hex(2, 0)])


def test_a_move_passes_a_full_hex_but_does_not_end_in_it_and_joins_a_friend_with_room():
    """EXPLORER ACTIONS, Move; BATTLEFIELD CREATION: Oskra (move 5) may not stop with Ysolde and
    Pim (two explorers and a twin), may go through them (the only way east), and may stop with
    Pell alone."""
    game = Game("sunken-passage", "Ysolde Marr, Oskra Vey, Pim and Pell")
    game.start((1, 2, 3, 4, 5), {"oskra-vey": (6, 5, 4, 1), "pim-and-pell": (6, 5, 4, 1), "ysolde-marr": (5, 4, 2, 1)}, (1, 1, 1))
    assert game.battle.current == "oskra-vey" and game.at("oskra-vey") == Hex(-2, 0)
    game.patch("ysolde-marr", at=Hex(-1, 0))
    game.patch("pim", at=Hex(-1, 0))
    game.patch("pell", at=Hex(-2, 1))
    refused = game.refused(cmd.Move("oskra-vey", die=4, q=-1, r=0))
    assert (refused.code, refused.params) == ("no_route", {"miniature": "oskra-vey", "q": -1, "r": 0, "move": 5})
    assert game.do(cmd.Move("oskra-vey", die=4, q=0, r=0))[-1] == ev.Moved("oskra-vey", [Hex(-2, 0), Hex(-1, 0), Hex(0, 0)])
    assert game.do(cmd.Move("oskra-vey", die=5, q=-2, r=1))[-1] == ev.Moved("oskra-vey", [Hex(0, 0), Hex(-1, 0), Hex(-2, 1)])


def colossi(count: int) -> Any:
    """The core pack with the ash choir's first encounter (drawn first, for marker 1) a party of
    `count` Vault Colossi (huge: one a hex), then a Glass Mite."""
    cards = tuple(
        msgspec.structs.replace(c, encounters=((Party("Vault Colossus", count), Party("Glass Mite", 1)), *c.encounters[1:])) if c.id == "ash-choir" else c
        for c in CORE.encounter_cards
    )
    return msgspec.structs.replace(CORE, encounter_cards=cards)


def test_a_party_that_no_longer_fits_at_one_marker_leaves_the_next_marker_its_encounter():
    """BATTLEFIELD CREATION: at the broken gallery's marker 1 (1, -1) six hexes are on the board
    and unobstructed: six Colossi fill them, the seventh and the Mite are left out; marker 2's
    encounter (the glass swarm's second) deploys as ever."""
    game = Game("broken-gallery", pack=colossi(7))
    deployed = [e.miniature for e in game.of(ev.HostileDeployed)]
    assert deployed == [f"vault-colossus-1-{k}" for k in range(1, 7)] + ["glass-mite-2-1", "glass-mite-2-2", "scrap-wight-2-1"]


def test_explorers_who_find_no_room_in_the_arrival_hexes_refuse_the_set_up():
    """BATTLEFIELD CREATION, SETUP: a card whose maglev arrival is one hex holds two explorers;
    the third has no room."""
    cards = tuple(msgspec.structs.replace(c, arrival=c.arrival[:1]) if c.id == "sunken-passage" else c for c in CORE.combat_cards)
    with pytest.raises(RuleError) as caught:
        Game(explorers="Ysolde Marr, Brother Kettle, Oskra Vey", pack=msgspec.structs.replace(CORE, combat_cards=cards))
    assert (caught.value.code, caught.value.rule, caught.value.params) == ("no_room_to_deploy", "blackstone-fortress.md#BATTLEFIELD CREATION", {"miniature": "Oskra Vey"})


def test_a_lone_combats_cards_are_held_by_their_explorers_from_the_set_up():
    """The `cards` option: Ysolde holds the spare cell and the tide seal, the twins the stim seed."""
    battle = Game(cards="ysolde-marr: tide-seal, spare-cell; pim-and-pell: stim-seed").battle
    assert (battle.tracks["ysolde-marr"].cards, battle.tracks["pim-and-pell"].cards) == (("spare-cell", "tide-seal"), ("stim-seed",))
    assert sorted(battle.cards) == ["spare-cell", "stim-seed", "tide-seal"]


def test_a_party_that_no_longer_fits_stops_and_the_next_finds_no_room_either():
    """BATTLEFIELD CREATION: at the sunken passage's marker (3, 0) four hexes are on the board;
    four Colossi fill them, the fifth and the Mite (no hostile shares a huge one's hex) are left out."""
    game = Game(pack=colossi(5))
    deployed = [(e.miniature, Hex(e.q, e.r)) for e in game.of(ev.HostileDeployed)]
    assert deployed == [("vault-colossus-1-1", Hex(3, 0)), ("vault-colossus-1-2", Hex(2, 0)), ("vault-colossus-1-3", Hex(2, 1)), ("vault-colossus-1-4", Hex(3, 1))]
    assert game.battle.deployment is None and game.battle.phase == "deployment"


def test_the_hostile_player_picks_among_two_hexes_or_more_and_not_from_one():
    """BATTLEFIELD CREATION: the hostile player's pick waits while two hexes or more are equal;
    the fourth Colossus has one hex left and goes there at once; the fifth finds none."""
    game = Game(pack=colossi(5), hostile_player="hela")
    awaited = []
    for q, r in ((3, 0), (2, 0)):
        awaited.append(game.events[-1].options)
        game.do(cmd.PickHex(q, r))
    assert awaited == [["2,0", "2,1", "3,0", "3,1"], ["2,0", "2,1", "3,1"]]
    assert game.events[-1] == ev.DeploymentChoiceAwaited("hela", "vault-colossus-1-3", "Vault Colossus", 1, ["2,1", "3,1"], [[1, "Vault Colossus", 0]] * 3 + [[1, "Glass Mite", 1]], [])
    wrong = game.refused(cmd.PickHex(3, 0))
    assert (wrong.code, wrong.rule, wrong.params) == ("option_not_offered", "blackstone-fortress.md#BATTLEFIELD CREATION", {"option": "3,0", "kind": "hex", "options": ["2,1", "3,1"]})
    assert game.do(cmd.PickHex(3, 1)) == [ev.HostileDeployed("vault-colossus-1-3", "Vault Colossus", 1, 3, 1), ev.HostileDeployed("vault-colossus-1-4", "Vault Colossus", 1, 2, 1)]
    assert game.battle.deployment is None


def test_an_encounter_deck_too_small_for_the_markers_refuses_the_set_up():
    """BATTLEFIELD CREATION: twin galleries has three markers; a deck of two encounter cards (as
    legacy cards may leave it) runs out at the third."""
    pack = msgspec.structs.replace(CORE, encounter_cards=CORE.encounter_cards[:2])
    with pytest.raises(RuleError) as caught:
        Game("twin-galleries", encounter_faces=keep(2), pack=pack)
    assert (caught.value.code, caught.value.rule, caught.value.params) == ("deck_too_small", "blackstone-fortress.md#BATTLEFIELD CREATION", {"deck": "encounter", "wanted": 1, "left": 0})


def test_hostiles_deploy_in_cover_from_every_explorer_before_the_marker_itself():
    """BATTLEFIELD CREATION: at the broken gallery's marker 1 (1, -1) five explorers see the marker;
    (1, -2) is the lowest hex next to it in cover from all, and the three Drudges go there. At the
    passage ambush's marker 1 no hex near it is in cover: they stand on the marker."""
    gallery = Game("broken-gallery", "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell")
    assert [(e.miniature, e.q, e.r) for e in gallery.of(ev.HostileDeployed)][:3] == [(f"ashen-drudge-1-{k}", 1, -2) for k in (1, 2, 3)]
    ambush = Game("passage-ambush", "Ysolde Marr, Brother Kettle, Oskra Vey")
    assert [(e.miniature, e.q, e.r) for e in ambush.of(ev.HostileDeployed)][:3] == [(f"ashen-drudge-1-{k}", 0, 1) for k in (1, 2, 3)]


def test_placing_refusals_name_the_rule_the_explorer_and_the_hex():
    """BATTLEFIELD CREATION: out of the maglev chamber, or once the first turn began."""
    game = Game("broken-gallery")
    refused = game.refused(cmd.PlaceExplorer("ysolde-marr", q=0, r=1))
    assert (refused.code, refused.rule, refused.params) == ("cannot_place", "blackstone-fortress.md#BATTLEFIELD CREATION", {"miniature": "ysolde-marr", "q": 0, "r": 1})
    game.start((1, 2, 3, 4, 5), {"pim-and-pell": (6, 5, 4, 1), "ysolde-marr": (5, 4, 2, 1)}, (1, 1, 1))
    late = game.refused(cmd.PlaceExplorer("ysolde-marr", q=-4, r=1))
    assert (late.code, late.rule, late.params) == ("deployment_over", "blackstone-fortress.md#BATTLEFIELD CREATION", {"phase": "activation"})


def test_an_ambush_lets_explorers_change_hexes_among_the_ambush_hexes_only():
    """BATTLEFIELD CREATION: the passage ambush has no maglev chamber; the explorers start in its
    ambush hexes (1, 0), (2, 0) and (1, 1) and may move among them only."""
    game = Game("passage-ambush", "Ysolde Marr, Brother Kettle, Oskra Vey")
    assert game.do(cmd.PlaceExplorer("oskra-vey", q=1, r=1)) == [ev.MiniaturePlaced("oskra-vey", 1, 1)]
    assert game.refused(cmd.PlaceExplorer("oskra-vey", q=0, r=0)).code == "cannot_place"
