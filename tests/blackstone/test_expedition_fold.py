"""The expedition's state as the players read it after each event (docs/blackstone-expedition-design.md):
who is in action after the recovery step (#EXPLORATION ROUNDS, 2. Recovery step), the cards each
explorer found, was given or discarded piling up, and what set-up carried in (the twins' two
miniatures, the hostile player, the legacy cards in force)."""

from __future__ import annotations

import msgspec

from domain.systems.blackstone import carry
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.content import PlayCard, PlayEffect
from tests.blackstone.expedition import ExpeditionGame, faces_for
from tests.blackstone.game import CORE, ENCOUNTERS, keep
from tests.blackstone.test_card_effects import carrying

KETTLE, YSOLDE = "brother-kettle", "ysolde-marr"


def kettle_out_of_action_after_an_escape(exploration: list[str]) -> ExpeditionGame:
    """The sunken passage's combat escaped by everyone but Kettle, out of action with a wound and
    a grievous wound; the recovery step is next."""
    game = ExpeditionGame(exploration)
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    battle = game.battle
    tracks = {**battle.tracks, KETTLE: msgspec.structs.replace(battle.tracks[KETTLE], out_of_action=True, wounds=1, grievous=1)}
    minis = {**battle.miniatures, KETTLE: msgspec.structs.replace(battle.miniatures[KETTLE], at=None)}
    escapes = tuple(m.at for m in minis.values() if m.side == "explorer" and m.at is not None)
    game.patch_combat(phase="event", escapes=escapes, tracks=tracks, miniatures=minis)
    assert game.do(cmd.RollEvent(), *keep(ENCOUNTERS))[0] == ev.CombatEnded("escaped")
    assert game.expedition.step == "recovery" and game.expedition.explorers[KETTLE].out_of_action is True
    return game


def test_an_explorer_who_survives_the_recovery_roll_is_back_in_action_for_the_next_challenge():
    """A 15 on the blackstone die beats Kettle's grievous wound; his vitality roll (6 on his d12)
    heals it. In the next round the crumbling ledge makes him roll agility with the others."""
    game = kettle_out_of_action_after_an_escape(["sunken-passage", "crumbling-ledge"])
    game.do(xcmd.Recover(), 15, 6, actor="ann")
    assert game.of(ev.RecoveryRolled) == [ev.RecoveryRolled(KETTLE, 15, 1, False)]
    kettle = game.expedition.explorers[KETTLE]
    assert (kettle.out_of_action, kettle.wounds, kettle.grievous) == (False, 1, 0)
    assert {r.unit: r.ended for r in carry.carry_out(game.expedition)}[KETTLE] == "standing"
    game.do(xcmd.PassLead(), actor="ann")
    game.do(xcmd.Explore(), 5, 5, 5, 11, actor="bob")
    assert [r.unit for r in game.of(xev.AgilityRolled)] == [YSOLDE, KETTLE, "oskra-vey", "pim-and-pell"]


def test_an_explorer_who_dies_in_the_recovery_roll_stays_out_of_action_and_ends_the_expedition():
    """#ENDING AN EXPEDITION: a 1 is under Kettle's grievous wound: dead."""
    game = kettle_out_of_action_after_an_escape(["sunken-passage"])
    game.do(xcmd.Recover(), 1, actor="ann")
    assert game.of(ev.RecoveryRolled) == [ev.RecoveryRolled(KETTLE, 1, 1, True)]
    assert game.expedition.explorers[KETTLE].out_of_action is True and game.expedition.dead == (KETTLE,)
    assert (game.expedition.step, game.expedition.outcome) == ("ended", "death")
    assert {r.unit: r.ended for r in carry.carry_out(game.expedition)}[KETTLE] == "dead"


def test_discovery_cards_found_in_two_rounds_pile_up_in_the_finders_hands():
    """Abandoned cache, then hidden alcove: Ysolde's agility succeeds both times (7 on her d8),
    the others' fail; she draws the null cube, then the glass key."""
    game = ExpeditionGame(["abandoned-cache", "hidden-alcove"], ["null-cube", "glass-key"])
    game.do(xcmd.Explore(), 7, 1, 1, 1, actor="ann")
    game.do(xcmd.Recover(), actor="ann")
    game.do(xcmd.PassLead(), actor="ann")
    game.do(xcmd.Explore(), 7, 1, 1, 1, actor="bob")
    assert game.of(xev.DiscoveryDrawn) == [xev.DiscoveryDrawn(YSOLDE, "null-cube"), xev.DiscoveryDrawn(YSOLDE, "glass-key")]
    assert game.expedition.found[YSOLDE] == game.expedition.held[YSOLDE] == ("null-cube", "glass-key")
    assert game.expedition.found[KETTLE] == game.expedition.held[KETTLE] == ()


def test_a_card_given_joins_those_the_receiver_holds():
    """#RESOURCE CARDS, the leader step: Kettle holds the glass key; Ysolde gives him the null cube."""
    game = ExpeditionGame(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_found(**{YSOLDE: ("null-cube", "scratched-map"), KETTLE: ("glass-key",)})
    game.do(xcmd.Recover(), actor="ann")
    game.do(xcmd.GiveCards(YSOLDE, KETTLE, ["null-cube"]), actor="ann")
    assert game.expedition.held == {YSOLDE: ("scratched-map",), KETTLE: ("glass-key", "null-cube"), "oskra-vey": (), "pim-and-pell": ()}


def test_two_cards_discarded_by_one_explorer_both_go_back():
    """#RESOURCE CARDS: Ysolde uses her field dressing and her votive flask in one activation;
    both leave her for their spacecraft's deck."""
    game = carrying(["sunken-passage"], **{YSOLDE: ["field-dressing", "votive-flask"]})
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    activation = [f for _unit in sorted(game.battle.tracks) for f in (5, 4, 2, 1)]
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, *activation, *faces_for(sorted([*game.battle.tracks, "group-1"]), [YSOLDE]))
    game.do(cmd.BeginActivations())
    game.patch_combat(tracks={**game.battle.tracks, YSOLDE: msgspec.structs.replace(game.battle.tracks[YSOLDE], wounds=1)})
    game.do(cmd.UseCard(YSOLDE, card="field-dressing"))
    game.do(cmd.UseCard(YSOLDE, card="votive-flask"))
    assert game.expedition.discarded == {YSOLDE: ("field-dressing", "votive-flask")} and game.expedition.resources[YSOLDE] == ()


def test_an_exhausted_card_used_in_the_recovery_step_stays_with_its_holder():
    """#RESOURCE CARDS: a card the table reads (kind none), exhausted when used: used in the
    recovery step, Ysolde keeps it; nothing goes back to a deck."""
    charm = PlayCard("lucky-charm", "Lucky charm", "resource", "exhausted", PlayEffect("none"))
    game = ExpeditionGame(["crumbling-ledge"])
    game.patch_expedition(content=msgspec.structs.replace(game.expedition.content, cards={**game.expedition.content.cards, charm.id: charm}), resources={**game.expedition.resources, YSOLDE: (charm.id,)})
    game.do(xcmd.Explore(), 3, 4, 4, 11, actor="ann")
    assert game.do(xcmd.UseRecoveryCard(YSOLDE, charm.id), actor="ann") == [ev.CardUsed(YSOLDE, charm.id, "exhausted", "none", 0)]
    assert game.expedition.resources[YSOLDE] == (charm.id,) and game.expedition.discarded == {}


def test_set_up_gives_each_explorer_its_miniatures_and_keeps_the_hostile_player_and_legacy():
    """#SETUP: the twins' card commands two miniatures; the hostile player and the legacy cards
    in force are the expedition's, and its combats'."""

    def hostile(command):  # noqa: ANN001, ANN202
        return msgspec.structs.replace(command, plan=msgspec.structs.replace(command.plan, hostile_player="cal"))

    legacy = ["old-wounds", "wights-grow-bold"]
    game = ExpeditionGame(["sunken-passage"], legacy=legacy, carried=hostile)
    expedition = game.expedition
    assert {k: t.miniatures for k, t in expedition.explorers.items()} == {YSOLDE: (YSOLDE,), KETTLE: (KETTLE,), "oskra-vey": ("oskra-vey",), "pim-and-pell": ("pim", "pell")}
    assert expedition.hostile_player == "cal"
    assert expedition.legacy == tuple(CORE.named("legacy_cards", c) for c in legacy)
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    assert game.battle.hostile_player == "cal"
