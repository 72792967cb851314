"""Battlefield creation and deployment (blackstone-fortress.md#BATTLEFIELD CREATION, #SETUP,
#DEPLOYMENT): explorers in the maglev chamber or the ambush hexes, an encounter card drawn
from the hidden encounter deck for each discovery marker, and its hostiles deployed there."""

from __future__ import annotations

from collections import Counter

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import decks
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.commands import PlaceExplorer, SetUpBattle
from domain.systems.blackstone.evolve import evolve
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.state import EXPLORER, Battle
from domain.systems.blackstone.versions import rule

ENCOUNTER_SHUFFLE = "shuffle the encounter deck"


def set_up(command: SetUpBattle, version: str, dice: DiceBox, actor: str) -> list[Event]:
    """Every event of the combat's creation, each folded before the next is chosen, since where
    a hostile goes depends on who is already there."""
    events: list[Event] = []
    battle: Battle | None = None

    def add(event: Event) -> None:
        nonlocal battle
        events.append(event)
        battle = evolve(battle, event)

    add(ev.BattleSetUp(version, command.card, command.chambers, command.explorers, command.hostiles, command.action_dice, command.encounter_cards, command.hostile_player))
    assert battle is not None
    starts = [bf.at(h) for h in (command.card.ambush_hexes if command.card.ambush else command.card.arrival)]
    for explorer in command.explorers:
        for name in explorer.figures():
            cell = next((c for c in starts if bf.room_for(battle, explorer.size, c)), None)
            if cell is None:
                raise RuleError("no_room_to_deploy", rule("BATTLEFIELD CREATION"), params={"miniature": name})
            add(ev.MiniaturePlaced(slug(name), cell.q, cell.r))
    add(decks.shuffle(battle.encounter, dice, purpose=ENCOUNTER_SHUFFLE, rule=rule("SETUP"), actor=actor))
    for marker in sorted(battle.markers, key=lambda m: m.number):
        (card_id,), _ = decks.draw(battle.encounter, 1, rule=rule("BATTLEFIELD CREATION"))
        add(ev.EncounterDrawn(marker.number, card_id))
        card = next(c for c in command.encounter_cards if c.id == card_id)
        counts: Counter[str] = Counter()
        for party in card.encounters[marker.number - 1]:
            size = battle.hostiles[party.hostile].size
            for _ in range(party.count):
                cell = deployment_hex(battle, marker.at, size)
                if cell is None:
                    break  # not enough room: deploy as many as possible
                counts[party.hostile] += 1
                miniature = f"{slug(party.hostile)}-{marker.number}-{counts[party.hostile]}"
                add(ev.HostileDeployed(miniature, party.hostile, marker.number, cell.q, cell.r))
    return events


def deployment_hex(battle: Battle, marker: tuple[int, int], size: str) -> hx.Hex | None:
    """Where a hostile of `size` deploys at a discovery marker: in or next to its hex, where it
    fits and no explorer stands; a hex in cover from the explorers first (no explorer has an
    uncovered line of sight to it), then the marker's own hex, then the lowest (q, r)."""
    centre = bf.at(marker)
    watchers = [m.at for m in battle.side(EXPLORER)]
    options = [c for c in hx.area(centre, 1) if bf.room_for(battle, size, c)]
    if not options:
        return None
    return min(options, key=lambda c: (not bf.in_cover_from_all(battle, c, watchers), c != centre, c))


def place_explorer(battle: Battle, command: PlaceExplorer, miniature: str) -> list[Event]:
    """Before the first turn an explorer may change hexes within the maglev chamber, or the
    ambush hexes (blackstone-fortress.md#BATTLEFIELD CREATION)."""
    if battle.phase != "deployment":
        raise RuleError("deployment_over", rule("BATTLEFIELD CREATION"), params={"phase": battle.phase})
    card = battle.card
    allowed = {bf.at(h) for h in (card.ambush_hexes if card.ambush else card.arrival)}
    cell = hx.Hex(command.q, command.r)
    mini = battle.miniatures[miniature]
    if cell not in allowed or not bf.room_for(battle, mini.size, cell, leaving=mini.id):
        raise RuleError("cannot_place", rule("BATTLEFIELD CREATION"), params={"miniature": miniature, "q": cell.q, "r": cell.r})
    return [ev.MiniaturePlaced(miniature, cell.q, cell.r)]
