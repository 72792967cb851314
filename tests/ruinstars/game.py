"""A Ruinstars mission for rule tests: the core pack (or a change of it), every command run
through the mission decider, every die typed in as a manual face; the decider refuses leftover
or missing faces, so a test pins how many dice a rule rolls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

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


#: Five TO dice that give no Tactical Order (ruinstars-2e.md#TACTICAL ORDERS: 1-3 gives one).
NO_ORDERS = (6, 6, 6, 6, 6)


#: The core pack without Survive's swarm: tests of other rules play turns with no Bugs spawning.
QUIET = msgspec.structs.replace(
    CORE, missions=tuple(msgspec.structs.replace(m, spawns="") for m in CORE.missions)
)
#: QUIET with deployment anywhere on the battlefield, for tests that place units freely.
ANYWHERE = msgspec.structs.replace(
    QUIET,
    missions=tuple(
        msgspec.structs.replace(m, deploy_within=m.size) for m in QUIET.missions
    ),
)
PVP = "Cinder Watch, First Mission"


class Game(RuleTable):
    def __init__(self, squads: str = "Cinder Watch", *, pack: Any = QUIET, **options: Any) -> None:
        self.create("ruinstars", "2e")
        self.do(setup(Setup("2e", Options(squads=squads, **options), {"core": pack})))

    def deploy_all(self) -> None:
        units = [u for s in self.game.squads for u, _ in s.units]
        for unit, (x, y) in zip(units, SPOTS, strict=False):
            self.do(cmd.Deploy(unit=unit, x=x, y=y))

    def place(self, spots: dict[str, tuple[float, float]]) -> None:
        """Deploy the named units where given, the others in a row along their squad's edge
        (the Cinder Watch at y = 1, the First Mission at y = 23)."""
        for k, squad in enumerate(self.game.squads):
            parked = [u for u, _ in squad.units if u not in spots]
            for n, unit in enumerate(parked):
                spots = {**spots, unit: (6 + 2.5 * n, 1 if k == 0 else 23)}
        for unit, (x, y) in spots.items():
            self.do(cmd.Deploy(unit=unit, x=x, y=y))

    def start_turn(
        self, *initiative: int, orders: Sequence[Sequence[int]] | None = None
    ) -> list[Any]:
        """StartTurn with each squad's TO dice (`orders`, in squad order; by default five 6s
        each: no Tactical Orders), then the initiative faces."""
        if orders is None:
            orders = [NO_ORDERS] * len(self.game.squads)
        faces = [face for dice in orders for face in dice]
        return self.do(cmd.StartTurn(), *faces, *initiative)

    def finish_turn(self, *faces: int) -> list[Any]:
        """Every Ready unit activated and its activation ended, in the order the squads are up,
        then EndTurn with these faces (the injuries after the last turn); its events."""
        while self.game.phase == "activations":
            up = self.game.units_of(self.game.up)
            unit = next(m.id for m in up if m.status == "ready")
            self.do(cmd.Activate(unit=unit))
            self.do(cmd.EndActivation(unit=unit))
        return self.do(cmd.EndTurn(), *faces)

    @property
    def game(self) -> State:
        assert self.state is not None and self.state.game is not None
        return self.state.game

    def unit(self, unit: str) -> Model:
        return self.game.models[unit]
