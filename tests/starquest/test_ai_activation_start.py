"""The AI decides after its unit has activated (star-quest.en.md#AI Activations): the rolls for
a model standing in dangerous terrain and the condition tests come first (#Terrain, #Status
conditions), so the AI's move is measured from the models still standing and the engine never
refuses the AI's own command (the 6" cap of difficult terrain included)."""

from __future__ import annotations

import hashlib
import math

import msgspec
import pytest

from domain import mission
from domain.errors import RuleError
from domain.events import DiceRolled
from domain.systems.starquest import SYSTEM
from domain.systems.starquest import commands as sq
from domain.systems.starquest import events as ev
from domain.systems.starquest.ai import ai
from domain.systems.starquest.commands import AiActivate, AiBegin, InflictStatus
from domain.systems.starquest.content import TerrainPiece
from tests.starquest.game import Game, enemy, hero, of, wall, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
TERRAIN_SECTION = {"en": "star-quest.en.md#Terrain", "de": "star-quest.de.md#GELÄNDE"}
AI_SECTION = {"en": "star-quest.en.md#AI Activations", "de": "star-quest.de.md#KI-AKTIVIERUNGEN"}
SAPPER = "sapper-1-1"
#: The sample pack's spore bed (packs/core/mission-hold-the-relay.toml): difficult and dangerous.
SPORE_BED = TerrainPiece(id="spore-bed", polygon=((36.0, 36.0), (43.0, 35.0), (44.0, 42.0), (37.0, 43.0)), difficult=True, dangerous=True)
#: Where hold-the-relay's two Blast Sappers stood in a seeded run whose AI Rush was refused.
IN_THE_BED = ((41.81, 40.705), (39.81, 42.205))


def bed_game(rules: str, positions=IN_THE_BED, statuses: tuple[str, ...] = ()) -> Game:
    """A two-model AI group in the spore bed heading for the relay at (24, 24); the hero is
    hidden behind a wall, so the AI rushes to its goal (#AI Activations, step 3)."""
    sapper = msgspec.structs.replace(enemy("Sapper", models=len(positions), base_mm=25, toughness=1), tags=("ai-group",))
    g = Game(
        rules, heroes=[hero("Ace")], enemies=[sapper], waves=[wave(1, "Sapper", *positions)], terrain=[SPORE_BED, wall("divide", 0, 14, 48, 15, height=6.0)],
        goals=((24.0, 24.0),), at={"ace": (10.0, 6.0)}, sentry=False,
    )  # fmt: skip
    for status in statuses:
        g.do(InflictStatus(SAPPER, status))
    g.idle_heroes()
    return g


def _travel(before: tuple[float, float], after: tuple[float, float]) -> float:
    return math.hypot(after[0] - before[0], after[1] - before[1])


@BOTH
def test_terrain_lead_killed_by_dangerous_terrain_the_ai_rush_is_measured_from_the_survivor(rules):
    """star-quest.en.md#Terrain (Difficult and Dangerous Terrain), #AI Activations: the group
    activating in the spore bed rolls first (AiBegin); its lead dies on a 1, and the AI then
    rushes the survivor at most 6" (it stays in difficult terrain), which decide accepts."""
    g = bed_game(rules)
    assert g.ai_command() == AiBegin(SAPPER)
    events = g.do(AiBegin(SAPPER), 1, 5, actor="worker")
    assert [r.rule for r in of(events, DiceRolled)] == [TERRAIN_SECTION[rules]] * 2
    assert of(events, ev.FigureKilled) == [ev.FigureKilled(SAPPER, f"{SAPPER}.1")]
    assert g.battle.turn is not None and g.battle.turn.unit == SAPPER  # still its activation
    survivor = g.at(SAPPER)
    command = g.ai_command()
    assert isinstance(command, AiActivate) and command.action == "rush"
    assert 5.9 < _travel(survivor, (command.x, command.y)) <= 6.0 + 1e-9
    events = g.do(command, 5, 5, actor="worker")  # crossing the bed, then the morale test
    (moved,) = of(events, ev.Moved)
    assert _travel(survivor, (moved.figures[0].x, moved.figures[0].y)) <= 6.0 + 1e-9
    assert of(events, ev.ActivationEnded)


@BOTH
def test_terrain_group_in_difficult_terrain_untouched_by_its_rolls_rushes_6_inches(rules):
    """star-quest.en.md#Terrain: when the dangerous rolls kill nobody, the AI's Rush from the
    same lead is capped at 6" in difficult terrain and accepted."""
    g = bed_game(rules)
    g.do(AiBegin(SAPPER), 5, 5, actor="worker")
    lead = g.at(SAPPER)
    command = g.ai_command()
    assert command.action == "rush" and 5.9 < _travel(lead, (command.x, command.y)) <= 6.0 + 1e-9
    g.do(command, 5, 5, actor="worker")  # both models cross the bed
    assert 5.9 < _travel(lead, g.at(SAPPER)) <= 6.0 + 1e-9


@BOTH
def test_ai_activations_a_unit_whose_start_rolls_nothing_activates_in_one_command(rules):
    """#AI Activations: out of dangerous terrain and without conditions there is nothing to wait
    for: the AI sends the whole activation (a full 12" Rush on open ground)."""
    g = bed_game(rules, positions=((30.0, 46.0), (31.5, 46.0)))
    command = g.ai_command()
    assert isinstance(command, AiActivate) and command.action == "rush"
    lead = g.at(SAPPER)
    g.do(command, actor="worker")
    assert _travel(lead, g.at(SAPPER)) == pytest.approx(12.0)


@BOTH
def test_status_conditions_the_ai_moves_on_after_shaking_off_crippled(rules):
    """star-quest.en.md#Status conditions (Crippled halves moves) and #AI Activations: the AI
    starts the activation with the test, and once Crippled is gone it rushes the full 12"."""
    g = bed_game(rules, positions=((30.0, 46.0), (31.5, 46.0)), statuses=("Crippled",))
    assert g.ai_command() == AiBegin(SAPPER)
    events = g.do(AiBegin(SAPPER), 6, actor="worker")
    assert of(events, ev.StatusRemoved) and not g.unit(SAPPER).statuses
    lead = g.at(SAPPER)
    g.do(g.ai_command(), actor="worker")
    assert _travel(lead, g.at(SAPPER)) == pytest.approx(12.0)


@BOTH
def test_ai_activations_ai_begin_refused_out_of_turn(rules):
    """#AI Activations: only the AI unit due may start, and only once (422 not_this_units_turn)."""
    g = bed_game(rules)
    g.do(AiBegin(SAPPER), 5, 5, actor="worker")
    with pytest.raises(RuleError) as again:
        g.do(AiBegin(SAPPER), actor="worker")
    assert again.value.code == "not_this_units_turn" and again.value.rule == AI_SECTION[rules]
    early = Game(rules, heroes=[hero("Ace")], sentry=True)
    error = early.refused(AiBegin("sentry-1-1"))
    assert error.code == "not_this_units_turn" and error.rule == AI_SECTION[rules]


def test_ai_begin_and_activation_have_their_own_worker_keys():
    """The worker's idempotency key (README.md#ai-worker): the start and the rest of the
    activation are two commands of one round, so they need two keys."""
    g = bed_game("en")
    assert SYSTEM.ai_key(g.state, AiBegin(SAPPER)) != SYSTEM.ai_key(g.state, AiActivate(SAPPER, "skip"))


# --- the sample mission: every AI command is accepted ------------------------------------------

HEROES = (("sera-vantis", (21.0, 21.0)), ("gorm-hadley", (27.0, 21.0)))


class _Relay:
    """hold-the-relay from the sample pack, in-process with server dice from `seed`: idle
    heroes that hold and shoot, the enemies played by the AI function."""

    def __init__(self, rules: str, seed: bytes) -> None:
        from service.ledger import setup_command

        options = {"mission": "hold-the-relay", "heroes": "Sera Vantis, Gorm Hadley"}
        self.seed, self.state = seed, None
        for event in mission.create(mission_id="m", campaign_id="c", name="relay", system="star-quest", rules_version=rules, dice_mode="server", client_seed="c", options=options, fresh_seed=seed):
            self.state = mission.evolve(self.state, event)
        self.do(setup_command("star-quest", rules, options))
        for unit, (x, y) in HEROES:
            self.do(sq.DeployHero(unit, x, y))
        self.do(sq.StartRound())

    def do(self, command, actor: str = "host") -> None:
        dice = mission.dice_box_for(self.state, server_seed=self.seed, fresh_seed=None, manual_faces=None)
        for event in mission.decide(self.state, command, dice, actor, {}):
            self.state = mission.evolve(self.state, event)

    def hero_turn(self, unit: str) -> None:
        self.do(sq.Activate(unit))
        while (pending := self.state.game.pending) is not None:
            self.do(sq.Answer(pending.unit, False))
        battle = self.state.game
        if not battle.units[unit].shaken and battle.units[unit].can_act:
            self.do(sq.Hold(unit))
            for enemy_unit in [u.id for u in self.state.game.side("ai") if u.on_table]:
                try:
                    self.do(sq.Shoot(unit, enemy_unit))
                    break
                except RuleError:  # out of range or sight: the next one
                    continue
        self.do(sq.EndActivation(unit))


@pytest.mark.parametrize("rules", ["en", "de"])
def test_ai_activations_every_ai_command_of_hold_the_relay_is_accepted(rules):
    """#AI Activations, #Terrain: over many dice seeds (some once had a lead Blast Sapper killed
    in the spore bed before a Rush measured from it), decide refuses no command of the AI."""
    for n in range(30):
        game = _Relay(rules, hashlib.sha256(f"seed-{n}".encode()).digest())
        for _ in range(800):
            battle = game.state.game
            if battle.outcome:
                break
            if battle.pending is not None:
                game.do(sq.Answer(battle.pending.unit, False))
            elif battle.phase == "heroes":
                game.hero_turn(next(u.id for u in battle.side("hero") if u.can_act and not u.activated))
            else:
                command = ai(battle)
                try:
                    game.do(command, actor="worker")
                except RuleError as error:
                    pytest.fail(f"seed-{n}: {command} refused: {error.code} {error.params}")
        assert game.state.game.outcome in ("victory", "defeat")


@BOTH
def test_status_conditions_a_unit_killed_by_dangerous_terrain_tests_no_condition(rules):
    """star-quest.en.md#Terrain, #Status conditions: dangerous terrain comes first; a Crippled
    unit whose models all die in the spore bed has no condition left to test: two dice, both
    the terrain's."""
    g = bed_game(rules, statuses=("Crippled",))
    events = g.do(AiBegin(SAPPER), 1, 1, actor="worker")
    assert [r.rule for r in of(events, DiceRolled)] == [TERRAIN_SECTION[rules]] * 2
    assert not of(events, ev.StatTested) and not g.unit(SAPPER).on_table
