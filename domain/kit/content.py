"""Reading content files (profiles, tables, cards): parse, type-check, and say where it went wrong.

Pure (bytes in, data or a ContentError out) so a built-in pack, an upload and a test share it.
Errors name the file and the field as the author wrote them, because the author fixes the file
(design.md#Game systems: content is loaded from data files in a documented format). What a
pack holds and how its files merge is each game system's own (its `load_pack`).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import msgspec

try:  # YAML is a convenience, never a dependency.
    import yaml
except ImportError:  # pragma: no cover - depends on the environment
    yaml = None

FORMATS = (".toml", ".json", ".yaml", ".yml") if yaml else (".toml", ".json")
_SHOWN = 10

T = TypeVar("T")


class ContentError(ValueError):
    """Content cannot be used: which file, which field in it, and what is wrong.

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


# --- parsing ----------------------------------------------------------------------------

_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def parse(name: str, raw: bytes) -> Any:
    """The file's data; its suffix picks the parser. A key given twice is an error in every format."""
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


def convert(name: str, data: Any, kind: type[T], *, top_hint: str = "") -> T:
    """Parsed data as `kind`, or a ContentError at the field msgspec refused (see `located`)."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as error:
        raise located(name, error, top_hint=top_hint) from None


def located(name: str, error: msgspec.ValidationError, *, top_hint: str = "") -> ContentError:
    """msgspec's refusal as file, field path (`items[1].effect.kind`) and problem.

    An unknown or missing field is named in the path; an unknown field at the top of the file
    gets `top_hint` (what a file may hold) appended, since that is most likely a misspelling.
    """
    match = _MSGSPEC_AT.match(str(error))
    assert match is not None  # the pattern matches any text
    problem, path = match.group("problem"), (match.group("path") or "").lstrip(".")
    named = _NAMED.match(problem)
    if named:
        path = f"{path}.{named.group(2)}" if path else named.group(2)
        problem = "unknown field" if named.group(1).startswith("contains") else "missing required field"
        if top_hint and problem == "unknown field" and not path.count(".") and "[" not in path:
            problem += f"; {top_hint}"
    return ContentError(name, path, problem)


# --- packs of several files ---------------------------------------------------------------

#: A problem found after typing: the path into the merged pack (section, index, field...) and the text.
Problem = tuple[tuple[Any, ...], str]


class Merged(msgspec.Struct, frozen=True):
    """A pack's files typed and merged: the one header, every section's entries in file order,
    and for each entry the file and the index it has there (for `refuse`)."""

    header: Any
    header_file: str
    sections: dict[str, tuple[Any, ...]]
    origin: dict[str, list[tuple[str, int]]]


def merge_files(
    files: Mapping[str, bytes], kind: type, sections: tuple[str, ...]
) -> Merged:
    """Parse and type each file as `kind` (a Struct with an optional `pack` header and a tuple
    per section), then merge them; exactly one file holds the header."""
    if not files:
        raise ContentError("(pack)", "", "the pack has no files")
    hint = f"a pack file has only: pack, {', '.join(sections)}"
    typed = [
        (name, convert(name, parse(name, files[name]), kind, top_hint=hint))
        for name in sorted(files)
    ]
    headers = [(name, f.pack) for name, f in typed if f.pack is not None]
    if not headers:
        raise ContentError(
            "(pack)",
            "pack",
            f"no file has a [pack] table with name and version (files: {', '.join(sorted(files))})",
        )
    if len(headers) > 1:
        raise ContentError(
            headers[1][0],
            "pack",
            f"only one file may have a [pack] table; {headers[0][0]} has one already",
        )
    merged = {s: tuple(e for _, f in typed for e in getattr(f, s)) for s in sections}
    origin = {
        s: [(name, i) for name, f in typed for i in range(len(getattr(f, s)))]
        for s in sections
    }
    return Merged(headers[0][1], headers[0][0], merged, origin)


def checked_pack(files: Mapping[str, bytes], kind: type, sections: tuple[str, ...], build: Callable[..., T], check: Callable[[T], Iterable[Problem]]) -> T:
    """A pack from its files: merged (`merge_files`), built from its header's name and version
    and its sections, and refused with every problem `check` finds, each at its file and field."""
    merged = merge_files(files, kind, sections)
    pack = build(merged.header.name, merged.header.version, **merged.sections)
    refuse(list(check(pack)), merged)
    return pack


def refuse(problems: list[Problem], merged: Merged) -> None:
    """Raise one ContentError for all `problems`, each at the file and index its entry came from."""
    if not problems:
        return
    first, *rest = (_at(path, text, merged) for path, text in problems)
    raise ContentError(first.file, first.field, first.problem, more=tuple(rest))


def _at(path: tuple[Any, ...], text: str, merged: Merged) -> ContentError:
    file = merged.header_file
    if len(path) >= 2 and path[0] in merged.origin:
        file, index = merged.origin[path[0]][path[1]]
        path = (path[0], index, *path[2:])
    return ContentError(
        file,
        "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip("."),
        text,
    )
