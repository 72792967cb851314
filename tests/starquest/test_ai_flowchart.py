"""The AI flowchart (star-quest.en.md#AI Activations; star-quest.de.md#KI-AKTIVIERUNGEN), read
one way (domain/systems/starquest/ai_rules.py) by the AI and by the check of every AI command:
advance only as far as needed to shoot, Hold when no move is needed, and refuse any AI command
the flowchart does not allow, whoever sends it."""

from __future__ import annotations

import math

import pytest

from domain.errors import RuleError
from domain.systems.starquest import events as ev
from domain.systems.starquest.commands import AiActivate, Answer
from service import i18n
from tests.starquest.game import Game, enemy, hero, of, rolls, wall, wave, weapon

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
AI_SECTION = {"en": "star-quest.en.md#AI Activations", "de": "star-quest.de.md#KI-AKTIVIERUNGEN"}
#: A pillar between the pair of Grunts below and Ace: the lead Grunt's straight way to 12" of
#: Ace ends right behind it, where its partner is still out of range.
PILLAR = wall("pillar", 21, 12, 25, 13)
#: Hides the whole north of the table from the heroes.
DIVIDE = wall("divide", 0, 20, 48, 21, height=6.0)


def pair_game(rules: str, dice: str = "manual") -> Game:
    return Game(
        rules,
        heroes=[hero("Ace", toughness=12, endurance=12)],
        enemies=[enemy("Pair", models=2)],
        waves=[wave(1, "Pair", (24.0, 24.0), (27.0, 24.0))],
        terrain=[PILLAR],
        at={"ace": (24.0, 6.0)},
        sentry=False,
        dice=dice,
        rounds=6,
    )


def duel(rules: str, *positions: tuple[float, float], grunt=None, weapons=(), terrain=(), goals=((44.0, 44.0),)) -> Game:
    """Ace at (24, 6) and Bo at (40, 6) against one Grunt (Gun 12") unless told otherwise."""
    g = Game(
        rules,
        heroes=[hero("Ace"), hero("Bo")],
        enemies=[grunt or enemy("Grunt")],
        weapons=weapons,
        waves=[wave(1, (grunt.name if grunt else "Grunt"), *positions)],
        terrain=terrain,
        at={"ace": (24.0, 6.0), "bo": (40.0, 6.0)},
        goals=goals,
        sentry=False,
    )
    g.idle_heroes()
    return g


def edge_gap(g: Game, a: str, b: str) -> float:
    battle = g.battle
    return min(math.dist((p.x, p.y), (q.x, q.y)) - p.radius - q.radius for p in battle.bases(g.unit(a)) for q in battle.bases(g.unit(b)))


def refused(g: Game, command: AiActivate) -> RuleError:
    error = g.refused(command)
    assert error.code == "not_the_ai_step" and error.rule == AI_SECTION[g.battle.rules]
    return error


# -- item: advance to where it can shoot, never stall ------------------------------------------


@BOTH
def test_step_2_advance_ends_where_the_unit_can_shoot_not_behind_a_wall(rules):
    """star-quest.en.md#AI Activations, step 2: "advance only as much as needed and shoot". The
    straight way to 12" of Ace ends with the lead Grunt behind the pillar and its partner out of
    range, where the AI used to stop and then stand every round; it now advances 5" to one side,
    the shortest move from which a model sees Ace in range, and shoots (one die: one shooter)."""
    g = pair_game(rules)
    g.idle_heroes()
    command, events = g.ai_step(1)
    assert (command.action, command.target) == ("advance", "ace")
    assert math.dist((24.0, 24.0), (command.x, command.y)) == pytest.approx(5.0)
    assert g.at("pair-1-1") == pytest.approx((25.2941, 19.1704), abs=1e-4)
    assert rolls(events) == [[1]] and [a.hits for a in of(events, ev.AttackResolved)] == [0]


@BOTH
def test_step_2_never_stands_still_when_it_should_move_round_after_round(rules):
    """star-quest.en.md#AI Activations: each round the pair either shoots Ace (holding once it
    needs no move) or moves; it never spends an activation standing without a shot."""
    g = pair_game(rules, dice="server")
    for _ in range(4):
        g.idle_heroes()
        before = g.unit("pair-1-1").figures
        command, events = g.ai_step()
        moved = g.unit("pair-1-1").figures != before
        assert of(events, ev.AttackResolved) and (moved or command.action == "hold"), command
        assert (command.action == "hold") == (not moved)


@BOTH
def test_step_2_a_spent_limited_weapon_no_longer_counts_for_range(rules):
    """star-quest.en.md#AI Activations with #Special Rules Reference (Limited): once its 24"
    Limited missile is spent, only the 12" Gun counts; 20" from Ace, an advance cannot bring it in
    range, so it rushes at Ace instead of standing at 24" for the rest of the mission."""
    launcher = enemy("Launcher", weapons=("Missile", "Gun"))
    g = duel(rules, (24.0, 27.26), grunt=launcher, weapons=[weapon("Missile", range=24, rules=["Limited"])])
    command, events = g.ai_step(1)  # Ace 20" away: only the Missile reaches; it misses
    assert (command.action, command.target) == ("hold", "ace") and [a.weapon for a in of(events, ev.AttackResolved)] == ["Missile"]
    g.idle_heroes()
    command, events = g.ai_step()
    assert (command.action, command.target) == ("rush", None)
    assert g.at("launcher-1-1") == pytest.approx((24.0, 15.26))


# -- item: Hold when no move is needed (Relentless) ---------------------------------------------


@pytest.mark.parametrize(("rules", "away", "hits"), [("en", 6.0, 2), ("en", 16.0, 2), ("de", 6.0, 1), ("de", 16.0, 2)])
def test_step_2_in_range_the_ai_holds_and_relentless_follows_its_version(rules, away, hits):
    """star-quest.en.md#AI Activations ("only as much as needed" is nothing: a Hold) with
    Relentless: English on Hold actions at any distance, German at targets over 9"
    (star-quest.de.md#SONDERREGELN); a natural 6 to hit adds one hit."""
    gunner = enemy("Gunner", weapons=("Autogun",), rules=("Relentless",))  # a unit rule in our content
    g = duel(rules, (24.0, 6.0 + 2 * 0.63 + away), grunt=gunner, weapons=[weapon("Autogun", range=24)])
    assert edge_gap(g, "gunner-1-1", "ace") == pytest.approx(away, abs=0.01)
    command, events = g.ai_step(6, *[2] * hits)
    assert (command.action, command.target) == ("hold", "ace")
    assert [e.action for e in of(events, ev.ActionTaken)] == ["hold"] and not of(events, ev.Moved)
    assert rolls(events) == [[6], [2] * hits]
    (attack,) = of(events, ev.AttackResolved)
    assert (attack.hits, attack.wounds) == (hits, hits)


@pytest.mark.parametrize(("rules", "action"), [("en", "skip"), ("de", "rush")])
def test_step_3_at_exactly_three_inches_english_skips_german_needs_less(rules, action):
    """star-quest.en.md#AI Activations, step 3: within 3" of an AI goal it skips the activation
    (no action at all: no Hold, so nothing that holding brings); star-quest.de.md#KI-AKTIVIERUNGEN
    asks for less than 3", so at exactly 3" the German AI still rushes onto its goal."""
    g = duel(rules, (44.0, 41.0), terrain=[DIVIDE])
    command, events = g.ai_step()
    assert command.action == action
    if action == "skip":
        assert [type(e).__name__ for e in events][:2] == ["ActivationStarted", "ActivationEnded"] and not of(events, ev.ActionTaken)
    else:
        assert g.at("grunt-1-1") == pytest.approx((44.0, 44.0))


# -- item: every AI command is checked against the flowchart ------------------------------------


@BOTH
def test_check_an_advance_must_shoot_the_closest_from_a_spot_in_range_and_sight(rules):
    """star-quest.en.md#AI Activations, step 2: 16.7" from Ace the Grunt must advance and shoot
    Ace; the host may pick another spot from which it can, but nothing else."""
    g = duel(rules, (24.0, 24.0))
    for wrong in (AiActivate("grunt-1-1", "rush", 24.0, 14.0), AiActivate("grunt-1-1", "hold", target="ace"), AiActivate("grunt-1-1", "advance", 27.0, 19.5, "bo"), AiActivate("grunt-1-1", "skip")):
        error = refused(g, wrong)
        assert error.params == {"unit": "grunt-1-1", "action": "advance", "variant": "target", "target": "ace"}
    assert i18n.error_message(error.code, error.params, "en", system="star-quest") == "the AI flowchart has grunt-1-1 take Advance at ace now"
    assert i18n.error_message(error.code, error.params, "de", system="star-quest") == "das KI-Ablaufdiagramm lässt grunt-1-1 jetzt nur Vorrücken gegen ace ausführen"
    error = refused(g, AiActivate("grunt-1-1", "advance", 24.0, 22.0, "ace"))  # 14.7" from Ace: out of the Gun's 12"
    assert error.params == {"variant": "shot", "unit": "grunt-1-1", "action": "advance", "target": "ace"}
    events = g.do(AiActivate("grunt-1-1", "advance", 23.0, 18.5, "ace"), 1)  # 11.3" from Ace, off the straight way
    assert g.at("grunt-1-1") == (23.0, 18.5) and rolls(events) == [[1]]


@BOTH
def test_check_in_range_only_a_hold_at_the_closest_hero(rules):
    """star-quest.en.md#AI Activations, step 2: no move needed, so no Advance, and not Bo (further)."""
    g = duel(rules, (24.0, 16.0))
    for wrong in (AiActivate("grunt-1-1", "advance", 24.0, 15.0, "ace"), AiActivate("grunt-1-1", "hold", target="bo"), AiActivate("grunt-1-1", "hold")):
        assert refused(g, wrong).params == {"unit": "grunt-1-1", "action": "hold", "variant": "target", "target": "ace"}
    g.do(AiActivate("grunt-1-1", "hold", target="ace"), 1)


@BOTH
def test_check_a_rush_to_the_closest_must_get_closer_to_it(rules):
    """star-quest.en.md#AI Activations, step 2, No: "rush to closest": no Advance, and a rush
    that does not end closer to Ace is refused; any rush that does is the host's to pick."""
    g = duel(rules, (24.0, 36.0))
    assert refused(g, AiActivate("grunt-1-1", "advance", 24.0, 30.0, "ace")).params == {"unit": "grunt-1-1", "action": "rush", "variant": "target", "target": "ace"}
    error = refused(g, AiActivate("grunt-1-1", "rush", 30.0, 40.0))
    assert error.params == {"variant": "closer", "unit": "grunt-1-1", "action": "rush", "target": "ace"}
    g.do(AiActivate("grunt-1-1", "rush", 20.0, 26.0))
    assert g.at("grunt-1-1") == (20.0, 26.0)


@BOTH
def test_check_with_no_hero_in_sight_only_a_rush_toward_the_nearest_goal(rules):
    """star-quest.en.md#AI Activations, step 3: no hero in sight, 3" or more from a goal: rush
    to the nearest AI goal; a skip, or a rush away from it, is refused."""
    g = duel(rules, (24.0, 30.0), terrain=[DIVIDE], goals=((44.0, 44.0), (4.0, 44.0)))
    assert refused(g, AiActivate("grunt-1-1", "skip")).params == {"unit": "grunt-1-1", "action": "rush", "variant": "goal", "x": 44.0, "y": 44.0}
    error = refused(g, AiActivate("grunt-1-1", "rush", 24.0, 26.0))
    assert error.params == {"variant": "goal", "unit": "grunt-1-1", "action": "rush", "x": 44.0, "y": 44.0}
    g.do(AiActivate("grunt-1-1", "rush", 30.0, 36.0))


@pytest.mark.parametrize("rules", ["en", "de"])
def test_check_charge_closest_only_when_the_flowchart_charges(rules):
    """star-quest.en.md#AI Activations: "else Charge closest": a Grunt with Claws and no gun must
    charge Ace (the closest), not Bo; with a Gun in range the English AI must shoot instead, while
    the German one charges when that deals more (star-quest.de.md#KI-AKTIVIERUNGEN)."""
    claws = enemy("Grunt", toughness=3, weapons=("Claws",))
    g = duel(rules, (28.0, 14.0), grunt=claws, weapons=[weapon("Claws", range=0, attacks=3)])
    error = refused(g, AiActivate("grunt-1-1", "charge", target="bo"))
    assert error.params == {"unit": "grunt-1-1", "action": "charge", "variant": "target", "target": "ace"}
    armed = enemy("Grunt", toughness=3, weapons=("Gun", "Claws"))
    g = duel(rules, (28.0, 14.0), grunt=armed, weapons=[weapon("Claws", range=0, attacks=3)])
    due = {"en": "hold", "de": "charge"}[rules]
    wrong = AiActivate("grunt-1-1", "charge", target="ace") if rules == "en" else AiActivate("grunt-1-1", "hold", target="ace")
    assert refused(g, wrong).params == {"unit": "grunt-1-1", "action": due, "variant": "target", "target": "ace"}


@BOTH
def test_check_a_shaken_ai_unit_may_only_skip(rules):
    """star-quest.en.md#Morale (Shaken: stays idle) within the flowchart: only a skip, which
    counts as its idle activation and ends Shaken."""
    g = duel(rules, (24.0, 16.0))
    g.patch("grunt-1-1", shaken=True)
    assert refused(g, AiActivate("grunt-1-1", "hold", target="ace")).params == {"unit": "grunt-1-1", "action": "skip"}
    assert g.ai_command() == AiActivate("grunt-1-1", "skip")
    events = g.do(g.ai_command(), actor="worker")
    assert of(events, ev.ShakenRecovered) and not g.unit("grunt-1-1").shaken


@BOTH
@pytest.mark.parametrize("scene", ["pair", "lines", "goal"])
def test_the_ais_own_commands_always_pass_the_check(rules, scene):
    """star-quest.en.md#AI Activations: whatever the AI decides, round after round with server
    dice, the engine accepts, so the AI and the check read the flowchart alike."""
    if scene == "pair":
        g = pair_game(rules, dice="server")
    else:
        g = Game(
            rules,
            heroes=[hero("Ace", toughness=12, endurance=12), hero("Bo", toughness=12, endurance=12)],
            enemies=[enemy("Grunt", models=3), enemy("Brute", toughness=3, weapons=("Claws",))],
            weapons=[weapon("Claws", range=0, attacks=2)],
            waves=[wave(1, "Grunt", (10.0, 30.0), (11.5, 30.0), (13.0, 30.0)), wave(1, "Brute", (40.0, 22.0))],
            terrain=[PILLAR, wall("ruin", 30, 24, 36, 25)] + ([DIVIDE] if scene == "goal" else []),
            at={"ace": (18.0, 6.0), "bo": (30.0, 8.0)},
            dice="server",
        )
    for _ in range(5):
        if g.battle.outcome is not None:
            break
        g.idle_heroes()
        while g.battle.phase == "ai" and (command := g.ai_command()) is not None:
            g.do(command, actor="worker")
            if g.battle.pending is not None:
                g.do(Answer(g.battle.pending.unit, False))  # a hero declines paying to ignore Shaken

