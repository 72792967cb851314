"""Building a squad (ruinstars-2e.md#BUILDING YOUR SQUAD), checked when a mission is set up: the
GP budget, the number of units, the Leader, and Unique units, weapons and skills once each."""

from __future__ import annotations

from collections import Counter

import msgspec

from domain.errors import RuleError
from domain.systems.ruinstars.content import Squad, Unit
from domain.systems.ruinstars.versions import rule

BUILDING = rule("BUILDING YOUR SQUAD")
#: A standard squad: 100 GP, 4 to 10 units, exactly one Leader.
BUDGET, FEWEST, MOST = 100, 4, 10
#: Co-op mini squads: GP each by the number of players; a mini squad may include a Leader.
MINI_BUDGET = {2: 50, 3: 34, 4: 25}
UNIQUE = "*"


class Limits(msgspec.Struct, frozen=True):
    """What a squad must keep to: a standard squad's, or a co-op mini squad's."""

    budget: int = BUDGET
    fewest: int = FEWEST
    most: int = MOST
    #: Leaders allowed: exactly one in a standard squad, none or one in a mini squad.
    leaders: tuple[int, ...] = (1,)


def mini_limits(players: int) -> Limits:
    """A mini squad's limits: reading the rules, its GP share is its only size limit besides the
    10 units (25 GP buys no 4 units of the core pack), and it may include a Leader."""
    if players not in MINI_BUDGET:
        raise RuleError(
            "mini_squad_players",
            BUILDING,
            params={"players": players, "allowed": sorted(MINI_BUDGET)},
        )
    return Limits(budget=MINI_BUDGET[players], fewest=1, leaders=(0, 1))


def check(squad: Squad, cards: dict[str, Unit], limits: Limits) -> None:
    """Refuse the squad's first broken rule, naming the squad, the limit and its value."""
    picks = squad.picks()
    units = [cards[p.card] for p in picks]
    if not limits.fewest <= len(units) <= limits.most:
        raise RuleError(
            "squad_size",
            BUILDING,
            params={
                "squad": squad.name,
                "units": len(units),
                "fewest": limits.fewest,
                "most": limits.most,
            },
        )
    gp = sum(
        card.gp + sum(w.gp for w in card.weapons if w.name in pick.gear)
        for card, pick in zip(units, picks, strict=True)
    )
    if gp > limits.budget:
        raise RuleError(
            "over_budget",
            BUILDING,
            params={"squad": squad.name, "gp": gp, "budget": limits.budget},
        )
    leaders = [card.name for card in units if card.leader]
    if len(leaders) not in limits.leaders:
        raise RuleError(
            "leader_count",
            BUILDING,
            params={
                "squad": squad.name,
                "leaders": len(leaders),
                "allowed": list(limits.leaders),
                "names": leaders,
            },
        )
    _once(squad.name, "unit", [card.name for card in units if card.unique])
    _once(
        squad.name,
        "weapon",
        [
            w.name
            for card, pick in zip(units, picks, strict=True)
            for w in card.weapons
            if w.name in pick.gear and w.special(UNIQUE) is not None
        ],
    )
    _once(
        squad.name,
        "skill",
        [s.name for card in units for s in card.abilities() if s.unique],
    )


def _once(squad: str, kind: str, names: list[str]) -> None:
    """Unique (`*`): a squad includes each at most once."""
    twice = sorted(name for name, count in Counter(names).items() if count > 1)
    if twice:
        raise RuleError(
            "unique_twice",
            BUILDING,
            params={
                "squad": squad,
                "kind": kind,
                "name": twice[0],
                "count": names.count(twice[0]),
                "most": 1,
            },
        )
