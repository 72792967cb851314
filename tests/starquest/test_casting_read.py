"""Caster(X) as the players read it (star-quest.en.md "Caster(X)" and "Caster(X) [AI Units]";
star-quest.de.md "SONDERREGELN", Zauberer(X)): every refusal's parameters, each event's fields,
the rule each roll names, the exact range and counter reach, who an AI spell lands on and how
heroes' counters add up. Dice are typed (tests/starquest/game.py)."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, AiActivate, AiCast, Answer, Cast, EndActivation, Hold, Shoot
from domain.systems.starquest.content import Cleanse, Heal, Relief, Spell
from domain.systems.starquest.geometry import base_radius_inches
from tests.starquest.game import Game, enemy, hero, of, wall, wave
from tests.starquest.test_casting import C, CANTOR, FAR, RULE, SPELLS, T, TARGET, ai_scene, mage

CASTER = RULE["en"]
AI_CASTER = "star-quest.en.md#Caster(X) [AI Units]"
MORALE = "star-quest.en.md#Morale"
#: A 32 mm base's radius in inches: two of them lie between centres and the base-to-base gap.
R = base_radius_inches(32)
SOOTHE = Spell(name="Soothe", value=1, range=6, effect=Relief(stress=1))
MEND = Spell(name="Mend", value=1, range=6, effect=Heal(wounds=2))
PURGE = Spell(name="Purge", value=1, range=6, effect=Cleanse())


def table(*, at=FAR, terrain=(), spells=("Bolt", "Snare", "Mend", "Calm", "Blink", "Soothe")) -> Game:
    """Ace (a caster with 2 tokens) at (24, 6), Bo at (28, 6), the target at `at`."""
    return Game(
        heroes=[mage(spells=spells), hero("Bo")],
        enemies=[TARGET],
        spells=(*SPELLS, SOOTHE),
        waves=[wave(1, "Target", at)],
        terrain=terrain,
        at={"ace": (24.0, 6.0), "bo": (28.0, 6.0)},
    )


# -- a hero's cast ---------------------------------------------------------------------------


def test_a_heros_refused_casts_name_the_unit_spell_and_numbers():
    """What each refusal tells the player: who, which spell, the cost against the tokens held."""
    g = table()
    g.do(Activate("bo"))
    assert g.refusal(Cast("bo", "Bolt", T)) == ("not_a_caster", CASTER, {"unit": "bo"})
    g.do(EndActivation("bo"))
    g.do(Activate("ace"))
    assert g.refusal(Cast("ace", "Purge", "bo")) == ("unknown_spell", CASTER, {"unit": "ace", "spell": "Purge", "known": ["Bolt", "Snare", "Mend", "Calm", "Blink", "Soothe"]})
    assert g.refusal(Cast("ace", "Bolt", T, boost=-1)) == ("bad_boost", CASTER, {"boost": -1})
    assert g.refusal(Cast("ace", "Bolt", T, boost=2)) == ("not_enough_tokens", CASTER, {"spell": "Bolt", "boost": 2, "cost": 3, "unit": "ace", "tokens": 2})
    g.patch("ace", shaken=True)
    assert g.refusal(Cast("ace", "Bolt", T)) == ("shaken", MORALE, {"unit": "ace"})


def test_refused_targets_name_the_variant_spell_and_target():
    """star-quest.en.md "Caster(X)": range 0 is the caster alone, relief and healing land on
    friends, hits on enemies, never on a hero that is down; each refusal says which."""
    g = table()
    g.do(Activate("ace"))
    assert g.refusal(Cast("ace", "Blink")) == ("unsupported_effect", CASTER, {"spell": "Blink"})
    assert g.refusal(Cast("ace", "Soothe", T)) == ("bad_target", CASTER, {"variant": "relief", "spell": "Soothe", "target": T})
    assert g.refusal(Cast("ace", "Calm", "bo")) == ("bad_target", CASTER, {"variant": "self", "spell": "Calm", "target": "bo"})
    assert g.refusal(Cast("ace", "Mend", T)) == ("bad_target", CASTER, {"variant": "friend", "spell": "Mend", "target": T})
    assert g.refusal(Cast("ace", "Bolt", "bo")) == ("bad_target", CASTER, {"variant": "enemy", "spell": "Bolt", "target": "bo"})
    assert g.refusal(Cast("ace", "Snare", T)) == ("out_of_range", CASTER, {"spell": "Snare", "unit": "ace", "target": T, "reach": 12.0})
    g.patch("bo", unconscious=True)
    assert g.refusal(Cast("ace", "Mend", "bo")) == ("bad_target", CASTER, {"variant": "status", "target": "bo"})


def test_no_line_of_sight_names_caster_and_target():
    g = table(terrain=[wall("wall", 20, 10, 28, 11)])
    g.do(Activate("ace"))
    assert g.refusal(Cast("ace", "Bolt", T)) == ("no_line_of_sight", CASTER, {"unit": "ace", "target": T})


def test_refused_after_attacking_or_a_second_try_names_the_caster():
    g = table()
    g.do(Activate("ace"))
    g.do(Cast("ace", "Bolt", T), 2)
    g.do(Answer("ace", False))
    assert g.refusal(Cast("ace", "Bolt", T)) == ("spell_tried", CASTER, {"unit": "ace", "spell": "Bolt"})
    g.do(Hold("ace"))
    g.do(Shoot("ace", T), 1)
    assert g.refusal(Cast("ace", "Calm")) == ("after_attacking", CASTER, {"unit": "ace"})


def test_a_target_exactly_at_the_spells_range_is_in_range():
    """star-quest.en.md "Caster(X)": within range, the edge included (Snare, 12")."""
    g = table(at=(24.0, 6.0 + 12.0 + 2 * R))
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Snare", T), 4)
    assert of(events, ev.StatusGained) == [ev.StatusGained(T, "Crippled", "Snare")]


def test_a_landed_spell_names_caster_spell_target_and_how_and_its_blocks_name_the_spell():
    """The events a player reads of a landed cast: resolved by the roll, the target's defense
    dice for the spell under the Caster(X) rule."""
    g = table()
    g.do(Activate("ace"))
    events = g.do(Cast("ace", "Bolt", T), 4, 5, 4)
    assert of(events, ev.SpellResolved) == [ev.SpellResolved("ace", "Bolt", T, "roll")]
    blocks = of(events, DiceRolled)[1]
    assert (blocks.purpose, blocks.rule, blocks.sides) == (f"{T} blocks Bolt", CASTER, [6, 6])


def test_a_paid_for_cast_is_resolved_by_strain_and_relief_names_the_spell():
    g = table(at=(24.0, 14.0))
    g.patch("ace", strain=1)
    g.do(Activate("ace"))
    g.do(Cast("ace", "Snare", T), 3)
    events = g.do(Answer("ace", True))
    assert of(events, ev.SpellResolved) == [ev.SpellResolved("ace", "Snare", T, "strain")]
    g2 = table()
    g2.patch("ace", strain=3)
    g2.do(Activate("ace"))
    events = g2.do(Cast("ace", "Calm"), 4)
    assert of(events, ev.StrainChanged) == [ev.StrainChanged("ace", -2, "Calm")]


# -- AI casters ------------------------------------------------------------------------------


def test_ai_casts_name_the_ai_caster_rule_for_the_cast_and_the_blocks():
    """star-quest.en.md "Caster(X) [AI Units]": the AI's casting roll and the hero's defense
    against its spell are logged under the AI caster's rule."""
    g = ai_scene()
    command, events = g.ai_step(1, 3, 1, 6)
    pick, cast, blocks = of(events, DiceRolled)
    assert (cast.purpose, cast.rule) == (f"{C} casts Bolt", AI_CASTER)
    assert (blocks.purpose, blocks.rule) == ("ace blocks Bolt", AI_CASTER)
    assert of(events, ev.SpellResolved) == [ev.SpellResolved(C, "Bolt", "ace", "roll")]


def test_ai_cast_refusals_name_the_unit_due():
    """star-quest.en.md#AI Activations: out of turn, the refusal names the unit that is due, or
    that none is; a non-caster and a Shaken caster are refused too."""
    g = ai_scene(bo=hero("Bo"))
    h = Game(heroes=[hero("Ace")], enemies=[CANTOR], spells=SPELLS, waves=[wave(1, "Cantor", FAR)], at={"ace": (24.0, 6.0)})
    assert h.refusal(AiCast(C)) == ("not_this_units_turn", "star-quest.en.md#AI Activations", {"due": "no AI unit"})
    assert g.refusal(AiCast("sentry-2-1")) == ("not_this_units_turn", "star-quest.en.md#AI Activations", {"due": C})
    g.patch(C, shaken=True)
    assert g.refusal(AiCast(C)) == ("shaken", MORALE, {"unit": C})


def test_an_ai_unit_without_spells_is_no_caster():
    """A caster value with no spell to cast casts nothing: its AiCast is refused."""
    g = Game(heroes=[hero("Ace")], enemies=[enemy("Mute", caster=2)], spells=SPELLS, waves=[wave(1, "Mute", FAR)], at={"ace": (24.0, 6.0)})
    g.idle_heroes()
    assert isinstance(g.ai_command(), AiActivate)
    assert g.refusal(AiCast("mute-1-1")) == ("not_a_caster", AI_CASTER, {"unit": "mute-1-1"})


def test_an_ai_caster_without_tokens_or_shaken_activates_without_casting():
    """star-quest.en.md "Caster(X) [AI Units]": only a caster holding tokens starts with a cast;
    a Shaken one stays idle (#Morale)."""
    g = ai_scene()
    g.patch(C, spell_tokens=0)
    assert isinstance(g.ai_command(), AiActivate)
    g.patch(C, spell_tokens=2, shaken=True)
    assert isinstance(g.ai_command(), AiActivate)


def test_the_ai_does_not_cast_relief():
    g = Game(
        heroes=[hero("Ace")],
        enemies=[enemy("Cantor", toughness=3, caster=2, spells=("Soothe",))],
        spells=(*SPELLS, SOOTHE),
        waves=[wave(1, "Cantor", FAR)],
        at={"ace": (24.0, 6.0)},
    )
    g.idle_heroes()
    command, events = g.ai_step()
    assert events[-1] == ev.SpellNotCast(C, "Soothe", "the AI does not use 'relief' spells")


def healer_scene(spell: str) -> Game:
    """A Cantor healing at (24, 30); Pair A (two models, 1 wound) close by, Pair B (two models,
    4 wounds) a little farther; Ace far off and out of sight."""
    pair = enemy("Pair", toughness=4, models=2)
    g = Game(
        heroes=[hero("Ace")],
        enemies=[enemy("Cantor", toughness=3, caster=2, spells=(spell,)), pair, msgspec.structs.replace(pair, name="Far Pair")],
        spells=(*SPELLS, MEND, PURGE),
        waves=[wave(1, "Cantor", (24.0, 30.0)), wave(1, "Pair", (26.0, 30.0), (26.0, 32.0)), wave(1, "Far Pair", (28.0, 30.0), (28.0, 32.0))],
        terrain=[wall("hide", 0, 20, 48, 21, height=6.0)],
        at={"ace": (24.0, 6.0)},
    )
    return g


def test_an_ai_heal_goes_to_the_most_wounded_friend_and_its_most_hurt_model_first():
    """star-quest.en.md "Caster(X) [AI Units]" (our reading, docs/starquest-rules-notes.md): the
    most wounded friend in range, then its most hurt model first, never more than taken."""
    g = healer_scene("Mend")
    near, far = "pair-2-1", "far-pair-3-1"
    g.patch(near, figures=(msgspec.structs.replace(g.unit(near).figures[0], wounds=1), g.unit(near).figures[1]))
    g.patch(far, figures=(msgspec.structs.replace(g.unit(far).figures[0], wounds=1), msgspec.structs.replace(g.unit(far).figures[1], wounds=3)))
    g.idle_heroes()
    command, events = g.ai_step(4)
    assert of(events, ev.SpellResolved) == [ev.SpellResolved("cantor-1-1", "Mend", far, "roll")]
    assert of(events, ev.WoundsHealed) == [ev.WoundsHealed(far, f"{far}.2", 2, "Mend")]
    assert g.wounds(far) == [1, 1]


def test_an_ai_heal_spreads_over_models_when_the_most_hurt_has_too_few():
    g = healer_scene("Mend")
    far = "far-pair-3-1"
    g.patch(far, figures=(msgspec.structs.replace(g.unit(far).figures[0], wounds=1), msgspec.structs.replace(g.unit(far).figures[1], wounds=1)))
    g.idle_heroes()
    command, events = g.ai_step(4)
    assert of(events, ev.WoundsHealed) == [ev.WoundsHealed(far, f"{far}.1", 1, "Mend"), ev.WoundsHealed(far, f"{far}.2", 1, "Mend")]


def test_an_ai_cleanse_goes_to_a_friend_with_a_status():
    g = healer_scene("Purge")
    g.patch("far-pair-3-1", statuses=frozenset({"Crippled"}))
    g.idle_heroes()
    command, events = g.ai_step(4)
    assert of(events, ev.StatusRemoved) == [ev.StatusRemoved("far-pair-3-1", "Crippled", "Purge")]


def test_an_ai_hit_spell_goes_to_the_closest_hero_whatever_its_wounds():
    """star-quest.en.md "Caster(X) [AI Units]": hits and statuses land on the closest hero."""
    g = Game(
        heroes=[hero("Ace"), hero("Bo")],
        enemies=[CANTOR],
        spells=SPELLS,
        waves=[wave(1, "Cantor", FAR)],
        at={"ace": (24.0, 6.0), "bo": (30.0, 6.0)},
    )
    g.patch("bo", figures=(msgspec.structs.replace(g.unit("bo").figures[0], wounds=3),))
    g.idle_heroes()
    command, events = g.ai_step(1, 3, 6, 6)
    assert of(events, ev.SpellAttempted) == [ev.SpellAttempted(C, "Bolt", "ace", 2, 1)]


# -- countering ------------------------------------------------------------------------------


def counter_scene(ace_at=(24.0, 6.0), ace_tokens=2, bo_tokens=1) -> Game:
    g = Game(
        heroes=[hero("Ace", caster=ace_tokens, spells=("Bolt",)), hero("Bo", caster=bo_tokens, spells=("Bolt",))],
        enemies=[CANTOR],
        spells=SPELLS,
        waves=[wave(1, "Cantor", FAR)],
        at={"ace": ace_at, "bo": (28.0, 6.0)},
    )
    g.idle_heroes()
    return g


def test_counters_of_two_heroes_add_up_and_each_is_asked_once():
    """star-quest.en.md "Caster(X)": every hero in reach may spend tokens against the roll, -1
    each; Ace spends one of two, Bo (holding one token) the other: -2 on the roll."""
    g = counter_scene()
    command, events = g.ai_step(1)
    assert events[-1].unit == "ace"
    assert g.refusal(Answer("ace", True, tokens=0)) == ("bad_token_count", CASTER, {"unit": "ace", "cost": 2})
    events = g.do(Answer("ace", True, tokens=1))
    assert events[:2] == [ev.ChoiceMade("ace", "counter_spell", True), ev.SpellTokensChanged("ace", -1, f"counter Bolt of {C}")]
    assert events[-1] == ev.ChoiceOffered("bo", "counter_spell", 1, {"then": "counter_spell", "caster": C, "spell": "Bolt", "target": "ace", "boost": "1", "counter": "1", "asked": "ace,bo"})
    events = g.do(Answer("bo", True), 6, 6, 6)
    assert of(events, ev.SpellRolled) == [ev.SpellRolled(C, "Bolt", 6, -1, True)]
    assert g.unit("ace").spell_tokens == 1 and g.unit("bo").spell_tokens == 0


def test_a_counter_with_no_number_spends_every_token_offered():
    g = counter_scene()
    g.ai_step(1)
    events = g.do(Answer("ace", True))
    assert of(events, ev.SpellTokensChanged) == [ev.SpellTokensChanged("ace", -2, f"counter Bolt of {C}")]
    events = g.do(Answer("bo", False), 4)
    assert of(events, ev.SpellRolled) == [ev.SpellRolled(C, "Bolt", 4, -1, False)]


def test_a_hero_exactly_18_away_or_with_one_token_may_counter():
    """star-quest.en.md "Caster(X)": within 18", the edge included; one token is enough."""
    g = counter_scene(ace_at=(24.0, 20.0 - 18.0 - 2 * R), ace_tokens=1)
    command, events = g.ai_step(1)
    assert events[-1] == ev.ChoiceOffered("ace", "counter_spell", 1, {"then": "counter_spell", "caster": C, "spell": "Bolt", "target": "bo", "boost": "1", "counter": "0", "asked": "ace"})
