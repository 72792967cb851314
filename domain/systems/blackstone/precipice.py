"""The quest's campaign commands, decided on the campaign's own provable dice: the quest begun
with a pack's decks, and the legacy and trading steps of the Precipice after each expedition
(blackstone-fortress.md#PRECIPICE; the trading step is trading.py's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.commands import Command
from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import decks
from domain.systems.blackstone import exchanges, healing, strongholds, trading
from domain.systems.blackstone.content import FORMAT, Pack
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.quest import Quest
from domain.systems.blackstone.quest_messages import AttackStronghold, AttemptVault, BeginQuest, BeginTrading, DrawLegacy, GiveResources, Heal, LegacyDrawn, QuestBegun, QuestFailed, Trade
from domain.systems.blackstone.versions import rule

PRECIPICE = rule("PRECIPICE")
LEGACY_SHUFFLE = "shuffle the legacy deck"
#: #THE HIDDEN VAULT: fewer than 4 explorers left alive to set out fails the quest. Decided at
#: the legacy step, the first step after which no explorer can die before the next expedition.
TOO_FEW = "too_few_explorers"


def prepare(command: Command, packs: Mapping[str, Any]) -> Command:
    """BeginQuest with its pack's legacy cards, discovery cards and spacecraft."""
    if not isinstance(command, BeginQuest):
        return command
    pack: Pack | None = packs.get(command.pack)
    if pack is None:
        raise RuleError("unknown_pack", FORMAT, params={"pack": command.pack, "known": sorted(packs)})
    return msgspec.structs.replace(
        command,
        legacy_cards=list(pack.legacy_cards),
        discovery_cards=[c.id for c in pack.discovery_cards],
        spacecraft=list(pack.spacecraft),
        archeotech={c.id: c.points for c in pack.discovery_cards if c.kind == "archeotech"},
        ships={slug(x.name): x.ship for x in pack.explorers if x.ship},
        clues=[c.id for c in pack.discovery_cards if c.kind == "clue"],
        roster=[slug(x.name) for x in pack.explorers],
        strongholds=list(pack.strongholds),
        hidden_vault=list(pack.hidden_vault),
        mortis_cards=list(pack.mortis_cards),
    )


def decide(quest: Quest, command: Command, dice: DiceBox, actor: str) -> list[Event]:
    if isinstance(command, BeginQuest):
        if quest.begun:
            raise RuleError("quest_begun", rule("SETUP"), params={"pack": quest.pack})
        return [QuestBegun(
            command.pack, command.legacy_cards, command.discovery_cards, command.spacecraft, command.archeotech, command.ships,
            command.clues, command.roster, command.strongholds, command.hidden_vault, command.mortis_cards,
        )]  # fmt: skip
    if isinstance(command, AttackStronghold):
        return strongholds.attack(quest, command, dice, actor)
    if isinstance(command, AttemptVault):
        return strongholds.attempt_vault(quest, command)
    if isinstance(command, GiveResources):
        return exchanges.give_resources(quest, command)
    if isinstance(command, Heal):
        return healing.heal(quest, dice, actor)
    if isinstance(command, BeginTrading):
        check_leader(quest, actor)
        return trading.begin(quest, dice, actor, command.order)
    if isinstance(command, Trade):
        return trading.trade(quest, command)
    assert isinstance(command, DrawLegacy)
    check_leader(quest, actor)
    return draw_legacy(quest, dice, actor)


def check_leader(quest: Quest, actor: str) -> None:
    """The Precipice's leader is the last expedition's leader when it ended: the leader
    shuffles the decks and chooses the leader order (#PRECIPICE, #SETUP). The host acts for
    the table; another of the expedition's players is refused, as in its leader steps."""
    last = quest.in_order()[-1] if quest.expeditions else None
    if last is not None and last.leader and actor in last.players and actor != last.leader:
        raise RuleError("not_the_leader", PRECIPICE, params={"leader": last.leader})


def draw_legacy(quest: Quest, dice: DiceBox, actor: str) -> list[Event]:
    """The legacy deck shuffled (hidden) and its top card drawn, for the last expedition whose
    Precipice has not had its legacy step; with no card left the quest fails."""
    if not quest.begun:
        raise RuleError("quest_not_begun", PRECIPICE)
    if quest.outcome is not None:
        raise RuleError("quest_over", PRECIPICE, params={"outcome": quest.outcome})
    due = [r.mission_id for r in quest.in_order() if r.outcome is not None and not r.legacy_drawn]
    if not due:
        raise RuleError("no_legacy_step_due", PRECIPICE)
    if (waiting := healing.due(quest)) is not None:
        raise RuleError("healing_step_due", PRECIPICE, params={"expedition": waiting.mission_id, "explorers": sorted({*waiting.recovery_due, *waiting.mortis_due})})
    if len(quest.alive()) < strongholds.STRONGHOLDS_FOR_VAULT:
        return [QuestFailed(due[-1], TOO_FEW)]
    if not quest.legacy.left:
        return [QuestFailed(due[-1])]
    deck = decks.Deck("legacy", quest.legacy.left, hidden=True)
    shuffle = decks.shuffle(deck, dice, purpose=LEGACY_SHUFFLE, rule=PRECIPICE, actor=actor)
    card = decks.shuffled(deck, shuffle).draw_pile[0]
    return [shuffle, LegacyDrawn(card, due[-1], len(quest.legacy.drawn) + 1)]
