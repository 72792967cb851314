"""A mission decided in memory for rule tests, whatever its game system: every command goes
through the engine's decider (`domain.mission.decide` + `evolve`), as the ledger would run it.

In a manual-dice mission a test types every face a command rolls, in the order the engine rolls
them; the decider refuses leftover or missing faces, so a test also pins how many dice a rule
rolls. A server-dice mission rolls provably fair dice from the fixed `seed`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import mission
from domain.dicebox import DiceBox
from domain.errors import RuleError

SEED = bytes(range(32))
"""A fixed 32-byte server seed for the tests that roll real dice."""



def refusal_of(error: RuleError) -> tuple[str, str, dict]:
    """What a player reads of a refusal: its code, the rule it cites and its parameters."""
    return error.code, error.rule, dict(error.params)

class RuleTable:
    state: mission.MissionState | None
    events: list[Any]
    seed: bytes = SEED

    def create(self, system: str, rules_version: str, dice_mode: str = "manual", fresh_seed: bytes = SEED, mission_id: str = "m-1") -> None:
        """A new mission of `system` in memory, before its set-up command."""
        self.events = []
        self.state = None
        for event in mission.create(
            mission_id=mission_id,
            campaign_id="c-1",
            name="rule test",
            system=system,
            rules_version=rules_version,
            dice_mode=dice_mode,
            client_seed="rule-tests",
            options={},
            fresh_seed=fresh_seed,
        ):
            self._apply(event)

    def _apply(self, event: Any) -> None:
        self.events.append(event)
        self.state = mission.evolve(self.state, event)

    def dice(self, faces: Sequence[int] | None) -> DiceBox:
        assert self.state is not None
        if self.state.dice_mode == "manual":
            return mission.dice_box_for(self.state, server_seed=None, fresh_seed=None, manual_faces=list(faces or []))
        return mission.dice_box_for(self.state, server_seed=self.seed, fresh_seed=None, manual_faces=None)

    def do(self, command: Any, *faces: int, actor: str = "host") -> list[Any]:
        """Decide and apply one command; `faces` are every die it rolls, in order."""
        assert self.state is not None
        events = mission.decide(self.state, command, self.dice(faces), actor, {})
        for event in events:
            self._apply(event)
        return events

    def refusal(self, command: Any, *faces: int, actor: str = "host") -> tuple[str, str, dict]:
        """The command must be refused: what a player reads of it (refusal_of)."""
        return refusal_of(self.refused(command, *faces, actor=actor))

    def refused(self, command: Any, *faces: int, actor: str = "host") -> RuleError:
        """The command must be refused; nothing changes. Returns the error (its code and rule)."""
        before = self.state
        try:
            events = self.do(command, *faces, actor=actor)
        except RuleError as error:
            assert self.state is before
            return error
        raise AssertionError(f"{type(command).__name__} was accepted: {[type(e).__name__ for e in events]}")
