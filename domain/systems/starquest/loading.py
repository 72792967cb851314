"""Reading a Star Quest content pack from file contents: parse, type-check, merge, cross-check.

Pure (bytes in, a pack or a ContentError out) so the same code serves the built-in pack, an
upload and a test. Errors name the file and the field as the author wrote them, because the
author fixes the file, not our merged structure. Parsing and locating a field error are shared
with other systems (domain/kit/content.py); merging files into one pack is Star Quest's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kit.content import FORMATS, ContentError, convert, parse
from domain.systems.starquest.content import (
    SECTIONS,
    ContentPack,
    PackFile,
    Problem,
    check_pack,
    render_path,
)

#: FORMATS and ContentError live in the kit (domain/kit/content.py); they stay importable here.
__all__ = ["FORMATS", "ContentError", "load_pack"]


def load_pack(files: Mapping[str, bytes]) -> ContentPack:
    """Files by name (the suffix picks the parser) to a checked pack; ContentError if unusable."""
    if not files:
        raise ContentError("(pack)", "", "the pack has no files")
    parsed = [(name, _convert(name, parse(name, files[name]))) for name in sorted(files)]
    headers = [name for name, f in parsed if f.pack is not None]
    if not headers:
        raise ContentError("(pack)", "pack", f"no file has a [pack] table with name and version (files: {', '.join(sorted(files))})")
    if len(headers) > 1:
        raise ContentError(headers[1], "pack", f"only one file may have a [pack] table; {headers[0]} has one already")
    header = next(f.pack for _, f in parsed if f.pack is not None)
    origin: dict[str, list[tuple[str, int]]] = {s: [] for s in SECTIONS}
    for name, f in parsed:
        for section in SECTIONS:
            origin[section] += [(name, i) for i in range(len(getattr(f, section)))]
    pack = ContentPack(
        name=header.name,
        version=header.version,
        **{s: tuple(e for _, f in parsed for e in getattr(f, s)) for s in SECTIONS},
    )
    problems = check_pack(pack)
    if problems:
        first, *rest = (_located(p, origin, headers[0]) for p in problems)
        raise ContentError(first.file, first.field, first.problem, more=tuple(rest))
    return pack


def _located(problem: Problem, origin: dict[str, list[tuple[str, int]]], fallback: str) -> ContentError:
    """Turn a path in the merged pack into the file and the path inside that file."""
    path = problem.path
    if len(path) >= 2 and path[0] in origin and isinstance(path[1], int):
        file, index = origin[path[0]][path[1]]
        return ContentError(file, render_path((path[0], index, *path[2:])), problem.problem)
    return ContentError(fallback, render_path(path), problem.problem)


def _convert(name: str, data: Any) -> PackFile:
    """A parsed file as a PackFile; a misspelt top-level table is told what a pack file may hold."""
    return convert(name, data, PackFile, top_hint=f"a pack file has only: pack, {', '.join(SECTIONS)}")
