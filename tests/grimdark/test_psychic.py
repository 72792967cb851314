"""grimdark-future-1.5.md#Special Rules, Psychic(X), and #Dispelling with known dice: Captain Hale
Morrow is Psychic(1) (Searing Verdict 3: 2 hits AP(1) within 12"; Hammer of Dawn 5), the Brood
Mother Psychic(2) (Spore Cloud 2: 3 hits Poison(1) within 12"), 8.5" apart on the test table."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, Game

PSYCHIC, DISPELLING = "grimdark-future-1.5.md#Special Rules", "grimdark-future-1.5.md#Dispelling"


def _rolls(events):
    return [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]


def test_a_spell_the_enemy_lets_through_hits_wounds_and_the_caster_goes_on():
    game = Game()
    game.ready()
    rolled = game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    assert rolled == [rolled[0], ev.PsychicRolled("captain-hale-morrow", 4)]
    assert _rolls(rolled) == [("captain-hale-morrow: Psychic(1)", [4], PSYCHIC)]
    assert game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="spine-spitters")) == [
        ev.SpellCast("captain-hale-morrow", "Searing Verdict", "spine-spitters")
    ]  # the Brood Mother is 8.5" away: the battle waits for her player
    waits = game.refused(cmd.Hold(unit="captain-hale-morrow"))
    assert (waits.code, waits.rule, waits.params) == ("spell_pending", DISPELLING, {"unit": "captain-hale-morrow", "spell": "Searing Verdict"})
    mine = game.refused(cmd.AllowSpell(side="ashen-vanguard"))
    assert (mine.code, mine.rule, mine.params, mine.field) == ("not_the_enemy_side", DISPELLING, {"side": "ashen-vanguard", "caster": "captain-hale-morrow"}, "side")
    events = game.do(cmd.AllowSpell(side=BROOD), 2, 1)
    assert _rolls(events) == [("captain-hale-morrow: Searing Verdict to wound spine-spitters", [2, 1], PSYCHIC)]
    assert events[2:] == [
        ev.AttackResolved("captain-hale-morrow", "Searing Verdict", "spine-spitters", 2, 2, 1),  # Defense 3+ with AP(1): 2+
        ev.CasualtiesDue("spine-spitters", 1, "cast"),
    ]
    assert events[0] == ev.SpellTookEffect("captain-hale-morrow", "Searing Verdict", "spine-spitters")
    taken = game.do(cmd.RemoveCasualties(unit="spine-spitters", models=["spine-spitters-5"]))
    assert taken == [ev.ModelRemoved("spine-spitters", "spine-spitters-5"), ev.CasualtiesTaken("spine-spitters")]  # 4 of 5: no test
    other = game.refused(cmd.Hold(unit="vanguard-squad"))
    assert (other.code, other.rule, other.params) == ("activation_under_way", "grimdark-future-1.5.md#Playing the Game", {"unit": "vanguard-squad", "active": "captain-hale-morrow"})
    again = game.refused(cmd.Cast(unit="captain-hale-morrow"))
    assert (again.code, again.rule, again.params) == ("not_at_start", PSYCHIC, {"unit": "captain-hale-morrow", "active": "captain-hale-morrow"})
    assert game.do(cmd.Hold(unit="captain-hale-morrow"))[-1] == ev.ActivationEnded("captain-hale-morrow")
    assert game.game.up == BROOD


def test_a_dispel_beating_the_casters_highest_blocks_and_stops_the_dispeller_casting():
    game = Game()
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 3)
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="spine-spitters"))
    stranger = game.refused(cmd.Dispel(unit="spine-spitters"))
    assert (stranger.code, stranger.rule, stranger.params, stranger.field) == ("cannot_dispel", DISPELLING, {"unit": "spine-spitters", "caster": "captain-hale-morrow", "able": ["brood-mother"]}, "unit")
    events = game.do(cmd.Dispel(unit="brood-mother"), 5, 1)
    assert _rolls(events) == [("brood-mother: dispels captain-hale-morrow", [5, 1], DISPELLING)]
    assert events[1:] == [ev.DispelTried("brood-mother", "captain-hale-morrow", 5, 3, True)]
    assert game.game.casting is None
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    cast = game.refused(cmd.Cast(unit="brood-mother"))
    assert (cast.code, cast.rule, cast.params) == ("dispelled_this_round", DISPELLING, {"unit": "brood-mother", "round": 1})


def test_a_dispel_that_only_equals_the_casters_highest_does_not_block():
    game = Game()
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 3)
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="spine-spitters"))
    events = game.do(cmd.Dispel(unit="brood-mother"), 3, 2, 5, 6)
    assert ev.DispelTried("brood-mother", "captain-hale-morrow", 3, 3, False) in events
    assert ev.AttackResolved("captain-hale-morrow", "Searing Verdict", "spine-spitters", 2, 2, 2) in events
    assert events[-1] == ev.CasualtiesDue("spine-spitters", 2, "cast")


def test_a_psychic_that_cast_cannot_dispel_so_the_enemy_spell_strikes_at_once():
    """The Captain rolls a 1 (no spell of his reaches it) and holds; the Brood Mother's Spore
    Cloud (Poison(1): Defense 4+ wounded on 3+) takes 2 of his 3 wounds, and he tests morale."""
    game = Game()
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 1)
    hard = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="spine-spitters"))
    assert (hard.code, hard.rule, hard.params, hard.field) == ("spell_too_hard", PSYCHIC, {"spell": "Searing Verdict", "value": 3, "highest": 1}, "spell")
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    events = game.do(cmd.Cast(unit="brood-mother"), 2, 1)
    assert events[-1] == ev.PsychicRolled("brood-mother", 2)
    events = game.do(cmd.CastSpell(unit="brood-mother", spell="Spore Cloud", target="captain-hale-morrow"), 3, 2, 6, 2)
    assert [e for e in events if not type(e).__name__ == "DiceRolled"] == [
        ev.SpellCast("brood-mother", "Spore Cloud", "captain-hale-morrow"),
        ev.SpellTookEffect("brood-mother", "Spore Cloud", "captain-hale-morrow"),
        ev.AttackResolved("brood-mother", "Spore Cloud", "captain-hale-morrow", 3, 3, 2),
        ev.ModelWounded("captain-hale-morrow", "captain-hale-morrow-1", 2),
        ev.MoraleTested("captain-hale-morrow", 2, 3, True, 1),
    ]
    assert game.game.active == "brood-mother" and game.game.up == BROOD


def test_what_a_cast_refuses():
    game = Game()
    game.ready()
    plain = game.refused(cmd.Cast(unit="vanguard-squad"))
    assert (plain.code, plain.rule, plain.params) == ("not_a_psychic", PSYCHIC, {"unit": "vanguard-squad"})
    early = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="spine-spitters"))
    assert (early.code, early.rule, early.params) == ("no_cast_rolled", PSYCHIC, {"unit": "captain-hale-morrow"})
    game.do(cmd.Cast(unit="captain-hale-morrow"), 6)
    unknown = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Spore Cloud", target="spine-spitters"))
    assert (unknown.code, unknown.rule, unknown.field) == ("unknown_spell", PSYCHIC, "spell")
    assert unknown.params == {"spell": "Spore Cloud", "known": ["Searing Verdict", "Hammer of Dawn", "Guiding Light", "Wind Step"]}
    far = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Searing Verdict", target="bone-crushers"))
    assert (far.code, far.rule, far.params, far.field) == ("spell_out_of_range", PSYCHIC, {"spell": "Searing Verdict", "target": "bone-crushers", "range": 12, "inches": 21.08}, "target")
    friend = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Hammer of Dawn", target="vanguard-squad"))
    assert friend.code == "not_an_enemy"
    nothing = game.refused(cmd.AllowSpell(side=BROOD))
    assert (nothing.code, nothing.rule, nothing.params) == ("no_spell_to_block", DISPELLING, {})
