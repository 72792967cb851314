"""The combat's state after each event, as every reader sees it (evolve.py): what a new turn
resets, what the end of an activation, of the activation phase and of the combat clear, where
an explorer out of action leaves the initiative order, and the picks a hostile player is
waited for. Each event is folded on a scene set outside the rules."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled
from domain.kit import decks
from domain.kit.boards.hex import Hex
from domain.kit.choices import PendingChoice
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.evolve import evolve
from domain.systems.blackstone.state import Battle, HostileTurn, PendingEvent, Watch
from tests.blackstone.game import Game

replace = msgspec.structs.replace
TWINS, YSOLDE, DRUDGE = "pim-and-pell", "ysolde-marr", "ashen-drudge-1-1"


def mid_turn() -> Battle:
    """The sunken passage in turn 1's activation phase, every card showing what a turn leaves."""
    battle = Game().battle
    used = dict(dice=(6, 4), overwatch=(5,), destiny_spent=1, activated=True, slain_wounds=2, swapped=True, bonus_dice=1, free_rerolls=1, exhausted=("tide-seal",))
    tracks = {k: replace(t, **used) for k, t in battle.tracks.items()}
    return replace(battle, tracks=tracks, turn=1, phase="activation", order=(TWINS, "group-1", YSOLDE), next=2, destiny=(3,), gambits=True, no_destiny=True)


def test_a_new_turn_clears_every_card_and_the_initiative_track():
    """#COMBAT: a new turn rolls destiny and activation dice afresh; nothing of the last turn stays."""
    battle = evolve(mid_turn(), ev.TurnStarted(2))
    fresh = dict(dice=(), overwatch=(), destiny_spent=0, activated=False, slain_wounds=0, swapped=False, bonus_dice=0, free_rerolls=0, exhausted=())
    for track in battle.tracks.values():
        assert {k: getattr(track, k) for k in fresh} == fresh
    assert (battle.turn, battle.phase, battle.order, battle.next, battle.destiny, battle.gambits, battle.no_destiny) == (2, "initiative", (), 0, (), False, False)


def test_the_deal_starts_the_track_at_its_first_card():
    battle = evolve(mid_turn(), ev.InitiativeDealt([YSOLDE, "group-1", TWINS]))
    assert (battle.order, battle.next, battle.current) == ((YSOLDE, "group-1", TWINS), 0, YSOLDE)


def test_an_activation_ended_leaves_its_overwatch_dice_and_nothing_else():
    """#OVERWATCH: the dice put aside stay; the rest of the activation's dice and what it slew go."""
    battle = evolve(mid_turn(), ev.ActivationEnded(YSOLDE, [4]))
    ysolde = battle.tracks[YSOLDE]
    assert (ysolde.dice, ysolde.overwatch, ysolde.activated, ysolde.slain_wounds, ysolde.bonus_dice, ysolde.free_rerolls) == ((), (4,), True, 0, 0, 0)
    assert battle.tracks[TWINS].dice == (6, 4) and battle.next == 3


def test_the_event_phase_takes_every_die_left_on_the_cards():
    battle = evolve(mid_turn(), ev.EventPhaseStarted(1))
    assert {k: (t.dice, t.overwatch) for k, t in battle.tracks.items()} == {TWINS: ((), ()), YSOLDE: ((), ())}
    assert battle.phase == "event"


def test_an_explorer_out_of_action_leaves_the_track_and_the_next_card_stays_the_next():
    """#WOUNDS: its card leaves the combat track. Ysolde's card is next (position 2): the twins'
    card before it going out moves it to position 1; Ysolde going out leaves position 2 to the
    card after hers (none here); a card after the next one leaves the position alone."""
    before = evolve(mid_turn(), ev.OutOfAction(TWINS))
    assert (before.order, before.next, before.current) == (("group-1", YSOLDE), 1, YSOLDE)
    twins = before.tracks[TWINS]
    assert (twins.out_of_action, twins.dice, twins.overwatch) == (True, (), ())
    assert {before.miniatures[m].at for m in ("pim", "pell")} == {None}
    itself = evolve(mid_turn(), ev.OutOfAction(YSOLDE))
    assert (itself.order, itself.next, itself.current) == ((TWINS, "group-1"), 2, None)
    later = replace(mid_turn(), next=0)
    after = evolve(later, ev.OutOfAction(YSOLDE))
    assert (after.order, after.next, after.current) == ((TWINS, "group-1"), 0, TWINS)


def test_the_end_of_the_combat_clears_the_battlefield_and_every_wait():
    """#EVENT PHASE: hostiles, markers and portals go; no overwatch offer or event pick waits."""
    battle = replace(mid_turn(), watch=Watch(DRUDGE, (YSOLDE,)), pending=PendingEvent("heroic-effort", (YSOLDE,)), twists=("glass-swarm",))
    over = evolve(battle, ev.CombatEnded("victory"))
    assert (over.phase, over.outcome, over.markers, over.portals, over.watch, over.pending, over.twists) == ("over", "victory", (), (), None, None, ())
    assert {m.at for m in over.miniatures.values() if m.side == "hostile"} == {None}
    assert over.miniatures[YSOLDE].at == Hex(-2, 0)


def test_an_event_pick_made_clears_the_wait():
    battle = replace(mid_turn(), phase="event_choice", pending=PendingEvent("heroic-effort", (YSOLDE,)))
    done = evolve(battle, ev.EventResolved("heroic-effort", YSOLDE))
    assert (done.phase, done.pending) == ("turn_over", None)


def test_an_overwatch_die_spent_to_aim_leaves_the_explorer_waiting_to_answer():
    """#OVERWATCH: Ysolde answers the offer with one die (she no longer waits) and may aim with another first."""
    battle = replace(mid_turn(), watch=Watch(DRUDGE, (TWINS, YSOLDE)))
    aimed = evolve(battle, ev.OverwatchDieSpent(YSOLDE, 5, "aim"))
    assert (aimed.tracks[YSOLDE].overwatch, aimed.watch) == ((), Watch(DRUDGE, (TWINS, YSOLDE)))
    answered = evolve(battle, ev.OverwatchDieSpent(YSOLDE, 5, "weapon"))
    assert (answered.tracks[YSOLDE].overwatch, answered.watch) == ((), Watch(DRUDGE, (TWINS,)))


def test_a_hostile_back_from_the_dead_comes_back_whole():
    """#EVENT TABLE, Not dead yet: slain, wounded and stunned, the Drudge comes back unhurt, standing, in its group."""
    battle = mid_turn()
    battle = replace(battle, miniatures={**battle.miniatures, DRUDGE: replace(battle.miniatures[DRUDGE], slain=True, damage=4, stunned=True, at=None)})
    back = evolve(battle, ev.HostileReturned(DRUDGE, 2, 1)).miniatures[DRUDGE]
    assert (back.at, back.slain, back.damage, back.stunned, back.returned, back.group) == (Hex(2, 1), False, 0, False, True, 1)


def test_standing_up_and_coming_back_into_action_read_false():
    battle = mid_turn()
    battle = replace(battle, miniatures={**battle.miniatures, DRUDGE: replace(battle.miniatures[DRUDGE], stunned=True)})
    assert evolve(battle, ev.StoodUp(DRUDGE)).miniatures[DRUDGE].stunned is False
    battle = replace(battle, tracks={**battle.tracks, YSOLDE: replace(battle.tracks[YSOLDE], out_of_action=True)})
    assert evolve(battle, ev.BackInAction(YSOLDE)).tracks[YSOLDE].out_of_action is False


def test_the_hostile_players_picks_wait_with_what_they_are_for():
    """HOSTILE ACTIVATIONS: a group's activation, a tie between hostiles equally close, a pick
    made, a hostile done, a pause for overwatch and its end; battlefield creation's hex."""
    battle = evolve(mid_turn(), ev.HostileActivationBegun("group-1", 1, [DRUDGE, "ashen-drudge-1-2"]))
    assert battle.hostile_turn == HostileTurn("group-1", 1, (DRUDGE, "ashen-drudge-1-2"))
    tied = evolve(battle, ev.HostileOrderTied("hela", ["ashen-drudge-1-2", DRUDGE]))
    assert tied.hostile_turn.pending == PendingChoice("hela", "next_hostile", (DRUDGE, "ashen-drudge-1-2"), {"card": "group-1"})
    made = evolve(replace(tied, hostile_turn=replace(tied.hostile_turn, steps=(("move", DRUDGE),))), ev.HostileChoiceMade("next_hostile", DRUDGE, DRUDGE))
    assert (made.hostile_turn.pending, made.hostile_turn.steps) == (None, ())
    activated = evolve(tied, ev.HostileActivated(DRUDGE))
    assert (activated.hostile_turn.waiting, activated.hostile_turn.pending) == (("ashen-drudge-1-2",), None)
    paused = evolve(battle, ev.HostilesPaused([["attack", DRUDGE]]))
    assert (paused.hostile_turn.paused, paused.hostile_turn.steps, paused.hostile_turn.pauses) == (True, (("attack", DRUDGE),), 1)
    resumed = evolve(paused, ev.HostilesResumed("group-1"))
    assert (resumed.hostile_turn.paused, resumed.hostile_turn.steps, resumed.hostile_turn.pauses) == (False, (), 1)
    hex_wait = evolve(mid_turn(), ev.DeploymentChoiceAwaited("hela", "glass-mite-2-1", "Glass Mite", 2, ["5,1", "4,1"], [(2, "Glass Mite", 0)], []))
    assert hex_wait.deployment.pending == PendingChoice("hela", "hex", ("4,1", "5,1"), {"miniature": "glass-mite-2-1", "marker": "2"})
    assert (hex_wait.deployment.placements, hex_wait.deployment.markers) == (((2, "Glass Mite", 0),), ())


def test_set_up_starts_with_the_rules_and_an_empty_face_down_initiative_deck():
    battle = Game().battle
    assert (battle.rules, battle.initiative, battle.turn, battle.phase) == ("en", decks.Deck("initiative", (), hidden=True), 0, "deployment")


def test_only_the_encounter_decks_own_shuffles_reorder_it():
    """BATTLEFIELD CREATION, EVENT PHASE: the deck is shuffled at set-up and when the combat is
    over (the drawn cards back in); a shuffle of the same cards in between leaves it as it was."""
    battle = mid_turn()
    cards = sorted([*battle.encounter.draw_pile, *battle.encounter.discard_pile])
    shuffle = DiceRolled(0, None, "manual", [6, 5, 4, 3, 2], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], "shuffle", "blackstone-fortress.md#EVENT PHASE", "host", deck=cards)
    assert evolve(battle, shuffle).encounter == battle.encounter
    assert evolve(replace(battle, phase="over", encounter=replace(battle.encounter, discard_pile=())), shuffle).encounter.draw_pile == battle.encounter.draw_pile
    over = evolve(replace(battle, phase="over"), shuffle).encounter
    assert (sorted(over.draw_pile), over.discard_pile) == (cards, ()) and over.draw_pile != tuple(cards)
