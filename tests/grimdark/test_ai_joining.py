"""The solo army's heroes join units at deployment (domain/systems/grimdark/ai_preparation.py;
grimdark-future-1.5.md#Unit Types, Heroes): each Infantry hero goes with the friendly Infantry
unit with the most models that may take it, in rows that stay coherent."""

from __future__ import annotations

from domain.systems.grimdark import ai, ai_preparation
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, VANGUARD, Game, row, with_rules
from tests.grimdark.solo import as_solo


def test_the_brood_mother_deploys_with_the_skitter_swarm_in_rows_of_three():
    """The Skitter Swarm has the most models (the Creeper Swarm waits in Ambush); with the
    Mother's 2" base a row of four would stretch past 6", so the nine stand in rows of three."""
    game = Game(solo=BROOD)
    game.prepare()
    assert ai_preparation.partners(game.game, BROOD) == {"skitter-swarm": "brood-mother"}
    for unit_id, place in (("captain-hale-morrow", [(4, 10)]), ("vanguard-squad", row(12, 10, 5))):
        game.do(cmd.Deploy(unit=unit_id, positions=place))
        game.do(ai.ai(game.state))  # the Bone Crushers, then the Creeper Swarm in reserve
    game.do(cmd.Deploy(unit="ridge-squad", positions=row(22, 10, 5)))
    command = ai.ai(game.state)
    assert (command.unit, command.joined) == ("skitter-swarm", ["brood-mother"])
    columns, rows = (8.0, 10.469, 12.937), (29.0, 26.531, 24.063)
    assert [(round(x, 3), round(y, 3)) for x, y in command.positions] == [(x, y) for y in rows for x in columns]
    deployed = game.do(command)[0]
    assert isinstance(deployed, ev.UnitDeployed) and deployed.joined == ["brood-mother"]
    assert [m.id for m in game.unit("skitter-swarm").models][-1] == "brood-mother-1" and "brood-mother" not in game.game.units


def test_the_captain_joins_the_first_of_the_two_biggest_squads():
    game = Game(solo=VANGUARD)
    game.prepare()
    assert ai_preparation.partners(game.game, VANGUARD) == {"ridge-squad": "captain-hale-morrow"}
    for unit_id in ("dust-riders", "mortar-team"):
        command = ai.ai(game.state)
        assert (command.unit, command.joined) == (unit_id, [])
        game.do(command)
        game.do(ai.ai(as_solo(game, BROOD)))
    command = ai.ai(game.state)
    assert (command.unit, command.joined, len(command.positions)) == ("ridge-squad", ["captain-hale-morrow"], 6)
    game.do(command)


def test_a_hero_with_ambush_or_scout_joins_no_unit():
    """An Ambush hero waits in reserve and a Scout deploys after the others: neither goes with a
    unit; the Ridge Squad takes none."""
    for rule in ("Ambush", "Scout"):
        game = Game(solo=VANGUARD, pack=with_rules("Captain Hale Morrow", rules=(rule,)))
        game.prepare()
        assert ai_preparation.partners(game.game, VANGUARD) == {}
