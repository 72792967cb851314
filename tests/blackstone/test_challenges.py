"""Challenge cards (blackstone-fortress.md#EXPLORATION ROUNDS, 1. Exploration step): each
explorer in action rolls its agility die as its card's side says (#AGILITY ROLLS), wounds fill
its empty spaces (#WOUNDS), a success draws from the discovery deck as long as it has cards
(#DISCOVERY MARKERS AND CARDS), and the card leaves the game."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.content import CardEffect
from tests.blackstone.expedition import ExpeditionGame


def test_an_inspired_explorer_rolls_the_agility_die_of_her_inspired_side():
    """Ysolde inspired: her d12 (an 11 succeeds where her standard d8 has no 11); Brother
    Kettle standard: his d6. Each roll is the explorer's own, rolled by the leader."""
    game = ExpeditionGame(["crumbling-ledge"])
    game.patch_explorer("ysolde-marr", inspired=True)
    events = game.do(xcmd.Explore(), 11, 4, 4, 11, actor="ann")
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [(r.sides, r.unit, r.actor) for r in rolls] == [([12], "ysolde-marr", "ann"), ([6], "brother-kettle", "ann"), ([12], "oskra-vey", "ann"), ([12], "pim-and-pell", "ann")]
    assert game.of(xev.AgilityRolled)[:2] == [xev.AgilityRolled("ysolde-marr", "d12", 11, True), xev.AgilityRolled("brother-kettle", "d6", 4, True)]
    assert events[-1] == xev.ChallengeResolved("crumbling-ledge")


def test_wounds_that_just_fill_the_empty_spaces_leave_an_explorer_in_action():
    """#WOUNDS: Oskra with one empty space takes toxic mist's 1 wound and stays in action;
    Brother Kettle with none left goes out of action."""
    game = ExpeditionGame(["toxic-mist"])
    game.patch_explorer("oskra-vey", wounds=2, grievous=1)
    game.patch_explorer("brother-kettle", wounds=3, grievous=1)
    game.do(xcmd.Explore(), actor="ann")
    assert game.of(xev.ChallengeWounds) == [
        xev.ChallengeWounds("ysolde-marr", 1, False),
        xev.ChallengeWounds("brother-kettle", 0, True),
        xev.ChallengeWounds("oskra-vey", 1, False),
        xev.ChallengeWounds("pim-and-pell", 1, False),
    ]
    assert (game.expedition.explorers["oskra-vey"].wounds, game.expedition.explorers["oskra-vey"].out_of_action) == (3, False)
    assert game.expedition.explorers["brother-kettle"].out_of_action
    assert game.of(xev.ChallengeResolved) == [xev.ChallengeResolved("toxic-mist")]


def test_successes_draw_discovery_cards_while_the_deck_has_any():
    """Abandoned cache: all four succeed (8, 6, 12, 12), one card is left in the discovery
    deck: Ysolde draws it, the others draw nothing."""
    game = ExpeditionGame(["abandoned-cache"], ["null-cube"])
    game.patch_expedition(discovery=msgspec.structs.replace(game.expedition.discovery, draw_pile=("null-cube",)))
    events = game.do(xcmd.Explore(), 8, 6, 12, 12, actor="ann")
    assert [a.success for a in game.of(xev.AgilityRolled)] == [True] * 4
    assert {r.actor for r in events if isinstance(r, DiceRolled)} == {"ann"}
    assert game.of(xev.DiscoveryDrawn) == [xev.DiscoveryDrawn("ysolde-marr", "null-cube")]
    assert game.expedition.discovery.draw_pile == ()
    assert (game.expedition.found["ysolde-marr"], game.expedition.held["ysolde-marr"]) == (("null-cube",), ("null-cube",))
    assert events[-1] == xev.ChallengeResolved("abandoned-cache")


def test_an_inspiring_challenge_gives_each_explorer_in_action_a_point_up_to_four():
    """Vault of echoes: 1 inspiration point each (#INSPIRATION: at most 4, more is lost);
    Oskra, out of action, gains none; Ysolde at 4 gains nothing."""
    game = ExpeditionGame(["vault-of-echoes"])
    game.patch_explorer("ysolde-marr", inspiration=4)
    game.patch_explorer("brother-kettle", inspiration=2)
    game.patch_explorer("oskra-vey", out_of_action=True)
    events = game.do(xcmd.Explore(), actor="ann")
    assert events[1:] == [ev.InspirationGained("brother-kettle", 1), ev.InspirationGained("pim-and-pell", 1), xev.ChallengeResolved("vault-of-echoes")]
    assert {k: t.inspiration for k, t in game.expedition.explorers.items()} == {"ysolde-marr": 4, "brother-kettle": 3, "oskra-vey": 0, "pim-and-pell": 1}


def test_a_packs_challenge_may_give_more_than_one_point():
    """A pack's inspiration_each card of amount 2 (the core pack's give 1): Brother Kettle at
    1 reaches 3, Ysolde at 3 keeps 1 of the 2 (#INSPIRATION: at most 4)."""
    game = ExpeditionGame(["vault-of-echoes"])
    content = game.expedition.content
    card = content.challenge_cards["vault-of-echoes"]
    doubled = msgspec.structs.replace(card, effects=[CardEffect("inspiration_each", 2)])
    game.patch_expedition(content=msgspec.structs.replace(content, challenge_cards={**content.challenge_cards, "vault-of-echoes": doubled}))
    game.patch_explorer("ysolde-marr", inspiration=3)
    game.patch_explorer("brother-kettle", inspiration=1)
    events = game.do(xcmd.Explore(), actor="ann")
    assert game.of(ev.InspirationGained) == [ev.InspirationGained("ysolde-marr", 1), ev.InspirationGained("brother-kettle", 2), ev.InspirationGained("oskra-vey", 2), ev.InspirationGained("pim-and-pell", 2)]
    assert events[-1] == xev.ChallengeResolved("vault-of-echoes")
