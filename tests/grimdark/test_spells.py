"""Spells that do other than hits (grimdark-future-1.5.md#Special Rules, Psychic(X); our kinds of
effect, content.SPELL_EFFECTS): a blessing on a friendly unit (+1 to its shooting rolls), a curse
on an enemy (-1 to its shooting rolls), each until the end of that unit's next activation, and a
move of a friendly unit; all can be blocked (#Dispelling) like a spell of hits."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import weapon_rules
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game, row
from tests.grimdark.test_heights import LEDGE
from tests.grimdark.test_terrain import _on

PSYCHIC = "grimdark-future-1.5.md#Special Rules"
BUILDINGS = "grimdark-future-1.5.md#Solid Buildings"


def _attacks(events):
    return [e for e in events if isinstance(e, ev.AttackResolved)]


def test_guiding_light_gives_a_friendly_unit_1_to_its_shooting_rolls_for_its_next_activation():
    """The Vanguard Squad (Quality 4+) blessed: its Shredder's 3s hit; after it shot, the blessing
    is gone."""
    game = Game()
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 2)
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Guiding Light", target="vanguard-squad"))
    blessed = game.do(cmd.AllowSpell(side=BROOD))
    assert blessed == [ev.SpellTookEffect("captain-hale-morrow", "Guiding Light", "vanguard-squad", "shooting-bonus")]
    assert game.unit("vanguard-squad").spelled == ("shooting-bonus",)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    assert game.unit("vanguard-squad").spelled == ("shooting-bonus",)  # the caster's end is not the squad's
    game.do(cmd.Hold(unit="creeper-swarm"))
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 3, 3, 1, 1, 2, 2, 2, 2)
    assert _attacks(events) == [
        ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 2, 2, 0),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 0, 0),
    ]
    assert game.unit("vanguard-squad").spelled == ()


def test_blinding_spores_survive_a_failed_dispel_and_cost_the_squad_1_to_its_shooting_rolls():
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Cast(unit="brood-mother"), 3, 1)
    cast = game.do(cmd.CastSpell(unit="brood-mother", spell="Blinding Spores", target="vanguard-squad"))
    assert cast == [ev.SpellCast("brood-mother", "Blinding Spores", "vanguard-squad")]  # the Captain is within 18": it waits
    tried = game.do(cmd.Dispel(unit="captain-hale-morrow"), 2)
    assert [e for e in tried if not type(e).__name__ == "DiceRolled"] == [
        ev.DispelTried("captain-hale-morrow", "brood-mother", 2, 3, False),
        ev.SpellTookEffect("brood-mother", "Blinding Spores", "vanguard-squad", "shooting-penalty"),
    ]
    game.do(cmd.Hold(unit="brood-mother"))
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 4, 4, 1, 1, 1, 1)
    assert _attacks(events) == [
        ev.AttackResolved("vanguard-squad", "Shredder", "spine-spitters", 2, 0, 0),
        ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 0, 0),
    ]
    assert game.unit("vanguard-squad").spelled == ()


def test_wind_step_moves_a_friendly_unit_6_inches_and_the_caster_goes_on():
    game = Game()
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    squad = [(m.x, m.y) for m in game.unit("vanguard-squad").models]
    enemy = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="spine-spitters", positions=squad))
    assert (enemy.code, enemy.rule, enemy.params, enemy.field) == ("not_a_friend", PSYCHIC, {"unit": "captain-hale-morrow", "target": "spine-spitters"}, "target")
    far = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=[(x, y - 7) for x, y in squad]))
    assert (far.code, far.params) == ("too_far", {"unit": "vanguard-squad", "action": "spell", "max": 6, "inches": 7.0})
    still = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Guiding Light", target="vanguard-squad", positions=squad))
    assert (still.code, still.rule, still.params, still.field) == ("spell_moves_nothing", PSYCHIC, {"spell": "Guiding Light"}, "positions")
    moved = [(x, y + 5) for x, y in squad]
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=moved))
    events = game.do(cmd.AllowSpell(side=BROOD))
    assert events == [ev.SpellTookEffect("captain-hale-morrow", "Wind Step", "vanguard-squad", "move"), ev.UnitMoved("vanguard-squad", "spell", moved, 5.0)]
    assert (game.game.active, game.unit("vanguard-squad").activated, game.game.up) == ("captain-hale-morrow", False, VANGUARD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    assert [(m.x, m.y) for m in game.unit("vanguard-squad").models] == moved


def test_frenzy_adds_1_to_melee_rolls_only_and_the_spores_cost_1_to_shooting_only():
    game = Game()
    game.ready()
    squad, spitters = game.unit("vanguard-squad"), game.unit("spine-spitters")
    frenzied = msgspec.structs.replace(spitters, spelled=("melee-bonus",))
    blinded = msgspec.structs.replace(squad, spelled=("shooting-bonus", "shooting-penalty"))
    rifle = squad.models[1].weapons[0]
    assert [weapon_rules.spells(game.game, frenzied, squad, rifle, melee) for melee in (True, False)] == [1, 0]
    assert [weapon_rules.spells(game.game, blinded, spitters, rifle, melee) for melee in (True, False)] == [0, 0]
    assert weapon_rules.spells(game.game, msgspec.structs.replace(squad, spelled=("shooting-penalty",)), spitters, rifle, False) == -1


#: Just north of the Vanguard Squad (12..16.5, 10): a shed the squad cannot be moved into nor through.
SHED = TerrainPiece("shed", ((11, 12), (18, 12), (18, 13), (11, 13)), height=3, transport=6)


def test_wind_step_counts_the_climb_onto_a_ledge_in_its_6_inches():
    """Onto the 2" ledge at y 11.5..13: 2.5" forward is 4.5" of the spell's 6"; 4.5" forward, over
    the ledge and down again, is 8.5"."""
    game = _on(LEDGE)
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    over = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=row(12, 14.5, 5)))
    assert (over.code, over.params) == ("too_far", {"unit": "vanguard-squad", "action": "spell", "max": 6, "inches": 8.5})
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=row(12, 12.5, 5)))
    events = game.do(cmd.AllowSpell(side=BROOD))
    assert events[-1] == ev.UnitMoved("vanguard-squad", "spell", row(12, 12.5, 5), 4.5)


def test_wind_step_moves_nobody_into_nor_through_a_solid_building():
    game = _on(SHED)
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    into = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=row(12, 12.5, 5)))
    assert (into.code, into.rule, into.params) == ("in_building", BUILDINGS, {"model": "vanguard-squad-1", "building": "shed"})
    through = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=row(12, 15.5, 5)))
    assert (through.code, through.rule, through.params) == ("through_building", BUILDINGS, {"unit": "vanguard-squad", "model": "vanguard-squad-1", "building": "shed"})


def test_wind_step_is_measured_to_the_thousandth_and_refuses_a_flyer_the_wrong_count_or_too_far():
    """#Special Rules, Psychic(X), our move spell: the squad 1" across and 2" forward is 2.236";
    the Dust Riders made a Flyer may only fly (#Unit Types, Flyers); four places for five models
    and 7" are refused, naming the spell's section."""
    riders_fly = tuple(msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, flyer=True) if u.name == "Dust Riders" else u for u in a.units)) for a in SHALLOW.armies)
    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=riders_fly))
    game.ready({"dust-riders": row(4, 5, 4)})
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    riders = [(m.x, m.y + 2) for m in game.unit("dust-riders").models]
    flyer = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="dust-riders", positions=riders))
    assert (flyer.code, flyer.rule, flyer.params, flyer.field) == ("flyer_must_fly", "grimdark-future-1.5.md#Unit Types", {"unit": "dust-riders", "action": "spell"}, "target")
    squad = [(m.x, m.y) for m in game.unit("vanguard-squad").models]
    four = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=squad[:4]))
    assert (four.code, four.rule) == ("wrong_model_count", PSYCHIC)
    far = game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=[(x, y - 7) for x, y in squad]))
    assert (far.rule, far.field) == (PSYCHIC, "positions")
    moved = [(x + 1, y + 2) for x, y in squad]
    game.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=moved))
    assert game.do(cmd.AllowSpell(side=BROOD))[1] == ev.UnitMoved("vanguard-squad", "spell", moved, 2.236)
