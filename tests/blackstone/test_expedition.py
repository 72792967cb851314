"""An expedition (blackstone-fortress.md#SETUP, #EXPLORATION ROUNDS, #ENDING AN EXPEDITION): the
exploration deck dealt hidden, challenge cards played as their effects say, a combat card's
combat within the expedition, the recovery and leader steps, and the ways an expedition ends."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup, Viewer
from domain.errors import RuleError
from domain.events import DiceRolled
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.game import ai, ai_key, view
from domain.systems.blackstone.setup import Options, setup
from tests.blackstone.expedition import ExpeditionGame, faces_for
from tests.blackstone.game import CORE, ENCOUNTERS, Game, keep

PLAYER = Viewer("player", "ann", ("ysolde-marr",))


def test_set_up_deals_four_of_each_kind_and_no_reader_learns_which():
    """#SETUP: both decks shuffled, 4 of each dealt and shuffled together. The shuffles are
    hidden (cards listed sorted); the third shuffles positions, so no event names a dealt card."""
    game = ExpeditionGame(["silent-hall", "sunken-passage"])
    shuffles = game.of(DiceRolled)
    assert [s.purpose for s in shuffles] == ["shuffle the combat cards", "shuffle the challenge cards", "shuffle the exploration deck", "shuffle the discovery deck"]
    assert all(s.order is None for s in shuffles)
    assert {(s.rule, s.actor) for s in shuffles} == {("blackstone-fortress.md#SETUP", "host")}
    assert game.expedition.rules == "en"
    assert shuffles[2].deck == [f"challenge-{n}" for n in range(1, 5)] + [f"combat-{n}" for n in range(1, 5)]
    assert game.of(xev.ExplorationDealt) == [xev.ExplorationDealt(4, 4)]
    assert (game.expedition.combat_deck.draw_pile, game.expedition.challenge_deck.draw_pile) == ((), ())
    seen = view(game.expedition, PLAYER)
    assert seen.dealt == {} and len(seen.exploration.draw_pile) == 8
    assert seen.exploration.draw_pile == tuple(sorted(seen.exploration.draw_pile))
    assert (game.expedition.step, game.expedition.round, game.expedition.leader_player) == ("exploration", 1, "ann")


def test_an_expedition_sets_out_with_four_explorers_and_up_to_four_players():
    def refused(**options: str) -> RuleError:
        with pytest.raises(RuleError) as caught:
            setup(Setup("en", Options(mode="expedition", **options), {"core": CORE}))
        return caught.value

    short = refused(explorers="Ysolde Marr, Oskra Vey", players="ann")
    assert (short.code, short.rule, short.params) == ("expedition_party", "blackstone-fortress.md#SETUP", {"wanted": 4, "given": 2})
    party = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"
    hostile = refused(explorers=party, players="ann, bob", hostile_player="bob")
    assert (hostile.code, hostile.params) == ("bad_players", {"max": 4, "players": ["ann", "bob"], "hostile_player": "bob"})


def test_a_challenge_wounds_those_who_fail_their_agility_roll():
    """Crumbling ledge: each explorer's agility roll (d8, d6, d12, d12 as their cards say); a
    failure suffers 1 wound. Then recovery: vitality for the wounded, and the leader step."""
    game = ExpeditionGame(["crumbling-ledge"])
    events = game.do(xcmd.Explore(), 3, 4, 4, 11, actor="ann")
    assert events[0] == xev.ExplorationCardRevealed(1, "challenge", "crumbling-ledge")
    assert [(r.purpose, r.rule, r.actor) for r in events if isinstance(r, DiceRolled)] == [
        (f"agility roll: {x}", "blackstone-fortress.md#AGILITY ROLLS", "ann") for x in ("ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell")
    ]
    assert game.of(xev.AgilityRolled) == [
        xev.AgilityRolled("ysolde-marr", "d8", 3, False),
        xev.AgilityRolled("brother-kettle", "d6", 4, True),
        xev.AgilityRolled("oskra-vey", "d12", 4, False),
        xev.AgilityRolled("pim-and-pell", "d12", 11, True),
    ]
    assert game.of(xev.ChallengeWounds) == [xev.ChallengeWounds("ysolde-marr", 1, False), xev.ChallengeWounds("oskra-vey", 1, False)]
    assert game.expedition.step == "recovery"
    recovered = game.do(xcmd.Recover(), 6, 3, actor="ann")
    assert [(r.purpose, r.actor) for r in recovered if isinstance(r, DiceRolled)] == [("vitality roll: ysolde-marr", "ann"), ("vitality roll: oskra-vey", "ann")]
    assert game.of(ev.VitalityRolled) == [ev.VitalityRolled("ysolde-marr", "d6", 6, "critical"), ev.VitalityRolled("oskra-vey", "d8", 3, "failure")]
    assert game.of(xev.Recovered) == [xev.Recovered("ysolde-marr", 0, 1)]
    assert {k: t.wounds for k, t in game.expedition.explorers.items()} == {"ysolde-marr": 0, "brother-kettle": 0, "oskra-vey": 1, "pim-and-pell": 0}
    assert game.expedition.step == "leader"
    game.do(xcmd.PassLead(), actor="ann")
    assert game.of(xev.LeadPassed) == [xev.LeadPassed("bob", 2)]
    assert (game.expedition.step, game.expedition.leader_player, game.expedition.card) == ("exploration", "bob", None)


def test_a_success_draws_the_top_discovery_card():
    game = ExpeditionGame(["abandoned-cache"], ["null-cube", "scratched-map"])
    game.do(xcmd.Explore(), 8, 1, 1, 1, actor="ann")
    assert game.of(xev.DiscoveryDrawn) == [xev.DiscoveryDrawn("ysolde-marr", "null-cube")]
    assert game.expedition.found["ysolde-marr"] == ("null-cube",)
    assert "null-cube" not in game.expedition.discovery.draw_pile


def test_wounds_beyond_the_empty_spaces_put_an_explorer_out_of_action():
    """Toxic mist: 1 wound each, no roll; one with every space covered is out of action."""
    game = ExpeditionGame(["toxic-mist"])
    game.patch_explorer("oskra-vey", wounds=2, grievous=2)
    game.do(xcmd.Explore(), actor="ann")
    assert xev.ChallengeWounds("oskra-vey", 0, True) in game.of(xev.ChallengeWounds)
    assert game.of(xev.ChallengeWounds)[0] == xev.ChallengeWounds("ysolde-marr", 1, False)


def test_a_recovery_roll_at_or_under_the_grievous_wounds_kills_and_ends_the_expedition():
    """#EXPLORATION ROUNDS, 2. Recovery step; #ENDING AN EXPEDITION: an explorer died."""
    game = ExpeditionGame(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("oskra-vey", out_of_action=True, grievous=2)
    rolls = [e for e in game.do(xcmd.Recover(), 2, actor="ann") if isinstance(e, DiceRolled)]
    assert [(r.purpose, r.actor) for r in rolls] == [("recovery roll: oskra-vey", "ann")]
    assert game.of(ev.RecoveryRolled) == [ev.RecoveryRolled("oskra-vey", 2, 2, True)]
    assert game.of(xev.ExpeditionEnded) == [xev.ExpeditionEnded("death")]
    assert (game.expedition.dead, game.state.game.outcome) == (("oskra-vey",), "death")
    refused = game.refused(xcmd.Explore())
    assert (refused.code, refused.rule, refused.params) == ("expedition_over", "blackstone-fortress.md#ENDING AN EXPEDITION", {"outcome": "death"})


def test_a_combat_card_starts_the_combat_with_the_explorers_as_the_expedition_left_them():
    game = ExpeditionGame(["toxic-mist", "sunken-passage"])
    game.do(xcmd.Explore(), actor="ann")
    game.do(xcmd.Recover(), 1, 1, 1, 1, actor="ann")
    game.do(xcmd.PassLead(), actor="ann")
    events = game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="bob")
    assert events[0] == xev.ExplorationCardRevealed(2, "combat", "sunken-passage")
    assert isinstance(events[1], ev.BattleSetUp) and events[1].card.id == "sunken-passage"
    assert game.expedition.step == "combat"
    assert {k: t.wounds for k, t in game.battle.tracks.items()} == {"ysolde-marr": 1, "brother-kettle": 1, "oskra-vey": 1, "pim-and-pell": 1}
    wrong = game.refused(xcmd.PassLead())
    assert (wrong.code, wrong.rule, wrong.params) == ("not_this_step", "blackstone-fortress.md#EXPLORATION ROUNDS", {"step": "combat", "command": "PassLead"})


def test_a_combat_escaped_goes_on_to_the_recovery_step_with_its_wounds():
    game = ExpeditionGame(["sunken-passage"])
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    here = [m.at for m in game.battle.miniatures.values() if m.side == "explorer"]
    tracks = {**game.battle.tracks, "brother-kettle": msgspec.structs.replace(game.battle.tracks["brother-kettle"], wounds=2)}
    game.patch_combat(phase="event", escapes=tuple(here), tracks=tracks)
    events = game.do(cmd.RollEvent(), *keep(ENCOUNTERS))
    assert events[0] == ev.CombatEnded("escaped")
    assert game.expedition.step == "recovery" and game.expedition.explorers["brother-kettle"].wounds == 2
    game.do(xcmd.Recover(), 12, actor="ann")
    assert game.of(xev.Recovered) == [xev.Recovered("brother-kettle", 0, 2)]
    assert game.expedition.step == "leader"
    game.do(xcmd.PassLead(), actor="ann")
    assert (game.expedition.combat, game.expedition.card) == (None, None)


def test_all_out_of_action_at_the_end_of_a_combat_ends_the_expedition_after_recovery_rolls():
    game = ExpeditionGame(["sunken-passage"])
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    tracks = {k: msgspec.structs.replace(t, out_of_action=True, grievous=1) for k, t in game.battle.tracks.items()}
    game.patch_combat(phase="event", tracks=tracks)
    assert game.do(cmd.RollEvent(), *keep(ENCOUNTERS))[0] == ev.CombatEnded("defeat")
    game.do(xcmd.Recover(), 5, 5, 5, 5, 1, 1, 1, 1, actor="ann")
    assert [r.died for r in game.of(ev.RecoveryRolled)] == [False] * 4
    assert game.of(xev.ExpeditionEnded) == [xev.ExpeditionEnded("defeat")]


def test_only_the_leader_leads_and_each_step_waits_for_its_command():
    game = ExpeditionGame(["silent-hall"])
    early = game.refused(xcmd.Recover())
    assert (early.code, early.rule, early.params) == ("not_this_step", "blackstone-fortress.md#EXPLORATION ROUNDS", {"step": "exploration", "command": "Recover"})
    with pytest.raises(RuleError) as caught:
        game.do(xcmd.Explore(), actor="bob")
    assert (caught.value.code, caught.value.rule, caught.value.params) == ("not_the_leader", "blackstone-fortress.md#EXPLORATION ROUNDS", {"leader": "ann"})
    game.do(xcmd.EndExpedition())
    assert game.expedition.outcome == "agreed"


def test_legacy_cards_in_force_change_the_expedition():
    """Old wounds and the wights grow bold (the core pack's legacy cards), applied at set-up;
    a card taken out of a deck is not dealt."""
    game = ExpeditionGame(["silent-hall"], legacy=["old-wounds", "wights-grow-bold", "sealed-passage"])
    assert {t.wounds for t in game.expedition.explorers.values()} == {1}
    wight = next(h for h in game.expedition.content.hostiles if h.name == "Scrap Wight")
    assert wight.wounds == CORE.named("hostiles", "Scrap Wight").wounds + 1
    assert sorted(game.expedition.dealt) == ["challenge-1", "challenge-2", "challenge-3", "challenge-4", "combat-1", "combat-2", "combat-3"]
    assert "sunken-passage" not in game.expedition.dealt.values()


def test_the_workers_play_the_hostiles_of_the_combat_under_way_and_nothing_between_combats():
    """The sunken passage within an expedition: the initiative deck (group 1 and the four
    explorers) shuffled with group 1's card on top, so the worker activates it first, keyed by
    the round as well as the turn."""
    game = ExpeditionGame(["sunken-passage"])
    assert ai(game.state) is None
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    activation = [f for unit in sorted(game.battle.tracks) for f in (4, 3, 2, 1)]
    initiative = faces_for(sorted([*game.battle.tracks, "group-1"]), ["group-1"])
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, *activation, *initiative)
    game.do(cmd.BeginActivations())
    command = ai(game.state)
    assert command == cmd.ActivateHostiles("group-1")
    assert ai_key(game.state, command) == "round-1:1:group-1"


def test_a_lone_combat_takes_no_expedition_command():
    game = Game()
    refused = game.refused(xcmd.Explore())
    assert (refused.code, refused.rule, refused.params) == ("not_an_expedition", "blackstone-fortress.md#EXPLORATION ROUNDS", {"command": "Explore"})


def test_an_expedition_is_set_up_once_and_an_attack_needs_its_stronghold_drawn():
    """#SETUP happens once; #STRONGHOLDS: an attack sets out against the stronghold drawn."""
    game = ExpeditionGame(["silent-hall"])
    again = game.refused(game.command)
    assert (again.code, again.rule, again.params) == ("expedition_set_up", "blackstone-fortress.md#SETUP", {})

    def undrawn(command):  # noqa: ANN001, ANN202
        return msgspec.structs.replace(command, plan=msgspec.structs.replace(command.plan, kind=xcmd.STRONGHOLD, stronghold=None))

    with pytest.raises(RuleError) as caught:
        ExpeditionGame(["silent-hall"], carried=undrawn)
    assert (caught.value.code, caught.value.rule) == ("no_stronghold_drawn", "blackstone-fortress.md#STRONGHOLDS")


def test_a_combat_card_sets_up_its_combat_with_the_expeditions_rules_and_hostile_player():
    """#EXPLORATION ROUNDS, Combat cards: the battlefield set up by the leader who revealed it
    (her encounter shuffle), the hostile player of the expedition placing its hostiles
    (#BATTLEFIELD CREATION); set-up is not asked again."""
    game = ExpeditionGame(["sunken-passage"])
    game.patch_expedition(hostile_player="cal")
    events = game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    assert [(r.purpose, r.actor) for r in events if isinstance(r, DiceRolled)] == [("shuffle the encounter deck", "ann")]
    assert (game.battle.rules, game.battle.hostile_player) == ("en", "cal")
    assert game.battle.deployment.pending.who == "cal"
    again = game.refused(cmd.SetUpBattle(card=game.battle.card, chambers=[], explorers=[], hostiles=[], action_dice=[], encounter_cards=[]))
    assert (again.code, again.rule, again.params) == ("not_this_step", "blackstone-fortress.md#EXPLORATION ROUNDS", {"step": "combat", "command": "SetUpBattle"})


def test_a_search_in_a_combat_draws_one_card_from_the_expeditions_discovery_deck():
    """#EXPLORER ACTIONS, Search; #DISCOVERY MARKERS AND CARDS: the top discovery card of the
    expedition's deck goes to the twins, who searched with 3 inspiration points. The combat's
    commands roll as the member who sent them."""
    game = ExpeditionGame(["sunken-passage"], ["null-cube", "scratched-map"])
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    activation = [f for unit in sorted(game.battle.tracks) for f in (4, 3, 2, 1)]
    initiative = faces_for(sorted([*game.battle.tracks, "group-1"]), ["pim-and-pell"])
    started = game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, *activation, *initiative, actor="bob")
    assert {r.actor for r in started if isinstance(r, DiceRolled)} == {"bob"}
    game.do(cmd.BeginActivations())
    tracks = {**game.battle.tracks, "pim-and-pell": msgspec.structs.replace(game.battle.tracks["pim-and-pell"], inspiration=3)}
    game.patch_combat(tracks=tracks)
    events = game.do(cmd.Search("pim-and-pell", miniature="pell", die=4, inspiration=True))
    assert events[-2:] == [ev.DiscoveryTaken("pim-and-pell", 0), xev.DiscoveryDrawn("pim-and-pell", "null-cube")]
    assert game.expedition.found["pim-and-pell"] == ("null-cube",)
    assert game.expedition.discovery.draw_pile[0] == "scratched-map"


def test_after_the_last_card_of_an_expedition_the_rounds_go_on_and_only_ending_it_is_left():
    """#EXPLORATION ROUNDS: the recovery step after the last card finishes as any other (no
    stronghold is conquered on an expedition); the next leader has no card to reveal, so the
    players end it (#ENDING AN EXPEDITION)."""
    game = ExpeditionGame(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_expedition(exploration=msgspec.structs.replace(game.expedition.exploration, draw_pile=()))
    assert game.do(xcmd.Recover(), actor="ann") == [xev.RecoveryFinished(1)]
    game.do(xcmd.PassLead(), actor="ann")
    empty = game.refused(xcmd.Explore(), actor="bob")
    assert (empty.code, empty.rule, empty.params) == ("deck_too_small", "blackstone-fortress.md#EXPLORATION ROUNDS", {"deck": "exploration", "wanted": 1, "left": 0})
    assert game.do(xcmd.EndExpedition(), actor="bob") == [xev.ExpeditionEnded("agreed")]


def test_the_lead_passes_clockwise_round_three_players():
    """#EXPLORATION ROUNDS, 3. Leader step: ann, bob, cal, then ann again."""
    game = ExpeditionGame(["silent-hall", "toxic-mist", "crumbling-ledge"], players="ann, bob, cal")
    leaders = []
    for player in ("ann", "bob", "cal"):
        game.patch_expedition(step="leader")
        leaders.append(game.do(xcmd.PassLead(), actor=player))
    assert leaders == [[xev.LeadPassed("bob", 2)], [xev.LeadPassed("cal", 3)], [xev.LeadPassed("ann", 4)]]


def test_a_vitality_roll_uses_the_inspired_sides_die_and_heals_grievous_wounds_first():
    """#EXPLORATION ROUNDS, 2. Recovery step: Ysolde inspired rolls her d8 (her standard side's
    is a d6); an 8 is a critical success and heals 2: her grievous wound, then 1 of her 2
    wounds (#WOUNDS: outside a combat grievous wounds heal too)."""
    game = ExpeditionGame(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("ysolde-marr", inspired=True, wounds=2, grievous=1)
    events = game.do(xcmd.Recover(), 8, actor="ann")
    (roll,) = [e for e in events if isinstance(e, DiceRolled)]
    assert (roll.sides, roll.rule, roll.unit) == ([8], "blackstone-fortress.md#EXPLORATION ROUNDS", "ysolde-marr")
    assert events[1:3] == [ev.VitalityRolled("ysolde-marr", "d8", 8, "critical"), xev.Recovered("ysolde-marr", 1, 1)]
    assert (game.expedition.explorers["ysolde-marr"].wounds, game.expedition.explorers["ysolde-marr"].grievous) == (1, 0)
