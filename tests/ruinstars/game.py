"""A Ruinstars mission for rule tests: the core pack (or a change of it), every command run
through the mission decider, every die typed in as a manual face; the decider refuses leftover
or missing faces, so a test pins how many dice a rule rolls."""

from __future__ import annotations

from typing import Any

from domain.contract import Setup
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.loading import load_pack
from domain.systems.ruinstars.setup import Options, setup
from domain.systems.ruinstars.state import Game as State
from domain.systems.ruinstars.state import Model
from service.content import load_pack_dir, pack_folder
from tests.rule_table import RuleTable

CORE = load_pack_dir(pack_folder("domain.systems.ruinstars:packs/core"), load_pack)
#: Spots within 4" of the centre (12, 12) of the 24" battlefield, far enough apart for 32 mm bases.
SPOTS = [
    (12.0, 12.0),
    (13.5, 12.0),
    (10.5, 12.0),
    (12.0, 13.5),
    (12.0, 10.5),
    (13.5, 13.5),
    (10.5, 10.5),
    (13.5, 10.5),
    (10.5, 13.5),
]


class Game(RuleTable):
    def __init__(self, squads: str = "Cinder Watch", *, pack: Any = CORE) -> None:
        self.create("ruinstars", "2e")
        self.do(setup(Setup("2e", Options(squads=squads), {"core": pack})))

    def deploy_all(self) -> None:
        units = [u for s in self.game.squads for u, _ in s.units]
        for unit, (x, y) in zip(units, SPOTS, strict=False):
            self.do(cmd.Deploy(unit=unit, x=x, y=y))

    @property
    def game(self) -> State:
        assert self.state is not None and self.state.game is not None
        return self.state.game

    def unit(self, unit: str) -> Model:
        return self.game.models[unit]
