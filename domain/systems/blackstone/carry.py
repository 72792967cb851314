"""Explorers from expedition to expedition of a quest (blackstone-fortress.md#NEW EXPEDITIONS):
who sets out, what the campaign hands the expedition, and how each explorer comes back."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign_events import UnitReport
from domain.errors import RuleError
from domain.systems.blackstone.content import Stronghold
from domain.systems.blackstone.expedition_commands import ONE_OFF, STRONGHOLD, SetUpExpedition
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.quest import ARTEFACT, CARDS_CARRIED, DISCARDED, GRIEVOUS, INSPIRATION, INSPIRED, LEADER, PLAYER, RESOURCE, Quest
from domain.systems.blackstone.versions import rule


def party(setup: Any) -> list[str]:
    """An expedition's explorers; a lone combat and a one-off expedition carry none (a one-off
    stands apart from the quest, #ONE-OFF EXPEDITIONS)."""
    if not isinstance(setup, SetUpExpedition) or setup.plan.kind == ONE_OFF:
        return []
    return [slug(x.name) for x in setup.plan.explorers]


def carry_in(setup: Any, quest: Quest, _rules: str) -> Any:
    """The set-up with the legacy cards in force, the campaign's discovery deck and the
    discovery cards each explorer brings along; refused for a failed quest, before the last
    expedition's Precipice legacy step or while its trading step is under way (the Precipice
    comes first, #NEW EXPEDITIONS), for a dead explorer or one on another expedition."""
    if not isinstance(setup, SetUpExpedition) or not quest.begun or setup.plan.kind == ONE_OFF:
        return setup
    check_between_expeditions(quest)
    explorers = party(setup)
    check_party(quest, explorers)
    place = _place(setup, quest, explorers)
    deck = set(quest.discovery)
    known = [quest.explorers[x] for x in explorers if x in quest.explorers]
    held = {x.id: list(x.discoveries) for x in known if x.discoveries}
    resources = {x.id: list(x.resources) for x in known if x.resources}
    artefacts = {x.id: list(x.artefacts) for x in known if x.artefacts}
    carried = {c for x in known for c in (*x.resources, *x.artefacts)}
    plan = msgspec.structs.replace(
        setup.plan, legacy=quest.in_force(), discovery_cards=[c for c in setup.plan.discovery_cards if c.id in deck],
        held=held, resources=resources, artefacts=artefacts, stronghold=place, cards=[c for c in setup.plan.cards if c.id in carried],
    )  # fmt: skip
    return msgspec.structs.replace(setup, plan=plan)


def check_between_expeditions(quest: Quest) -> None:
    """A quest not over, with the last expedition's Precipice done (#NEW EXPEDITIONS)."""
    if quest.outcome is not None:
        raise RuleError("quest_over", rule("THE HIDDEN VAULT"), params={"outcome": quest.outcome})
    if quest.trading is not None:
        raise RuleError("trading_under_way", rule("NEW EXPEDITIONS"), params={"expedition": quest.trading.expedition})
    if due := [r.mission_id for r in quest.in_order() if r.outcome is not None and not r.legacy_drawn]:
        raise RuleError("precipice_due", rule("NEW EXPEDITIONS"), params={"expedition": due[-1]})


def check_party(quest: Quest, explorers: list[str]) -> None:
    """No dead explorer, and none on an expedition not ended (#NEW EXPEDITIONS)."""
    if dead := [x for x in explorers if x in quest.explorers and quest.explorers[x].dead]:
        raise RuleError("explorer_dead", rule("NEW EXPEDITIONS"), params={"explorers": dead})
    if busy := [x for x in explorers if quest.in_expedition(x) is not None]:
        raise RuleError("explorer_on_expedition", rule("NEW EXPEDITIONS"), params={"explorers": busy, "mission": quest.in_expedition(busy[0])})


def _place(setup: SetUpExpedition, quest: Quest, explorers: list[str]) -> Stronghold | None:
    """The stronghold (or vault) agreed on, for a mission of mode "stronghold" with the picked
    explorers; an expedition of another mode waits until the attack agreed on has set out."""
    attack = quest.attack
    section = rule("THE HIDDEN VAULT") if attack is not None and attack.vault else rule("STRONGHOLDS")
    if setup.plan.kind != STRONGHOLD:
        if attack is not None:
            raise RuleError("attack_agreed", section, params={"stronghold": attack.stronghold, "explorers": list(attack.explorers)})
        return None
    if attack is None:
        raise RuleError("no_stronghold_drawn", rule("STRONGHOLDS"))
    if sorted(explorers) != sorted(attack.explorers):
        raise RuleError("stronghold_party", section, params={"explorers": list(attack.explorers), "given": explorers})
    return quest.place(attack.stronghold)


def carry_out(game: Any) -> list[UnitReport]:
    """Each explorer of an expedition as it comes back: its grievous wounds for the Precipice's
    recovery roll of one out of action, its inspiration points and inspired side (shown on the
    campaign until the healing step), every resource and artefact card it holds now
    (conditions `resource:<id>`, `artefact:<id>`, after the marker CARDS_CARRIED), the resource
    cards it used and discarded (`discarded:<id>`), and the expedition's players and its leader
    at the end (`player:<name>`, `leader:<name>`, the same on every report); a lone combat and a
    one-off expedition (whose explorers do not return to the Precipice) report none."""
    if not isinstance(game, Expedition) or game.kind == ONE_OFF:
        return []
    return [
        UnitReport(
            unit=track.id,
            name=track.profile,
            ended="dead" if track.id in game.dead else ("out of action" if track.out_of_action else "standing"),
            dead=track.id in game.dead,
            wounds=track.wounds + track.grievous,
            conditions=[
                *([f"{GRIEVOUS}{track.grievous}"] if track.grievous else []),
                *([f"{INSPIRATION}{track.inspiration}"] if track.inspiration else []),
                *([INSPIRED] if track.inspired else []),
                CARDS_CARRIED,
                *(f"{RESOURCE}{c}" for c in game.resources.get(track.id, ())),
                *(f"{ARTEFACT}{c}" for c in game.artefacts.get(track.id, ())),
                *(f"{DISCARDED}{c}" for c in game.discarded.get(track.id, ())),
                *(f"{PLAYER}{p}" for p in game.players),
                f"{LEADER}{game.leader_player}",
            ],
            items=list(game.held.get(track.id, ())),
        )
        for track in game.explorers.values()
    ]
