"""The check of an AI command against the flowchart (star-quest.en.md#AI Activations, step 3) as
a player reads its refusal: the goal's own x and y, and a unit already at its goal told to skip."""

from __future__ import annotations

from domain.systems.starquest.commands import AiActivate
from tests.starquest.test_ai_flowchart import DIVIDE, duel, refused


def test_a_refused_rush_names_the_goals_x_and_y():
    """No hero in sight: rush for the nearest goal, (40, 44), not (4, 44)."""
    g = duel("en", (24.0, 30.0), terrain=[DIVIDE], goals=((40.0, 44.0), (4.0, 44.0)))
    assert refused(g, AiActivate("grunt-1-1", "skip")).params == {"unit": "grunt-1-1", "action": "rush", "variant": "goal", "x": 40.0, "y": 44.0}
    assert refused(g, AiActivate("grunt-1-1", "rush", 24.0, 26.0)).params == {"variant": "goal", "unit": "grunt-1-1", "action": "rush", "x": 40.0, "y": 44.0}


def test_a_unit_at_its_goal_is_told_to_skip_with_no_goal_named():
    """Within 3" of its goal and no hero in sight, the unit skips; any other command is refused
    with the skip alone."""
    g = duel("en", (40.0, 42.5), terrain=[DIVIDE], goals=((40.0, 44.0),))
    assert refused(g, AiActivate("grunt-1-1", "hold")).params == {"unit": "grunt-1-1", "action": "skip"}
