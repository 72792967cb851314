"""A Blackstone Fortress combat for rule tests: the core pack's content (or a change of it),
every command run through the mission decider, every die typed in as a manual face unless
`dice="server"`; the decider refuses leftover or missing faces, so a test pins how many dice
a rule rolls."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.contract import Setup
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone.loading import load_pack
from domain.systems.blackstone.setup import Options, setup
from domain.systems.blackstone.state import Battle
from service.content import load_pack_dir, pack_folder
from tests.rule_table import SEED, RuleTable

CORE = load_pack_dir(pack_folder("domain.systems.blackstone:packs/core"), load_pack)


def keep(cards: int) -> list[int]:
    """The faces of a shuffle of `cards` cards that leaves them in the order listed."""
    return list(range(cards, 1, -1))


#: The encounter deck sorted: a shuffle with `keep(6)` draws "ash-choir" first.
ENCOUNTERS = 6


class Game(RuleTable):
    def __init__(
        self,
        combat: str = "sunken-passage",
        explorers: str = "Ysolde Marr, Pim and Pell",
        *,
        encounter_faces: Sequence[int] | None = None,
        dice: str = "manual",
        pack: Any = CORE,
        hostile_player: str = "",
        cards: str = "",
    ) -> None:
        self.seed = SEED
        self.create("blackstone-fortress", "en", dice)
        command = setup(Setup("en", Options(combat=combat, explorers=explorers, hostile_player=hostile_player, cards=cards), {"core": pack}))
        faces = [] if dice == "server" else list(encounter_faces if encounter_faces is not None else keep(ENCOUNTERS))
        self.do(command, *faces)

    def patch(self, mini: str, **changes: Any) -> None:
        """Change a miniature outside the rules, to set a scene."""
        battle = self.battle
        minis = {**battle.miniatures, mini: msgspec.structs.replace(battle.miniatures[mini], **changes)}
        self.state = msgspec.structs.replace(self.state, game=msgspec.structs.replace(battle, miniatures=minis))

    def start(self, destiny: Sequence[int], activation: dict[str, Sequence[int]], initiative: Sequence[int]) -> list[Any]:
        """StartTurn: 5 destiny faces, each explorer's activation faces (sorted by id), the
        initiative shuffle's faces; then the activation phase."""
        faces = [*destiny, *(f for unit in sorted(activation) for f in activation[unit]), *initiative]
        events = self.do(cmd.StartTurn(), *faces)
        self.do(cmd.BeginActivations())
        return events

    @property
    def battle(self) -> Battle:
        assert self.state is not None and self.state.game is not None
        return self.state.game

    def at(self, mini: str) -> Hex | None:
        return self.battle.miniatures[mini].at

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]
