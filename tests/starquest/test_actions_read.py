"""Deploying, activating and a hero's actions as the players read them (star-quest.en.md#Preparation,
#Activation, #Movement, #Resting): every refusal's parameters and the strain each choice costs or
restores, with its reason. Typed dice (tests/starquest/game.py)."""

from __future__ import annotations

from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import Activate, Advance, DeployHero, EndActivation, Hold, Rest, Rush, SetAside, StartRound, TakeExtraAction
from tests.starquest.game import Game, enemy, hero, piece, wave

SETUP = "star-quest.en.md#Preparation"
ROUND = "star-quest.en.md#Playing the Game"
ACTIVATION = "star-quest.en.md#Activation"
MOVEMENT = "star-quest.en.md#Movement"


def table(**kw) -> Game:
    return Game(heroes=[hero("Ace"), hero("Bo")], enemies=[enemy("Grunt")], waves=[wave(1, "Grunt", (10.0, 12.0))], at={"ace": (10.0, 6.0), "bo": (14.0, 6.0)}, **kw)


def test_refused_deployments_name_the_hero_the_spot_and_the_other_unit():
    g = table(start=False)
    assert g.refusal(DeployHero("ace", 60.0, 6.0)) == ("outside_deployment", SETUP, {"x": 60.0, "y": 6.0})
    assert g.refusal(DeployHero("ace", 10.0, 6.0)) == ("already_there", SETUP, {"unit": "ace", "x": 10.0, "y": 6.0})
    assert g.refusal(DeployHero("ace", 14.5, 6.0)) == ("bases_overlap", SETUP, {"unit": "ace", "other": "bo"})
    assert g.refusal(Activate("ace")) == ("not_your_phase", ROUND, {})
    assert g.do(DeployHero("ace", 10.0, 7.0)) == [ev.HeroDeployed("ace", 10.0, 7.0)]
    g.do(StartRound())
    assert g.refusal(DeployHero("ace", 10.0, 8.0)) == ("not_deployment", SETUP, {})
    assert g.refusal(StartRound()) == ("round_under_way", ROUND, {"round": 1})


def test_refused_activations_name_the_unit():
    g = table()
    assert g.refusal(Hold("ace")) == ("not_activated", ACTIVATION, {"unit": "ace"})
    g.do(Activate("ace"))
    assert g.refusal(Activate("bo")) == ("activation_under_way", ACTIVATION, {"unit": "ace"})
    assert g.refusal(TakeExtraAction("bo")) == ("not_activated", ACTIVATION, {"unit": "bo"})
    g.do(EndActivation("ace"))
    assert g.refusal(Activate("ace")) == ("already_activated", ACTIVATION, {"unit": "ace"})
    g.patch("bo", unconscious=True)
    assert g.refusal(Activate("bo")) == ("cannot_act", "star-quest.en.md#Shooting", {"unit": "bo", "condition": "unconscious"})


def test_a_hero_knocked_out_in_its_activation_may_only_end_it():
    g = table()
    g.do(Activate("ace"))
    g.patch("ace", unconscious=True)
    assert g.refusal(Hold("ace")) == ("cannot_act", "star-quest.en.md#Shooting", {"unit": "ace", "condition": "unconscious"})
    g.do(EndActivation("ace"))


def test_no_action_left_names_what_another_one_costs():
    """star-quest.en.md#Activation: one action, a second for 2 stress."""
    g = table()
    g.do(Activate("ace"))
    g.do(Hold("ace"))
    assert g.refusal(Hold("ace")) == ("no_action_left", ACTIVATION, {"unit": "ace", "allowed": 1, "cost": 2, "resource": "stress"})
    assert g.do(TakeExtraAction("ace")) == [ev.ExtraActionTaken("ace"), ev.StrainChanged("ace", 2, "additional action")]
    assert g.refusal(TakeExtraAction("ace")) == ("one_extra_action", ACTIVATION, {})
    g.do(Hold("ace"))
    assert g.refusal(Hold("ace")) == ("no_action_left", ACTIVATION, {"unit": "ace", "allowed": 2, "cost": 2, "resource": "stress"})


def test_refused_moves_name_the_spot_the_allowance_and_the_length():
    g = table()
    g.do(Activate("ace"))
    for x, y in ((48.5, 6.0), (10.0, 48.5), (-0.5, 6.0), (10.0, -0.5)):
        assert g.refusal(Advance("ace", x, y)) == ("off_table", MOVEMENT, {"x": x, "y": y, "table": 48})
    assert g.refusal(Advance("ace", 4.0, 16.0)) == ("too_far", MOVEMENT, {"action": "advance", "allowance": 6.0, "length": (36.0 + 100.0) ** 0.5})
    assert g.refusal(Rush("ace", 22.0, 11.0)) == ("too_far", MOVEMENT, {"action": "rush", "allowance": 12.0, "length": 13.0})


def test_a_move_through_an_enemy_names_it():
    """star-quest.en.md "Special Rules Reference", Flying: only Flying moves through other units."""
    g = table()
    g.do(Activate("ace"))
    assert g.refusal(Rush("ace", 10.0, 18.0)) == ("through_enemy", MOVEMENT, {"unit": "ace", "enemy": "grunt-1-1"})


def test_a_rest_is_the_whole_activation_and_restores_strain():
    """star-quest.en.md#Resting: a hero that rests takes no other action and sheds its stress."""
    g = table()
    g.patch("ace", strain=3)
    g.do(Activate("ace"))
    events = g.do(Rest("ace"))
    assert events[0] == ev.ActionTaken("ace", "rest") and events[1:] == [ev.StrainChanged("ace", -3, "rest")]
    assert g.refusal(Hold("ace")) == ("resting", "star-quest.en.md#Resting", {"unit": "ace"})
    g.do(EndActivation("ace"))
    g.do(Activate("bo"))
    g.do(Hold("bo"))
    assert g.refusal(Rest("bo")) == ("rest_alone", "star-quest.en.md#Resting", {})


def test_a_shaken_hero_is_refused_its_action_by_name():
    g = table()
    g.patch("bo", shaken=True)
    g.do(Activate("bo"))
    assert g.refusal(Hold("bo")) == ("shaken", "star-quest.en.md#Morale", {"unit": "bo"})


def test_a_fallen_hero_is_refused_its_activation_as_out():
    """The scene's bystander died before the first round: out, not unconscious."""
    g = Game(heroes=[hero("Ace")])
    assert g.refusal(Activate("bystander")) == ("cannot_act", "star-quest.en.md#Shooting", {"unit": "bystander", "condition": "out"})


def test_a_deployment_on_another_base_is_refused_by_the_bases_not_by_the_gap():
    """Bases 1" apart centre to centre overlap (32 mm bases are 1.26" across)."""
    g = table(start=False)
    assert g.refusal(DeployHero("ace", 15.0, 6.0)) == ("bases_overlap", SETUP, {"unit": "ace", "other": "bo"})


def test_the_round_waits_for_every_hero_to_be_deployed_or_set_aside():
    """star-quest.en.md#Preparation: every hero is deployed before the first round, at least one
    on the table (#Ambush sets the others aside)."""
    g = table(start=False)
    g.patch("bo", deployed=False)
    assert g.refusal(StartRound()) == ("heroes_not_deployed", SETUP, {"units": ["bo"]})
    hidden = Game(heroes=[hero("Ace", rules=["Ambush"]), hero("Bo", rules=["Ambush"])], start=False)
    hidden.do(SetAside("ace"))
    hidden.do(SetAside("bo"))
    assert hidden.refusal(StartRound()) == ("no_hero_deployed", SETUP, {})


def test_a_move_may_end_on_the_tables_edges():
    """star-quest.en.md#Movement: the table's edge is on the table."""
    g = Game(heroes=[hero("Ace"), hero("Bo"), hero("Cy")], at={"ace": (3.0, 3.0), "bo": (45.0, 3.0), "cy": (3.0, 45.0)})
    for unit, spot in (("ace", (0.0, 0.0)), ("bo", (48.0, 0.0)), ("cy", (0.0, 48.0))):
        g.do(Activate(unit))
        g.do(Advance(unit, *spot))
        assert g.at(unit) == spot
        g.do(EndActivation(unit))


def test_difficult_terrain_counts_on_the_moves_own_way_and_under_its_base():
    """#Terrain: difficult terrain crossed (the base's whole width) caps a move at 6"; a piece
    where the way mirrored would run does not."""
    g = table(terrain=[piece("graze", 10.4, 9, 12, 11, difficult=True)])
    g.do(Activate("ace"))
    assert g.refusal(Rush("ace", 10.0, 14.0))[0] == "too_far"
    h = Game(heroes=[hero("Ace"), hero("Bo")], terrain=[piece("mirror", 6, 9, 8, 11, difficult=True)], at={"ace": (10.0, 6.0), "bo": (30.0, 6.0)})
    h.do(Activate("ace"))
    h.do(Rush("ace", 16.0, 14.0))
    assert h.at("ace") == (16.0, 14.0)
