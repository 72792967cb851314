"""Sealing server seeds at rest: AES-GCM under a key that never enters the event log."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM


class SealError(Exception):
    pass


def load_key(configured: str | None, data_dir: Path, backend: str) -> bytes:
    """The configured key, or (embedded SQLite only) one kept beside the database."""
    if configured:
        try:
            key = bytes.fromhex(configured)
        except ValueError:
            raise SealError("SKIRMISH_SEAL_KEY must be 64 hex characters (32 bytes)") from None
        if len(key) != 32:
            raise SealError("SKIRMISH_SEAL_KEY must be 64 hex characters (32 bytes)")
        return key
    if backend != "sqlite":
        raise SealError("set SKIRMISH_SEAL_KEY (64 hex characters) so every process can unseal the same seeds")
    path = data_dir / "seal.key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text().strip())


class Sealer:
    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)

    def seal(self, seed: bytes, commitment: str) -> bytes:
        nonce = secrets.token_bytes(12)
        return nonce + self._aead.encrypt(nonce, seed, commitment.encode())

    def unseal(self, sealed: bytes, commitment: str) -> bytes:
        return self._aead.decrypt(sealed[:12], sealed[12:], commitment.encode())
