"""The Precipice's trading step (blackstone-fortress.md#PRECIPICE, 3. Trading step): each
spacecraft's resource deck shuffled hidden on the campaign's dice and three cards laid out
(fewer when it runs short), the explorers waited for in turn as pending choices, archeotech
converted into trading points (+1 on the explorer's own ship), unused points lost, and the
converted archeotech back in the discovery deck."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign_events import CampaignDiceRolled
from domain.errors import RuleError
from domain.kit.choices import PendingChoice
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone.quest_messages import BeginTrading, DrawLegacy, ResourcesLaidOut, Trade, Traded, TradingBegun, TradingEnded, TradingTurn
from tests.blackstone.expedition import faces_for
from tests.blackstone.game import CORE
from tests.blackstone.quest import QuestTable

LEGACY = sorted(c.id for c in CORE.legacy_cards)
SHIPS = ["gilded-wake", "pale-orchard", "quiet-anvil", "rusted-psalm"]
OPTIONS = (*SHIPS, "stay")
ORDER = ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"]
LAID_OUT = {
    "gilded-wake": ["gilded-scope", "broker-credit", "smuggler-map"],
    "pale-orchard": ["stim-seed", "orchard-pass", "thorn-vest"],
    "quiet-anvil": ["spare-cell", "anvil-plate", "cutting-torch"],
    "rusted-psalm": ["hymn-beacon", "iron-rosary", "votive-flask"],
}


def deck(ship: str) -> list[str]:
    return sorted(r.id for r in CORE.named("spacecraft", ship).resources)


def at_the_precipice() -> QuestTable:
    """An expedition ended with Ysolde holding the null cube (4 points) and a clue, Kettle the
    glass key (1 point), and its legacy step drawn."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_found(**{"ysolde-marr": ("null-cube", "scratched-map"), "brother-kettle": ("glass-key",)})
    game.do(xcmd.Recover(), actor="ann")
    game.do(xcmd.PassLead(), actor="ann")
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    early = table.refused(BeginTrading())
    assert (early.code, early.rule) == ("no_trading_step_due", "blackstone-fortress.md#PRECIPICE")
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    return table


def lay_out(table: QuestTable) -> list:
    return table.do(BeginTrading(), *(f for ship in SHIPS for f in faces_for(deck(ship), LAID_OUT[ship])))


def test_each_resource_deck_is_shuffled_hidden_and_three_cards_laid_out_then_the_first_explorer_is_waited_for():
    table = at_the_precipice()
    events = lay_out(table)
    shuffles = [e for e in events if isinstance(e, CampaignDiceRolled)]
    assert [(s.deck, s.order) for s in shuffles] == [(deck(ship), None) for ship in SHIPS]
    assert [(s.purpose, s.rule, s.actor) for s in shuffles] == [(f"shuffle the resource deck of {ship}", "blackstone-fortress.md#PRECIPICE", "host") for ship in SHIPS]
    assert [e for e in events if isinstance(e, ResourcesLaidOut)] == [ResourcesLaidOut(ship, LAID_OUT[ship]) for ship in SHIPS]
    assert events[-1] == TradingBegun("m-1", ORDER, PendingChoice("ysolde-marr", "trade", OPTIONS))
    assert table.quest.trading.laid_out == {ship: tuple(cards) for ship, cards in LAID_OUT.items()}
    again = table.refused(BeginTrading())
    assert (again.code, again.rule, again.params) == ("trading_under_way", "blackstone-fortress.md#PRECIPICE", {"expedition": "m-1"})


def test_explorers_trade_in_turn_with_points_from_archeotech_and_their_own_ship_and_lose_what_is_left():
    table = at_the_precipice()
    lay_out(table)
    early = table.refused(Trade("brother-kettle", "quiet-anvil"))
    assert (early.code, early.rule, early.params) == ("not_your_choice", "blackstone-fortress.md#PRECIPICE", {"who": "brother-kettle", "waiting_for": "ysolde-marr", "kind": "trade"})
    clue = table.refused(Trade("ysolde-marr", "gilded-wake", convert=["scratched-map"]))
    assert (clue.code, clue.rule, clue.params) == ("archeotech_not_held", "blackstone-fortress.md#PRECIPICE", {"explorer": "ysolde-marr", "cards": ["scratched-map"], "held": ["null-cube"]})
    dear = table.refused(Trade("ysolde-marr", "gilded-wake", convert=["null-cube"], buy=["gilded-scope", "smuggler-map"]))
    assert (dear.code, dear.rule, dear.params) == ("not_enough_trading_points", "blackstone-fortress.md#PRECIPICE", {"points": 5, "bonus": 1, "credit": 0, "cost": 6})
    traded, turn = table.do(Trade("ysolde-marr", "gilded-wake", convert=["null-cube"], buy=["gilded-scope", "broker-credit"]))
    assert traded == Traded("ysolde-marr", "gilded-wake", ["null-cube"], ["gilded-scope", "broker-credit"], points=5, spent=4, lost=1)
    assert turn == TradingTurn(PendingChoice("brother-kettle", "trade", OPTIONS))
    assert table.quest.explorers["ysolde-marr"].discoveries == ("scratched-map",)
    assert table.quest.explorers["ysolde-marr"].resources == ("gilded-scope", "broker-credit")
    assert table.quest.trading.laid_out["gilded-wake"] == ("smuggler-map",)
    assert "gilded-scope" not in table.quest.resources["gilded-wake"] and len(table.quest.resources["gilded-wake"]) == 4
    assert "null-cube" in table.quest.discovery
    hidden = table.refused(Trade("brother-kettle", "quiet-anvil", convert=["glass-key"], buy=["tempered-edge"]))
    assert (hidden.code, hidden.rule, hidden.params) == ("resource_not_laid_out", "blackstone-fortress.md#PRECIPICE", {"spacecraft": "quiet-anvil", "cards": ["tempered-edge"], "laid_out": ["spare-cell", "anvil-plate", "cutting-torch"]})
    traded, _ = table.do(Trade("brother-kettle", "quiet-anvil", convert=["glass-key"], buy=["spare-cell"]))
    assert (traded.points, traded.spent, traded.lost) == (1, 1, 0)
    nowhere = table.refused(Trade("oskra-vey", convert=["glass-key"]))
    assert (nowhere.code, nowhere.rule, nowhere.params) == ("trade_without_spacecraft", "blackstone-fortress.md#PRECIPICE", {"explorer": "oskra-vey"})
    stayed, _ = table.do(Trade("oskra-vey"))
    assert stayed == Traded("oskra-vey", "", [], [], points=0, spent=0, lost=0)
    with pytest.raises(RuleError) as waiting:
        table.expedition(["silent-hall"])
    assert (waiting.value.code, waiting.value.rule, waiting.value.params) == ("trading_under_way", "blackstone-fortress.md#NEW EXPEDITIONS", {"expedition": "m-1"})
    last, ended = table.do(Trade("pim-and-pell", "pale-orchard"))
    assert (last.points, last.spent, last.lost) == (1, 0, 1)
    assert ended == TradingEnded("m-1")
    assert table.quest.trading is None and table.quest.expeditions["m-1"].traded
    done = table.refused(BeginTrading())
    assert done.code == "no_trading_step_due"
    after = table.expedition(["silent-hall"])
    assert {"null-cube", "glass-key"} <= set(after.expedition.content.discovery_cards)


def test_a_deck_that_runs_short_lays_out_what_it_has_and_an_empty_one_nothing():
    table = at_the_precipice()
    table.patch_quest(resources={**table.quest.resources, "gilded-wake": ("hired-lantern",), "pale-orchard": ()})
    events = table.do(
        BeginTrading(),
        *(f for ship in ("quiet-anvil", "rusted-psalm") for f in faces_for(deck(ship), LAID_OUT[ship])),
    )
    shuffled = [e.deck for e in events if isinstance(e, CampaignDiceRolled)]
    assert shuffled == [["hired-lantern"], deck("quiet-anvil"), deck("rusted-psalm")]
    laid = {e.spacecraft: e.cards for e in events if isinstance(e, ResourcesLaidOut)}
    assert laid == {"gilded-wake": ["hired-lantern"], "pale-orchard": [], **{s: LAID_OUT[s] for s in ("quiet-anvil", "rusted-psalm")}}


def test_the_host_gives_the_leader_order_the_explorers_trade_in():
    """#PRECIPICE, 3. Trading step: "in leader order"; the table knows who plays whom."""
    table = at_the_precipice()
    wrong = table.refused(BeginTrading(["oskra-vey", "ysolde-marr", "brother-kettle"]))
    assert (wrong.code, wrong.rule, wrong.params) == ("not_the_leader_order", "blackstone-fortress.md#PRECIPICE", {"order": ["oskra-vey", "ysolde-marr", "brother-kettle"], "explorers": ORDER})
    twice = table.refused(BeginTrading(["oskra-vey", "oskra-vey", "ysolde-marr", "brother-kettle"]))
    assert twice.code == "not_the_leader_order"
    order = ["oskra-vey", "pim-and-pell", "ysolde-marr", "brother-kettle"]
    events = table.do(BeginTrading(order), *(f for ship in SHIPS for f in faces_for(deck(ship), LAID_OUT[ship])))
    assert events[-1] == TradingBegun("m-1", order, PendingChoice("oskra-vey", "trade", OPTIONS))
    assert table.do(Trade("oskra-vey"))[-1] == TradingTurn(PendingChoice("pim-and-pell", "trade", OPTIONS))


def test_the_expeditions_leader_at_its_end_leads_the_precipice_and_another_of_its_players_may_not():
    """#PRECIPICE: the leader draws the legacy card and shuffles the resource decks; #SETUP: "in
    leader order", the leader chooses the order. Ann passed the lead, so Bob leads the Precipice;
    the host acts for the table."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.do(xcmd.Recover(), actor="ann")
    game.do(xcmd.PassLead(), actor="ann")
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    record = table.quest.expeditions["m-1"]
    assert (record.players, record.leader) == (("ann", "bob"), "bob")
    ann = table.refused(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]), actor="ann")
    assert (ann.code, ann.rule, ann.params) == ("not_the_leader", "blackstone-fortress.md#PRECIPICE", {"leader": "bob"})
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]), actor="bob")
    order = ["pim-and-pell", "oskra-vey", "ysolde-marr", "brother-kettle"]
    faces = [f for ship in SHIPS for f in faces_for(deck(ship), LAID_OUT[ship])]
    refused = table.refused(BeginTrading(order), *faces, actor="ann")
    assert (refused.code, refused.params) == ("not_the_leader", {"leader": "bob"})
    begun = table.do(BeginTrading(order), *faces, actor="bob")[-1]
    assert (begun.order, begun.choice.who) == (order, "pim-and-pell")


def with_kettle_holding_the_brokers_credit() -> QuestTable:
    """Brother Kettle (of the Rusted Psalm) holds Broker's credit, out of the Gilded Wake's deck."""
    table = at_the_precipice()
    kettle = table.quest.explorers["brother-kettle"]
    wake = tuple(c for c in table.quest.resources["gilded-wake"] if c != "broker-credit")
    table.patch_quest(
        explorers={**table.quest.explorers, "brother-kettle": msgspec.structs.replace(kettle, resources=("broker-credit",))},
        resources={**table.quest.resources, "gilded-wake": wake},
    )
    laid = {**LAID_OUT, "gilded-wake": ["gilded-scope", "smuggler-map", "hired-lantern"]}
    table.do(BeginTrading(), *(f for ship in SHIPS for f in faces_for(list(table.quest.resources[ship]), laid[ship])))
    table.do(Trade("ysolde-marr"))
    return table


def test_brokers_credit_adds_a_trading_point_to_its_holders_visit_and_goes_back_into_its_deck():
    """#RESOURCE CARDS (discarded: back into its deck), #PRECIPICE, 3. Trading step: the glass key's
    1 point and the credit's 1 on a ship not his own make 2."""
    table = with_kettle_holding_the_brokers_credit()
    dear = table.refused(Trade("brother-kettle", "quiet-anvil", convert=["glass-key"], buy=["anvil-plate"]))
    assert (dear.code, dear.params) == ("not_enough_trading_points", {"points": 2, "bonus": 0, "credit": 1, "cost": 3})
    traded, _ = table.do(Trade("brother-kettle", "quiet-anvil", convert=["glass-key"], buy=["spare-cell", "cutting-torch"]))
    assert traded == Traded("brother-kettle", "quiet-anvil", ["glass-key"], ["spare-cell", "cutting-torch"], points=2, spent=2, lost=0, credits=["broker-credit"])
    assert table.quest.explorers["brother-kettle"].resources == ("spare-cell", "cutting-torch")
    assert table.quest.resources["gilded-wake"] == tuple(deck("gilded-wake"))
    assert table.quest.trading.laid_out["gilded-wake"] == ("gilded-scope", "smuggler-map", "hired-lantern")


def test_an_explorer_who_visits_no_spacecraft_keeps_its_credit_for_the_next_visit():
    table = with_kettle_holding_the_brokers_credit()
    stayed, _ = table.do(Trade("brother-kettle"))
    assert stayed == Traded("brother-kettle", "", [], [], points=0, spent=0, lost=0, credits=[])
    assert table.quest.explorers["brother-kettle"].resources == ("broker-credit",)
    assert "broker-credit" not in table.quest.resources["gilded-wake"]


def test_a_trade_needs_a_trading_step_under_way_and_a_spacecraft_offered():
    """#PRECIPICE, 3. Trading step: no trade before the step begins; an explorer visits one of
    the quest's spacecraft, or none."""
    table = at_the_precipice()
    none = table.refused(Trade("ysolde-marr", "gilded-wake"))
    assert (none.code, none.rule, none.params) == ("no_trading_step", "blackstone-fortress.md#PRECIPICE", {"explorer": "ysolde-marr"})
    lay_out(table)
    unknown = table.refused(Trade("ysolde-marr", "black-barque"))
    assert (unknown.code, unknown.rule, unknown.params) == ("option_not_offered", "blackstone-fortress.md#PRECIPICE", {"option": "black-barque", "kind": "trade", "options": list(OPTIONS)})


def test_no_trading_step_before_any_expedition_or_once_the_quest_is_over():
    """#PRECIPICE: its steps follow an expedition; a quest over has none."""
    table = QuestTable()
    table.begin()
    first = table.refused(BeginTrading())
    assert (first.code, first.rule) == ("no_trading_step_due", "blackstone-fortress.md#PRECIPICE")
    legacy = table.refused(DrawLegacy())
    assert (legacy.code, legacy.rule) == ("no_legacy_step_due", "blackstone-fortress.md#PRECIPICE")
    over = at_the_precipice()
    over.patch_quest(outcome="failed")
    assert over.refused(BeginTrading()).code == "no_trading_step_due"


def test_with_every_explorer_of_the_expedition_dead_the_trading_step_ends_at_once():
    """#PRECIPICE, 3. Trading step: nobody left to visit a spacecraft, so no deck is laid out
    (a pack with 8 explorers or more goes on after losing a whole party, #THE HIDDEN VAULT)."""
    table = at_the_precipice()
    table.patch_quest(explorers={k: msgspec.structs.replace(x, dead=k in ORDER) for k, x in table.quest.explorers.items()})
    assert table.do(BeginTrading()) == [TradingEnded("m-1")]
    assert table.quest.trading is None and table.quest.expeditions["m-1"].traded
