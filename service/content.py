"""Content packs from disk: the only place content touches the file system (domain/ stays pure).

Each game system names its packs (`GameSystem.packs`, "package:folder") and how to read one
(`GameSystem.load_pack`); this module finds the files and hands them over.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from domain.contract import GameSystem
from domain.kit.content import FORMATS, ContentError


def pack_folder(location: str) -> Traversable:
    """A pack shipped in a wheel ("package:folder/in/package"); a Traversable, so it loads from
    a zip as well as a tree."""
    package, _, folder = location.partition(":")
    return resources.files(package).joinpath(*folder.split("/"))


def load_pack_dir(path: str | os.PathLike[str] | Traversable, load: Callable[[Mapping[str, bytes]], Any]) -> Any:
    """Every .toml/.json (and .yaml with PyYAML) file under `path`, named by relative path,
    read by a system's `load_pack`."""
    root = Path(path) if isinstance(path, (str, os.PathLike)) else path
    if not root.is_dir():
        raise ContentError(str(path), "", "not a directory")
    return load(dict(_files(root, "")))


def _files(folder: Traversable, prefix: str) -> Iterator[tuple[str, bytes]]:
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            yield from _files(entry, f"{prefix}{entry.name}/")
        elif entry.name.lower().endswith(FORMATS):
            yield f"{prefix}{entry.name}", entry.read_bytes()


@functools.cache
def packs_of(system: GameSystem) -> dict[str, Any]:
    """The packs a system ships, read and checked once per process."""
    if system.load_pack is None:
        return {}
    return {name: load_pack_dir(pack_folder(location), system.load_pack) for name, location in system.packs.items()}
