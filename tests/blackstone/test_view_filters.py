"""What each reader sees of a combat and of an expedition (design.md#Hash chain, hidden
information; blackstone-fortress.md#SETUP: the encounter, exploration and discovery decks face
down): everything on the table as it stands, every deck's draw pile sorted, the dealt
exploration cards named to nobody, the host and a hostile player included."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone.expedition_state import Peek
from domain.systems.blackstone.expedition_view import view as expedition_view
from domain.systems.blackstone.views import view as combat_view
from tests.blackstone.expedition import ExpeditionGame
from tests.blackstone.game import ENCOUNTERS, Game
from tests.blackstone.test_smugglers_map import after_the_ledge

READERS = (Viewer("host", "host"), Viewer("player", "ann", ("ysolde-marr",)), Viewer("hostile", "hal"), Viewer("spectator", "sam"))


def test_a_combat_shows_the_encounter_pile_sorted_and_everything_else_as_it_stands():
    """Faces 1 1 1 1 1 leave the encounter pile unsorted after glass-swarm and iron-tread were
    drawn; each reader sees the same cards left, sorted, the drawn ones in their order."""
    battle = Game("broken-gallery", encounter_faces=[1, 1, 1, 1, 1]).battle
    assert battle.encounter.draw_pile == ("scavenger-pack", "stalker-nest", "the-colossus-wakes", "ash-choir")
    for reader in READERS:
        seen = combat_view(battle, reader)
        assert seen.encounter.draw_pile == ("ash-choir", "scavenger-pack", "stalker-nest", "the-colossus-wakes")
        assert seen.encounter.discard_pile == battle.encounter.discard_pile == ("glass-swarm", "iron-tread")
        assert msgspec.structs.replace(seen, encounter=battle.encounter) == battle
    assert combat_view(None, READERS[0]) is None


def test_the_initiative_cards_are_never_left_in_a_pile():
    """COMBAT, 2. Initiative phase: shuffled and dealt face up in one command, so no pile is left
    whose order a view would have to hide; the order dealt is the table's."""
    game = Game()
    game.start((1, 2, 3, 4, 5), {"pim-and-pell": (6, 5, 4, 1), "ysolde-marr": (5, 4, 2, 1)}, (2, 1))
    assert game.battle.initiative.draw_pile == () and sorted(game.battle.order) == ["group-1", "pim-and-pell", "ysolde-marr"]
    assert combat_view(game.battle, READERS[2]).order == game.battle.order


def test_an_expedition_shows_its_exploration_and_discovery_piles_sorted_and_no_dealt_card():
    """SETUP: the exploration deck as positions, which card each is told to nobody; the discovery
    deck's order hidden; the combat and challenge decks left with no draw pile once dealt."""
    game = ExpeditionGame(["sunken-passage", "crumbling-ledge"], ["whisper-plate", "glass-key", "null-cube"])
    expedition = game.expedition
    assert expedition.exploration.draw_pile[:2] == ("combat-1", "challenge-1")
    assert expedition.discovery.draw_pile[:3] == ("whisper-plate", "glass-key", "null-cube")
    assert (expedition.combat_deck.draw_pile, expedition.challenge_deck.draw_pile) == ((), ())
    for reader in READERS:
        seen = expedition_view(expedition, reader)
        assert seen.dealt == {} and expedition.dealt["combat-1"] == "sunken-passage"
        assert seen.exploration.draw_pile == tuple(sorted(expedition.exploration.draw_pile)) != expedition.exploration.draw_pile
        assert seen.discovery.draw_pile == tuple(sorted(expedition.discovery.draw_pile)) != expedition.discovery.draw_pile
        assert seen.combat is None
        kept = msgspec.structs.replace(seen, dealt=expedition.dealt, exploration=expedition.exploration, discovery=expedition.discovery)
        assert kept == expedition


def test_an_expeditions_combat_is_shown_as_a_combat_view_shows_it():
    game = ExpeditionGame(["sunken-passage"])
    game.do(xcmd.Explore(), *[1] * (ENCOUNTERS - 1), actor="ann")
    combat = game.battle
    assert combat.encounter.draw_pile != tuple(sorted(combat.encounter.draw_pile))
    for reader in READERS:
        assert expedition_view(game.expedition, reader).combat == combat_view(combat, reader)


def test_a_look_ahead_is_shown_whole_to_its_holders_player_only():
    game = after_the_ledge()
    game.do(xcmd.LookAhead("ysolde-marr", "smuggler-map"), actor="ann")
    whole = (Peek("ysolde-marr", "smuggler-map", "challenge-2", "challenge", "silent-hall"),)
    assert game.expedition.peeks == whole
    assert expedition_view(game.expedition, Viewer("player", "ann", ("ysolde-marr",))).peeks == whole
    for reader in (READERS[0], READERS[2], READERS[3], Viewer("player", "bob", ("oskra-vey",))):
        assert expedition_view(game.expedition, reader).peeks == (Peek("ysolde-marr", "smuggler-map"),)

