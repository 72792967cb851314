"""Strongholds and the hidden vault (blackstone-fortress.md#STRONGHOLDS, #THE HIDDEN VAULT): 4
clue cards the picked explorers hold go back into the discovery deck, the stronghold deck is
shuffled hidden on the campaign's dice and one drawn; the attack is an expedition through the
stronghold's own cards, in order; coming through its last card conquers it and hands out its
artefact cards. With 4 conquered the vault may be attempted; its end ends the quest. Fewer
than 4 explorers alive fails the quest."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign_events import CampaignDiceRolled
from domain.errors import RuleError
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.expedition_state import RECOVERY
from domain.systems.blackstone.quest import Attack, QuestExplorer
from domain.systems.blackstone.quest_messages import AttackStronghold, AttemptVault, CluesSpent, DrawLegacy, QuestFailed, StrongholdDrawn, VaultAttempted
from tests.blackstone.expedition import faces_for
from tests.blackstone.quest import QuestTable

PARTY = ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"]
STRONGHOLDS = ["bone-choir", "drowned-reliquary", "glass-orrery", "hollow-forge"]
CLUES = ["scratched-map", "dead-mans-log", "broken-beacon", "chalk-sigil"]


def _quest_with_clues() -> QuestTable:
    """A quest whose first two explorers came back holding the four clues (and a lens)."""
    table = QuestTable()
    table.begin()
    held = {"ysolde-marr": ("scratched-map", "humming-lens", "dead-mans-log"), "brother-kettle": ("broken-beacon", "chalk-sigil")}
    explorers = {x: QuestExplorer(x, x, discoveries=held.get(x, ())) for x in PARTY}
    taken = {c for cards in held.values() for c in cards}
    table.patch_quest(explorers=explorers, discovery=tuple(c for c in table.quest.discovery if c not in taken))
    return table


def _conquer(game) -> list:  # noqa: ANN001 - an ExpeditionGame
    """Through the place's last card (set outside the rules): the recovery step conquers it."""
    game.patch_expedition(exploration=msgspec.structs.replace(game.expedition.exploration, draw_pile=()), step=RECOVERY, round=3)
    return game.do(xcmd.Recover(), actor="ann")


def test_four_clues_held_by_the_picked_explorers_draw_a_stronghold_from_its_shuffled_deck():
    table = _quest_with_clues()
    assert table.quest.stronghold_deck() == tuple(STRONGHOLDS)
    events = table.do(AttackStronghold(PARTY, CLUES), *faces_for(STRONGHOLDS, ["hollow-forge"]))
    spent, shuffle, drawn = events
    assert spent == CluesSpent({"ysolde-marr": ["scratched-map", "dead-mans-log"], "brother-kettle": ["broken-beacon", "chalk-sigil"]})
    assert isinstance(shuffle, CampaignDiceRolled) and shuffle.order is None and shuffle.deck == STRONGHOLDS
    assert (shuffle.purpose, shuffle.rule, shuffle.actor) == ("shuffle the stronghold deck", "blackstone-fortress.md#STRONGHOLDS", "host")
    assert drawn == StrongholdDrawn("hollow-forge", PARTY)
    assert table.quest.attack == Attack("hollow-forge", tuple(PARTY))
    assert table.quest.explorers["ysolde-marr"].discoveries == ("humming-lens",)
    assert table.quest.explorers["brother-kettle"].discoveries == ()
    assert set(CLUES) <= set(table.quest.discovery) and "humming-lens" not in table.quest.discovery
    again = table.refused(AttackStronghold(PARTY, CLUES))
    assert (again.code, again.rule, again.params) == ("attack_agreed", "blackstone-fortress.md#STRONGHOLDS", {"stronghold": "hollow-forge", "explorers": PARTY})


@pytest.mark.parametrize(
    ("explorers", "clues", "code", "params"),
    [
        (PARTY, CLUES[:3], "stronghold_clues", {"wanted": 4, "given": 3}),
        (PARTY, [*CLUES[:3], "humming-lens"], "clues_not_held", {"clues": ["humming-lens"], "held": sorted(CLUES)}),
        (PARTY, [*CLUES[:3], "etched-bone"], "clues_not_held", {"clues": ["etched-bone"], "held": sorted(CLUES)}),
        (PARTY[:3], CLUES, "expedition_party", {"wanted": 4, "given": 3}),
        ([*PARTY[:3], "nobody"], CLUES, "unknown_explorer", {"names": ["nobody"], "known": [*PARTY, "marek-dunn", "sister-quill"]}),
        (["oskra-vey", "pim-and-pell", "marek-dunn", "sister-quill"], CLUES, "clues_not_held", {"clues": CLUES, "held": []}),
    ],
)
def test_an_attack_wants_four_clue_cards_the_picked_explorers_hold(explorers, clues, code, params):
    table = _quest_with_clues()
    refused = table.refused(AttackStronghold(explorers, clues))
    assert (refused.code, refused.params) == (code, params)
    assert refused.rule in ("blackstone-fortress.md#STRONGHOLDS", "blackstone-fortress.md#SETUP")


def test_the_attack_sets_out_through_the_strongholds_cards_and_conquering_it_hands_out_its_artefacts():
    table = _quest_with_clues()
    table.do(AttackStronghold(PARTY, CLUES), *faces_for(STRONGHOLDS, ["hollow-forge"]))
    with pytest.raises(RuleError) as other:
        table.expedition(["silent-hall"])
    assert (other.value.code, other.value.rule) == ("attack_agreed", "blackstone-fortress.md#STRONGHOLDS")
    with pytest.raises(RuleError) as party:
        table.expedition([], mode="stronghold", explorers="Ysolde Marr, Brother Kettle, Oskra Vey, Marek Dunn")
    assert (party.value.code, party.value.params["given"]) == ("stronghold_party", ["ysolde-marr", "brother-kettle", "oskra-vey", "marek-dunn"])
    table.missions = 0
    game = table.expedition([], mode="stronghold")
    (dealt,) = game.of(xev.StrongholdDealt)
    assert dealt == xev.StrongholdDealt("hollow-forge", ["falling-debris", "twin-galleries", "passage-ambush"])
    assert game.expedition.exploration.draw_pile == ("challenge-1", "combat-1", "combat-2") and game.expedition.exploration.hidden is True
    assert game.expedition.combat_deck.draw_pile == game.expedition.challenge_deck.draw_pile == ()
    assert game.expedition.dealt == {"challenge-1": "falling-debris", "combat-1": "twin-galleries", "combat-2": "passage-ambush"}
    assert table.quest.attack is None and table.quest.expeditions["m-1"].stronghold == "hollow-forge"
    events = _conquer(game)
    assert events[-2:] == [xev.StrongholdConquered("hollow-forge", {"ysolde-marr": ["forge-hammer"], "brother-kettle": ["cinder-plate"]}), xev.ExpeditionEnded("conquered")]
    table.conclude(game)
    assert table.quest.conquered == ("hollow-forge",)
    assert table.quest.expeditions["m-1"].outcome == "conquered"
    assert table.quest.explorers["ysolde-marr"].artefacts == ("forge-hammer",)
    assert table.quest.explorers["brother-kettle"].artefacts == ("cinder-plate",)
    assert table.quest.stronghold_deck() == ("bone-choir", "drowned-reliquary", "glass-orrery")


def test_a_stronghold_not_conquered_stays_in_the_deck():
    table = _quest_with_clues()
    table.do(AttackStronghold(PARTY, CLUES), *faces_for(STRONGHOLDS, ["bone-choir"]))
    game = table.expedition([], mode="stronghold")
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    assert table.quest.expeditions["m-1"].outcome == "agreed" and table.quest.conquered == ()
    assert table.quest.stronghold_deck() == tuple(STRONGHOLDS)
    assert table.quest.outcome is None


def test_a_stronghold_mission_without_an_attack_agreed_is_refused():
    table = QuestTable()
    table.begin()
    with pytest.raises(RuleError) as none:
        table.expedition([], mode="stronghold")
    assert (none.value.code, none.value.rule) == ("no_stronghold_drawn", "blackstone-fortress.md#STRONGHOLDS")


def test_the_hidden_vault_opens_after_four_strongholds_and_its_end_ends_the_quest():
    table = QuestTable()
    table.begin()
    table.patch_quest(conquered=tuple(STRONGHOLDS[:3]))
    sealed = table.refused(AttemptVault(PARTY))
    assert (sealed.code, sealed.rule, sealed.params) == ("vault_sealed", "blackstone-fortress.md#THE HIDDEN VAULT", {"conquered": 3, "needed": 4})
    table.patch_quest(conquered=tuple(STRONGHOLDS))
    assert table.do(AttemptVault(PARTY)) == [VaultAttempted("hidden-vault", PARTY)]
    game = table.expedition([], mode="stronghold")
    assert game.of(xev.StrongholdDealt) == [xev.StrongholdDealt("hidden-vault", ["vault-of-echoes", "twin-galleries", "passage-ambush", "broken-gallery"])]
    _conquer(game)
    table.conclude(game)
    assert table.quest.outcome == "victory"
    over = table.refused(DrawLegacy())
    assert (over.code, over.params) == ("quest_over", {"outcome": "victory"})


def test_the_vault_not_reached_is_the_quests_defeat():
    table = QuestTable()
    table.begin()
    table.patch_quest(conquered=tuple(STRONGHOLDS))
    table.do(AttemptVault(PARTY))
    game = table.expedition([], mode="stronghold")
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    assert table.quest.outcome == "defeat"
    with pytest.raises(RuleError) as ended:
        table.expedition(["silent-hall"])
    assert (ended.value.code, ended.value.params) == ("quest_over", {"outcome": "defeat"})


def test_fewer_than_four_explorers_alive_fails_the_quest():
    table = QuestTable()
    table.begin()
    game = table.expedition(["silent-hall"])
    game.do(xcmd.EndExpedition())
    table.conclude(game)
    dead = {x: QuestExplorer(x, x, dead=True) for x in ("marek-dunn", "sister-quill", "oskra-vey")}
    table.patch_quest(explorers={**table.quest.explorers, **dead})
    assert table.quest.alive() == ["ysolde-marr", "brother-kettle", "pim-and-pell"]
    assert table.do(DrawLegacy()) == [QuestFailed("m-1", "too_few_explorers")]
    assert (table.quest.outcome, table.quest.failure) == ("failed", "too_few_explorers")


def test_no_attack_nor_vault_before_the_quest_begins():
    """#STRONGHOLDS and #THE HIDDEN VAULT are agreed between the quest's expeditions."""
    attack = QuestTable().refused(AttackStronghold(PARTY, CLUES))
    assert (attack.code, attack.rule) == ("quest_not_begun", "blackstone-fortress.md#STRONGHOLDS")
    vault = QuestTable().refused(AttemptVault(PARTY))
    assert (vault.code, vault.rule) == ("quest_not_begun", "blackstone-fortress.md#THE HIDDEN VAULT")


def test_with_every_stronghold_conquered_none_is_left_to_attack():
    table = _quest_with_clues()
    table.patch_quest(conquered=tuple(STRONGHOLDS))
    refused = table.refused(AttackStronghold(PARTY, CLUES))
    assert (refused.code, refused.rule, refused.params) == ("no_stronghold_left", "blackstone-fortress.md#STRONGHOLDS", {"conquered": STRONGHOLDS})


def test_a_pack_without_a_hidden_vault_has_none_to_attempt():
    table = QuestTable()
    table.begin()
    table.patch_quest(conquered=tuple(STRONGHOLDS), hidden_vault=None)
    refused = table.refused(AttemptVault(PARTY))
    assert (refused.code, refused.rule, refused.params) == ("no_hidden_vault", "blackstone-fortress.md#THE HIDDEN VAULT", {"pack": "core"})
