"""Explorers carried from expedition to expedition of a quest (blackstone-fortress.md#NEW
EXPEDITIONS): what each explorer's report says when an expedition ends, what the campaign hands
the next one, and when an expedition may not set out."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign_events import MissionConcluded, UnitReport
from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.blackstone import carry
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone.quest import Attack, Quest, QuestExplorer
from domain.systems.blackstone.quest_messages import AttemptVault, DrawLegacy
from domain.systems.blackstone.setup import Options, setup
from tests.blackstone.expedition import ExpeditionGame, faces_for
from tests.blackstone.game import CORE, Game
from tests.blackstone.quest import QuestTable

PARTY = ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"]
STRONGHOLDS = ["bone-choir", "drowned-reliquary", "glass-orrery", "hollow-forge"]
LEGACY = sorted(c.id for c in CORE.legacy_cards)
ENDING = ["cards:carried", "player:ann", "player:bob", "leader:ann"]


def test_each_explorer_comes_back_as_it_ended_with_its_wounds_points_and_cards():
    """#ENDING AN EXPEDITION, #PRECIPICE: Oskra died; Kettle came back out of action with a
    grievous wound; Ysolde standing, inspired, with 2 points, a resource, an artefact, a used
    card and a discovery card; the twins unhurt, with nothing to report but the table."""
    game = ExpeditionGame(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_expedition(
        dead=("oskra-vey",),
        resources={**game.expedition.resources, "ysolde-marr": ("gilded-scope",)},
        artefacts={**game.expedition.artefacts, "ysolde-marr": ("forge-hammer",)},
        discarded={"ysolde-marr": ("sealed-ration",)},
        held={**game.expedition.held, "ysolde-marr": ("null-cube",)},
    )
    game.patch_explorer("ysolde-marr", inspired=True, inspiration=2, wounds=1)
    game.patch_explorer("brother-kettle", out_of_action=True, wounds=2, grievous=1)
    assert carry.carry_out(game.expedition) == [
        UnitReport("ysolde-marr", "Ysolde Marr", "standing", False, 1, ["inspiration:2", "inspired", "cards:carried", "resource:gilded-scope", "artefact:forge-hammer", "discarded:sealed-ration", *ENDING[1:]], ["null-cube"]),
        UnitReport("brother-kettle", "Brother Kettle", "out of action", False, 3, ["grievous:1", *ENDING], []),
        UnitReport("oskra-vey", "Oskra Vey", "dead", True, 0, ENDING, []),
        UnitReport("pim-and-pell", "Pim and Pell", "standing", False, 0, ENDING, []),
    ]


def test_a_lone_combat_and_a_one_off_carry_nobody_in_or_out():
    """#ONE-OFF EXPEDITIONS: its explorers do not return to the Precipice; a lone combat is no
    quest's."""
    combat = Game()
    assert carry.carry_out(combat.battle) == []
    one_off = ExpeditionGame(["silent-hall"], mode="one-off", difficulty="normal")
    assert carry.carry_out(one_off.expedition) == []
    lone = setup(Setup("en", Options(combat="sunken-passage", explorers="Ysolde Marr"), {"core": CORE}))
    assert carry.carry_in(lone, Quest(pack="core"), "en") is lone
    plain = ExpeditionGame(["silent-hall"])
    assert carry.carry_in(plain.command, Quest(), "en") is plain.command


def test_the_cards_carried_in_are_the_ones_the_party_holds():
    """#NEW EXPEDITIONS: the resource and artefact cards an explorer still has come along, and no
    other of the pack's playable cards."""
    table = QuestTable()
    table.past_the_first_precipice()
    ysolde = msgspec.structs.replace(table.quest.explorers["ysolde-marr"], resources=("gilded-scope",), artefacts=("forge-hammer",))
    table.patch_quest(explorers={**table.quest.explorers, "ysolde-marr": ysolde})
    second = table.expedition(["silent-hall"])
    assert sorted(c.id for c in second.command.plan.cards) == ["forge-hammer", "gilded-scope"]


def test_an_expedition_waits_for_the_vault_attempt_agreed_and_its_party():
    """#THE HIDDEN VAULT: with the vault agreed on, another expedition is refused citing it, and
    the vault's expedition sets out with the explorers agreed on."""
    table = QuestTable()
    table.begin()
    table.patch_quest(conquered=tuple(STRONGHOLDS))
    table.do(AttemptVault(PARTY))
    assert table.quest.attack == Attack("hidden-vault", tuple(PARTY), vault=True)
    with pytest.raises(RuleError) as other:
        table.expedition(["silent-hall"])
    assert (other.value.code, other.value.rule, other.value.params) == ("attack_agreed", "blackstone-fortress.md#THE HIDDEN VAULT", {"stronghold": "hidden-vault", "explorers": PARTY})
    with pytest.raises(RuleError) as party:
        table.expedition([], mode="stronghold", explorers="Ysolde Marr, Brother Kettle, Oskra Vey, Marek Dunn")
    given = ["ysolde-marr", "brother-kettle", "oskra-vey", "marek-dunn"]
    assert (party.value.code, party.value.rule, party.value.params) == ("stronghold_party", "blackstone-fortress.md#THE HIDDEN VAULT", {"explorers": PARTY, "given": given})


def test_a_new_expedition_waits_for_the_precipice_and_for_explorers_still_out():
    """#NEW EXPEDITIONS: after the Precipice of the last one, with explorers not on another."""
    table = QuestTable()
    table.begin()
    first = table.expedition(["silent-hall"])
    with pytest.raises(RuleError) as busy:
        table.expedition(["silent-hall"], explorers="Marek Dunn, Sister Quill, Oskra Vey, Ysolde Marr")
    assert (busy.value.code, busy.value.rule, busy.value.params) == ("explorer_on_expedition", "blackstone-fortress.md#NEW EXPEDITIONS", {"explorers": ["oskra-vey", "ysolde-marr"], "mission": "m-1"})
    record = table.quest.expeditions["m-1"]
    table.patch_quest(expeditions={"m-1": msgspec.structs.replace(record, explorers=("oskra-vey",))})
    with pytest.raises(RuleError) as one:
        table.expedition(["silent-hall"], explorers="Marek Dunn, Sister Quill, Oskra Vey, Ysolde Marr")
    assert (one.value.code, one.value.params) == ("explorer_on_expedition", {"explorers": ["oskra-vey"], "mission": "m-1"})
    first.do(xcmd.EndExpedition())
    table.patch_quest(expeditions={"m-1": record})
    table.conclude(first)
    with pytest.raises(RuleError) as due:
        table.expedition(["silent-hall"])
    assert (due.value.code, due.value.rule, due.value.params) == ("precipice_due", "blackstone-fortress.md#NEW EXPEDITIONS", {"expedition": "m-1"})


def test_explorers_come_back_from_each_expedition_to_the_quest_with_their_used_cards_back_in_the_decks():
    """#NEW EXPEDITIONS and #RESOURCE CARDS: the quest keeps each explorer's name and the
    expeditions it set out on; a sealed ration Ysolde used goes back into the Gilded Wake's deck;
    an expedition attacks no stronghold."""
    table = QuestTable()
    table.begin()
    wake = tuple(c for c in table.quest.resources["gilded-wake"] if c != "sealed-ration")
    table.patch_quest(resources={**table.quest.resources, "gilded-wake": wake})
    first = table.expedition(["silent-hall"])
    first.patch_expedition(discarded={"ysolde-marr": ("sealed-ration",)})
    first.do(xcmd.EndExpedition())
    table.conclude(first)
    assert "sealed-ration" in table.quest.resources["gilded-wake"]
    assert table.quest.expeditions["m-1"].stronghold == ""
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    second = table.expedition(["silent-hall"])
    second.do(xcmd.EndExpedition())
    table.conclude(second)
    ysolde = table.quest.explorers["ysolde-marr"]
    assert (ysolde.name, ysolde.expeditions) == ("Ysolde Marr", ("m-1", "m-2"))


def test_a_report_of_an_older_log_lists_only_the_artefacts_newly_taken():
    """Reports written before the cards carried were listed (no `cards:carried` marker, no
    players nor leader): Ysolde keeps the artefact and resource cards she had and adds the one
    taken; the Precipice then has no leader to wait for."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    ysolde = msgspec.structs.replace(table.quest.explorers.get("ysolde-marr", QuestExplorer("ysolde-marr", "Ysolde Marr")), artefacts=("tide-seal",), resources=("gilded-scope",))
    table.patch_quest(explorers={**table.quest.explorers, "ysolde-marr": ysolde})
    reports = [UnitReport(x, x, conditions=["artefact:forge-hammer"] if x == "ysolde-marr" else []) for x in PARTY]
    table.apply(MissionConcluded(game.state.mission_id, "ended", "agreed", reports))
    came_back = table.quest.explorers["ysolde-marr"]
    assert (came_back.artefacts, came_back.resources) == (("tide-seal", "forge-hammer"), ("gilded-scope",))
    record = table.quest.expeditions["m-1"]
    assert (record.outcome, record.players, record.leader) == ("agreed", (), "")
