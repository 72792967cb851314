"""The Precipice's healing step (blackstone-fortress.md#PRECIPICE, 1. Healing step): an explorer
that came back out of action, the host having ended the expedition before a recovery step rolled
for it, makes its recovery roll on the campaign's dice before the legacy step; one at or under
its grievous wounds dies and cannot set out again."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign_events import CampaignDiceRolled
from domain.errors import RuleError
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone.content import Artefact, PlayEffect
from domain.systems.blackstone.quest_messages import DrawLegacy, ExplorersHealed, Heal, MortisTaken, PrecipiceRecoveryRolled
from tests.blackstone.expedition import faces_for
from tests.blackstone.game import CORE
from tests.blackstone.quest import QuestTable

LEGACY = sorted(c.id for c in CORE.legacy_cards)
MORTIS = sorted(c.id for c in CORE.mortis_cards)


def ended_with_two_out_of_action() -> QuestTable:
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("oskra-vey", out_of_action=True, grievous=2)
    game.patch_explorer("brother-kettle", out_of_action=True, grievous=1)
    table.conclude(game)
    return table


def test_explorers_out_of_action_roll_for_recovery_before_the_legacy_step():
    table = ended_with_two_out_of_action()
    assert table.quest.expeditions["m-1"].recovery_due == {"brother-kettle": 1, "oskra-vey": 2}
    oskra = msgspec.structs.replace(table.quest.explorers["oskra-vey"], discoveries=("null-cube",), resources=("gilded-scope",), artefacts=("forge-hammer",))
    table.patch_quest(explorers={**table.quest.explorers, "oskra-vey": oskra})
    waiting = table.refused(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    assert (waiting.code, waiting.rule, waiting.params) == ("healing_step_due", "blackstone-fortress.md#PRECIPICE", {"expedition": "m-1", "explorers": ["brother-kettle", "oskra-vey"]})
    events = table.do(Heal(), 2, 2, *faces_for(MORTIS, ["empty-bunk"]))
    rolls = [(e.unit, e.results) for e in events if isinstance(e, CampaignDiceRolled) and e.deck is None]
    assert rolls == [("brother-kettle", [2]), ("oskra-vey", [2])]
    (shuffle,) = [e for e in events if isinstance(e, CampaignDiceRolled) and e.deck is not None]
    assert (shuffle.deck, shuffle.order, shuffle.rule) == (MORTIS, None, "blackstone-fortress.md#EXPLORATION ROUNDS")
    assert [e for e in events if not isinstance(e, CampaignDiceRolled)] == [
        PrecipiceRecoveryRolled("brother-kettle", 2, 1, died=False),
        PrecipiceRecoveryRolled("oskra-vey", 2, 2, died=True),
        MortisTaken("oskra-vey", "empty-bunk"),
        ExplorersHealed("m-1"),
    ]
    assert table.quest.explorers["oskra-vey"].dead and not table.quest.explorers["brother-kettle"].dead
    assert table.quest.explorers["oskra-vey"].mortis == "empty-bunk" and "empty-bunk" not in table.quest.mortis_deck
    dead = table.quest.explorers["oskra-vey"]
    assert (dead.discoveries, dead.resources, dead.artefacts) == ((), (), ())
    assert (table.quest.expeditions["m-1"].recovery_due, table.quest.expeditions["m-1"].mortis_due) == ({}, ())
    again = table.refused(Heal())
    assert (again.code, again.rule, again.params) == ("no_healing_step_due", "blackstone-fortress.md#PRECIPICE", {})
    table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))
    with pytest.raises(RuleError) as dead:
        table.expedition(["silent-hall"])
    assert (dead.value.code, dead.value.params) == ("explorer_dead", {"explorers": ["oskra-vey"]})


def test_with_nobody_out_of_action_the_healing_step_asks_for_no_roll():
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    table.conclude(game)
    assert table.quest.expeditions["m-1"].recovery_due == {}
    assert table.refused(Heal()).code == "no_healing_step_due"
    assert len(table.do(DrawLegacy(), *faces_for(LEGACY, ["quiet-stars"]))) == 2


def test_an_explorer_that_died_on_the_expedition_takes_its_mortis_card_at_the_healing_step():
    """#EXPLORATION ROUNDS, 2. Recovery step: "the explorer dies: take a mortis card"."""
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.Explore(), actor="ann")
    game.patch_explorer("oskra-vey", out_of_action=True, grievous=2)
    game.patch_found(**{"oskra-vey": ("null-cube",)})
    game.patch_expedition(resources={**game.expedition.resources, "oskra-vey": ("gilded-scope",)}, artefacts={**game.expedition.artefacts, "oskra-vey": ("forge-hammer",)})
    game.do(xcmd.Recover(), 1, actor="ann")
    table.conclude(game)
    assert table.quest.expeditions["m-1"].mortis_due == ("oskra-vey",)
    lost = table.quest.explorers["oskra-vey"]
    assert (lost.dead, lost.discoveries, lost.resources, lost.artefacts) == (True, (), (), ())
    waiting = table.refused(DrawLegacy())
    assert (waiting.code, waiting.params) == ("healing_step_due", {"expedition": "m-1", "explorers": ["oskra-vey"]})
    events = table.do(Heal(), *faces_for(MORTIS, ["last-words"]))
    assert events[1:] == [MortisTaken("oskra-vey", "last-words"), ExplorersHealed("m-1")]
    assert table.quest.explorers["oskra-vey"].mortis == "last-words"
    assert table.quest.mortis_deck == ("empty-bunk", "lost-in-the-dark", "name-on-the-wall")


def test_a_recovery_roll_card_counts_grievous_wounds_fewer_on_the_precipices_recovery_roll():
    """#PRECIPICE, 1. Healing step read as the recovery step's roll (#RESOURCE CARDS): Oskra's
    Orchard pass counts one of her 2 grievous wounds fewer, so the 2 that killed her above
    leaves her alive; the 1 would not."""
    table = ended_with_two_out_of_action()
    oskra = table.quest.explorers["oskra-vey"]
    table.patch_quest(explorers={**table.quest.explorers, "oskra-vey": msgspec.structs.replace(oskra, resources=("orchard-pass",))})
    events = table.do(Heal(), 2, 2)
    assert [e for e in events if not isinstance(e, CampaignDiceRolled)] == [
        PrecipiceRecoveryRolled("brother-kettle", 2, 1, died=False),
        PrecipiceRecoveryRolled("oskra-vey", 2, 2, died=False, cards=["orchard-pass"], eased=1),
        ExplorersHealed("m-1"),
    ]
    assert not table.quest.explorers["oskra-vey"].dead and table.quest.explorers["oskra-vey"].resources == ("orchard-pass",)
    again = ended_with_two_out_of_action()
    again.patch_quest(explorers={**again.quest.explorers, "oskra-vey": msgspec.structs.replace(oskra, resources=("orchard-pass",))})
    died = [e for e in again.do(Heal(), 2, 1, *faces_for(MORTIS, ["empty-bunk"])) if isinstance(e, PrecipiceRecoveryRolled)][-1]
    assert (died.face, died.eased, died.died) == (1, 1, True)


def test_two_explorers_dying_at_the_precipice_take_a_mortis_card_each_rolled_by_the_host():
    """#PRECIPICE, 1. Healing step: Brother Kettle (1 grievous) rolls a 1 and Oskra (2) a 2:
    both die; the mortis deck is shuffled once and deals them a card each in party order
    (#EXPLORATION ROUNDS, 2. Recovery step). Every roll is the member's who asked for it."""
    table = ended_with_two_out_of_action()
    events = table.do(Heal(), 1, 2, *faces_for(MORTIS, ["name-on-the-wall", "last-words"]), actor="host")
    rolls = [e for e in events if isinstance(e, CampaignDiceRolled)]
    assert [(r.purpose, r.rule, r.actor, r.unit) for r in rolls] == [
        ("recovery roll: brother-kettle", "blackstone-fortress.md#PRECIPICE", "host", "brother-kettle"),
        ("recovery roll: oskra-vey", "blackstone-fortress.md#PRECIPICE", "host", "oskra-vey"),
        ("shuffle the mortis deck", "blackstone-fortress.md#EXPLORATION ROUNDS", "host", None),
    ]
    assert [e for e in events if not isinstance(e, CampaignDiceRolled)] == [
        PrecipiceRecoveryRolled("brother-kettle", 1, 1, died=True),
        PrecipiceRecoveryRolled("oskra-vey", 2, 2, died=True),
        MortisTaken("brother-kettle", "name-on-the-wall"),
        MortisTaken("oskra-vey", "last-words"),
        ExplorersHealed("m-1"),
    ]
    assert table.quest.mortis_deck == ("empty-bunk", "lost-in-the-dark")


def test_an_artefact_of_the_vault_eases_the_precipices_recovery_roll_and_a_pack_without_a_vault_reads_the_rest():
    """#RESOURCE CARDS read for #PRECIPICE, 1. Healing step: artefact cards count as resource
    cards do; a pack's vault artefact (the core pack's have none of the kind) with recovery_roll 1
    keeps Oskra (2 grievous) alive on a 2. With no vault in the pack, her Orchard pass still counts."""
    table = ended_with_two_out_of_action()
    vault = table.quest.hidden_vault
    charm = Artefact("vault-charm", "Vault charm", effect=PlayEffect("recovery_roll", 1))
    oskra = msgspec.structs.replace(table.quest.explorers["oskra-vey"], artefacts=("vault-charm",))
    table.patch_quest(hidden_vault=msgspec.structs.replace(vault, artefacts=(*vault.artefacts, charm)), explorers={**table.quest.explorers, "oskra-vey": oskra})
    rolled = [e for e in table.do(Heal(), 2, 2) if isinstance(e, PrecipiceRecoveryRolled)]
    assert rolled[-1] == PrecipiceRecoveryRolled("oskra-vey", 2, 2, died=False, cards=["vault-charm"], eased=1)
    plain = ended_with_two_out_of_action()
    oskra = msgspec.structs.replace(plain.quest.explorers["oskra-vey"], resources=("orchard-pass",))
    plain.patch_quest(hidden_vault=None, explorers={**plain.quest.explorers, "oskra-vey": oskra})
    rolled = [e for e in plain.do(Heal(), 2, 2) if isinstance(e, PrecipiceRecoveryRolled)]
    assert rolled[-1] == PrecipiceRecoveryRolled("oskra-vey", 2, 2, died=False, cards=["orchard-pass"], eased=1)
