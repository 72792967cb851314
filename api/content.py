"""Content packs from disk: the only place content touches the file system (domain/ stays pure)."""

from __future__ import annotations

import functools
import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from domain.systems.starquest.content import ContentPack
from domain.systems.starquest.loading import FORMATS, ContentError, load_pack

BUILTIN_PACK: Traversable = resources.files("domain.systems.starquest").joinpath("packs", "core")
"""The pack shipped in the wheel; a Traversable so it loads from a zip as well as a tree."""


def load_pack_dir(path: str | os.PathLike[str] | Traversable) -> ContentPack:
    """Every .toml/.json (and .yaml with PyYAML) file under `path`, named by relative path."""
    root = Path(path) if isinstance(path, (str, os.PathLike)) else path
    if not root.is_dir():
        raise ContentError(str(path), "", "not a directory")
    return load_pack(dict(_files(root, "")))


def _files(folder: Traversable, prefix: str):
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            yield from _files(entry, f"{prefix}{entry.name}/")
        elif entry.name.lower().endswith(FORMATS):
            yield f"{prefix}{entry.name}", entry.read_bytes()


@functools.cache
def builtin_pack() -> ContentPack:
    """The shipped pack, read and checked once per process."""
    return load_pack_dir(BUILTIN_PACK)
