"""A hostile kind gaining a special rule from a legacy card in force (effect `hostile_rule`,
blackstone-fortress.md#PRECIPICE, 2. Legacy step): the core pack's "The stalkers hunt" gives Rust
Stalkers the rule `stunning` in every later expedition (#ATTACKS, Stunned), with manual dice."""

from __future__ import annotations

import msgspec

from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.content import Hostile
from tests.blackstone.expedition import ExpeditionGame
from tests.blackstone.game import CORE, Game
from tests.blackstone.test_hostiles import D1, GROUP, brute_next_to_ysolde

STALKER = "Rust Stalker"


def stalker_profile(legacy: list[str]) -> Hostile:
    """The Rust Stalker as an expedition with `legacy` in force plays it."""
    game = ExpeditionGame(["silent-hall"], legacy=legacy)
    return next(h for h in game.expedition.content.hostiles if h.name == STALKER)


def test_the_legacy_card_gives_the_stalkers_stunning_weapons_in_later_expeditions():
    plain, hunting = stalker_profile([]), stalker_profile(["stalkers-hunt"])
    assert (plain.rules, [w.stun for w in plain.weapons], plain.move) == ((), [False, False], 4)
    assert (hunting.rules, [w.stun for w in hunting.weapons], hunting.move) == (("stunning",), [True, True], 5)
    assert CORE.named("hostiles", STALKER).rules == ()


def stalker_next_to_ysolde(profile: Hostile) -> Game:
    """Group 1's first Drudge made a Rust Stalker of `profile`, Ysolde next to it."""
    game = brute_next_to_ysolde()
    game.patch(D1, name=STALKER, size="large")
    battle = game.battle
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(battle, hostiles={**battle.hostiles, STALKER: profile}))
    return game


def test_a_stalker_with_the_rule_stuns_the_explorer_its_talons_wound():
    """Behaviour 7: Aim; Talons 2 d8 at 1 hex, 4 and 1: 1 wound; Ysolde's defence 1 fails:
    wounded and stunned. Without the legacy card the same dice only wound her."""
    game = stalker_next_to_ysolde(stalker_profile(["stalkers-hunt"]))
    events = game.do(cmd.ActivateHostiles(GROUP), 7, 4, 1, 1)
    made = next(e for e in events if isinstance(e, ev.AttackMade))
    assert (made.weapon, made.faces, made.wounds) == ("Talons", [4, 1], 1)
    assert events[events.index(ev.Wounded("ysolde-marr", 1, 0)) + 1] == ev.Stunned("ysolde-marr")
    assert game.battle.miniatures["ysolde-marr"].stunned
    plain = stalker_next_to_ysolde(stalker_profile([]))
    events = plain.do(cmd.ActivateHostiles(GROUP), 7, 4, 1, 1)
    assert ev.Wounded("ysolde-marr", 1, 0) in events and not [e for e in events if isinstance(e, ev.Stunned)]
