"""Smuggler's map (a peek_exploration card, blackstone-fortress.md#RESOURCE CARDS): once an
expedition, in the exploration step, its holder's player looks at the next exploration card.
Hidden information: every other reader, the host included, reads that a look was taken but not
what it saw, in the events (the system's `visible`, on every way out) and in the view, until
the card is revealed or the expedition is over."""

from __future__ import annotations

import msgspec

from domain import visibility
from domain.chain import Recorded
from domain.contract import Viewer
from domain.registry import system_named
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import game as bsf_game
from domain.systems.blackstone.expedition_events import ExplorationPeeked
from domain.systems.blackstone.expedition_state import Peek
from tests.blackstone.test_card_effects import carrying

YSOLDE = "ysolde-marr"
SYSTEM = system_named("blackstone-fortress")
ANN = Viewer("player", "ann", (YSOLDE, "brother-kettle"))
BOB = Viewer("player", "bob", ("oskra-vey", "pim-and-pell"))
HOST = Viewer("host", "host")
SAM = Viewer("spectator", "sam")
LOOK = xcmd.LookAhead(YSOLDE, "smuggler-map")
SEEN = ExplorationPeeked(YSOLDE, "smuggler-map", "challenge-2", "challenge", "silent-hall")
BLANK = ExplorationPeeked(YSOLDE, "smuggler-map")


def mapped():
    """Ysolde sets out with Smuggler's map, Kettle with a field dressing; the crumbling ledge
    lies on top of the exploration deck, the silent hall under it."""
    return carrying(["crumbling-ledge", "silent-hall"], **{YSOLDE: ["smuggler-map"], "brother-kettle": ["field-dressing"]})


def after_the_ledge():
    game = mapped()
    game.do(xcmd.Explore(), 3, 4, 4, 11, actor="ann")
    game.do(xcmd.Recover(), 1, 1, actor="ann")
    game.do(xcmd.PassLead(), actor="ann")
    assert game.expedition.step == "exploration" and game.expedition.round == 2
    return game


def test_the_holders_player_alone_reads_the_next_exploration_card_until_it_is_revealed():
    game = after_the_ledge()
    (looked,) = game.do(LOOK, actor="ann")
    assert looked == SEEN
    assert SYSTEM.visible(looked, ANN, game.expedition) == SEEN
    for reader in (BOB, HOST, SAM):
        assert SYSTEM.visible(looked, reader, game.expedition) == BLANK
    assert bsf_game.view(game.expedition, ANN).peeks == (Peek(YSOLDE, "smuggler-map", "challenge-2", "challenge", "silent-hall"),)
    for reader in (BOB, HOST, SAM):
        seen = bsf_game.view(game.expedition, reader)
        assert seen.peeks == (Peek(YSOLDE, "smuggler-map"),) and seen.dealt == {}
    again = game.refused(LOOK, actor="ann")
    assert (again.code, again.rule, again.params) == ("card_used_this_expedition", "blackstone-fortress.md#RESOURCE CARDS", {"card": "Smuggler's map"})
    game.do(xcmd.Explore(), actor="bob")
    assert game.expedition.card == "silent-hall"
    for reader in (BOB, HOST, SAM):
        assert SYSTEM.visible(looked, reader, game.expedition) == SEEN
        assert bsf_game.view(game.expedition, reader).peeks[0].seen == "silent-hall"


def test_an_expedition_over_keeps_no_look_secret():
    game = mapped()
    (looked,) = game.do(LOOK, actor="ann")
    assert looked == ExplorationPeeked(YSOLDE, "smuggler-map", "challenge-1", "challenge", "crumbling-ledge")
    assert SYSTEM.visible(looked, HOST, game.expedition) == BLANK
    game.do(xcmd.EndExpedition())
    assert SYSTEM.visible(looked, HOST, game.expedition) == looked


def test_a_look_needs_the_map_in_action_in_the_exploration_step():
    game = mapped()
    missing = game.refused(xcmd.LookAhead("oskra-vey", "smuggler-map"), actor="bob")
    assert (missing.code, missing.rule, missing.params) == ("card_not_held", "blackstone-fortress.md#RESOURCE CARDS", {"unit": "oskra-vey", "card": "smuggler-map", "held": []})
    other = game.refused(xcmd.LookAhead("brother-kettle", "field-dressing"), actor="ann")
    assert (other.code, other.rule, other.params) == ("card_cannot_look_ahead", "blackstone-fortress.md#RESOURCE CARDS", {"card": "Field dressing"})
    game.patch_explorer(YSOLDE, out_of_action=True)
    down = game.refused(LOOK, actor="ann")
    assert (down.code, down.rule, down.params) == ("card_holder_out_of_action", "blackstone-fortress.md#WOUNDS", {"unit": YSOLDE, "card": "smuggler-map"})
    stranger = game.refused(xcmd.LookAhead("marek-dunn", "smuggler-map"), actor="ann")
    assert (stranger.code, stranger.rule, stranger.params) == ("unknown_explorer", "blackstone-fortress.md#EXPLORATION ROUNDS", {"names": ["marek-dunn"], "known": [YSOLDE, "brother-kettle", "oskra-vey", "pim-and-pell"]})
    game.patch_explorer(YSOLDE, out_of_action=False)
    game.do(xcmd.Explore(), 3, 4, 4, 11, actor="ann")
    late = game.refused(LOOK, actor="ann")
    assert (late.code, late.params) == ("not_this_step", {"step": "recovery", "command": "LookAhead"})


def test_every_way_out_of_the_server_redacts_the_look_for_other_readers():
    """domain/visibility.py: event pages, streams, replay, export and the audit pass each record
    through `shown`; the export keeps the record in place, redacted, so the chain still links."""
    game = mapped()
    (looked,) = game.do(LOOK, actor="ann")
    record = Recorded("m-1", 9, "2024-01-01T00:00:00+00:00", "ann", "0" * 64, looked, command=LOOK)
    assert visibility.shown(record, ANN, game.state) == record
    for reader in (BOB, HOST, SAM):
        seen = visibility.shown(record, reader, game.state)
        assert (seen.event, seen.command, seen.prev_hash) == (BLANK, None, "0" * 64)
        assert visibility.for_export(record, reader, game.state).event == BLANK


def test_no_look_when_the_exploration_deck_is_spent():
    """#EXPLORATION ROUNDS: no card left to reveal, none to look at."""
    game = mapped()
    game.patch_expedition(exploration=msgspec.structs.replace(game.expedition.exploration, draw_pile=()))
    empty = game.refused(LOOK, actor="ann")
    assert (empty.code, empty.rule, empty.params) == ("nothing_to_look_at", "blackstone-fortress.md#EXPLORATION ROUNDS", {"card": "Smuggler's map"})


def test_a_look_read_without_the_expedition_at_hand_stays_blank():
    """With no expedition state to tell whether the card is public yet, other readers read the
    look blanked."""
    assert SYSTEM.visible(SEEN, BOB, None) == BLANK
    assert SYSTEM.visible(SEEN, ANN, None) == SEEN
