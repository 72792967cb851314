"""Resource and stronghold artefact cards in a combat (blackstone-fortress.md#RESOURCE CARDS):
used in the holder's activation, discarded or exhausted as the card says, permanent bonuses on
every attack they fit; the core pack's cards, with manual dice."""

from __future__ import annotations

import msgspec

from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_commands as xcmd
from tests.blackstone.expedition import faces_for
from tests.blackstone.game import CORE, ENCOUNTERS, Game, keep
from tests.blackstone.quest import QuestTable
from tests.blackstone.test_actions import DRUDGE, TWINS, YSOLDE, started, track

CARDS = {c.id: c for c in CORE.playable()}


def holding(game: Game, unit: str, *cards: str, **changes) -> None:
    """The explorer holds `cards` (as an expedition's combat hands them over)."""
    battle = game.battle
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(battle, cards={**battle.cards, **{c: CARDS[c] for c in cards}}))
    track(game, unit, cards=tuple(sorted(cards)), **changes)


def ysolde_up() -> Game:
    """Ysolde's activation (dice 5 4 2 1), the twins done; Drudges 5 hexes away, in cover (a
success counts as a failure, a critical as a success)."""
    game = started()
    game.do(cmd.EndActivation(TWINS))
    return game


def attack(game: Game, *faces: int) -> ev.AttackMade:
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), *faces)
    return next(e for e in events if isinstance(e, ev.AttackMade))


def test_a_discarded_heal_card_takes_a_wound_off_and_leaves_its_holder():
    """Field dressing (discarded, heal 1): 2 wounds become 1, the card is gone."""
    game = ysolde_up()
    holding(game, YSOLDE, "field-dressing", wounds=2, grievous=1)
    assert game.do(cmd.UseCard(YSOLDE, card="field-dressing")) == [ev.CardUsed(YSOLDE, "field-dressing", "discarded", "heal", 1), ev.Healed(YSOLDE, 1)]
    after = game.battle.tracks[YSOLDE]
    assert (after.wounds, after.grievous, after.cards) == (1, 1, ())
    error = game.refused(cmd.UseCard(YSOLDE, card="field-dressing"))
    assert (error.code, error.rule, error.params["held"]) == ("card_not_held", "blackstone-fortress.md#RESOURCE CARDS", [])


def test_a_heal_card_with_no_wound_to_heal_is_refused_and_grievous_wounds_stay():
    game = ysolde_up()
    holding(game, YSOLDE, "field-dressing", grievous=2)
    error = game.refused(cmd.UseCard(YSOLDE, card="field-dressing"))
    assert (error.code, error.params["card"]) == ("nothing_to_heal", "Field dressing")
    assert game.battle.tracks[YSOLDE].cards == ("field-dressing",)


def test_an_exhausted_card_pays_its_die_and_comes_back_next_turn():
    """Iron rosary (exhausted, heal 1, a 4+ die): not twice a turn; face up at the next turn."""
    game = ysolde_up()
    holding(game, YSOLDE, "iron-rosary", wounds=2)
    assert game.refused(cmd.UseCard(YSOLDE, card="iron-rosary", die=2)).code == "die_too_low"
    events = game.do(cmd.UseCard(YSOLDE, card="iron-rosary", die=4))
    assert events == [ev.DieSpent(YSOLDE, 4, False, "Iron rosary"), ev.CardUsed(YSOLDE, "iron-rosary", "exhausted", "heal", 1), ev.Healed(YSOLDE, 1)]
    assert game.battle.tracks[YSOLDE].exhausted == ("iron-rosary",) and game.battle.tracks[YSOLDE].dice == (5, 2, 1)
    error = game.refused(cmd.UseCard(YSOLDE, card="iron-rosary", die=5))
    assert (error.code, error.params["card"]) == ("card_exhausted", "Iron rosary")
    game.do(cmd.EndActivation(YSOLDE))
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, phase="turn_over"))
    game.start((1, 2, 3, 4, 5), {TWINS: (6, 5, 4, 1), YSOLDE: (5, 4, 2)}, (1, 1))
    assert game.battle.tracks[YSOLDE].exhausted == () and game.battle.tracks[YSOLDE].cards == ("iron-rosary",)


def test_only_in_the_holders_activation_and_never_a_permanent_card():
    game = started()
    holding(game, YSOLDE, "field-dressing", "tempered-edge", wounds=1)
    assert game.refused(cmd.UseCard(YSOLDE, card="field-dressing")).code == "not_your_activation"
    game.do(cmd.EndActivation(TWINS))
    error = game.refused(cmd.UseCard(YSOLDE, card="tempered-edge"))
    assert (error.code, error.params["card"]) == ("card_permanent", "Tempered edge")


def test_an_inspiration_card_gains_a_point_and_is_refused_at_four():
    """Votive flask (discarded, 1 point); at 4 points it would be wasted."""
    game = ysolde_up()
    holding(game, YSOLDE, "votive-flask", inspiration=2)
    assert game.do(cmd.UseCard(YSOLDE, card="votive-flask"))[-1] == ev.InspirationGained(YSOLDE, 1)
    assert game.battle.tracks[YSOLDE].inspiration == 3
    holding(game, YSOLDE, "votive-flask", inspiration=4)
    assert game.refused(cmd.UseCard(YSOLDE, card="votive-flask")).code == "inspiration_full"


def test_extra_dice_go_with_the_next_attack_only():
    """Stim seed (discarded, 2 more dice): the carbine's 2 d8 at 5 hexes become 4, then 2 again."""
    game = ysolde_up()
    holding(game, YSOLDE, "stim-seed")
    game.do(cmd.UseCard(YSOLDE, card="stim-seed"))
    made = attack(game, 1, 4, 8, 2)
    assert (made.faces, made.cover, made.wounds, made.grievous) == ([1, 4, 8, 2], True, 1, 0)
    assert game.battle.tracks[YSOLDE].bonus_dice == 0
    assert game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=4), 1, 2)[-1].faces == [1, 2]


def test_a_reroll_card_re_rolls_failed_dice_for_free():
    """Spare power cell (re-roll 1): of 2 and 3 (both failures) the first is re-rolled, an 8,
    a critical (a wound in cover); no inspiration spent."""
    game = ysolde_up()
    holding(game, YSOLDE, "spare-cell", inspiration=1)
    game.do(cmd.UseCard(YSOLDE, card="spare-cell"))
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 2, 3, 8)
    assert ev.Rerolled(YSOLDE, [0], [2, 3], [8, 3]) in events
    assert not [e for e in events if isinstance(e, ev.InspirationSpent)]
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.faces, made.wounds) == ([8, 3], 1)
    assert game.battle.tracks[YSOLDE].inspiration == 1 and game.battle.tracks[YSOLDE].free_rerolls == 0


def test_in_cover_a_reroll_takes_a_plain_success_which_counts_as_a_failure():
    """Spare power cell against the Drudges in cover: of 4 (a success, a failure in cover) and 8
    (a critical, a wound in cover) the 4 is re-rolled, an 8: two wounds instead of one."""
    game = ysolde_up()
    holding(game, YSOLDE, "spare-cell")
    game.do(cmd.UseCard(YSOLDE, card="spare-cell"))
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 4, 8, 8)
    assert ev.Rerolled(YSOLDE, [0], [4, 8], [8, 8]) in events
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.faces, made.cover, made.wounds, made.grievous) == ([8, 8], True, 2, 0)


def test_free_rerolls_come_before_the_ones_bought_with_inspiration():
    """Spare power cell and `reroll` with 1 point: both failures re-rolled, 1 point spent."""
    game = ysolde_up()
    holding(game, YSOLDE, "spare-cell", inspiration=1)
    game.do(cmd.UseCard(YSOLDE, card="spare-cell"))
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5, reroll=True), 2, 3, 5, 1)
    assert ev.InspirationSpent(YSOLDE, 1, "re-roll") in events
    assert ev.Rerolled(YSOLDE, [0, 1], [2, 3], [5, 1]) in events
    assert game.battle.tracks[YSOLDE].inspiration == 0


def test_a_permanent_card_adds_dice_to_every_attack_in_its_range():
    """Blessed rounds (4 hexes or more: 1 more die) at 5 hexes: 3 d8, named in CardApplied;
    Tempered edge (1 hex only) adds nothing there; the first Drudge (2 wounds) is slain."""
    game = ysolde_up()
    holding(game, YSOLDE, "blessed-rounds", "tempered-edge")
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 8, 8, 1)
    assert [e for e in events if isinstance(e, ev.CardApplied)] == [ev.CardApplied(YSOLDE, "blessed-rounds", "attack_dice", 1)]
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.faces, made.wounds) == ([8, 8, 1], 2)
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target="ashen-drudge-1-2", die=4), 1, 1, 1)
    assert next(e for e in events if isinstance(e, ev.AttackMade)).faces == [1, 1, 1]


def test_an_artefact_plays_like_a_resource_card():
    """Choir bell (artefact, exhausted, re-roll 2): both failures re-rolled, free; not twice a turn."""
    game = ysolde_up()
    holding(game, YSOLDE, "choir-bell")
    assert game.do(cmd.UseCard(YSOLDE, card="choir-bell")) == [ev.CardUsed(YSOLDE, "choir-bell", "exhausted", "reroll", 2)]
    events = game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 1, 2, 7, 8)
    assert ev.Rerolled(YSOLDE, [0, 1], [1, 2], [7, 8]) in events
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.faces, made.wounds) == ([7, 8], 1)
    assert game.refused(cmd.UseCard(YSOLDE, card="choir-bell")).code == "card_exhausted"


def test_an_expedition_hands_its_cards_to_the_combat_and_a_discarded_card_goes_back_to_its_deck():
    """Ysolde sets out with Field dressing (bought from the Rusted Psalm), Patched plating and
    the Cinder plate artefact; in the sunken passage she uses the dressing (gone, and back in the
    Rusted Psalm's deck when the expedition ends) and the plate (exhausted, kept)."""
    table = QuestTable()
    table.past_the_first_precipice()
    ysolde = msgspec.structs.replace(table.quest.explorers[YSOLDE], resources=("field-dressing", "patched-plating"), artefacts=("cinder-plate",))
    psalm = tuple(c for c in table.quest.resources["rusted-psalm"] if c not in ("field-dressing", "patched-plating"))
    table.patch_quest(explorers={**table.quest.explorers, YSOLDE: ysolde}, resources={**table.quest.resources, "rusted-psalm": psalm})
    game = table.expedition(["sunken-passage"])
    assert sorted(c.id for c in game.command.plan.cards) == ["cinder-plate", "field-dressing", "patched-plating"]
    game.do(xcmd.Explore(), *keep(ENCOUNTERS), actor="ann")
    assert game.battle.tracks[YSOLDE].cards == ("cinder-plate", "field-dressing", "patched-plating")
    assert game.battle.tracks["brother-kettle"].cards == ()
    activation = [f for _unit in sorted(game.battle.tracks) for f in (5, 4, 2, 1)]
    game.do(cmd.StartTurn(), 1, 2, 3, 4, 5, *activation, *faces_for(sorted([*game.battle.tracks, "group-1"]), [YSOLDE]))
    game.do(cmd.BeginActivations())
    game.patch_combat(tracks={**game.battle.tracks, YSOLDE: msgspec.structs.replace(game.battle.tracks[YSOLDE], wounds=3)})
    assert game.do(cmd.UseCard(YSOLDE, card="field-dressing"))[-1] == ev.Healed(YSOLDE, 1)
    assert game.do(cmd.UseCard(YSOLDE, card="cinder-plate"))[-1] == ev.Healed(YSOLDE, 1)
    assert game.battle.tracks[YSOLDE].wounds == 1 and game.battle.tracks[YSOLDE].exhausted == ("cinder-plate",)
    assert game.expedition.resources[YSOLDE] == ("patched-plating",) and game.expedition.discarded == {YSOLDE: ("field-dressing",)}
    table.conclude(game)
    after = table.quest.explorers[YSOLDE]
    assert (after.resources, after.artefacts) == (("patched-plating",), ("cinder-plate",))
    assert "field-dressing" in table.quest.resources["rusted-psalm"] and "patched-plating" not in table.quest.resources["rusted-psalm"]


def test_extra_dice_and_free_rerolls_not_spent_in_the_activation_are_lost():
    game = ysolde_up()
    holding(game, YSOLDE, "stim-seed", "spare-cell")
    game.do(cmd.UseCard(YSOLDE, card="stim-seed"))
    game.do(cmd.UseCard(YSOLDE, card="spare-cell"))
    assert (game.battle.tracks[YSOLDE].bonus_dice, game.battle.tracks[YSOLDE].free_rerolls) == (2, 1)
    game.do(cmd.EndActivation(YSOLDE))
    assert (game.battle.tracks[YSOLDE].bonus_dice, game.battle.tracks[YSOLDE].free_rerolls) == (0, 0)
