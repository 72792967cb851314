"""Caster(X) tests (star-quest.en.md "Caster(X)" and "Caster(X) [AI Units]"; star-quest.de.md
"SONDERREGELN", Zauberer(X)): spell tokens, casting, boosting, countering, paying for a failed
cast, the AI caster, and the refusals. Dice are typed (tests/starquest/game.py)."""

from __future__ import annotations

import msgspec
import pytest

from domain.events import DiceRolled
from domain.systems.starquest import SYSTEM
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import (
    Activate,
    AiActivate,
    AiCast,
    Answer,
    Cast,
    EndActivation,
    Hold,
    Shoot,
)
from domain.systems.starquest.content import (
    Cleanse,
    Heal,
    Hits,
    Inflict,
    Relief,
    Reposition,
    Spell,
)
from tests.starquest.game import Game, enemy, hero, names, of, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
RULE = {"en": "star-quest.en.md#Caster(X)", "de": "star-quest.de.md#SONDERREGELN"}

BOLT = Spell(name="Bolt", value=1, range=18, effect=Hits(count=2, ap=1))
SNARE = Spell(name="Snare", value=2, range=12, effect=Inflict(status="Crippled"))
MEND = Spell(name="Mend", value=1, range=6, effect=Heal(wounds=2))
CALM = Spell(name="Calm", value=1, range=0, effect=Relief(stress=2))
BLINK = Spell(name="Blink", value=1, range=0, effect=Reposition(distance=3))
PURGE = Spell(name="Purge", value=1, range=6, effect=Cleanse())
SPELLS = (BOLT, SNARE, MEND, CALM, BLINK, PURGE)

TARGET = enemy("Target", defense=4, toughness=3)
T = "target-1-1"
#: Ace stands at (24, 6); a target at FAR is 12.74" away base to base, at NEAR 6.74".
FAR, NEAR = (24.0, 20.0), (24.0, 14.0)


def mage(tokens: int = 2, spells=("Bolt", "Snare", "Mend", "Calm", "Blink")):
    return hero("Ace", caster=tokens, spells=spells)


def scene(rules: str = "en", *, ace=None, at=FAR, terrain=(), bo=None, **kw) -> Game:
    """Ace (a caster) at (24, 6), Bo (no caster) at (28, 6), one target unit."""
    return Game(
        rules,
        heroes=[ace or mage(), bo or hero("Bo")],
        enemies=[TARGET],
        spells=SPELLS,
        waves=[wave(1, "Target", at)],
        terrain=terrain,
        at={"ace": (24.0, 6.0), "bo": (28.0, 6.0)},
        **kw,
    )


# -- tokens ---------------------------------------------------------------------------------


@BOTH
def test_caster_gains_x_tokens_each_round_and_holds_at_most_six(rules):
    """star-quest.en.md "Caster(X)": X tokens at the start of each round, never more than 6 held."""
    g = Game(rules, heroes=[mage(tokens=4), hero("Bo")], spells=SPELLS)  # only the screened sentry: no dice
    assert g.unit("ace").spell_tokens == 4 and g.unit("bo").spell_tokens == 0
    assert [e for e in g.events if isinstance(e, ev.SpellTokensChanged)] == [ev.SpellTokensChanged("ace", 4, "round 1")]
    g.next_round()
    assert g.unit("ace").spell_tokens == 6
    assert [e.amount for e in g.events if isinstance(e, ev.SpellTokensChanged)] == [4, 2]
    g.next_round()
    assert g.unit("ace").spell_tokens == 6
    assert len(of(g.events, ev.SpellTokensChanged)) == 2  # nothing gained past the cap


# -- casting --------------------------------------------------------------------------------


@BOTH
def test_a_cast_spends_the_value_and_lands_on_4_plus_with_ap(rules):
    """star-quest.en.md "Caster(X)": spend the spell's value, one die, on 4+ the effect (2 hits AP1)."""
    g = scene(rules)
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Bolt", T), 4, 5, 4)  # cast 4; blocks 5 (held even at -1) and 4 (3 after AP: through)
    assert names(events) == ["SpellAttempted", "DiceRolled", "SpellRolled", "SpellResolved", "DiceRolled", "SpellHits", "WoundsTaken"]
    assert events[0] == ev.SpellAttempted("ace", "Bolt", T, 1, 0)
    assert events[1].rule == RULE[rules] and events[1].purpose == "ace casts Bolt"
    assert events[2] == ev.SpellRolled("ace", "Bolt", 4, 0, True)
    assert events[5] == ev.SpellHits("ace", "Bolt", T, 2, 1, 1)
    assert g.wounds(T) == [1] and g.unit("ace").spell_tokens == 1


@BOTH
def test_a_cast_roll_below_4_fails_and_offers_the_hero_to_pay_strain(rules):
    """star-quest.en.md "Caster(X)": a failed hero cast may count as cast for 2 stress per value
    point (star-quest.de.md: 2 stamina per point); the mission waits for the answer."""
    g = scene(rules, at=NEAR)
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Snare", T), 3)
    assert events[-2] == ev.SpellRolled("ace", "Snare", 3, 0, False)
    assert events[-1] == ev.ChoiceOffered("ace", "cast_anyway", 4, {"then": "cast_anyway", "spell": "Snare", "target": T})
    assert g.refused(Hold("ace")).code == "choice_pending"
    events = g.do(Answer("ace", True))
    assert names(events) == ["ChoiceMade", "StrainChanged", "SpellResolved", "StatusGained"]
    assert events[1] == ev.StrainChanged("ace", 4, "cast anyway") and events[2].how == "strain"
    assert events[3] == ev.StatusGained(T, "Crippled", "Snare")
    assert g.unit(T).statuses == {"Crippled"} and g.unit("ace").strain == 4 and g.unit("ace").spell_tokens == 0


def test_declining_to_pay_leaves_the_spell_uncast_and_tried():
    """star-quest.en.md "Caster(X)": no payment, no effect; the tokens are spent, the try is used."""
    g = scene(ace=mage(tokens=3))
    g.do(Activate("ace"))
    g.do(Cast("ace", "Bolt", T), 2)
    assert g.do(Answer("ace", False)) == [ev.ChoiceMade("ace", "cast_anyway", False)]
    assert g.wounds(T) == [0] and g.unit("ace").strain == 0 and g.unit("ace").spell_tokens == 2
    error = g.refused(Cast("ace", "Bolt", T), 6)
    assert (error.code, error.status, error.rule) == ("spell_tried", 422, RULE["en"])


def test_a_hero_knocked_out_by_paying_for_a_failed_cast_casts_nothing():
    """star-quest.en.md "Caster(X)" with #Resting (Endurance): strain past End wounds; a hero it
    knocks out stays idle, so the spell does not land."""
    g = scene(ace=hero("Ace", caster=2, spells=("Bolt",), endurance=1, toughness=1))
    g.do(Activate("ace"))
    g.do(Cast("ace", "Bolt", T), 1)
    events = g.do(Answer("ace", True))
    assert names(events) == ["ChoiceMade", "StrainChanged", "WoundsTaken", "HeroUnconscious"]
    assert g.wounds(T) == [0]


@BOTH
def test_extra_tokens_give_plus_one_each(rules):
    """star-quest.en.md "Caster(X)": heroes may spend more tokens before rolling, +1 per token."""
    g = scene(rules)
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Bolt", T, boost=1), 3, 6, 6)
    assert events[0] == ev.SpellAttempted("ace", "Bolt", T, 2, 1)
    assert events[2] == ev.SpellRolled("ace", "Bolt", 3, 1, True)
    assert g.unit("ace").spell_tokens == 0


def test_a_natural_1_fails_whatever_the_extra_tokens():
    """star-quest.en.md#General Principles (Modifiers): a 1 always fails, even with +3."""
    g = scene(ace=mage(tokens=4))
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Bolt", T, boost=3), 1)
    assert events[2] == ev.SpellRolled("ace", "Bolt", 1, 3, False) and events[-1].kind == "cast_anyway"


def test_several_spells_in_one_activation_before_shooting():
    """star-quest.en.md "Caster(X)": one or more spells, one try each, before attacking; then the
    hero still acts and shoots."""
    g = scene(ace=mage(tokens=3), at=NEAR)
    g.do(Activate("ace"))
    g.do(Cast("ace", "Bolt", T), 5, 6, 6)
    g.do(Cast("ace", "Snare", T), 4)
    assert g.unit(T).statuses == {"Crippled"} and g.battle.turn.spells_tried == {"Bolt", "Snare"}
    g.do(Hold("ace"))
    g.do(Shoot("ace", T), 6, 6)


def test_heal_and_relief_land_on_friends_and_the_caster():
    """Content effects (docs/content-format.md#Effects): heal a friend in range, relieve the caster
    itself with a range-0 spell."""
    g = scene(ace=mage(tokens=2))
    bo = g.unit("bo")
    g.patch("bo", figures=(msgspec.structs.replace(bo.figures[0], wounds=3),))
    g.patch("ace", strain=3)
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Mend", "bo"), 4)
    assert of(events, ev.WoundsHealed) == [ev.WoundsHealed("bo", "bo", 2, "Mend")] and g.wounds("bo") == [1]
    g.do(Cast("ace", "Calm"), 4)
    assert g.unit("ace").strain == 1


def test_cleanse_removes_a_friends_statuses():
    """Content effects: cleanse takes every status condition off a friend in range."""
    g = scene(ace=mage(spells=("Purge",)))
    g.patch("bo", statuses=frozenset({"Crippled", "Impaired"}))
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Purge", "bo"), 5)
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("bo", "Crippled", "Purge"), ev.StatusRemoved("bo", "Impaired", "Purge")]
    assert g.unit("bo").statuses == frozenset()


# -- refusals -------------------------------------------------------------------------------


@BOTH
def test_refusals_name_the_caster_rule(rules):
    """star-quest.en.md "Caster(X)": only casters cast, with enough tokens, in range and sight."""
    g = scene(rules, terrain=[wall("wall", 20, 10, 28, 11)], ace=mage(tokens=2))
    g.do(Activate("bo"))
    assert g.refused(Cast("bo", "Bolt", T)).code == "not_a_caster"
    g.do(EndActivation("bo"))
    g.do(Activate("ace"))
    cases = [
        (Cast("ace", "Bolt", T), "no_line_of_sight"),
        (Cast("ace", "Snare", T), "out_of_range"),
        (Cast("ace", "Bolt", T, boost=2), "not_enough_tokens"),
        (Cast("ace", "Purge", "bo"), "unknown_spell"),
        (Cast("ace", "Bolt", "bo"), "bad_target"),
        (Cast("ace", "Mend", T), "bad_target"),
        (Cast("ace", "Calm", "bo"), "bad_target"),
        (Cast("ace", "Blink"), "unsupported_effect"),
    ]
    for command, code in cases:
        error = g.refused(command)
        assert (error.code, error.status, error.rule) == (code, 422, RULE[rules]), command
    assert g.refused(Cast("ace", "Purge", "bo")).field == "spell"


def test_refused_after_attacking():
    """star-quest.en.md "Caster(X)": spells come before attacking; after a shot, no cast."""
    g = scene()
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    g.do(Shoot("ace", T), 1)
    error = g.refused(Cast("ace", "Bolt", T), 6, 6, 6)
    assert (error.code, error.rule) == ("after_attacking", RULE["en"])


def test_refused_outside_the_casters_activation():
    """star-quest.en.md#Activation: a hero casts during its own activation."""
    g = scene()
    assert g.refused(Cast("ace", "Bolt", T), 6, 6, 6).code == "not_activated"


# -- AI casters -----------------------------------------------------------------------------

CANTOR = enemy("Cantor", toughness=3, caster=2, spells=("Bolt", "Snare"))
C = "cantor-1-1"


def ai_scene(rules: str = "en", *, cantor=CANTOR, ace=None, bo=None, **kw) -> Game:
    """Ace at (24, 6), Bo at (2, 2) (over 18" from the Cantor), the Cantor at (24, 20)."""
    g = Game(
        rules,
        heroes=[ace or hero("Ace"), bo or hero("Bo", caster=2, spells=("Bolt",))],
        enemies=[cantor],
        spells=SPELLS,
        waves=[wave(1, "Cantor", FAR)],
        at={"ace": (24.0, 6.0), "bo": (2.0, 2.0)},
        **kw,
    )
    g.idle_heroes()
    return g


@BOTH
def test_ai_caster_rolls_for_a_random_spell_and_spends_all_tokens(rules):
    """star-quest.en.md "Caster(X) [AI Units]": a random spell (a logged roll), all tokens spent on
    it when activated: the extra token is +1."""
    g = ai_scene(rules)
    assert g.ai_command() == AiCast(C)
    command, events = g.ai_step(1, 3, 1, 6)  # Bolt; 3+1 casts; blocks 1 (wound) and 6
    pick = events[1]
    assert isinstance(pick, DiceRolled) and pick.sides == [2] and pick.purpose == f"{C} picks a random spell"
    assert pick.rule == {"en": "star-quest.en.md#Caster(X) [AI Units]", "de": "star-quest.de.md#SONDERREGELN"}[rules]
    assert of(events, ev.SpellAttempted) == [ev.SpellAttempted(C, "Bolt", "ace", 2, 1)]
    assert of(events, ev.SpellRolled) == [ev.SpellRolled(C, "Bolt", 3, 1, True)]
    assert g.wounds("ace") == [1] and g.unit(C).spell_tokens == 0
    follow = g.ai_command()
    assert isinstance(follow, AiActivate) and follow.unit == C and g.battle.turn.unit == C
    g.do(follow, 1, actor="worker")  # the Gun misses
    assert g.battle.turn is None and g.unit(C).activated


def test_ai_caster_does_not_cast_a_spell_it_cannot_cast():
    """star-quest.en.md "Caster(X) [AI Units]": Snare (12") cannot reach Ace (12.74"), so no cast;
    the tokens stay."""
    g = ai_scene()
    command, events = g.ai_step(2)
    assert names(events) == ["ActivationStarted", "DiceRolled", "SpellNotCast"]
    assert events[-1] == ev.SpellNotCast(C, "Snare", "no target in range and line of sight")
    assert g.unit(C).spell_tokens == 2 and g.ai_command().unit == C


def test_ai_caster_without_enough_tokens_does_not_cast():
    """star-quest.en.md "Caster(X) [AI Units]": a spell it cannot pay for is not cast."""
    g = Game(
        heroes=[hero("Ace")],
        enemies=[enemy("Cantor", toughness=3, caster=1, spells=("Snare",))],
        spells=SPELLS,
        waves=[wave(1, "Cantor", NEAR)],
        at={"ace": (24.0, 6.0)},
    )
    g.idle_heroes()
    command, events = g.ai_step()  # one spell: nothing to roll for
    assert names(events) == ["ActivationStarted", "SpellNotCast"] and events[-1].reason == "needs 2 tokens, holds 1"


def test_a_hero_within_18_may_counter_an_ai_cast_with_tokens():
    """star-quest.en.md "Caster(X)": a hero within 18" and in sight of an enemy caster may spend
    tokens for -1 each on its roll: a pending choice of that hero's player. Bo is too far."""
    g = ai_scene(ace=hero("Ace", caster=2, spells=("Bolt",)))
    command, events = g.ai_step(1)
    assert events[-1] == ev.ChoiceOffered("ace", "counter_spell", 2, {"then": "counter_spell", "caster": C, "spell": "Bolt", "target": "ace", "boost": "1", "counter": "0", "asked": "ace"})
    assert g.ai_command() is None
    error = g.refused(Answer("ace", True, tokens=3), 4)
    assert (error.code, error.rule) == ("bad_token_count", RULE["en"])
    events = g.do(Answer("ace", True, tokens=2), 4)
    assert names(events) == ["ChoiceMade", "SpellTokensChanged", "DiceRolled", "SpellRolled"]
    assert events[-1] == ev.SpellRolled(C, "Bolt", 4, -1, False)  # 4 + 1 - 2: no cast, and no paying for the AI
    assert g.unit("ace").spell_tokens == 0 and g.unit("bo").spell_tokens == 2 and g.wounds("ace") == [0]
    assert isinstance(g.ai_command(), AiActivate)


def test_declining_to_counter_rolls_unmodified_by_heroes():
    """star-quest.en.md "Caster(X)": a hero may also keep its tokens."""
    g = ai_scene(ace=hero("Ace", caster=2, spells=("Bolt",)))
    g.ai_step(1)
    events = g.do(Answer("ace", False), 3, 6, 6)
    assert of(events, ev.SpellRolled) == [ev.SpellRolled(C, "Bolt", 3, 1, True)] and g.unit("ace").spell_tokens == 2


def test_ai_cast_and_activation_have_their_own_worker_keys():
    """The worker's idempotency key (README.md#ai-worker): a caster's cast and the rest of its
    activation are two commands of one round, so they need two keys."""
    g = ai_scene()
    cast_key = SYSTEM.ai_key(g.state, AiCast(C))
    act_key = SYSTEM.ai_key(g.state, AiActivate(C, "skip"))
    assert cast_key != act_key and act_key == f"1:{C}"


def test_ai_cast_refused_out_of_turn_and_for_non_casters():
    """star-quest.en.md#AI Activations: only the unit due casts, once, as its activation starts."""
    g = ai_scene()
    assert g.refused(AiCast("sentry-2-1")).code == "not_this_units_turn"
    g.ai_step(2)
    assert g.refused(AiCast(C), 1).code == "not_this_units_turn"


def test_ai_caster_shakes_off_conditions_before_it_casts():
    """star-quest.en.md#Status conditions and "Caster(X) [AI Units]": the activation starts (the
    removal test on Qua) before the random spell is picked."""
    g = ai_scene()
    g.patch(C, statuses=frozenset({"Crippled"}))
    command, events = g.ai_step(6, 2)  # Qua test passed; Snare picked, out of reach
    assert names(events) == ["ActivationStarted", "DiceRolled", "StatTested", "StatusRemoved", "DiceRolled", "SpellNotCast"]


def test_ai_caster_taken_out_as_it_activates_casts_nothing():
    """star-quest.en.md#Status conditions (Afflicted): a failed test wounds; a caster it kills
    casts nothing and its activation ends."""
    g = ai_scene(cantor=enemy("Cantor", toughness=1, caster=2, spells=("Bolt", "Snare")))
    g.patch(C, statuses=frozenset({"Afflicted"}))
    command, events = g.ai_step(1)
    assert command == AiCast(C) and names(events)[-3:] == ["WoundsTaken", "FigureKilled", "ActivationEnded"]
    assert not of(events, ev.SpellAttempted) and g.ai_command().unit == "sentry-2-1"


def test_casting_events_and_refusals_are_worded_in_both_languages():
    """docs/i18n.md: every event of a cast (countered, rolled, landed) has a description, and each
    refusal a message, in English and German."""
    from service import i18n

    g = ai_scene(ace=hero("Ace", caster=2, spells=("Bolt",)))
    g.ai_step(1)
    g.do(Answer("ace", True, tokens=1), 5, 1, 6)
    for event in g.events:
        for language in i18n.LANGUAGES:
            text = i18n.describe(event, language)
            assert text != type(event).__name__ and "{" not in text, (event, language)
    assert i18n.describe(ev.SpellRolled(C, "Bolt", 5, 0, True), "de") == f"{C} würfelte 5 (+0) für Bolt: gewirkt"
    h = scene()
    h.do(Activate("ace"))
    error = h.refused(Cast("ace", "Bolt", "bo"))
    assert i18n.error_message(error.code, error.params, "de") == "Bolt wirkt auf einen Feind; bo ist keiner"
