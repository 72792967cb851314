"""Battlefield creation and deployment (blackstone-fortress.md#BATTLEFIELD CREATION, #SETUP,
#DEPLOYMENT): explorers in the maglev chamber or the ambush hexes, an encounter card drawn
from the hidden encounter deck for each discovery marker, and its hostiles deployed there."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices, decks
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.commands import PickHex, PlaceExplorer, SetUpBattle
from domain.systems.blackstone.evolve import Folding
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.state import EXPLORER, Battle
from domain.systems.blackstone.versions import rule

ENCOUNTER_SHUFFLE = "shuffle the encounter deck"


def set_up(command: SetUpBattle, version: str, dice: DiceBox, actor: str) -> list[Event]:
    """Every event of the combat's creation, each folded before the next is chosen, since where
    a hostile goes depends on who is already there; a human hostile player's pick of a hex
    stops it (`deploy`)."""
    done = Folding(None)
    done.add(ev.BattleSetUp(version, command.card, command.chambers, command.explorers, command.hostiles, command.action_dice, command.encounter_cards, command.hostile_player, command.cards, command.held))
    starts = [bf.at(h) for h in (command.card.ambush_hexes if command.card.ambush else command.card.arrival)]
    for explorer in command.explorers:
        for name in explorer.figures():
            cell = next((c for c in starts if bf.room_for(done.battle, explorer.size, c)), None)
            if cell is None:
                raise RuleError("no_room_to_deploy", rule("BATTLEFIELD CREATION"), params={"miniature": name})
            done.add(ev.MiniaturePlaced(slug(name), cell.q, cell.r))
    done.add(decks.shuffle(done.battle.encounter, dice, purpose=ENCOUNTER_SHUFFLE, rule=rule("SETUP"), actor=actor))
    deploy(done, sorted(m.number for m in done.battle.markers), [])
    return done.events


#: A hostile still to deploy: its discovery marker, its kind, and its party on the encounter card.
Placement = tuple[int, str, int]


def deploy(done: Folding, markers: list[int], placements: list[Placement], pick: hx.Hex | None = None) -> None:
    """#BATTLEFIELD CREATION: for each marker in turn an encounter card from the hidden deck, and
    its encounter of that number deployed there, as many as fit (a party that no longer fits
    stops: nothing leaves a hex while hostiles deploy, so where one finds no room the rest of
    its party, of its size, find none either). Of the hexes the rules leave equal, the workers'
    rule picks, or the hostile player: the creation then waits (`DeploymentChoiceAwaited`) and
    `pick` carries it on."""
    while markers or placements:
        if not placements:
            number = markers.pop(0)
            (card_id,), _ = decks.draw(done.battle.encounter, 1, rule=rule("BATTLEFIELD CREATION"))
            done.add(ev.EncounterDrawn(number, card_id))
            parties = done.battle.encounter_cards[card_id].encounters[number - 1]
            placements = [(number, party.hostile, p) for p, party in enumerate(parties) for _ in range(party.count)]
            continue
        number, hostile, _ = placements[0]
        marker = next(m for m in done.battle.markers if m.number == number)
        options = deployment_hexes(done.battle, marker.at, done.battle.hostiles[hostile].size)
        if not options:
            placements.pop(0)
            continue
        miniature = f"{slug(hostile)}-{number}-{1 + sum(m.name == hostile and m.group == number for m in done.battle.miniatures.values())}"
        if pick is None and done.battle.hostile_player and len(options) > 1:
            done.add(ev.DeploymentChoiceAwaited(done.battle.hostile_player, miniature, hostile, number, sorted(bf.hex_option(c) for c in options), [list(p) for p in placements], markers))
            return
        cell, pick = (options[0] if pick is None else pick), None
        placements.pop(0)
        done.add(ev.HostileDeployed(miniature, hostile, number, cell.q, cell.r))


def pick_deployment(battle: Battle, command: PickHex) -> list[Event]:
    """The hostile player's hex for the hostile waiting at battlefield creation; then on."""
    waiting = battle.deployment
    assert waiting is not None  # decide.py sends a PickHex here only while a hostile waits for its hex
    choices.check_answer(waiting.pending, battle.hostile_player, bf.hex_option(hx.Hex(command.q, command.r)), rule=rule("BATTLEFIELD CREATION"))
    done = Folding(battle)
    deploy(done, list(waiting.markers), [tuple(p) for p in waiting.placements], pick=hx.Hex(command.q, command.r))
    return done.events


def deployment_hexes(battle: Battle, marker: tuple[int, int], size: str) -> list[hx.Hex]:
    """Where a hostile of `size` may deploy at a discovery marker: in or next to its hex, where
    it fits and no explorer stands; the hexes in cover from the explorers (no explorer has an
    uncovered line of sight to it) if there are any, else all: the ones the rules leave equal.
    The workers' pick first: the marker's own hex, then the lowest (q, r)."""
    centre = bf.at(marker)
    watchers = [m.at for m in battle.side(EXPLORER)]
    options = [c for c in hx.area(centre, 1) if bf.room_for(battle, size, c)]
    covered = [c for c in options if bf.in_cover_from_all(battle, c, watchers)]
    return sorted(covered or options, key=lambda c: (c != centre, c))


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
