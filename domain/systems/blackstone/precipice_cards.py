"""The resource and stronghold artefact cards an explorer holds between expeditions, as the
Precipice reads them (blackstone-fortress.md#PRECIPICE, #RESOURCE CARDS): a trading_point card
when it trades (trading.py), a recovery_roll card on its recovery roll (healing.py). The kinds
are card_kinds.py's; the cards' data comes with the quest (its spacecraft and strongholds)."""

from __future__ import annotations

from domain.systems.blackstone.content import PlayCard
from domain.systems.blackstone.quest import Quest


def cards(quest: Quest) -> dict[str, PlayCard]:
    """Every resource and artefact card of the quest, by id."""
    places = (*quest.strongholds.values(), *([quest.hidden_vault] if quest.hidden_vault else []))
    resources = [PlayCard(c.id, c.name, "resource", c.use, c.effect) for s in quest.spacecraft.values() for c in s.resources]
    artefacts = [PlayCard(a.id, a.name, "artefact", a.use, a.effect) for p in places for a in p.artefacts]
    return {c.id: c for c in (*resources, *artefacts)}


def of_kind(quest: Quest, explorer: str, kind: str) -> list[PlayCard]:
    """The cards of effect `kind` the explorer holds, resources (in the order bought) then
    artefacts: an explorer of the quest (one who set out, or the trading step's turn)."""
    known = cards(quest)
    holder = quest.explorers[explorer]
    held = (*holder.resources, *holder.artefacts)
    return [known[c] for c in held if c in known and known[c].effect.kind == kind]
