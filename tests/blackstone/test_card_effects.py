"""The core pack's resource and artefact cards beyond healing, inspiration and attack dice
(blackstone-fortress.md#RESOURCE CARDS): an ally healed, a hostile pushed, cover ignored,
cheaper weapon actions, larger defence and vitality dice, and a card used in the recovery step
of an exploration round (#EXPLORATION ROUNDS, 2. Recovery step); with manual dice."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError

from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone import card_kinds
from domain.systems.blackstone.card_kinds import larger_die
from domain.systems.blackstone.setup import Options, setup
from tests.blackstone.expedition import ExpeditionGame
from tests.blackstone.game import CORE
from tests.blackstone.test_actions import DRUDGE, TWINS, YSOLDE, started, track
from tests.blackstone.test_cards import CARDS, attack, holding, ysolde_up
from tests.blackstone.test_hostiles import D1, GROUP, brute_next_to_ysolde

OSKRA = "oskra-vey"


def test_a_heal_ally_card_heals_an_explorer_next_to_the_holder_not_the_holder():
    """Surgeon's kit (exhausted, 1 wound): Pell steps next to Ysolde; the twins' 2 wounds
    become 1. Ysolde herself, or nobody next to her, is refused."""
    game = ysolde_up()
    holding(game, YSOLDE, "surgeon-kit", wounds=1)
    game.patch("pim", at=Hex(0, 0))
    game.patch("pell", at=Hex(0, 0))
    error = game.refused(cmd.UseCard(YSOLDE, card="surgeon-kit", target=TWINS))
    assert (error.code, error.rule, error.params) == ("no_adjacent_ally", "blackstone-fortress.md#RESOURCE CARDS", {"unit": YSOLDE, "card": "Surgeon's kit", "target": TWINS})
    assert game.refused(cmd.UseCard(YSOLDE, card="surgeon-kit", target=YSOLDE)).code == "no_adjacent_ally"
    game.patch("pell", at=Hex(-1, 0))
    assert game.refused(cmd.UseCard(YSOLDE, card="surgeon-kit", target=TWINS)).code == "nothing_to_heal"
    track(game, TWINS, wounds=2, grievous=1)
    assert game.do(cmd.UseCard(YSOLDE, card="surgeon-kit", target=TWINS)) == [ev.CardUsed(YSOLDE, "surgeon-kit", "exhausted", "heal_ally", 1), ev.Healed(TWINS, 1)]
    assert (game.battle.tracks[TWINS].wounds, game.battle.tracks[TWINS].grievous, game.battle.tracks[YSOLDE].wounds) == (1, 1, 1)
    assert game.refused(cmd.UseCard(YSOLDE, card="surgeon-kit", target=TWINS)).code == "card_exhausted"


def test_a_hymn_beacon_heals_an_ally_in_the_same_hex_for_a_four():
    """Hymn beacon (exhausted, an activation die of 4+): the twins share Ysolde's hex."""
    game = ysolde_up()
    holding(game, YSOLDE, "hymn-beacon")
    track(game, TWINS, wounds=1)
    assert game.refused(cmd.UseCard(YSOLDE, card="hymn-beacon", die=2, target=TWINS)).code == "die_too_low"
    events = game.do(cmd.UseCard(YSOLDE, card="hymn-beacon", die=4, target=TWINS))
    assert events == [ev.DieSpent(YSOLDE, 4, False, "Hymn beacon"), ev.CardUsed(YSOLDE, "hymn-beacon", "exhausted", "heal_ally", 1), ev.Healed(TWINS, 1)]


def test_a_push_card_moves_an_adjacent_hostile_one_hex_further_away():
    """Forge gauntlet (exhausted): Ysolde at (2, 0) next to the Drudges at (3, 0) pushes one to
    (3, 1), two hexes from her; (2, 1) is next to her still; a Drudge out of reach is refused."""
    game = ysolde_up()
    holding(game, YSOLDE, "forge-gauntlet")
    error = game.refused(cmd.UseCard(YSOLDE, card="forge-gauntlet", target=DRUDGE, q=3, r=1))
    assert (error.code, error.params) == ("no_adjacent_hostile", {"unit": YSOLDE, "card": "Forge gauntlet", "target": DRUDGE})
    game.patch(YSOLDE, at=Hex(2, 0))
    error = game.refused(cmd.UseCard(YSOLDE, card="forge-gauntlet", target=DRUDGE, q=2, r=1))
    assert (error.code, error.rule, error.params) == ("cannot_push_there", "blackstone-fortress.md#RESOURCE CARDS", {"target": DRUDGE, "q": 2, "r": 1})
    assert game.refused(cmd.UseCard(YSOLDE, card="forge-gauntlet", target=DRUDGE, q=5, r=0)).code == "cannot_push_there"
    events = game.do(cmd.UseCard(YSOLDE, card="forge-gauntlet", target=DRUDGE, q=3, r=1))
    assert events == [ev.CardUsed(YSOLDE, "forge-gauntlet", "exhausted", "push", 0), ev.Moved(DRUDGE, [Hex(3, 1)])]
    assert game.at(DRUDGE) == Hex(3, 1) and game.battle.tracks[YSOLDE].exhausted == ("forge-gauntlet",)


def test_an_ignore_cover_card_takes_cover_away_in_its_range_only():
    """Hired lantern (3 hexes or fewer): from (0, 0) the Drudge behind the barrier is in cover,
    but not from her: 4 and 5 on the d8 are two wounds, the Drudge is slain. At 5 hexes the
    lantern does nothing and the same faces miss."""
    game = ysolde_up()
    holding(game, YSOLDE, "hired-lantern")
    far = attack(game, 4, 5)
    assert (far.range, far.cover, far.wounds) == (5, True, 0)
    game.patch(YSOLDE, at=Hex(0, 0))
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=4), 4, 5)
    assert [e for e in events if isinstance(e, ev.CardApplied)] == [ev.CardApplied(YSOLDE, "hired-lantern", "ignore_cover", 0)]
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.range, made.cover, made.faces, made.wounds) == (3, False, [4, 5], 2)
    assert ev.Slain(DRUDGE, YSOLDE) in events


def test_a_cheaper_weapons_card_lowers_the_die_a_weapon_action_needs():
    """Quick holster: Pim's Long Rifle (4+) takes a 3; a 1 is still too low (3 needed now)."""
    game = started(twins=(6, 5, 3, 1))
    error = game.refused(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=3))
    assert (error.code, error.params) == ("die_too_low", {"action": "weapon", "cost": 4, "value": 3})
    holding(game, TWINS, "quick-holster")
    error = game.refused(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=1))
    assert (error.code, error.params) == ("die_too_low", {"action": "weapon", "cost": 3, "value": 1})
    events = game.do(cmd.Attack(TWINS, miniature="pim", weapon="Long Rifle", target=DRUDGE, die=3), 12)
    assert events[:2] == [ev.CardApplied(TWINS, "quick-holster", "cheaper_weapons", 1), ev.DieSpent(TWINS, 3, False, "weapon")]
    assert next(e for e in events if isinstance(e, ev.AttackMade)).faces == [12]


def test_a_defence_die_card_rolls_a_larger_die():
    """Patched plating: Ysolde's d8 defence becomes a d12, where a 9 negates the Chain Brute's wound."""
    game = brute_next_to_ysolde()
    holding(game, YSOLDE, "patched-plating")
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 9)
    defence = events.index(ev.DefenceRolled(YSOLDE, "d12", 9, "success", "negated"))
    assert ev.CardApplied(YSOLDE, "patched-plating", "defence_die", 1) in events[:defence]
    assert game.battle.tracks[YSOLDE].wounds == 0


def test_cheaper_weapons_cards_lower_a_cost_above_1_to_1_at_least_and_leave_a_1_alone():
    """#RESOURCE CARDS (card_kinds.weapon_cost): quick holster and orrery gear (1 each) take a 4+
    weapon to 3+ with one, 2+ with both; a 2+ and a 3+ to 1+ with both; a 1+ stays 1+ and names
    no card (nothing was lowered)."""
    game = started()
    holding(game, TWINS, "quick-holster")
    one = game.battle.tracks[TWINS]
    applied = ev.CardApplied(TWINS, "quick-holster", "cheaper_weapons", 1)
    assert [card_kinds.weapon_cost(game.battle, one, cost) for cost in (1, 2, 4)] == [(1, []), (1, [applied]), (3, [applied])]
    holding(game, TWINS, "quick-holster", "orrery-gear")
    both = game.battle.tracks[TWINS]
    named = [ev.CardApplied(TWINS, "orrery-gear", "cheaper_weapons", 1), applied]
    assert [card_kinds.weapon_cost(game.battle, both, cost) for cost in (1, 2, 3, 4)] == [(1, []), (1, named), (1, named), (2, named)]


def test_a_ranged_cards_bounds_are_both_in_its_range():
    """Blessed rounds (4 hexes or more) and the hired lantern (3 or fewer): 4 and 3 count, 3 and 4 not."""
    blessed, lantern = CARDS["blessed-rounds"], CARDS["hired-lantern"]
    assert [card_kinds.in_range(blessed, h) for h in (3, 4, 12)] == [False, True, True]
    assert [card_kinds.in_range(lantern, h) for h in (1, 3, 4)] == [True, True, False]


def test_an_activation_die_cost_of_6_is_a_card_cost_and_7_is_not():
    """#RESOURCE CARDS: a card's use may cost a die of 1 to 6 (0: none)."""
    card = CARDS["quick-holster"]
    costs = {die: card_kinds.problems(msgspec.structs.replace(card, effect=msgspec.structs.replace(card.effect, die=die))) for die in (0, 6, 7)}
    assert costs == {0: [], 6: [], 7: [("effect.die", "an activation die cost is 0 (none) to 6, not 7")]}
    ranged = msgspec.structs.replace(card, effect=msgspec.structs.replace(card.effect, min_range=-1))
    assert card_kinds.problems(ranged) == [("effect.min_range", "ranges are 0 (no limit) or more hexes")]


def test_dice_grow_by_the_packs_sizes_and_the_largest_stays():
    assert [larger_die(CORE.action_dice, d, n) for d, n in [("d6", 1), ("d6", 2), ("d8", 2), ("d12", 1), ("d6", 0)]] == ["d8", "d12", "d12", "d12", "d6"]


def carrying(exploration: list[str], **cards: list[str]) -> ExpeditionGame:
    """An expedition whose explorers set out holding `cards` (resources, or artefacts when
    the id is a stronghold's)."""
    artefacts = {a.id for s in CORE.strongholds for a in s.artefacts}

    def carried(command):  # noqa: ANN001, ANN202
        resources = {k: [c for c in v if c not in artefacts] for k, v in cards.items()}
        kept = {k: [c for c in v if c in artefacts] for k, v in cards.items()}
        return msgspec.structs.replace(command, plan=msgspec.structs.replace(command.plan, resources=resources, artefacts=kept))

    return ExpeditionGame(exploration, carried=carried)


def challenged(**cards: list[str]) -> ExpeditionGame:
    """The crumbling ledge wounds Ysolde and Oskra (agility 3 and 4 fail), who hold `cards`;
    the recovery step is next."""
    game = carrying(["crumbling-ledge"], **cards)
    game.do(xcmd.Explore(), 3, 4, 4, 11, actor="ann")
    assert game.expedition.step == "recovery"
    return game


def test_a_vitality_die_card_rolls_a_larger_vitality_die_in_the_recovery_step():
    """Grafted lung: Ysolde's d6 vitality becomes a d8 (7: a success); the Singer's mask
    (an artefact) makes Oskra's d8 a d12 (11: a critical)."""
    game = challenged(**{"ysolde-marr": ["grafted-lung"], OSKRA: ["singers-mask"]})
    events = game.do(xcmd.Recover(), 7, 11, actor="ann")
    assert [e for e in events if isinstance(e, (ev.CardApplied, ev.VitalityRolled, xev.Recovered))] == [
        ev.CardApplied(YSOLDE, "grafted-lung", "vitality_die", 1),
        ev.VitalityRolled(YSOLDE, "d8", 7, "success"),
        xev.Recovered(YSOLDE, 0, 1),
        ev.CardApplied(OSKRA, "singers-mask", "vitality_die", 1),
        ev.VitalityRolled(OSKRA, "d12", 11, "critical"),
        xev.Recovered(OSKRA, 0, 1),
    ]


def test_a_sealed_ration_makes_one_more_vitality_roll_in_the_recovery_step():
    """Sealed ration (discarded): Ysolde's player uses it before the leader's Recover: a 5 on
    her d6 heals her wound; the card goes back to its spacecraft's deck; Recover then rolls
    for Oskra only."""
    game = challenged(**{"ysolde-marr": ["sealed-ration", "field-dressing"]})
    events = game.do(xcmd.UseRecoveryCard(YSOLDE, "sealed-ration"), 5, actor="bob")
    assert [e for e in events if not isinstance(e, DiceRolled)] == [
        ev.CardUsed(YSOLDE, "sealed-ration", "discarded", "vitality_roll", 0),
        ev.VitalityRolled(YSOLDE, "d6", 5, "success"),
        xev.Recovered(YSOLDE, 0, 1),
    ]
    assert [(e.purpose, e.actor) for e in events if isinstance(e, DiceRolled)] == [("vitality roll: ysolde-marr", "bob")]
    assert game.expedition.resources[YSOLDE] == ("field-dressing",) and game.expedition.discarded == {YSOLDE: ("sealed-ration",)}
    assert game.expedition.explorers[YSOLDE].wounds == 0
    game.do(xcmd.Recover(), 2, actor="ann")
    assert game.of(ev.VitalityRolled)[-1] == ev.VitalityRolled(OSKRA, "d8", 2, "failure")


def test_a_recovery_card_only_in_the_recovery_step_and_a_combat_card_never_there():
    game = challenged(**{"ysolde-marr": ["sealed-ration", "field-dressing"], "brother-kettle": ["sealed-ration"]})
    error = game.refused(xcmd.UseRecoveryCard(YSOLDE, "field-dressing"), actor="bob")
    assert (error.code, error.rule, error.params) == ("card_not_now", "blackstone-fortress.md#RESOURCE CARDS", {"card": "Field dressing", "step": "combat", "now": "recovery"})
    error = game.refused(xcmd.UseRecoveryCard("brother-kettle", "sealed-ration"), actor="bob")
    assert (error.code, error.rule, error.params) == ("nothing_to_recover", "blackstone-fortress.md#RESOURCE CARDS", {"unit": "brother-kettle", "card": "Sealed ration"})
    error = game.refused(xcmd.UseRecoveryCard(OSKRA, "sealed-ration"), actor="bob")
    assert (error.code, error.params) == ("card_not_held", {"unit": OSKRA, "card": "sealed-ration", "held": []})
    error = game.refused(xcmd.UseRecoveryCard("marek-dunn", "sealed-ration"), actor="bob")
    assert (error.code, error.rule, error.params) == ("unknown_explorer", "blackstone-fortress.md#EXPLORATION ROUNDS", {"names": ["marek-dunn"], "known": [YSOLDE, "brother-kettle", OSKRA, "pim-and-pell"]})
    game.patch_explorer("brother-kettle", out_of_action=True)
    error = game.refused(xcmd.UseRecoveryCard("brother-kettle", "sealed-ration"), actor="bob")
    assert (error.code, error.rule, error.params) == ("card_holder_out_of_action", "blackstone-fortress.md#WOUNDS", {"unit": "brother-kettle", "card": "sealed-ration"})
    game.patch_explorer("brother-kettle", out_of_action=False)
    game.do(xcmd.Recover(), 1, 1, actor="ann")
    error = game.refused(xcmd.UseRecoveryCard(YSOLDE, "sealed-ration"), actor="bob")
    assert (error.code, error.rule, error.params) == ("not_this_step", "blackstone-fortress.md#EXPLORATION ROUNDS", {"step": "leader", "command": "UseRecoveryCard"})


def test_a_recovery_card_is_refused_in_a_combat():
    game = ysolde_up()
    holding(game, YSOLDE, "sealed-ration")
    error = game.refused(cmd.UseCard(YSOLDE, card="sealed-ration"))
    assert (error.code, error.params) == ("card_not_now", {"card": "Sealed ration", "step": "recovery", "now": "combat"})


def test_a_lone_combats_cards_option_hands_each_card_to_one_explorer():
    """The `cards` option: Ysolde holds two cards, the twins one; an unknown card, an explorer
    not in the combat or a card given twice is refused."""
    def set_up(cards: str):  # noqa: ANN202
        return setup(Setup("en", Options(combat="sunken-passage", explorers="Ysolde Marr, Pim and Pell", cards=cards), {"core": CORE}))

    command = set_up("ysolde-marr: spare-cell, tide-seal; pim-and-pell: stim-seed")
    assert (command.held, [c.id for c in command.cards]) == ({YSOLDE: ["spare-cell", "tide-seal"], TWINS: ["stim-seed"]}, ["spare-cell", "stim-seed", "tide-seal"])
    for cards, code in [("ysolde-marr: lucky-coin", "unknown_card"), ("oskra-vey: stim-seed", "bad_card_holders"), ("ysolde-marr: stim-seed; pim-and-pell: stim-seed", "bad_card_holders")]:
        with pytest.raises(RuleError) as refused:
            set_up(cards)
        assert refused.value.code == code


def test_a_recovery_roll_card_counts_a_grievous_wound_fewer():
    """Orchard pass: Oskra, out of action with 2 grievous wounds, rolls a 2: without the card
    he would die; with it 1 counts, and he lives (his vitality roll follows, a 1: a failure)."""
    game = carrying(["silent-hall"], **{OSKRA: ["orchard-pass"]})
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer(OSKRA, out_of_action=True, grievous=2)
    events = game.do(xcmd.Recover(), 2, 1, actor="ann")
    assert [e for e in events if isinstance(e, (ev.CardApplied, ev.RecoveryRolled))] == [ev.CardApplied(OSKRA, "orchard-pass", "recovery_roll", 1), ev.RecoveryRolled(OSKRA, 2, 2, False)]
    assert game.expedition.dead == () and game.expedition.step == "leader"


def test_a_retaliate_card_wounds_the_hostile_that_wounded_its_holder_at_one_hex():
    """Thorn vest: the Chain Brute's flail wounds Ysolde (5 on its d12, her d8 defence a 1): it
    suffers a wound back; when her 4 negates the wound, nothing comes back."""
    game = brute_next_to_ysolde()
    holding(game, YSOLDE, "thorn-vest")
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 1)
    applied = events.index(ev.CardApplied(YSOLDE, "thorn-vest", "retaliate", 1))
    assert events[applied - 2 : applied + 2] == [ev.Wounded(YSOLDE, 1, 0), ev.Stunned(YSOLDE), ev.CardApplied(YSOLDE, "thorn-vest", "retaliate", 1), ev.Wounded(D1, 1, 0)]
    assert game.battle.miniatures[D1].damage == 1
    game = brute_next_to_ysolde()
    holding(game, YSOLDE, "thorn-vest")
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 4)
    assert not [e for e in events if isinstance(e, ev.CardApplied)] and game.battle.miniatures[D1].damage == 0
