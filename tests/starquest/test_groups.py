"""AI Groups (star-quest.en.md#AI Activations, AI Groups; star-quest.de.md#KI-AKTIVIERUNGEN,
KI-Gruppen): members within 1" of at least one other and within 3" of all others."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import RuleError
from domain.systems.starquest import geometry, groups
from domain.systems.starquest.commands import Activate, Advance
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Figure
from tests.starquest.game import Game, enemy, hero, wave, weapon

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
MOB = "mob-1-1"


def mob_game(rules: str, *positions: tuple[float, float], tagged: bool = True, arms: tuple[str, ...] = ("Gun",)) -> Game:
    mob = enemy("Mob", models=len(positions), base_mm=25, weapons=arms)
    if tagged:
        mob = msgspec.structs.replace(mob, tags=("ai-group",))
    claws = weapon("Claws", range=0)
    g = Game(rules, heroes=[hero("Ace")], enemies=[mob], weapons=[claws], waves=[wave(1, "Mob", *positions)], at={"ace": (24.0, 6.0)}, sentry=False)
    g.idle_heroes()
    return g


def together(g: Game, unit: str) -> bool:
    return geometry.coherent(g.battle.bases(g.unit(unit)), 1.0, 3.0)


@BOTH
def test_ai_groups_a_group_set_up_apart_closes_up_as_it_moves(rules):
    """#AI Groups: an ai-group whose models stand apart ends its AI move together, each model
    moving no further than its Rush; an untagged unit just keeps its places."""
    spread = ((10.0, 30.0), (14.0, 30.0), (18.0, 30.0))
    g = mob_game(rules, *spread)
    assert not together(g, MOB)
    starts = {f.id: (f.x, f.y) for f in g.unit(MOB).figures}
    command, _ = g.ai_step()
    assert command.action == "rush" and together(g, MOB)
    for f in g.unit(MOB).figures:
        assert ((f.x - starts[f.id][0]) ** 2 + (f.y - starts[f.id][1]) ** 2) ** 0.5 <= 12.0 + 1e-6
    loose = mob_game(rules, *spread, tagged=False)
    loose.ai_step()
    assert not together(loose, MOB)


@BOTH
def test_ai_groups_a_coherent_group_keeps_its_formation(rules):
    """#AI Groups: a group already together moves as one, every model by the same step."""
    g = mob_game(rules, (20.0, 30.0), (21.5, 30.0), (23.0, 30.0))
    before = [(f.x, f.y) for f in g.unit(MOB).figures]
    g.ai_step()
    after = [(f.x, f.y) for f in g.unit(MOB).figures]
    steps = {(round(a[0] - b[0], 6), round(a[1] - b[1], 6)) for a, b in zip(after, before)}
    assert len(steps) == 1 and steps != {(0.0, 0.0)}


@BOTH
def test_ai_groups_closing_up_keeps_one_inch_from_heroes(rules):
    """#AI Groups with #Movement: closing up never ends within 1" of a hero."""
    g = mob_game(rules, (24.0, 19.6), (28.0, 19.6), (20.0, 21.0), arms=("Claws",))  # 12.5" away: a Rush, no charge
    command, _ = g.ai_step()
    assert command.action == "rush" and together(g, MOB)
    ace = g.battle.bases(g.unit("ace"))[0]
    assert min(geometry.distance(ace, b) for b in g.battle.bases(g.unit(MOB))) >= 1.0 - 1e-6


@BOTH
def test_ai_groups_a_hero_unit_of_several_models_may_not_break_apart(rules):
    """#AI Groups for hero units of several models (the engine has none yet: a patched unit):
    a move that leaves a coherent group apart is refused; keeping together is fine."""
    g = Game(rules, heroes=[hero("Ace")], at={"ace": (10.0, 6.0)})
    g.patch("ace", figures=(Figure("ace", 10.0, 6.0), Figure("ace.2", 11.5, 6.0)))
    g.do(Activate("ace"))
    g.do(Advance("ace", 10.0, 10.0))
    assert [(f.x, f.y) for f in g.unit("ace").figures] == [(10.0, 10.0), (11.5, 10.0)]
    unit = g.unit("ace")
    res = Resolution(g.battle, None, "host")  # type: ignore[arg-type]
    apart = [Figure("ace", 10.0, 14.0), Figure("ace.2", 16.0, 10.0)]
    with pytest.raises(RuleError) as refused:
        groups.keep_together(res, unit, 6.0, apart)
    assert refused.value.code == "group_apart" and refused.value.rule.startswith(f"star-quest.{rules}.md#")
    assert dict(refused.value.params) == {"unit": "ace"}
    assert groups.keep_together(res, unit, 6.0, [Figure("ace", 10.0, 14.0), Figure("ace.2", 11.5, 14.0)])
