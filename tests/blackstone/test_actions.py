"""Explorer actions besides Move and weapons (blackstone-fortress.md#EXPLORER ACTIONS:
Recuperate, Search, Summon, Unique actions), stunned miniatures (#ATTACKS, Stunned) and
re-rolls bought with inspiration (#INSPIRATION, #SETUP), with manual dice."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game

TWINS, YSOLDE, KETTLE = "pim-and-pell", "ysolde-marr", "brother-kettle"
DRUDGE = "ashen-drudge-1-1"


def started(twins=(6, 5, 4, 1), ysolde=(5, 4, 2, 1)) -> Game:
    """Sunken passage: the twins activate, then Ysolde, then group 1 (three Drudges at (3, 0))."""
    game = Game()
    game.start((1, 2, 3, 4, 5), {TWINS: twins, YSOLDE: ysolde}, (1, 1))
    return game


def track(game: Game, unit: str, **changes) -> None:
    tracks = {**game.battle.tracks, unit: msgspec.structs.replace(game.battle.tracks[unit], **changes)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))


def test_recuperate_makes_a_vitality_roll_healing_wounds_but_not_grievous_ones():
    """Recuperate (1+); vitality d6: 4-5 heal 1, 6 heals up to 2; grievous wounds stay."""
    game = started()
    track(game, TWINS, wounds=1, grievous=1)
    events = game.do(cmd.Recuperate(TWINS, die=1), 6)
    assert events[0] == ev.DieSpent(TWINS, 1, False, "recuperate")
    assert events[-2:] == [ev.VitalityRolled(TWINS, "d6", 6, "critical"), ev.Healed(TWINS, 1)]
    assert (game.battle.tracks[TWINS].wounds, game.battle.tracks[TWINS].grievous) == (0, 1)
    assert game.do(cmd.Recuperate(TWINS, die=4), 3)[-1] == ev.VitalityRolled(TWINS, "d6", 3, "failure")


def test_search_on_a_discovery_marker_takes_a_card_and_the_marker():
    """Search (4+): in the marker's hex; not next to a visible hostile."""
    game = started()
    for n in (1, 2, 3):
        game.patch(f"ashen-drudge-1-{n}", slain=True)
    game.patch("pim", at=Hex(3, 0))
    assert game.refused(cmd.Search(TWINS, miniature="pim", die=1)).code == "die_too_low"
    assert game.do(cmd.Search(TWINS, miniature="pim", die=4)) == [ev.DieSpent(TWINS, 4, False, "search"), ev.DiscoveryTaken(TWINS, 1)]
    assert game.battle.markers == () and game.battle.tracks[TWINS].discoveries == 1


def test_search_without_a_marker_costs_three_inspiration_points_and_never_next_to_a_hostile():
    """Search (4+); INSPIRATION: 3 points to search a hex with no marker."""
    game = started()
    error = game.refused(cmd.Search(TWINS, miniature="pell", die=4))
    assert (error.code, error.params["q"], error.params["r"]) == ("no_discovery_marker", -2, 0)
    assert game.refused(cmd.Search(TWINS, miniature="pell", die=4, inspiration=True)).code == "not_enough_inspiration"
    track(game, TWINS, inspiration=4)
    events = game.do(cmd.Search(TWINS, miniature="pell", die=5, inspiration=True))
    assert events[1:] == [ev.InspirationSpent(TWINS, 3, "search"), ev.DiscoveryTaken(TWINS, 0)]
    assert game.battle.tracks[TWINS].inspiration == 1
    game.patch("ashen-drudge-1-2", at=Hex(-1, 0))
    error = game.refused(cmd.Search(TWINS, miniature="pell", die=6, inspiration=True))
    assert (error.code, error.params["hostiles"]) == ("hostile_adjacent", ["ashen-drudge-1-2"])


def test_summon_replaces_an_adjacent_portal_with_an_escape_chamber():
    """Summon (4+): the portal at (3, 1), from the hex next to it."""
    game = started()
    assert game.refused(cmd.Summon(TWINS, miniature="pell", die=4, q=3, r=1)).code == "no_portal_adjacent"
    game.patch("pell", at=Hex(2, 1))
    assert game.refused(cmd.Summon(TWINS, miniature="pell", die=1, q=3, r=1)).code == "die_too_low"
    assert game.do(cmd.Summon(TWINS, miniature="pell", die=5, q=3, r=1))[-1] == ev.EscapeChamberPlaced(3, 1, TWINS)
    assert (game.battle.portals, game.battle.escapes, game.battle.escape_called) == ((), (Hex(3, 1),), True)


def test_the_no_summon_twist_refuses_summon_citing_its_card():
    """EVENT TABLE, Changing conditions: "The colossus wakes"'s twist (no_summon) holds for the
    rest of the combat; Summon is refused naming the card, no die spent."""
    game = started()
    game.patch("pell", at=Hex(2, 1))
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, twists=("the-colossus-wakes",)))
    error = game.refused(cmd.Summon(TWINS, miniature="pell", die=5, q=3, r=1))
    assert (error.code, error.rule) == ("summon_forbidden", "blackstone-fortress.md#EVENT TABLE")
    assert error.params == {"card": "The colossus wakes", "twist": "The floor trembles: no explorer may Summon."}
    assert 5 in game.battle.tracks[TWINS].dice and game.battle.portals == (Hex(3, 1),)


def test_a_unique_action_with_extra_dice_adds_them_to_the_next_attack():
    """Unique actions: Ysolde's Steady Hands (4+): her next attack rolls 1 more die (content)."""
    game = started()
    game.do(cmd.EndActivation(TWINS))
    assert game.refused(cmd.Unique(YSOLDE, action="Steady Hands", die=2)).code == "die_too_low"
    assert game.refused(cmd.Unique(YSOLDE, action="Dance", die=4)).code == "no_such_action"
    assert game.do(cmd.Unique(YSOLDE, action="Steady Hands", die=4))[-1] == ev.UniqueActionTaken(YSOLDE, "Steady Hands", "extra_dice", 1)
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 1, 2, 3)  # 5 hexes: 2 d8 and the extra one
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert made.faces == [1, 2, 3] and game.battle.tracks[YSOLDE].bonus_dice == 0


def test_a_unique_action_that_heals():
    """Unique actions: Brother Kettle's Litany of Mending (5+) takes 1 wound off his card."""
    game = Game(explorers="Brother Kettle")
    game.start((1, 2, 3, 4, 5), {KETTLE: (5, 4, 2, 1)}, (2,))
    track(game, KETTLE, wounds=2)
    assert game.do(cmd.Unique(KETTLE, action="Litany of Mending", die=5))[-1] == ev.Healed(KETTLE, 1)
    assert game.battle.tracks[KETTLE].wounds == 1


def test_a_stunned_miniature_discards_a_die_to_stand_up_before_acting():
    """ATTACKS, Stunned: next activated, it discards an activation die to stand up."""
    game = started()
    game.patch("pim", stunned=True)
    assert game.refused(cmd.Move(TWINS, miniature="pim", die=4, q=-1, r=0)).code == "stunned"
    assert game.refused(cmd.StandUp(TWINS, miniature="pell", die=1)).code == "not_stunned"
    assert game.do(cmd.StandUp(TWINS, miniature="pim", die=1)) == [ev.DieSpent(TWINS, 1, False, "stand up"), ev.StoodUp("pim")]
    game.do(cmd.Move(TWINS, miniature="pim", die=4, q=-1, r=0))
    assert game.at("pim") == Hex(-1, 0) and game.battle.tracks[TWINS].dice == (6, 5)


def baton() -> Game:
    """Ysolde alone, her card first, a Drudge (WOUNDS 2) next to her at (-1, 0)."""
    game = Game(explorers="Ysolde Marr")
    game.start((1, 2, 3, 4, 5), {YSOLDE: (5, 4, 2, 1)}, (1,))
    game.patch(DRUDGE, at=Hex(-1, 0))
    return game


def test_a_stunning_weapon_stuns_the_hostile_it_wounds():
    """ATTACKS, Stunned: the Shock Baton (stun, 2 d8 at 1 hex): 4 a success, 1 a failure;
    1 wound on the Drudge, which is laid down."""
    game = baton()
    events = game.do(cmd.Attack(YSOLDE, die=4, weapon="Shock Baton", target=DRUDGE), 4, 1)
    assert events[2:] == [ev.AttackMade(YSOLDE, DRUDGE, "Shock Baton", 1, "d8", [4, 1], ["success", "failure"], False, 1, 0), ev.Wounded(DRUDGE, 1, 0), ev.Stunned(DRUDGE)]
    assert game.battle.miniatures[DRUDGE].stunned and game.battle.miniatures[DRUDGE].damage == 1


def test_a_stunning_weapon_that_wounds_nothing_stuns_nothing():
    game = baton()
    events = game.do(cmd.Attack(YSOLDE, die=4, weapon="Shock Baton", target=DRUDGE), 3, 1)
    assert events[-1] == ev.AttackMade(YSOLDE, DRUDGE, "Shock Baton", 1, "d8", [3, 1], ["failure", "failure"], False, 0, 0)
    assert not game.battle.miniatures[DRUDGE].stunned


def test_a_stunned_hostile_stunned_again_suffers_a_wound_instead():
    """ATTACKS, Stunned: the stunned Drudge takes 1 wound from the hit and 1 instead of the
    stun: 2 damage, its WOUNDS, slain by Ysolde (2 towards her inspiration roll)."""
    game = baton()
    game.patch(DRUDGE, stunned=True)
    events = game.do(cmd.Attack(YSOLDE, die=4, weapon="Shock Baton", target=DRUDGE), 5, 2)
    assert events[3:] == [ev.Wounded(DRUDGE, 1, 0), ev.Wounded(DRUDGE, 1, 0), ev.Slain(DRUDGE, YSOLDE)]
    assert game.battle.miniatures[DRUDGE].damage == 2 and game.battle.tracks[YSOLDE].slain_wounds == 2


def test_a_weapon_without_stun_lays_nobody_down():
    """The Arc Carbine has no stun: the wounded Drudge stays up."""
    game = baton()
    events = game.do(cmd.Attack(YSOLDE, die=4, weapon="Arc Carbine", target=DRUDGE), 4, 1)
    assert events[-1] == ev.Wounded(DRUDGE, 1, 0) and not game.battle.miniatures[DRUDGE].stunned


def test_an_attack_re_rolls_its_failures_once_for_a_point_each():
    """INSPIRATION: 1 point a re-rolled action die; the second result applies (then cover)."""
    game = started()
    track(game, TWINS, inspiration=2)
    events = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=4, reroll=True), 3, 11)
    assert ev.InspirationSpent(TWINS, 1, "re-roll") in events and ev.Rerolled(TWINS, [0], [3], [11]) in events
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.faces, made.outcomes) == ([11], ["success"])
    assert game.battle.tracks[TWINS].inspiration == 1


def test_each_re_rolled_die_costs_a_point_and_the_re_roll_reads_what_it_re_rolls():
    """INSPIRATION: Ysolde's 1 and 2 (two d8, both failures) are re-rolled in one roll for 2 of
    her 3 points; the 8 and 4 stand (in cover: a success and a failure)."""
    game = started()
    game.do(cmd.EndActivation(TWINS))
    track(game, YSOLDE, inspiration=3)
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5, reroll=True), 1, 2, 8, 4)
    purpose = f"attack: {YSOLDE} with Arc Carbine at {DRUDGE}"
    rolled = [(e.purpose, e.rule, e.actor, e.unit, e.sides, e.results) for e in events if isinstance(e, DiceRolled)]
    attacks = "blackstone-fortress.md#ATTACKS"
    assert rolled == [(purpose, attacks, "host", YSOLDE, [8, 8], [1, 2]), (f"re-roll: {purpose}", attacks, "host", YSOLDE, [8, 8], [8, 4])]
    assert ev.InspirationSpent(YSOLDE, 2, "re-roll") in events and ev.Rerolled(YSOLDE, [0, 1], [1, 2], [8, 4]) in events
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.faces, made.outcomes, made.wounds) == ([8, 4], ["success", "failure"], 1)
    assert game.battle.tracks[YSOLDE].inspiration == 1


ACTIONS = "blackstone-fortress.md#EXPLORER ACTIONS"


def test_the_actions_refusals_name_the_miniature_the_hex_and_what_is_known():
    """EXPLORER ACTIONS: Search (not next to a hostile seen; a marker, else points), Summon (a
    portal next to the miniature, not two hexes away), unique actions by name; ATTACKS,
    Stunned: only a stunned miniature stands up."""
    game = started()
    assert game.refusal(cmd.Search(TWINS, miniature="pell", die=4)) == ("no_discovery_marker", ACTIONS, {"miniature": "pell", "q": -2, "r": 0})
    game.patch("ashen-drudge-1-2", at=Hex(-1, 0))
    assert game.refusal(cmd.Search(TWINS, miniature="pell", die=4)) == ("hostile_adjacent", ACTIONS, {"miniature": "pell", "hostiles": ["ashen-drudge-1-2"]})
    game.patch("ashen-drudge-1-2", at=Hex(3, 0))
    game.patch("pell", at=Hex(1, 1))  # two hexes from the portal at (3, 1)
    no_portal = ("no_portal_adjacent", ACTIONS, {"miniature": "pell", "q": 3, "r": 1, "portals": [[3, 1]]})
    assert game.refusal(cmd.Summon(TWINS, miniature="pell", die=4, q=3, r=1)) == no_portal
    assert game.refusal(cmd.StandUp(TWINS, miniature="pell", die=1)) == ("not_stunned", "blackstone-fortress.md#ATTACKS", {"miniature": "pell"})
    game.do(cmd.EndActivation(TWINS))
    assert game.refusal(cmd.Unique(YSOLDE, action="Dance", die=4)) == ("no_such_action", ACTIONS, {"action": "Dance", "known": ["Steady Hands"]})


def test_a_twin_next_to_the_searcher_does_not_stop_the_search():
    """EXPLORER ACTIONS, Search: only a hostile next to the miniature stops it; Pell is a friend."""
    game = started()
    for n in (1, 2, 3):
        game.patch(f"ashen-drudge-1-{n}", slain=True)
    game.patch("pim", at=Hex(3, 0))
    game.patch("pell", at=Hex(2, 0))
    assert game.do(cmd.Search(TWINS, miniature="pim", die=4, destiny=True)) == [ev.DieSpent(TWINS, 4, True, "search"), ev.DiscoveryTaken(TWINS, 1)]


def test_each_action_may_spend_a_destiny_die_named_for_the_action():
    """COMBAT, 3. Activation phase: destiny dice (1 to 5 here) pay for Recuperate (1+), Summon
    (4+) and a unique action (Steady Hands, 4+)."""
    game = started()
    game.patch("pell", at=Hex(2, 1))
    assert game.do(cmd.Recuperate(TWINS, die=1, destiny=True), 3)[0] == ev.DieSpent(TWINS, 1, True, "recuperate")
    assert game.do(cmd.Summon(TWINS, miniature="pell", die=5, destiny=True, q=3, r=1))[0] == ev.DieSpent(TWINS, 5, True, "summon")
    game.do(cmd.EndActivation(TWINS))
    assert game.do(cmd.Unique(YSOLDE, action="Steady Hands", die=4, destiny=True))[0] == ev.DieSpent(YSOLDE, 4, True, "Steady Hands")
    assert game.battle.destiny == (2, 3)


def test_a_stunned_miniature_cannot_recuperate_or_take_a_unique_action():
    """ATTACKS, Stunned: it stands up first, whether its explorer names it (Pim) or is it (Ysolde)."""
    game = started()
    game.patch("pim", stunned=True)
    assert game.refusal(cmd.Recuperate(TWINS, miniature="pim", die=1)) == ("stunned", "blackstone-fortress.md#ATTACKS", {"miniature": "pim"})
    game.do(cmd.EndActivation(TWINS))
    game.patch(YSOLDE, stunned=True)
    assert game.refusal(cmd.Unique(YSOLDE, action="Steady Hands", die=4)) == ("stunned", "blackstone-fortress.md#ATTACKS", {"miniature": YSOLDE})


def test_the_vitality_roll_re_rolls_a_failure_only_when_asked():
    """EXPLORER ACTIONS, Recuperate; INSPIRATION: with a point, a 2 (d6, a failure) stands
    unless the re-roll is asked; asked, the 5 heals a wound."""
    game = started()
    track(game, TWINS, inspiration=1, wounds=1)
    events = game.do(cmd.Recuperate(TWINS, die=1), 2)
    rolled = [(e.purpose, e.rule, e.actor, e.unit, e.sides) for e in events if isinstance(e, DiceRolled)]
    assert rolled == [(f"vitality roll: {TWINS}", ACTIONS, "host", TWINS, [6])]
    assert events[-1] == ev.VitalityRolled(TWINS, "d6", 2, "failure")
    events = game.do(cmd.Recuperate(TWINS, die=4, reroll=True), 2, 5)
    assert ev.Rerolled(TWINS, [0], [2], [5]) in events and events[-2:] == [ev.VitalityRolled(TWINS, "d6", 5, "success"), ev.Healed(TWINS, 1)]
    assert (game.battle.tracks[TWINS].inspiration, game.battle.tracks[TWINS].wounds) == (0, 0)
