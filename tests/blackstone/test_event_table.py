"""The event phase (blackstone-fortress.md#COMBAT, 4. Event phase; #EVENT PHASE) and every
row of the event table (#EVENT TABLE, 1 to 20), with manual dice; the leader's picks go through
ResolveEvent when there is more than one."""

from __future__ import annotations

import msgspec
import pytest

from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.kit.decks import order_of
from tests.blackstone.game import ENCOUNTERS, Game, keep

TWINS, YSOLDE = "pim-and-pell", "ysolde-marr"
D1, D2 = "ashen-drudge-1-1", "ashen-drudge-1-2"


def event_phase(**battle) -> Game:
    """Sunken passage, turn 1 played out: Ysolde and the twins at (-2, 0), three Drudges at (3, 0)."""
    game = Game()
    game.start((1, 2, 3, 4, 5), {TWINS: (6, 5, 4, 1), YSOLDE: (3, 3, 2, 1)}, (1, 1))
    change(game, phase="event", **battle)
    return game


def change(game: Game, **battle) -> None:
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, **battle))


def track(game: Game, unit: str, **changes) -> None:
    change(game, tracks={**game.battle.tracks, unit: msgspec.structs.replace(game.battle.tracks[unit], **changes)})


def test_1_all_is_dust_discards_a_discovery_marker():
    game = event_phase()
    assert game.do(cmd.RollEvent(), 1)[1:] == [ev.EventRolled(1, "all_is_dust"), ev.MarkerDiscarded(1)]
    assert game.battle.markers == () and game.battle.phase == "turn_over"


def test_1_all_is_dust_without_markers_costs_each_explorer_a_point_down_to_0():
    game = event_phase(markers=())
    track(game, TWINS, inspiration=2)
    assert game.do(cmd.RollEvent(), 1)[2:] == [ev.InspirationLost(TWINS, 1)]
    assert (game.battle.tracks[TWINS].inspiration, game.battle.tracks[YSOLDE].inspiration) == (1, 0)


@pytest.mark.parametrize("face", [2, 3])
def test_2_3_unfulfilled_destiny_skips_the_next_destiny_roll(face):
    game = event_phase()
    assert game.do(cmd.RollEvent(), face)[-1] == ev.DestinyForgone()
    events = game.do(cmd.StartTurn(), 6, 5, 4, 3, 2, 2, 1, 1, 1, 1)  # activation dice and the shuffle only
    assert not any(isinstance(e, ev.DestinyRolled) for e in events)
    assert game.battle.destiny == () and game.battle.no_destiny is False


def test_4_6_not_dead_yet_returns_a_slain_hostile_as_close_to_an_explorer_as_it_fits():
    game = event_phase()
    game.patch(D1, slain=True)
    game.patch(D2, slain=True)
    assert game.do(cmd.RollEvent(), 5)[-1] == ev.EventChoiceAwaited("not_dead_yet", [D1, D2])
    assert game.refused(cmd.ResolveEvent(pick="ashen-drudge-1-3")).code == "not_an_option"
    assert game.do(cmd.ResolveEvent(pick=D2)) == [ev.EventResolved("not_dead_yet", D2), ev.HostileReturned(D2, -2, 1)]
    drudge = game.battle.miniatures[D2]
    assert (drudge.at, drudge.slain, drudge.returned, game.battle.phase) == (Hex(-2, 1), False, True, "turn_over")


def test_7_10_changing_conditions_draws_an_encounter_card_and_keeps_its_twist():
    game = event_phase()
    twist = "Shards in the air: hostiles' attacks at 1 hex roll one more die."
    assert game.do(cmd.RollEvent(), 8)[2:] == [ev.EncounterDrawn(0, "glass-swarm"), ev.TwistDrawn("glass-swarm", twist)]
    assert game.battle.twists == ("glass-swarm",) and "glass-swarm" not in game.battle.encounter.draw_pile


def test_11_14_escape_chamber_has_no_effect_once_rolled_or_summoned():
    game = event_phase(escape_called=True)
    assert game.do(cmd.RollEvent(), 14)[1:] == [ev.EventRolled(14, "escape_chamber")]
    assert game.battle.portals == (Hex(3, 1),)


def test_11_14_escape_chamber_lets_the_leader_pick_among_equally_far_portals():
    """Furthest by route from the closest explorer (the wall makes (3, 1) 6 away, these 5)."""
    game = event_phase(portals=(Hex(2, 1), Hex(3, 0), Hex(0, 0)))
    assert game.do(cmd.RollEvent(), 11)[-1] == ev.EventChoiceAwaited("escape_chamber", ["2,1", "3,0"])
    assert game.do(cmd.ResolveEvent(pick="3,0"))[-1] == ev.EscapeChamberPlaced(3, 0, "event")


def test_15_17_inspiration_the_leader_picks_an_explorer_and_points_stop_at_4():
    game = event_phase()
    assert game.do(cmd.RollEvent(), 16)[-1] == ev.EventChoiceAwaited("inspiration", [YSOLDE, TWINS])
    assert game.do(cmd.ResolveEvent(pick=TWINS))[-1] == ev.InspirationGained(TWINS, 1)
    game = event_phase()
    track(game, TWINS, inspiration=4)
    game.do(cmd.RollEvent(), 15)
    assert game.do(cmd.ResolveEvent(pick=TWINS)) == [ev.EventResolved("inspiration", TWINS)]


def test_18_19_heroic_effort_brings_an_out_of_action_explorer_back_with_a_vitality_roll():
    game = event_phase()
    game._apply(ev.OutOfAction(YSOLDE))
    track(game, YSOLDE, wounds=4)
    events = game.do(cmd.RollEvent(), 18, 5)  # Ysolde's vitality d6: 5 heals 1
    assert [e for e in events if not type(e).__name__ == "DiceRolled"][1:] == [
        ev.BackInAction(YSOLDE),
        ev.MiniaturePlaced(YSOLDE, -2, 0),  # in the twins' hex
        ev.VitalityRolled(YSOLDE, "d6", 5, "success"),
        ev.Healed(YSOLDE, 1),
    ]
    assert not game.battle.tracks[YSOLDE].out_of_action and game.battle.tracks[YSOLDE].wounds == 3


def test_18_19_heroic_effort_with_nobody_out_of_action_is_a_vitality_roll():
    game = event_phase()
    assert game.do(cmd.RollEvent(), 19)[-1] == ev.EventChoiceAwaited("heroic_effort", [YSOLDE, TWINS])
    assert game.do(cmd.ResolveEvent(pick=TWINS), 2)[-1] == ev.VitalityRolled(TWINS, "d6", 2, "failure")


def test_20_lucky_find_the_picked_explorer_takes_a_discovery_card():
    game = event_phase()
    game.do(cmd.RollEvent(), 20)
    assert game.do(cmd.ResolveEvent(pick=YSOLDE))[-1] == ev.DiscoveryTaken(YSOLDE, 0)
    assert game.battle.tracks[YSOLDE].discoveries == 1


def test_the_combat_ends_when_every_explorer_is_out_of_action_and_the_encounter_cards_go_back():
    """EVENT PHASE: checked before the event roll, which is not made; the encounter cards drawn
    (at set-up and by a twist) are shuffled back into the hidden deck, and the twist ends."""
    game = event_phase()
    game.do(cmd.RollEvent(), 8)  # changing conditions: "glass-swarm" drawn, its twist in force
    change(game, phase="event")
    game._apply(ev.OutOfAction(YSOLDE))
    game._apply(ev.OutOfAction(TWINS))
    assert game.battle.encounter.discard_pile == ("ash-choir", "glass-swarm")  # at set-up, by the twist
    every_card = tuple(sorted(game.battle.encounter_cards))
    ended, shuffle = game.do(cmd.RollEvent(), *keep(ENCOUNTERS))
    assert ended == ev.CombatEnded("defeat") and game.battle.outcome == "defeat"
    assert (shuffle.purpose, shuffle.rule, shuffle.actor, shuffle.deck, shuffle.faces) == (
        "shuffle the encounter cards back into the deck", "blackstone-fortress.md#EVENT PHASE", "host", list(every_card), keep(ENCOUNTERS)
    )  # fmt: skip
    assert shuffle.order is None  # the deck stays hidden: its order shows when the seed is revealed
    assert (game.battle.encounter.draw_pile, game.battle.encounter.discard_pile, game.battle.twists) == (every_card, (), ())


def test_the_combat_ends_when_every_explorer_in_action_is_in_the_escape_chamber_and_the_battlefield_is_cleared():
    game = event_phase(escapes=(Hex(3, 1),), portals=())
    for mini, at in (("pim", Hex(2, 1)), ("pell", Hex(2, 1)), (YSOLDE, Hex(3, 1))):
        game.patch(mini, at=at)
    game.patch(YSOLDE, at=Hex(-2, 0))
    assert game.do(cmd.RollEvent(), 17)[1] == ev.EventRolled(17, "inspiration")  # Ysolde is not aboard
    game = event_phase(escapes=(Hex(3, 1),), portals=())
    for mini, at in (("pim", Hex(2, 1)), ("pell", Hex(2, 1)), (YSOLDE, Hex(3, 1))):
        game.patch(mini, at=at)
    ended, shuffle = game.do(cmd.RollEvent(), 1, 1, 1, 1, 1)
    assert ended == ev.CombatEnded("escaped") and shuffle.faces == [1, 1, 1, 1, 1]
    assert game.battle.encounter.draw_pile == order_of(shuffle) != tuple(sorted(game.battle.encounter_cards))
    battle = game.battle
    assert (battle.outcome, battle.markers, battle.escapes) == ("escaped", (), (Hex(3, 1),))
    assert all(m.at is None for m in battle.miniatures.values() if m.side == "hostile") and game.at(YSOLDE) == Hex(3, 1)
    assert game.refused(cmd.StartTurn()).code == "combat_over"


TABLE, COMBAT = "blackstone-fortress.md#EVENT TABLE", "blackstone-fortress.md#COMBAT"


def rolls(events: list) -> list[tuple]:
    return [(e.purpose, e.rule, e.actor, e.unit, e.sides) for e in events if isinstance(e, DiceRolled)]


def test_the_event_roll_and_the_leaders_pick_read_their_rule_and_options():
    """COMBAT, 4. Event phase; EVENT TABLE: the blackstone die, then the leader picks one of
    the explorers in action for 15-17; nothing to pick, or a pick not offered, is refused."""
    game = event_phase()
    assert game.refusal(cmd.ResolveEvent(pick=TWINS)) == ("no_event_to_resolve", TABLE, {"phase": "event"})
    events = game.do(cmd.RollEvent(), 16)
    assert rolls(events) == [("event roll", TABLE, "host", None, [20])]
    assert game.refusal(cmd.ResolveEvent(pick="nobody")) == ("not_an_option", TABLE, {"event": "inspiration", "pick": "nobody", "options": [YSOLDE, TWINS]})
    assert game.refusal(cmd.RollEvent(), 3) == ("not_event_phase", COMBAT, {"phase": "event_choice"})


def test_1_all_is_dust_takes_an_explorers_last_point():
    """EVENT TABLE, 1 without markers: Ysolde's only point goes, the twins have none to lose."""
    game = event_phase(markers=())
    track(game, YSOLDE, inspiration=1)
    assert game.do(cmd.RollEvent(), 1)[2:] == [ev.InspirationLost(YSOLDE, 1)]
    assert game.battle.tracks[YSOLDE].inspiration == 0


def test_7_10_changing_conditions_with_a_card_without_a_twist_draws_only_the_card():
    game = event_phase()
    encounter = game.battle.encounter
    change(game, encounter=msgspec.structs.replace(encounter, draw_pile=("iron-tread", *(c for c in encounter.draw_pile if c != "iron-tread"))))
    assert game.do(cmd.RollEvent(), 9)[2:] == [ev.EncounterDrawn(0, "iron-tread")]
    assert game.battle.twists == ()


def test_11_14_a_portal_no_explorer_can_reach_is_not_the_furthest():
    """EVENT TABLE, 11-14: the portal at (-1, 0), one hex from the explorers, is the furthest one
    they can reach; the one at (9, 9), off the battlefield's hexes, counts as none away."""
    game = event_phase(portals=(Hex(-1, 0), Hex(9, 9)))
    assert game.do(cmd.RollEvent(), 12)[2:] == [ev.EscapeChamberPlaced(-1, 0, "event")]


def test_4_6_not_dead_yet_returns_the_hostile_to_the_closest_hex_not_the_lowest():
    """EVENT TABLE, 4-6: the explorers at (1, 0); the slain Drudge comes back at (0, 0), one hex
    away (before (0, 1), (1, 1), (2, 0) by (q, r)), not at (-2, 0)."""
    game = event_phase()
    for mini in ("pim", "pell", YSOLDE):
        game.patch(mini, at=Hex(1, 0))
    game.patch(D1, slain=True)
    assert game.do(cmd.RollEvent(), 4)[2:] == [ev.HostileReturned(D1, 0, 0)]


def test_an_explorer_one_hex_outside_the_escape_chamber_has_not_escaped():
    """EVENT PHASE: the escape chamber is its hex and the hexes round it; Pim at (1, 1) is two
    hexes from (3, 1): the combat goes on, the event is rolled."""
    game = event_phase(escapes=(Hex(3, 1),), portals=())
    for mini, at in (("pim", Hex(1, 1)), ("pell", Hex(2, 1)), (YSOLDE, Hex(3, 1))):
        game.patch(mini, at=at)
    assert game.do(cmd.RollEvent(), 17)[1] == ev.EventRolled(17, "inspiration")


def test_18_19_heroic_effort_with_no_explorer_on_the_board_to_join_makes_the_vitality_roll_only():
    """EVENT TABLE, 18-19: Ysolde, out of action, comes back; the twins, in action, are off the
    board (a scene set for it): nowhere to set her down, so only her vitality roll (d6) follows."""
    game = event_phase()
    game._apply(ev.OutOfAction(YSOLDE))
    game.patch("pim", at=None)
    game.patch("pell", at=None)
    events = game.do(cmd.RollEvent(), 18, 2)
    assert events[1:3] == [ev.EventRolled(18, "heroic_effort"), ev.BackInAction(YSOLDE)]
    assert rolls(events)[1:] == [(f"vitality roll: {YSOLDE}", "blackstone-fortress.md#EXPLORER ACTIONS", "host", YSOLDE, [6])]
    assert events[-1] == ev.VitalityRolled(YSOLDE, "d6", 2, "failure")
    assert not game.battle.tracks[YSOLDE].out_of_action and game.at(YSOLDE) is None


def test_18_19_heroic_effort_picked_by_the_leader_rolls_for_the_explorer_picked():
    game = event_phase()
    game.do(cmd.RollEvent(), 19)
    events = game.do(cmd.ResolveEvent(pick=TWINS), 5)
    assert rolls(events) == [(f"vitality roll: {TWINS}", "blackstone-fortress.md#EXPLORER ACTIONS", "host", TWINS, [6])]


def test_18_19_heroic_efforts_vitality_roll_is_not_re_rolled():
    """EVENT TABLE, 18-19; INSPIRATION: nobody asked to re-roll the twins' 2, so their point stays."""
    game = event_phase()
    track(game, TWINS, inspiration=1)
    game.do(cmd.RollEvent(), 19)
    assert game.do(cmd.ResolveEvent(pick=TWINS), 2)[-1] == ev.VitalityRolled(TWINS, "d6", 2, "failure")
    assert game.battle.tracks[TWINS].inspiration == 1
