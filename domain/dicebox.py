"""The dice a decision may roll: pure, given the epoch's seed by the caller (design.md#Dice)."""

from __future__ import annotations

from collections.abc import Sequence

from domain import dice
from domain.errors import RuleError
from domain.events import DiceRolled

RULE = "design.md#Dice"


class NoSeed(RuntimeError):
    """A server roll or a reveal without the epoch's seed: the server could not open it."""


class DiceBox:
    """Turns roll requests of one decision into roll events, one nonce each.

    The server seed never leaves this object except through a reveal, which the mission
    decider asks for explicitly.
    """

    def __init__(
        self,
        *,
        epoch: int,
        client_seed: str,
        next_nonce: int,
        server_seed: bytes | None = None,
        manual_faces: Sequence[int] | None = None,
        fresh_seed: bytes | None = None,
        rolled: type[DiceRolled] = DiceRolled,
    ) -> None:
        self.epoch = epoch
        self.client_seed = client_seed
        self.next_nonce = next_nonce
        self._server_seed = server_seed
        self._manual = list(manual_faces) if manual_faces is not None else None
        #: How many faces were typed, to tell a client that typed too few where the roll stands.
        self._typed = len(self._manual or ())
        self._fresh_seed = fresh_seed
        #: The event type its rolls are recorded as (a campaign's rolls have their own).
        self._rolled = rolled

    @property
    def manual(self) -> bool:
        return self._manual is not None

    def roll(
        self,
        sides: Sequence[int],
        *,
        purpose: str,
        rule: str,
        actor: str,
        halved: Sequence[bool] | None = None,
        replaces: int | None = None,
        notation: str | None = None,
        modifier: int = 0,
        unit: str | None = None,
    ) -> DiceRolled:
        drawn = self._draw(sides, purpose)
        results = [dice.d3_from_d6(f) if h else f for f, h in zip(drawn, halved or [False] * len(drawn), strict=True)]
        total = sum(results) + modifier if notation else None
        return self._event(sides, drawn, results, purpose, rule, actor, notation=notation, total=total, replaces=replaces, unit=unit)

    def shuffle(self, deck: Sequence[str], *, purpose: str, rule: str, actor: str, hidden: bool = False) -> DiceRolled:
        """One roll event that shuffles `deck` (design.md#Dice step 5).

        A `hidden` deck's event leaves `order` out (None): the order follows from `deck` and the
        faces, which a viewer's filter withholds until the epoch's seed is revealed
        (design.md#Hidden information; domain/kit/decks.py re-computes it).
        """
        sides = dice.shuffle_sides(len(deck))
        drawn = self._draw(sides, purpose)
        order = None if hidden else dice.apply_shuffle(deck, drawn)
        return self._event(sides, drawn, drawn, purpose, rule, actor, deck=list(deck), order=order)

    def _event(self, sides: Sequence[int], drawn: list[int], results: list[int], purpose: str, rule: str, actor: str, **extra) -> DiceRolled:
        """One roll event; a server roll uses up the nonce its faces were drawn with."""
        nonce = None if self.manual else self._take_nonce()
        source = "manual" if self.manual else "server"
        return self._rolled(self.epoch, nonce, source, list(sides), drawn, results, purpose, rule, actor, **extra)

    def reveal(self) -> bytes:
        if self._server_seed is None:
            raise NoSeed("the caller did not hand this dice box the epoch's seed")
        return self._server_seed

    def fresh_seed(self) -> bytes:
        if self._fresh_seed is None:
            raise RuntimeError("the caller did not hand this dice box a fresh seed")
        return self._fresh_seed

    def check_all_manual_faces_used(self) -> None:
        if self._manual:
            raise RuleError("too_many_faces", RULE, params={"left": len(self._manual)}, field="faces")

    def _take_nonce(self) -> int:
        nonce = self.next_nonce
        self.next_nonce += 1
        return nonce

    def _draw(self, sides: Sequence[int], purpose: str) -> list[int]:
        """Server faces from the stream, or the next typed faces: rolls take them from the front,
        in the order the decision rolls. Too few: the refusal says where the roll stands (faces
        `given`, `used` by earlier rolls) and what it needs (the sides of each of its dice and its
        purpose), so a client types that many more and sends the command again."""
        if self._manual is None:
            return dice.faces(self.reveal(), self.client_seed, self.next_nonce, sides)
        if len(self._manual) < len(sides):
            used = self._typed - len(self._manual)
            raise RuleError("missing_faces", RULE, params={"given": self._typed, "used": used, "needed": list(sides), "purpose": purpose}, field="faces")
        drawn, self._manual = self._manual[: len(sides)], self._manual[len(sides) :]
        for face, side_count in zip(drawn, sides, strict=True):
            if not 1 <= face <= side_count:
                raise RuleError("impossible_face", RULE, params={"sides": side_count, "face": face}, field="faces")
        return drawn
