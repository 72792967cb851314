"""Hostile groups' activations with manual dice (blackstone-fortress.md#HOSTILE ACTIONS,
#HOSTILE ACTIVATIONS, #HOSTILE MOVEMENT AND ATTACKS, #BASIC HOSTILE ACTIONS, #REINFORCEMENTS,
#ATTACKS Stunned, #EXPLORER DEFENSE ROLLS); the workers' AI function and the hostile player."""

from __future__ import annotations

import msgspec

from domain.contract import Setup
from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import ai, hostiles
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.setup import Options, setup
from tests.blackstone.game import CORE, Game, keep

GROUP = "group-1"
D1, D2, D3 = "ashen-drudge-1-1", "ashen-drudge-1-2", "ashen-drudge-1-3"


def passage(hostile_player: str = "") -> Game:
    """The sunken passage: the explorers in the maglev chamber at (-2, 0), three Ashen Drudges
    at (3, 0) behind the barrier, the portal at (3, 1); group 1's card first."""
    game = Game()
    if hostile_player:
        game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, hostile_player=hostile_player))
    game.start((2, 2, 5, 6, 1), {"pim-and-pell": (6, 5, 4, 1), "ysolde-marr": (3, 3, 2, 1)}, keep(3))
    assert game.battle.current == GROUP
    return game


def gallery() -> Game:
    """The broken gallery: explorers at (-4, 0); group 1 (3 Drudges) at (1, -1), group 2 (2 Glass
    Mites, a Scrap Wight) at (5, 1) behind a wall; the groups' cards first."""
    game = Game("broken-gallery")
    game.start((2, 2, 5, 6, 1), {"pim-and-pell": (6, 5, 4, 1), "ysolde-marr": (3, 3, 2, 1)}, (4, 3, 2))
    assert game.battle.order[:2] == (GROUP, "group-2")
    return game


def summary(events: list) -> list:
    """What a player reads of an activation: who activated, what each rolled and did."""
    out = []
    for e in events:
        if isinstance(e, ev.HostileActivated | ev.StoodUp):
            out.append((type(e).__name__, e.miniature))
        elif isinstance(e, ev.BehaviourChosen):
            out.append((e.face, e.action))
        elif isinstance(e, ev.Moved):
            out.append(("moved", tuple((h.q, h.r) for h in e.path)))
        elif isinstance(e, ev.AttackMade):
            out.append(("attack", e.target, e.range, e.faces, e.cover))
    return out


def test_the_group_activates_closest_first_each_rolling_its_behaviour():
    """HOSTILE ACTIVATIONS: the closest by the shortest route first; the worker takes equally
    close ones by the lowest id; each rolls the blackstone die; then the next card is up."""
    game = passage()
    game.patch(D3, at=Hex(2, 0))  # 4 hexes from the explorers, the others 5
    events = game.do(cmd.ActivateHostiles(GROUP), 1, 2, 3)
    assert summary(events) == [("HostileActivated", D3), (1, "hold"), ("HostileActivated", D1), (2, "hold"), ("HostileActivated", D2), (3, "hold")]
    assert [e.purpose for e in events if isinstance(e, DiceRolled)] == [f"behaviour roll: {m}" for m in (D3, D1, D2)]
    assert events[-1] == ev.ActivationEnded(GROUP, [])
    assert game.battle.current == "pim-and-pell" and game.battle.hostile_turn is None


def test_only_the_group_whose_card_is_up_activates_once():
    """HOSTILE ACTIONS: when the group's initiative card is reached."""
    game = passage()
    assert game.refused(cmd.ActivateHostiles("group-2")).code == "not_this_groups_turn"
    assert game.refused(cmd.ActivateHostiles("pim-and-pell")).code == "not_this_groups_turn"
    game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    assert game.refused(cmd.ActivateHostiles(GROUP)).params == {"card": GROUP, "current": "pim-and-pell"}


def test_aim_attacks_the_furthest_explorer_ignoring_cover():
    """HOSTILE ACTIONS, Aim; behaviour: 5 is the Drudge's row 4-12, whose first column (in range)
    applies. The twins at 5 hexes are furthest (Pell before Pim by id); the barrier is ignored."""
    game = passage()
    game.patch("ysolde-marr", at=Hex(0, 0))
    events = game.do(cmd.ActivateHostiles(GROUP), 5, 6, 1, 1, 1)
    assert summary(events)[1:3] == [(5, "aim"), ("attack", "pell", 5, [6], False)]
    assert ev.DefenceRolled("pim-and-pell", "d6", 1, "failure", "grievous") in events
    assert game.battle.tracks["pim-and-pell"].grievous == 1


def test_a_defence_roll_re_rolls_a_failure_once_for_a_point_when_chosen():
    """EXPLORER DEFENSE ROLLS with INSPIRATION (1 point a re-roll) and SETUP (once, the second
    result applies): the twins chose re-rolls; the Drudge's aimed critical, defended with a 1,
    re-rolled to a 6: negated; no points left, nothing more is re-rolled."""
    game = passage()
    game.patch("ysolde-marr", at=Hex(0, 0))
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks={**game.battle.tracks, "pim-and-pell": msgspec.structs.replace(game.battle.tracks["pim-and-pell"], inspiration=1)}))
    assert game.do(cmd.DefenceRerolls("pim-and-pell")) == [ev.DefenceRerollsChosen("pim-and-pell", True)]
    events = game.do(cmd.ActivateHostiles(GROUP), 5, 6, 1, 6, 1, 1)
    assert ev.Rerolled("pim-and-pell", [0], [1], [6]) in events and ev.InspirationSpent("pim-and-pell", 1, "re-roll") in events
    assert ev.DefenceRolled("pim-and-pell", "d6", 6, "critical", "negated") in events
    assert (game.battle.tracks["pim-and-pell"].grievous, game.battle.tracks["pim-and-pell"].inspiration) == (0, 0)


def test_onslaught_attacks_the_closest_twice_with_cover():
    """HOSTILE ACTIONS, Onslaught: the closest in range and visible (Ysolde, 4 hexes), twice;
    ATTACKS, Cover: behind the barrier a 6 is a success only."""
    game = passage()
    game.patch("ysolde-marr", at=Hex(-1, 0))
    events = game.do(cmd.ActivateHostiles(GROUP), 13, 6, 1, 2, 1, 1)
    assert summary(events)[1:4] == [(13, "onslaught"), ("attack", "ysolde-marr", 4, [6], True), ("attack", "ysolde-marr", 4, [2], True)]
    assert [e.outcomes for e in events if isinstance(e, ev.AttackMade)] == [["success"], ["failure"]]
    assert game.battle.tracks["ysolde-marr"].wounds == 1


def test_advance_moves_towards_the_closest_explorer_preferring_cover_then_attacks():
    """HOSTILE MOVEMENT AND ATTACKS: each hex entered closer; (0, -1) and (-1, -1) rather than
    the open hexes; then HOSTILE ACTIONS, Advance: the closest in range (Pell by id, 2 hexes)."""
    game = gallery()
    events = game.do(cmd.ActivateHostiles(GROUP), 13, 1, 1, 1)
    assert summary(events)[1:4] == [(13, "advance"), ("moved", ((1, -1), (0, -1), (-1, -1), (-2, 0))), ("attack", "pell", 2, [1], False)]
    assert game.at(D1) == Hex(-2, 0)


def test_charge_moves_a_second_time_when_no_explorer_is_adjacent():
    """HOSTILE ACTIONS, Charge: a Glass Mite (move 5) round the wall, then 5 more hexes."""
    game = gallery()
    game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    events = game.do(cmd.ActivateHostiles("group-2"), 9, 1, 1)
    assert summary(events)[1:4] == [
        (9, "charge"),
        ("moved", ((5, 1), (5, 0), (4, 0), (3, 0), (2, 0), (1, 0))),
        ("moved", ((1, 0), (0, 1), (-1, 1), (-2, 1), (-2, 0), (-3, 0))),
    ]


def test_charge_attacks_an_adjacent_visible_explorer():
    """HOSTILE ACTIONS, Charge: next to Ysolde after the move, it attacks (the mite's d8)."""
    game = gallery()
    game.patch("ysolde-marr", at=Hex(2, -1))
    game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    events = game.do(cmd.ActivateHostiles("group-2"), 9, 8, 1, 1, 1, 1)
    assert summary(events)[1:4] == [(9, "charge"), ("moved", ((5, 1), (5, 0), (4, 0), (3, 0), (2, 0))), ("attack", "ysolde-marr", 1, [8], False)]
    assert game.battle.tracks["ysolde-marr"].grievous == 1


def test_the_shards_twist_gives_hostiles_one_more_die_at_1_hex():
    """EVENT TABLE, Changing conditions: "Glass swarm"'s twist (hostile_extra_dice, 1 hex, 1 die):
    the charging mite next to Ysolde rolls 2 dice (8 and 2) instead of 1."""
    game = gallery()
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, twists=("glass-swarm",)))
    game.patch("ysolde-marr", at=Hex(2, -1))
    game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    events = game.do(cmd.ActivateHostiles("group-2"), 9, 8, 2, 1, 1, 1, 1, 1)
    assert summary(events)[3] == ("attack", "ysolde-marr", 1, [8, 2], False)
    assert game.battle.tracks["ysolde-marr"].grievous == 1


def test_the_second_column_applies_when_the_first_does_not():
    """HOSTILE ACTIVATIONS: a Glass Mite's 1-8 row reads "visible: sneak", else "advance"; Ysolde
    is out of its sight, so it advances."""
    game = gallery()
    game.patch("ysolde-marr", at=Hex(2, -2))
    game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    events = game.do(cmd.ActivateHostiles("group-2"), 1, 1, 1, 1, 1)
    assert summary(events)[1] == (1, "advance")


def test_sneak_ends_close_to_an_explorer_entering_no_seen_hex():
    """HOSTILE ACTIONS, Sneak: a Glass Mite that sees the explorers ends behind the wall at
    (2, 1), as close to Ysolde as it can get unseen."""
    game = passage()
    game.patch(D1, name="Glass Mite")
    game.patch("ysolde-marr", at=Hex(0, 1))
    events = game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    assert summary(events)[1:3] == [(1, "sneak"), ("moved", ((3, 0), (2, 1)))]
    assert Hex(2, 1) in hostiles.unseen_hexes(game.battle)


def test_fall_back_ends_unseen_when_it_can():
    """HOSTILE ACTIONS, Fall back: a wounded Rust Stalker (1-6: wounded -> fall back), twice its
    MOVE, ends behind the wall; no attack."""
    game = passage()
    game.patch(D1, name="Rust Stalker", size="large", damage=1)
    game.patch(D2, at=Hex(2, 1))  # as far as D1 by the shortest route; D1 goes first by id
    game.patch("ysolde-marr", at=Hex(0, 0))
    events = game.do(cmd.ActivateHostiles(GROUP), 1, 1, 1)
    assert summary(events)[1:3] == [(1, "fall_back"), ("moved", ((3, 0), (2, 1)))]


def test_a_stunned_hostile_stands_up_instead_of_rolling():
    """ATTACKS, Stunned: no behaviour roll for it (two faces for the other two)."""
    game = passage()
    game.patch(D1, stunned=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 1, 1)
    assert summary(events)[:3] == [("HostileActivated", D1), ("StoodUp", D1), ("HostileActivated", D2)]
    assert not game.battle.miniatures[D1].stunned


def brute_next_to_ysolde() -> Game:
    """Group 1's first Drudge made a Chain Brute (its flail stuns: 2 d12 at 1 hex), the other two
    off the battlefield, Ysolde next to it at (2, 0): it charges (3) and attacks her."""
    game = passage()
    game.patch(D1, name="Chain Brute", size="large")
    game.patch(D2, at=None)
    game.patch(D3, at=None)
    game.patch("ysolde-marr", at=Hex(2, 0))
    return game


def test_a_hostiles_stunning_weapon_stuns_the_explorer_it_wounds():
    """ATTACKS, Stunned: 5 a success (d12), Ysolde's d8 defence 1 a failure: 1 wound, she is
    laid down."""
    game = brute_next_to_ysolde()
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 1)
    assert summary(events)[1:3] == [(3, "charge"), ("attack", "ysolde-marr", 1, [5, 1], False)]
    assert ev.DefenceRolled("ysolde-marr", "d8", 1, "failure", "wound") in events
    assert events[events.index(ev.Wounded("ysolde-marr", 1, 0)) + 1] == ev.Stunned("ysolde-marr")
    assert game.battle.miniatures["ysolde-marr"].stunned and game.battle.tracks["ysolde-marr"].wounds == 1


def test_a_wound_the_defence_roll_negates_stuns_nobody():
    """EXPLORER DEFENSE ROLLS: a 4 on Ysolde's d8 negates the wound, so nothing wounded her."""
    game = brute_next_to_ysolde()
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 4)
    assert ev.DefenceRolled("ysolde-marr", "d8", 4, "success", "negated") in events
    assert not any(isinstance(e, ev.Stunned) for e in events) and not game.battle.miniatures["ysolde-marr"].stunned


def test_a_stunned_explorer_stunned_again_suffers_a_wound_with_a_defence_roll():
    """ATTACKS, Stunned: the second wound comes instead of the stun, and is defended (1: kept)."""
    game = brute_next_to_ysolde()
    game.patch("ysolde-marr", stunned=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 1, 1)
    assert [e for e in events if isinstance(e, ev.DefenceRolled | ev.Wounded | ev.Stunned)] == [
        ev.DefenceRolled("ysolde-marr", "d8", 1, "failure", "wound"),
        ev.Wounded("ysolde-marr", 1, 0),
        ev.DefenceRolled("ysolde-marr", "d8", 1, "failure", "wound"),
        ev.Wounded("ysolde-marr", 1, 0),
    ]
    assert game.battle.tracks["ysolde-marr"].wounds == 2


def test_reinforcements_return_next_to_a_portal_attack_and_do_not_activate():
    """HOSTILE ACTIONS, Reinforcement rolls; REINFORCEMENTS: 3 against a small slain hostile
    returns 2 (only 1 is slain); it deploys next to the portal (3, 1), closest to its group
    at (3, 0), attacks the closest explorer it sees in range, and is not activated this turn."""
    game = passage()
    game.patch(D2, slain=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 6, 1, 1, 1)
    assert ev.ReinforcementRolled(1, 3, "small", 2) in events
    assert ev.HostileDeployed(D2, "Ashen Drudge", 1, 3, 0) in events
    assert summary(events) == [("attack", "pell", 5, [6], True), ("HostileActivated", D1), (1, "hold"), ("HostileActivated", D3), (1, "hold")]
    assert game.battle.miniatures[D2].on_board and game.battle.tracks["pim-and-pell"].wounds == 1


def test_no_reinforcements_on_a_four_or_more():
    game = passage()
    game.patch(D2, slain=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 4, 1, 1)
    assert ev.ReinforcementRolled(1, 4, "small", 0) in events and not game.battle.miniatures[D2].on_board


def test_the_reinforcement_table():
    """REINFORCEMENTS: by the smallest slain size."""
    table = {size: [hostiles.REINFORCEMENTS[size].get(face, 0) for face in (1, 2, 3, 4, 20)] for size in hostiles.SIZES}
    assert table == {"small": [6, 4, 2, 0, 0], "large": [4, 2, 2, 0, 0], "huge": [1, 0, 0, 0, 0]}


# -- the workers and the hostile player ------------------------------------------------------------


def test_the_worker_activates_the_group_whose_card_is_up_once_a_turn():
    """The AI (README.md#ai-worker): one command per group card a turn, keyed by turn and card."""
    game = passage()
    command = ai.ai(game.state)
    assert command == cmd.ActivateHostiles(GROUP) and command.units() == ("hostile",)
    assert ai.ai_key(game.state, command) == "1:group-1"
    game.do(command, 1, 1, 1)
    assert ai.ai(game.state) is None  # the twins' card is up


def test_a_hostile_player_picks_among_equally_close_hostiles_and_the_worker_stays_idle():
    """HOSTILE ACTIVATIONS: several equally close, the hostile player picks (a pending choice)."""
    game = passage(hostile_player="hela")
    assert ai.ai(game.state) is None
    events = game.do(cmd.ActivateHostiles(GROUP))
    assert events[-1] == ev.HostileOrderTied("hela", [D1, D2, D3])
    assert game.battle.hostile_turn.pending.options == (D1, D2, D3)
    assert game.refused(cmd.PickHostile("pim")).code == "option_not_offered"
    events = game.do(cmd.PickHostile(D2), 1)
    assert summary(events) == [("HostileActivated", D2), (1, "hold")] and events[-1] == ev.HostileOrderTied("hela", [D1, D3])
    game.do(cmd.PickHostile(D3), 1, 1)
    assert game.battle.current == "pim-and-pell" and game.battle.hostile_turn is None
    assert game.refused(cmd.PickHostile(D1)).code == "nothing_pending"


def test_the_hostile_player_option_reaches_the_battle():
    command = setup(Setup("en", Options(combat="sunken-passage", explorers="Ysolde Marr", hostile_player="hela"), {"core": CORE}))
    assert command.hostile_player == "hela"
