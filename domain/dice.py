"""The provably fair dice algorithm, `hmac-sha256-u32-rejection/v1` (design.md#Dice).

Auditors re-implement exactly this, so it stays small and free of any state but its inputs.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence

ALGORITHM = "hmac-sha256-u32-rejection/v1"
_U32 = 2**32


def commitment(server_seed: bytes) -> str:
    """Published before an epoch's first roll, so the seed cannot change afterwards."""
    return hashlib.sha256(server_seed).hexdigest()


def effective_client_seed(parts: Sequence[str]) -> str:
    return ":".join(parts)


def _words(server_seed: bytes, client_seed: str, nonce: int) -> Iterator[int]:
    round_ = 0
    while True:
        block = hmac.new(server_seed, f"{client_seed}:{nonce}:{round_}".encode(), hashlib.sha256).digest()
        for offset in range(0, len(block), 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        round_ += 1


def faces(server_seed: bytes, client_seed: str, nonce: int, sides: Sequence[int]) -> list[int]:
    """Draw one face per die, in order, from the roll's byte stream, skipping biased words."""
    words = _words(server_seed, client_seed, nonce)
    drawn = []
    for side_count in sides:
        if side_count < 1:
            raise ValueError(f"a die needs at least one side, got {side_count}")
        limit = _U32 - (_U32 % side_count)
        for word in words:
            if word < limit:
                drawn.append(word % side_count + 1)
                break
    return drawn


def d3_from_d6(face: int) -> int:
    """A D3 is a d6 halved, rounding up (design.md#Dice step 4)."""
    return (face + 1) // 2


def shuffle_sides(deck_size: int) -> list[int]:
    """The dice a Fisher-Yates shuffle of `deck_size` items draws: i+1 sides for i = n-1 .. 1."""
    return [i + 1 for i in range(deck_size - 1, 0, -1)]


def apply_shuffle(deck: Sequence[str], drawn: Sequence[int]) -> list[str]:
    """Fisher-Yates with faces drawn for `shuffle_sides(len(deck))` (design.md#Dice step 5)."""
    order = list(deck)
    for i, face in zip(range(len(order) - 1, 0, -1), drawn, strict=True):
        j = face - 1
        order[i], order[j] = order[j], order[i]
    return order
