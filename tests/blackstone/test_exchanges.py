"""Explorers' cards from expedition to expedition and from hand to hand
(blackstone-fortress.md#RESOURCE CARDS, #NEW EXPEDITIONS): the discovery cards an explorer holds
set out with it, change hands in the leader step and come back as held; resource cards change
hands at the Precipice."""

from __future__ import annotations

import msgspec

from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.quest_messages import DrawLegacy, GiveResources, ResourcesGiven
from tests.blackstone.expedition import faces_for
from tests.blackstone.game import CORE
from tests.blackstone.quest import QuestTable

LEGACY = sorted(c.id for c in CORE.legacy_cards)


def test_discovery_cards_held_set_out_change_hands_in_the_leader_step_and_come_back():
    table = QuestTable()
    table.begin()
    first = table.expedition(["silent-hall"])
    first.do(xcmd.Explore(), actor="ann")
    first.patch_found(**{"ysolde-marr": ("null-cube", "scratched-map")})
    early = first.refused(xcmd.GiveCards("ysolde-marr", "brother-kettle", ["null-cube"]), actor="ann")
    assert (early.code, early.params) == ("not_this_step", {"step": "recovery", "command": "GiveCards"})
    first.do(xcmd.Recover(), actor="ann")
    not_leader = first.refused(xcmd.GiveCards("ysolde-marr", "brother-kettle", ["null-cube"]), actor="bob")
    assert (not_leader.code, not_leader.params) == ("not_the_leader", {"leader": "ann"})
    not_held = first.refused(xcmd.GiveCards("ysolde-marr", "brother-kettle", ["glass-key"]), actor="ann")
    assert (not_held.code, not_held.rule, not_held.params) == ("cards_not_held", "blackstone-fortress.md#RESOURCE CARDS", {"explorer": "ysolde-marr", "cards": ["glass-key"], "held": ["null-cube", "scratched-map"]})
    to_self = first.refused(xcmd.GiveCards("ysolde-marr", "ysolde-marr", ["null-cube"]), actor="ann")
    assert (to_self.code, to_self.rule) == ("no_such_exchange", "blackstone-fortress.md#RESOURCE CARDS")
    stranger = first.refused(xcmd.GiveCards("marek-dunn", "ysolde-marr", ["null-cube"]), actor="ann")
    assert (stranger.code, stranger.params) == ("no_such_exchange", {"giver": "marek-dunn", "receiver": "ysolde-marr", "explorers": ["brother-kettle", "oskra-vey", "pim-and-pell", "ysolde-marr"]})
    (given,) = first.do(xcmd.GiveCards("ysolde-marr", "brother-kettle", ["null-cube"]), actor="ann")
    assert given == xev.CardsGiven("ysolde-marr", "brother-kettle", ["null-cube"])
    assert first.expedition.held["ysolde-marr"] == ("scratched-map",) and first.expedition.held["brother-kettle"] == ("null-cube",)
    first.do(xcmd.PassLead(), actor="ann")
    first.do(xcmd.EndExpedition())
    table.conclude(first)
    assert table.quest.explorers["brother-kettle"].discoveries == ("null-cube",)
    assert table.quest.explorers["ysolde-marr"].discoveries == ("scratched-map",)
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    second = table.expedition(["silent-hall"])
    assert second.command.plan.held == {"brother-kettle": ["null-cube"], "ysolde-marr": ["scratched-map"]}
    assert second.expedition.held == {"ysolde-marr": ("scratched-map",), "brother-kettle": ("null-cube",), "oskra-vey": (), "pim-and-pell": ()}
    assert second.expedition.found == {"ysolde-marr": (), "brother-kettle": (), "oskra-vey": (), "pim-and-pell": ()}
    second.do(xcmd.Explore(), actor="ann")
    table.conclude(second)
    assert table.quest.explorers["brother-kettle"].discoveries == ("null-cube",)


def test_resource_cards_change_hands_at_the_precipice_only():
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    under_way = table.refused(GiveResources("ysolde-marr", "oskra-vey", ["gilded-scope"]))
    assert (under_way.code, under_way.rule) == ("not_at_the_precipice", "blackstone-fortress.md#RESOURCE CARDS")
    game.patch_explorer("pim-and-pell", out_of_action=True, grievous=1)
    game.do(xcmd.Recover(), 1, actor="ann")
    table.conclude(game)
    ysolde = msgspec.structs.replace(table.quest.explorers["ysolde-marr"], resources=("gilded-scope",))
    table.patch_quest(explorers={**table.quest.explorers, "ysolde-marr": ysolde})
    dead = table.refused(GiveResources("ysolde-marr", "pim-and-pell", ["gilded-scope"]))
    assert (dead.code, dead.params) == ("no_such_exchange", {"giver": "ysolde-marr", "receiver": "pim-and-pell", "explorers": ["brother-kettle", "oskra-vey", "ysolde-marr"]})
    stranger = table.refused(GiveResources("marek-dunn", "ysolde-marr", ["gilded-scope"]))
    assert (stranger.code, stranger.params["giver"]) == ("no_such_exchange", "marek-dunn")
    not_held = table.refused(GiveResources("oskra-vey", "ysolde-marr", ["gilded-scope"]))
    assert (not_held.code, not_held.params) == ("cards_not_held", {"explorer": "oskra-vey", "cards": ["gilded-scope"], "held": []})
    (given,) = table.do(GiveResources("ysolde-marr", "oskra-vey", ["gilded-scope"]))
    assert given == ResourcesGiven("ysolde-marr", "oskra-vey", ["gilded-scope"])
    assert (table.quest.explorers["ysolde-marr"].resources, table.quest.explorers["oskra-vey"].resources) == ((), ("gilded-scope",))


def test_stronghold_artefact_cards_change_hands_at_the_precipice_with_resource_cards():
    """#RESOURCE CARDS: "resource cards and/or stronghold artefact cards ... at any time at Precipice"."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    ysolde = msgspec.structs.replace(table.quest.explorers["ysolde-marr"], resources=("gilded-scope",), artefacts=("forge-hammer", "tide-seal"))
    table.patch_quest(explorers={**table.quest.explorers, "ysolde-marr": ysolde})
    (given,) = table.do(GiveResources("ysolde-marr", "brother-kettle", ["tide-seal", "gilded-scope"]))
    assert given == ResourcesGiven("ysolde-marr", "brother-kettle", ["tide-seal", "gilded-scope"])
    kettle, ysolde = table.quest.explorers["brother-kettle"], table.quest.explorers["ysolde-marr"]
    assert (ysolde.resources, ysolde.artefacts) == ((), ("forge-hammer",))
    assert (kettle.resources, kettle.artefacts) == (("gilded-scope",), ("tide-seal",))
    not_held = table.refused(GiveResources("brother-kettle", "ysolde-marr", ["forge-hammer"]))
    assert (not_held.code, not_held.params) == ("cards_not_held", {"explorer": "brother-kettle", "cards": ["forge-hammer"], "held": ["gilded-scope", "tide-seal"]})


def test_resource_and_artefact_cards_set_out_change_hands_at_the_start_and_in_the_leader_step_and_come_back():
    """#RESOURCE CARDS: "at the start of the expedition after setup" resource and artefact cards;
    in the leader step discovery cards too."""
    table = QuestTable()
    table.past_the_first_precipice()
    ysolde = msgspec.structs.replace(table.quest.explorers["ysolde-marr"], discoveries=("null-cube",), resources=("gilded-scope",), artefacts=("forge-hammer",))
    table.patch_quest(explorers={**table.quest.explorers, "ysolde-marr": ysolde}, discovery=tuple(c for c in table.quest.discovery if c != "null-cube"))
    second = table.expedition(["silent-hall"])
    assert (second.command.plan.resources, second.command.plan.artefacts) == ({"ysolde-marr": ["gilded-scope"]}, {"ysolde-marr": ["forge-hammer"]})
    discovery = second.refused(xcmd.GiveCards("ysolde-marr", "brother-kettle", ["null-cube"]), actor="ann")
    assert (discovery.code, discovery.params) == ("cards_not_held", {"explorer": "ysolde-marr", "cards": ["null-cube"], "held": ["gilded-scope", "forge-hammer"]})
    (given,) = second.do(xcmd.GiveCards("ysolde-marr", "brother-kettle", ["gilded-scope", "forge-hammer"]), actor="ann")
    assert given == xev.CardsGiven("ysolde-marr", "brother-kettle", ["gilded-scope", "forge-hammer"])
    assert (second.expedition.resources["brother-kettle"], second.expedition.artefacts["brother-kettle"]) == (("gilded-scope",), ("forge-hammer",))
    second.do(xcmd.Explore(), actor="ann")
    late = second.refused(xcmd.GiveCards("brother-kettle", "ysolde-marr", ["forge-hammer"]), actor="ann")
    assert (late.code, late.params) == ("not_this_step", {"step": "recovery", "command": "GiveCards"})
    second.do(xcmd.Recover(), actor="ann")
    second.do(xcmd.GiveCards("brother-kettle", "ysolde-marr", ["forge-hammer"]), actor="ann")
    second.do(xcmd.GiveCards("ysolde-marr", "oskra-vey", ["null-cube"]), actor="ann")
    second.do(xcmd.PassLead(), actor="ann")
    next_round = second.refused(xcmd.GiveCards("brother-kettle", "ysolde-marr", ["gilded-scope"]), actor="bob")
    assert (next_round.code, next_round.params) == ("not_this_step", {"step": "exploration", "command": "GiveCards"})
    second.do(xcmd.EndExpedition())
    table.conclude(second)
    explorers = table.quest.explorers
    assert (explorers["ysolde-marr"].resources, explorers["ysolde-marr"].artefacts, explorers["ysolde-marr"].discoveries) == ((), ("forge-hammer",), ())
    assert (explorers["brother-kettle"].resources, explorers["brother-kettle"].artefacts) == (("gilded-scope",), ())
    assert explorers["oskra-vey"].discoveries == ("null-cube",)


def test_the_last_two_explorers_alive_may_give_each_other_cards_at_the_precipice():
    """#RESOURCE CARDS: any two explorers alive, however few are left."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    dead = {"oskra-vey", "pim-and-pell"}
    explorers = {k: msgspec.structs.replace(x, dead=k in dead, resources=("gilded-scope",) if k == "ysolde-marr" else x.resources) for k, x in table.quest.explorers.items()}
    table.patch_quest(explorers=explorers)
    assert table.do(GiveResources("ysolde-marr", "brother-kettle", ["gilded-scope"])) == [ResourcesGiven("ysolde-marr", "brother-kettle", ["gilded-scope"])]
