"""Reading a content pack from file contents: parse, type-check, merge, cross-check.

Pure (bytes in, a pack or a ContentError out) so the same code serves the built-in pack, an
upload and a test. Errors name the file and the field as the author wrote them, because the
author fixes the file, not our merged structure.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from typing import Any

import msgspec

from domain.systems.starquest.content import (
    SECTIONS,
    ContentPack,
    PackFile,
    Problem,
    check_pack,
    render_path,
)

try:  # YAML is a convenience, never a dependency.
    import yaml
except ImportError:  # pragma: no cover - depends on the environment
    yaml = None

FORMATS = (".toml", ".json", ".yaml", ".yml") if yaml else (".toml", ".json")
_SHOWN = 10


class ContentError(ValueError):
    """A pack cannot be used: which file, which field in it, and what is wrong.

    `field` is "" when the problem is the file as a whole (syntax, encoding). `more` holds
    further problems found in the same pass, so an author can fix them in one go.
    """

    def __init__(
        self,
        file: str,
        field: str,
        problem: str,
        *,
        line: int | None = None,
        column: int | None = None,
        more: tuple[ContentError, ...] = (),
    ) -> None:
        self.file, self.field, self.problem = file, field, problem
        self.line, self.column, self.more = line, column, more
        lines = [self._one()] + [e._one() for e in more[: _SHOWN - 1]]
        if len(more) >= _SHOWN:
            lines.append(f"... and {len(more) - _SHOWN + 1} more problems")
        super().__init__("\n".join(lines))

    def _one(self) -> str:
        where = self.file + (f":{self.line}:{self.column}" if self.line is not None else "")
        return f"{where}: {self.field or '(file)'}: {self.problem}"


def load_pack(files: Mapping[str, bytes]) -> ContentPack:
    """Files by name (the suffix picks the parser) to a checked pack; ContentError if unusable."""
    if not files:
        raise ContentError("(pack)", "", "the pack has no files")
    parsed = [(name, _convert(name, _parse(name, files[name]))) for name in sorted(files)]
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


# --- parsing ----------------------------------------------------------------------------

_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def _parse(name: str, raw: bytes) -> Any:
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    if suffix not in (".toml", ".json", ".yaml", ".yml"):
        raise ContentError(name, "", f"unknown file type {suffix or '(none)'!r}; use one of {', '.join(FORMATS)}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ContentError(name, "", f"not UTF-8 text (bad byte at offset {error.start})") from None
    if suffix == ".toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            message = str(error)
            at = _TOML_AT.search(message)
            line = getattr(error, "lineno", None) or (int(at.group(1)) if at else None)
            column = getattr(error, "colno", None) or (int(at.group(2)) if at else None)
            problem = getattr(error, "msg", None) or _TOML_AT.sub("", message)
            raise ContentError(name, "", f"invalid TOML: {problem}", line=line, column=column) from None
    if suffix == ".json":
        try:
            return json.loads(text, object_pairs_hook=_no_duplicates)
        except json.JSONDecodeError as error:
            raise ContentError(name, "", f"invalid JSON: {error.msg}", line=error.lineno, column=error.colno) from None
        except _Duplicate as error:
            raise ContentError(name, "", f"invalid JSON: key {error.args[0]!r} appears twice in one object") from None
    if yaml is None:
        raise ContentError(name, "", "YAML needs PyYAML, which is not installed; write the file as TOML or JSON")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        raise ContentError(name, "", f"invalid YAML: {problem}", line=line, column=column) from None


class _Duplicate(Exception):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """TOML refuses a key given twice; JSON would silently keep the last, so refuse it here too."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


# --- typing -----------------------------------------------------------------------------

_MSGSPEC_AT = re.compile(r"^(?P<problem>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_NAMED = re.compile(r"^Object (contains unknown|missing required) field `([^`]+)`$")


def _convert(name: str, data: Any) -> PackFile:
    try:
        return msgspec.convert(data, PackFile)
    except msgspec.ValidationError as error:
        match = _MSGSPEC_AT.match(str(error))
        problem, path = match.group("problem"), (match.group("path") or "").lstrip(".")
        named = _NAMED.match(problem)
        if named:
            path = f"{path}.{named.group(2)}" if path else named.group(2)
            problem = "unknown field" if named.group(1).startswith("contains") else "missing required field"
            if problem == "unknown field" and not path.count(".") and "[" not in path:
                problem += f"; a pack file has only: pack, {', '.join(SECTIONS)}"
        raise ContentError(name, path, problem) from None
