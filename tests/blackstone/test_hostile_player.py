"""A fifth player as the hostile player (blackstone-fortress.md#SETUP, #HOSTILE MOVEMENT AND
ATTACKS "as they see fit", #REINFORCEMENTS, #HOSTILE ACTIONS): where the rules leave a target
or a hex to the hostile player, the server waits for `PickTarget` or `PickHex`; the workers
take the same picks by their fixed rule (docs/blackstone-rules-notes.md). Manual dice."""

from __future__ import annotations

import msgspec

from domain.kit.boards.hex import Hex
from domain.kit.choices import PendingChoice
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game
from tests.blackstone.test_hostiles import D1, D2, D3, GROUP, gallery, passage

YSOLDE = "ysolde-marr"
MOVES = "blackstone-fortress.md#HOSTILE MOVEMENT AND ATTACKS"


def played_by(game: Game, member: str = "hela") -> Game:
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, hostile_player=member))
    return game


def one_drudge_ahead(game: Game) -> Game:
    """The group's other two Drudges further back at (3, 1): the first activates alone."""
    game.patch(D2, at=Hex(3, 1))
    game.patch(D3, at=Hex(3, 1))
    return game


def one_drudge(game: Game, at: Hex) -> Game:
    """The group's first Drudge at `at`, the other two off the battlefield."""
    game.patch(D1, at=at)
    game.patch(D2, at=None)
    game.patch(D3, at=None)
    return game


def test_the_hostile_player_picks_the_target_among_equally_far_explorers():
    """HOSTILE ACTIONS, Aim (5 on the Drudge's table, in range): the three explorers at (-2, 0)
    are equally far, so the hostile player picks; the attack goes at the pick (6: a critical,
    no cover for an aimed shot), then the two Drudges left tie for the order."""
    game = one_drudge_ahead(passage("hela"))
    events = game.do(cmd.ActivateHostiles(GROUP), 5)
    assert events[-1] == ev.HostileChoiceAwaited("hela", "target", D1, "aim", ["pell", "pim", YSOLDE], [["aim", D1]])
    assert game.battle.hostile_turn.pending == PendingChoice("hela", "target", ("pell", "pim", YSOLDE), {"card": GROUP, "miniature": D1, "step": "aim"})
    events = game.do(cmd.PickTarget(YSOLDE), 6, 1)
    assert events[0] == ev.HostileChoiceMade("target", D1, YSOLDE)
    assert ev.AttackMade(D1, YSOLDE, "Slag Gun", 5, "d6", [6], ["critical"], False, 0, 1) in events
    assert ev.DefenceRolled(YSOLDE, "d8", 1, "failure", "grievous") in events
    assert events[-1] == ev.HostileOrderTied("hela", [D2, D3])
    assert game.battle.tracks[YSOLDE].grievous == 1 and game.battle.tracks["pim-and-pell"].grievous == 0


def test_wrong_answers_to_a_target_choice_are_refused_and_change_nothing():
    game = one_drudge_ahead(passage("hela"))
    game.do(cmd.ActivateHostiles(GROUP), 5)
    offered = ["pell", "pim", YSOLDE]
    not_offered = game.refused(cmd.PickTarget(D2))
    assert (not_offered.code, not_offered.rule, not_offered.params) == ("option_not_offered", MOVES, {"option": D2, "kind": "target", "options": offered})
    other_kind = game.refused(cmd.PickHex(0, 0))
    assert (other_kind.code, other_kind.params) == ("not_this_choice", {"kind": "hex", "waiting_for": "target", "options": offered})
    assert game.refused(cmd.PickHostile(D2)).params == {"kind": "next_hostile", "waiting_for": "target", "options": offered}
    assert game.refused(cmd.ActivateHostiles(GROUP)).code == "group_activating"
    assert game.refused(cmd.ResumeHostiles(GROUP)).code == "group_not_paused"


def test_a_pick_with_nothing_pending_is_refused():
    game = passage("hela")
    assert game.refused(cmd.PickTarget("pim")).code == "nothing_pending"
    assert game.refused(cmd.PickHex(3, 0)).code == "nothing_pending"


def test_the_hostile_player_picks_the_hex_a_move_ends_in_among_equally_good_ones():
    """HOSTILE MOVEMENT AND ATTACKS: from (1, 0) towards the explorers at (-4, 0), two moves of 3
    enter only closer hexes, neither in cover: ending at (-2, 1) or at (-1, -1). Picked
    (-1, -1), the Drudge goes there by (1, -1); Advance's attack finds no explorer in sight."""
    game = one_drudge(played_by(gallery()), Hex(1, 0))
    events = game.do(cmd.ActivateHostiles(GROUP), 13)
    assert events[-1] == ev.HostileChoiceAwaited("hela", "hex", D1, "move", ["-1,-1", "-2,1"], [["move", D1], ["attack", D1]])
    refused = game.refused(cmd.PickHex(0, 1))
    assert (refused.code, refused.params) == ("option_not_offered", {"option": "0,1", "kind": "hex", "options": ["-1,-1", "-2,1"]})
    events = game.do(cmd.PickHex(-1, -1))
    assert events[:2] == [ev.HostileChoiceMade("hex", D1, "-1,-1"), ev.Moved(D1, [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, -1)])]
    assert events[-1] == ev.ActivationEnded(GROUP, []) and game.at(D1) == Hex(-1, -1)


def test_the_workers_take_the_lowest_explorer_and_the_lowest_hexes_in_the_same_scene():
    """The workers' rule (docs/blackstone-rules-notes.md): at each hex the lowest (q, r), so by
    (0, 1) to (-2, 1); no choice is offered."""
    game = one_drudge(gallery(), Hex(1, 0))
    events = game.do(cmd.ActivateHostiles(GROUP), 13)
    assert events[-2:] == [ev.Moved(D1, [Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-2, 1)]), ev.ActivationEnded(GROUP, [])]


def test_the_hostile_player_picks_where_a_reinforcement_deploys():
    """REINFORCEMENTS: the whole group slain, a 3 returns 2; next to the portal (3, 1), (2, 1)
    and (3, 0) are equally close to the explorers. Picked (3, 0), the Drudge deploys there and
    then attacks the closest explorer it sees (a target choice again)."""
    game = passage("hela")
    for mini in (D1, D2, D3):
        game.patch(mini, slain=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 3)
    waiting = [["deploy", D1], ["arrive", D1], ["deploy", D2], ["arrive", D2]]
    assert events[-1] == ev.HostileChoiceAwaited("hela", "hex", D1, "deploy", ["2,1", "3,0"], waiting)
    assert game.refused(cmd.PickHex(2, 0)).rule == "blackstone-fortress.md#REINFORCEMENTS"
    events = game.do(cmd.PickHex(3, 0))
    assert events[:2] == [ev.HostileChoiceMade("hex", D1, "3,0"), ev.HostileDeployed(D1, "Ashen Drudge", 1, 3, 0)]
    assert events[-1] == ev.HostileChoiceAwaited("hela", "target", D1, "arrive", ["pell", "pim", YSOLDE], waiting[1:])


def test_the_workers_deploy_a_reinforcement_in_the_lowest_of_equal_hexes():
    """The workers take (2, 1); the second joins it, closest to its group (REINFORCEMENTS)."""
    game = passage()
    for mini in (D1, D2, D3):
        game.patch(mini, slain=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 3)
    assert [e for e in events if isinstance(e, ev.HostileDeployed)] == [ev.HostileDeployed(D1, "Ashen Drudge", 1, 2, 1), ev.HostileDeployed(D2, "Ashen Drudge", 1, 2, 1)]


def test_the_hostile_player_picks_where_a_sneak_ends_among_equally_close_unseen_hexes():
    """HOSTILE ACTIONS, Sneak: a Glass Mite at (3, 0) (a 1: visible -> sneak) can stay or step
    behind the wall to (2, 1), both as close to the explorers; picked (2, 1)."""
    game = passage("hela")
    game.patch(D1, name="Glass Mite")
    game.patch(D2, at=Hex(3, 1))
    game.patch(D3, at=Hex(3, 1))
    events = game.do(cmd.ActivateHostiles(GROUP), 1)
    assert events[-1] == ev.HostileChoiceAwaited("hela", "hex", D1, "sneak", ["2,1", "3,0"], [["sneak", D1]])
    events = game.do(cmd.PickHex(2, 1))
    assert events[:2] == [ev.HostileChoiceMade("hex", D1, "2,1"), ev.Moved(D1, [Hex(3, 0), Hex(2, 1)])]


def test_the_hostile_player_picks_among_adjacent_explorers_for_a_charge():
    """HOSTILE ACTIONS, Charge: "an explorer that is adjacent and visible": any of them."""
    game = one_drudge(passage("hela"), Hex(3, 0))
    game.patch(D1, name="Chain Brute", size="large")
    game.patch(YSOLDE, at=Hex(2, 0))
    game.patch("pim", at=Hex(2, 1))
    events = game.do(cmd.ActivateHostiles(GROUP), 3)
    assert events[-1] == ev.HostileChoiceAwaited("hela", "target", D1, "charge_attack", ["pim", YSOLDE], [["charge_attack", D1]])


def test_the_hostile_player_picks_the_deployment_hexes_at_battlefield_creation():
    """BATTLEFIELD CREATION: the hostile player deploys, in cover from the explorers where they
    can: next to marker 1 (3, 0) four hexes are in cover; the creation waits for each Drudge's
    hex (the turn may not start meanwhile), then the next."""
    game = Game("sunken-passage", "Ysolde Marr", hostile_player="hela")
    in_cover = ["2,0", "2,1", "3,0", "3,1"]
    drudges = [[1, "Ashen Drudge", 0]] * 3
    assert game.events[-1] == ev.DeploymentChoiceAwaited("hela", D1, "Ashen Drudge", 1, in_cover, drudges, [])
    started = game.refused(cmd.StartTurn())
    assert (started.code, started.rule, started.params) == ("choice_pending", "blackstone-fortress.md#BATTLEFIELD CREATION", {"who": "hela", "kind": "hex", "options": in_cover})
    assert game.refused(cmd.PlaceExplorer(YSOLDE, q=-1, r=0)).code == "choice_pending"
    outside = game.refused(cmd.PickHex(1, 0))
    assert (outside.code, outside.params) == ("option_not_offered", {"option": "1,0", "kind": "hex", "options": in_cover})
    assert game.do(cmd.PickHex(2, 1)) == [ev.HostileDeployed(D1, "Ashen Drudge", 1, 2, 1), ev.DeploymentChoiceAwaited("hela", D2, "Ashen Drudge", 1, in_cover, drudges[1:], [])]
    game.do(cmd.PickHex(2, 1))
    assert game.do(cmd.PickHex(3, 1)) == [ev.HostileDeployed(D3, "Ashen Drudge", 1, 3, 1)]
    assert (game.at(D1), game.at(D2), game.at(D3), game.battle.deployment) == (Hex(2, 1), Hex(2, 1), Hex(3, 1), None)
    assert game.refused(cmd.PickHex(3, 0)).code == "nothing_pending"
    game.start((1, 2, 3, 4, 5), {YSOLDE: (5, 4, 2, 1)}, (1,))
    assert game.battle.phase == "activation"


def two_guns(game: Game) -> Game:
    """The Drudges' profile with a second gun that also reaches 5 hexes: an Ash Spitter (1 d8)."""
    drudge = game.battle.hostiles["Ashen Drudge"]
    spitter = msgspec.structs.replace(drudge.weapons[0], name="Ash Spitter", bands=(msgspec.structs.replace(drudge.weapons[0].bands[0], min=3, max=6, die="d8"),))
    hostiles = {**game.battle.hostiles, "Ashen Drudge": msgspec.structs.replace(drudge, weapons=(*drudge.weapons, spitter))}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, hostiles=hostiles))
    return game


def test_the_hostile_player_picks_the_weapon_when_two_reach():
    """HOSTILE MOVEMENT AND ATTACKS, "a weapon it carries": after the target (Ysolde) the pick of
    the weapon waits, the target kept; the Ash Spitter's d8 rolls an 8: a critical."""
    game = two_guns(one_drudge_ahead(passage("hela")))
    game.do(cmd.ActivateHostiles(GROUP), 5)
    events = game.do(cmd.PickTarget(YSOLDE))
    assert events == [ev.HostileChoiceMade("target", D1, YSOLDE), ev.HostileChoiceAwaited("hela", "weapon", D1, "aim", ["Ash Spitter", "Slag Gun"], [["aim", D1]], {"target": YSOLDE})]
    assert game.refused(cmd.PickWeapon("Rusted Hook")).params == {"option": "Rusted Hook", "kind": "weapon", "options": ["Ash Spitter", "Slag Gun"]}
    events = game.do(cmd.PickWeapon("Ash Spitter"), 8, 1)
    assert ev.AttackMade(D1, YSOLDE, "Ash Spitter", 5, "d8", [8], ["critical"], False, 0, 1) in events
    assert game.battle.tracks[YSOLDE].grievous == 1


def test_the_workers_attack_with_the_first_weapon_listed_that_reaches():
    game = two_guns(one_drudge_ahead(passage()))
    events = game.do(cmd.ActivateHostiles(GROUP), 5, 1, 1, 1)
    assert [(e.target, e.weapon) for e in events if isinstance(e, ev.AttackMade)] == [("pell", "Slag Gun")]
