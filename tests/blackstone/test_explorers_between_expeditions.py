"""What the campaign shows of each explorer between expeditions (docs/blackstone-rules-notes.md):
the wounds, grievous wounds, inspiration points and inspired side it came back with, until the
Precipice's healing step heals it (`Heal` when a roll or a mortis card is due, else the legacy
step, which comes after it); the campaign projection folds the same from the log alone."""

from __future__ import annotations

import msgspec

from domain import campaign
from domain.registry import system_named
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import quest_view
from domain.systems.blackstone.quest_messages import DrawLegacy, Heal
from projections.base import row_bytes
from tests.blackstone.expedition import faces_for
from tests.blackstone.game import CORE
from tests.blackstone.quest import SYSTEM, QuestTable

LEGACY = sorted(c.id for c in CORE.legacy_cards)
READ = ("wounds", "grievous", "inspiration", "inspired")


def came_back(table: QuestTable) -> dict[str, tuple]:
    """What a member reads of each explorer on the campaign: (wounds, grievous, inspiration, inspired)."""
    view = msgspec.to_builtins(quest_view.campaign(table.quest))
    return {key: tuple(x[field] for field in READ) for key, x in view["explorers"].items()}


def rebuilt_equal(table: QuestTable) -> None:
    """The campaign projection folded from the log from zero shows the same bytes as the live state."""
    state = None
    for event in table.events:
        state = campaign.evolve(state, event)
    project = system_named(SYSTEM).campaign_projections["blackstone-campaign"]
    assert row_bytes(project(state.game(SYSTEM))) == row_bytes(project(table.quest))


def wounded_expedition(table: QuestTable, **kettle: object) -> None:
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("ysolde-marr", wounds=1, inspiration=2, inspired=True)
    game.patch_explorer("brother-kettle", **kettle)
    game.patch_explorer("oskra-vey", inspiration=1)
    table.conclude(game)


def test_explorers_show_their_wounds_and_inspiration_until_the_healing_step_heals_them():
    """Kettle came back out of action with 2 wounds and 1 grievous wound; his recovery roll (a 5)
    spares him and the healing step heals all of them."""
    table = QuestTable()
    wounded_expedition(table, out_of_action=True, wounds=2, grievous=1)
    assert came_back(table) == {
        "brother-kettle": (2, 1, 0, False),
        "oskra-vey": (0, 0, 1, False),
        "pim-and-pell": (0, 0, 0, False),
        "ysolde-marr": (1, 0, 2, True),
    }
    rebuilt_equal(table)
    table.do(Heal(), 5)
    assert set(came_back(table).values()) == {(0, 0, 0, False)}
    rebuilt_equal(table)


def test_with_no_heal_due_the_legacy_step_finds_the_explorers_healed():
    """#PRECIPICE: the healing step comes first, so the legacy card is drawn by healed explorers."""
    table = QuestTable()
    wounded_expedition(table, wounds=3, grievous=2)
    assert came_back(table)["brother-kettle"] == (3, 2, 0, False)
    assert table.quest.expeditions["m-1"].recovery_due == {}
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    assert set(came_back(table).values()) == {(0, 0, 0, False)}
    rebuilt_equal(table)


def test_an_explorer_that_died_shows_no_wounds():
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("oskra-vey", out_of_action=True, grievous=2, inspiration=3)
    game.do(xcmd.Recover(), 1, actor="ann")
    table.conclude(game)
    assert table.quest.explorers["oskra-vey"].dead
    assert came_back(table)["oskra-vey"] == (0, 0, 0, False)
