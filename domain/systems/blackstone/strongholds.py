"""Attacks on strongholds and the hidden vault, agreed between expeditions on the campaign
(blackstone-fortress.md#STRONGHOLDS, #THE HIDDEN VAULT): the explorers picked, 4 clue cards
they hold discarded back into the discovery deck, the stronghold deck shuffled hidden on the
campaign's dice and one drawn; or, with 4 strongholds conquered, the vault. The expedition
itself is a mission with mode "stronghold" (carry.carry_in hands it the place drawn)."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import decks
from domain.systems.blackstone import carry
from domain.systems.blackstone.quest import Quest
from domain.systems.blackstone.quest_messages import AttackStronghold, AttemptVault, CluesSpent, StrongholdDrawn, VaultAttempted
from domain.systems.blackstone.setup import MAX_EXPLORERS
from domain.systems.blackstone.versions import rule

STRONGHOLDS, VAULT = rule("STRONGHOLDS"), rule("THE HIDDEN VAULT")
#: Clue cards the players discard to attack a stronghold; strongholds conquered to open the vault.
CLUES_SPENT = 4
STRONGHOLDS_FOR_VAULT = 4


def attack(quest: Quest, command: AttackStronghold, dice: DiceBox, actor: str) -> list[Event]:
    explorers = _party(quest, command.explorers, STRONGHOLDS)
    if not quest.stronghold_deck():
        raise RuleError("no_stronghold_left", STRONGHOLDS, params={"conquered": list(quest.conquered)})
    spent = _clues(quest, explorers, command.clues)
    deck = decks.Deck("strongholds", quest.stronghold_deck(), hidden=True)
    shuffle = decks.shuffle(deck, dice, purpose="shuffle the stronghold deck", rule=STRONGHOLDS, actor=actor)
    drawn = decks.shuffled(deck, shuffle).draw_pile[0]
    return [CluesSpent(spent), shuffle, StrongholdDrawn(drawn, explorers)]


def attempt_vault(quest: Quest, command: AttemptVault) -> list[Event]:
    explorers = _party(quest, command.explorers, VAULT)
    if quest.hidden_vault is None:
        raise RuleError("no_hidden_vault", VAULT, params={"pack": quest.pack})
    if len(quest.conquered) < STRONGHOLDS_FOR_VAULT:
        raise RuleError("vault_sealed", VAULT, params={"conquered": len(quest.conquered), "needed": STRONGHOLDS_FOR_VAULT})
    return [VaultAttempted(quest.hidden_vault.id, explorers)]


def _party(quest: Quest, named: list[str], section: str) -> list[str]:
    """The explorers picked for the next expedition: 4 different ones that may set out now."""
    if not quest.begun:
        raise RuleError("quest_not_begun", section)
    carry.check_between_expeditions(quest)
    if quest.attack is not None:
        raise RuleError("attack_agreed", section, params={"stronghold": quest.attack.stronghold, "explorers": list(quest.attack.explorers)})
    if len(named) != MAX_EXPLORERS or len(set(named)) != len(named):
        raise RuleError("expedition_party", rule("SETUP"), params={"wanted": MAX_EXPLORERS, "given": len(set(named))})
    if unknown := [x for x in named if x not in quest.roster]:
        raise RuleError("unknown_explorer", section, params={"names": unknown, "known": list(quest.roster)})
    carry.check_party(quest, named)
    return list(named)


def _clues(quest: Quest, explorers: list[str], clues: list[str]) -> dict[str, list[str]]:
    """4 different clue cards, each held by one of the explorers: by holder, in party order."""
    if len(clues) != CLUES_SPENT or len(set(clues)) != len(clues):
        raise RuleError("stronghold_clues", STRONGHOLDS, params={"wanted": CLUES_SPENT, "given": len(set(clues))})
    holders = {c: x for x in explorers if x in quest.explorers for c in quest.explorers[x].discoveries if c in quest.clues}
    if missing := [c for c in clues if c not in holders]:
        raise RuleError("clues_not_held", STRONGHOLDS, params={"clues": missing, "held": sorted(holders)})
    return {x: [c for c in clues if holders[c] == x] for x in explorers if any(holders[c] == x for c in clues)}
