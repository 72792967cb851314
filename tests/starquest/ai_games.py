"""Whole Star Quest missions of the core pack played in memory with pinned seeds, for the AI's
golden decisions (tests/starquest/test_ai_golden.py) and its benchmark (benchmarks/ai_decision.py).

Every command goes through the mission decider, as the ledger runs it, with server dice from a
fixed seed. The heroes are played by a seeded `random.Random` (move toward an enemy or an
objective, or hold; shoot the nearest enemy they can; decline every choice), so the AI meets
many different battles; the AI plays itself (`ai`). `battles` yields each battle at which the
AI decides, before its command is decided (`states`: the whole mission state there).

No pytest here: the benchmark uses it too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from domain.errors import RuleError
from domain.mission import MissionState
from domain.systems.starquest import commands as cmd
from domain.systems.starquest.ai import ai
from domain.systems.starquest.state import Battle
from service.ledger import setup_command
from tests.rule_table import RuleTable

Game = tuple[str, str, tuple[str, ...], int, float]

#: The pinned games: mission, rules version, party, seed of the heroes' choices and of the dice,
#: and how often a hero moves (else it holds: the benchmark's heroes, benchmarks/ai_activations.py, never move).
GAMES: tuple[Game, ...] = (
    ("scrapyard-brawl", "en", ("Sera Vantis", "Gorm Hadley"), 1, 0.6),
    ("scrapyard-brawl", "de", ("Sera Vantis", "Gorm Hadley", "Tamsin Rook"), 2, 0.6),
    ("sump-recovery", "en", ("Ilo Marrent", "Nessa Brill"), 3, 0.6),
    ("sump-recovery", "de", ("Gorm Hadley", "Tamsin Rook"), 4, 0.6),
    ("hold-the-relay", "en", ("Sera Vantis", "Nessa Brill", "Tamsin Rook"), 5, 0.6),
    ("hold-the-relay", "de", ("Ilo Marrent", "Gorm Hadley"), 6, 0.6),
    ("scrapyard-brawl", "en", ("Tamsin Rook", "Ilo Marrent", "Nessa Brill", "Gorm Hadley"), 7, 0.6),
    ("hold-the-relay", "en", ("Gorm Hadley", "Sera Vantis"), 8, 0.6),
    ("scrapyard-brawl", "en", ("Sera Vantis", "Gorm Hadley"), 9, 0.0),
    ("scrapyard-brawl", "de", ("Sera Vantis", "Gorm Hadley"), 10, 0.0),
    ("sump-recovery", "en", ("Sera Vantis", "Gorm Hadley"), 11, 0.0),
    ("sump-recovery", "de", ("Nessa Brill", "Ilo Marrent", "Sera Vantis"), 12, 0.3),
    ("hold-the-relay", "de", ("Tamsin Rook", "Sera Vantis"), 13, 0.0),
    ("scrapyard-brawl", "en", ("Ilo Marrent", "Nessa Brill"), 14, 0.3),
    ("sump-recovery", "en", ("Gorm Hadley", "Nessa Brill", "Tamsin Rook", "Sera Vantis"), 15, 0.9),
    ("hold-the-relay", "en", ("Nessa Brill", "Ilo Marrent"), 16, 0.9),
)
#: Where the party deploys in each mission, hero by hero.
PLACES = {
    "scrapyard-brawl": ((9.0, 2.0), (12.0, 2.0), (15.0, 2.0), (18.0, 2.0)),
    "sump-recovery": ((3.0, 3.0), (6.0, 3.0), (9.0, 3.0), (3.0, 6.0)),
    "hold-the-relay": ((21.0, 21.0), (24.0, 21.0), (27.0, 21.0), (21.0, 24.0)),
}
#: A game stops after this many commands even if the mission is not over.
MAX_COMMANDS = 1500


class Table(RuleTable):
    def tried(self, command: Any, actor: str = "host") -> bool:
        """Decide and apply the command; False (nothing changes) when the engine refuses it."""
        try:
            self.do(command, actor=actor)
        except RuleError:
            return False
        return True

    @property
    def battle(self) -> Battle:
        assert self.state is not None and self.state.game is not None
        return self.state.game


def server_seed(game: Game) -> bytes:
    """The game's server seed, from its pinned seed."""
    return bytes([game[3]]) * 32


def battles(game: Game) -> Iterator[Battle]:
    """The battles of one pinned game at which the AI decides, in the order it decides them."""
    for state in states(game):
        assert state.game is not None
        yield state.game


def states(game: Game) -> Iterator[MissionState]:
    """The mission states of one pinned game at which the AI decides, in the order it decides them."""
    mission, rules, party, seed, mobility = game
    table = Table()
    table.seed = server_seed(game)
    table.create("star-quest", rules, "server", fresh_seed=table.seed, mission_id=f"{mission}-{rules}-{seed}")
    table.do(setup_command("star-quest", rules, {"mission": mission, "heroes": ", ".join(party)}))
    choices = random.Random(seed)
    for unit, (x, y) in zip((u for u in table.battle.side("hero") if not u.set_aside), PLACES[mission]):
        table.do(cmd.DeployHero(unit.id, x, y))
    table.do(cmd.StartRound())
    for _ in range(MAX_COMMANDS):
        battle = table.battle
        if battle.outcome is not None:
            return
        if battle.pending is not None:
            table.do(cmd.Answer(battle.pending.unit, accept=False))
        elif battle.phase == "ai":
            command = ai(battle)
            assert command is not None, "the AI's phase with no AI command"
            assert table.state is not None
            yield table.state
            table.do(command, actor="worker")
        elif battle.phase == "heroes":
            _hero_turn(table, choices, mobility)
        else:
            return


def _hero_turn(table: Table, choices: random.Random, mobility: float) -> None:
    """One step of the heroes' phase: a turn under way ends, else the next hero plays."""
    battle = table.battle
    if battle.turn is not None:
        table.do(cmd.EndActivation(battle.turn.unit))
        return
    hero = next((u for u in battle.side("hero") if u.can_act and not u.activated), None)
    if hero is None:
        return
    table.do(cmd.Activate(hero.id))
    if table.battle.pending is not None or table.battle.turn is None or not table.battle.units[hero.id].can_act:
        return
    me = hero.figures[0]
    enemies = sorted((u for u in table.battle.side("ai") if u.on_table), key=lambda u: ((u.figures[0].x - me.x) ** 2 + (u.figures[0].y - me.y) ** 2, u.id))
    objectives = [o.at for o in battle.mission.objectives]
    aims = [(u.figures[0].x, u.figures[0].y) for u in enemies[:2]] + list(objectives)
    roll = choices.random()
    if aims and roll < mobility:
        ax, ay = choices.choice(aims)
        share = choices.choice((0.3, 0.6, 1.0))
        dx, dy = ax - me.x, ay - me.y
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        step = min(length, battle.scale(6.0) * share) / length
        kind = cmd.Advance if choices.random() < 0.7 else cmd.Rush
        if not table.tried(kind(hero.id, x=me.x + dx * step, y=me.y + dy * step)):
            table.tried(cmd.Hold(hero.id))
    else:
        table.tried(cmd.Hold(hero.id))
    if table.battle.pending is not None or table.battle.turn is None:
        return
    for enemy in enemies:
        if table.tried(cmd.Shoot(hero.id, target=enemy.id)):
            break
