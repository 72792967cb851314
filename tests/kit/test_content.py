"""domain/kit/content.py: a content error names the file, the field and the problem."""

from __future__ import annotations

import msgspec
import pytest

from domain.kit import content
from domain.kit.content import ContentError
from domain.kit.pools import OutcomeTable, Threshold


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    attacks: int
    test: OutcomeTable


class Armoury(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    weapons: tuple[Weapon, ...] = ()


HINT = "an armoury file has only: weapons"


def error(call) -> ContentError:
    with pytest.raises(ContentError) as raised:
        call()
    return raised.value


def where(e: ContentError) -> tuple[str, str, str, int | None, int | None]:
    return e.file, e.field, e.problem, e.line, e.column


def test_toml_json_and_yaml_read_to_the_same_data():
    toml = b'[[weapons]]\nname = "Rivet gun"\nattacks = 2\ntest = {type = "threshold", target = 3, under = true, critical = 1, always_fail = [6]}\n'
    json = b'{"weapons": [{"name": "Rivet gun", "attacks": 2, "test": {"type": "threshold", "target": 3, "under": true, "critical": 1, "always_fail": [6]}}]}'
    parsed = content.parse("guns.toml", toml)
    assert parsed == content.parse("guns.json", json)
    armoury = content.convert("guns.toml", parsed, Armoury)
    assert armoury.weapons[0].test == Threshold(target=3, under=True, critical=1, always_fail=(6,))
    if content.yaml is not None:
        yaml = b"weapons:\n  - name: Rivet gun\n    attacks: 2\n    test: {type: threshold, target: 3, under: true, critical: 1, always_fail: [6]}\n"
        assert content.parse("guns.yaml", yaml) == parsed
        assert ".yaml" in content.FORMATS


def test_a_key_given_twice_is_refused_in_every_format():
    assert where(error(lambda: content.parse("a.json", b'{"name": 1, "name": 2}'))) == (
        "a.json",
        "",
        "invalid JSON: key 'name' appears twice in one object",
        None,
        None,
    )
    toml = error(lambda: content.parse("a.toml", b"name = 1\nname = 2\n"))
    assert (toml.file, toml.field, toml.line) == ("a.toml", "", 2)
    assert toml.problem.startswith("invalid TOML: ")
    if content.yaml is not None:  # PyYAML keeps the last of two keys; only TOML and JSON refuse
        assert content.parse("a.yaml", b"name: 1\nname: 2\n") == {"name": 2}


def test_syntax_errors_say_where_in_the_file():
    assert where(error(lambda: content.parse("a.json", b'{"name": '))) == ("a.json", "", "invalid JSON: Expecting value", 1, 10)
    assert str(error(lambda: content.parse("a.toml", b"[weapons\n"))) == "a.toml:1:9: (file): invalid TOML: Expected ']' at the end of a table declaration"
    if content.yaml is not None:
        assert where(error(lambda: content.parse("a.yaml", b"a: [1, 2"))) == ("a.yaml", "", "invalid YAML: expected ',' or ']', but got '<stream end>'", 1, 9)


def test_the_file_itself_can_be_the_problem():
    assert str(error(lambda: content.parse("notes.txt", b""))) == f"notes.txt: (file): unknown file type '.txt'; use one of {', '.join(content.FORMATS)}"
    assert str(error(lambda: content.parse("a.toml", b"\xffname = 1"))) == "a.toml: (file): not UTF-8 text (bad byte at offset 0)"
    assert content.parse("bom.json", b'\xef\xbb\xbf{"a": 1}') == {"a": 1}


@pytest.mark.parametrize(
    ("data", "field", "problem"),
    [
        ({"weapon": []}, "weapon", f"unknown field; {HINT}"),
        ({"weapons": [{"name": "x", "attacks": 1}]}, "weapons[0].test", "missing required field"),
        ({"weapons": [{"name": "x", "attacks": 1, "test": {"type": "bands", "faces": ["a"]}, "range": 3}]}, "weapons[0].range", "unknown field"),
        ({"weapons": [{"name": "x", "attacks": "two", "test": {"type": "bands", "faces": ["a"]}}]}, "weapons[0].attacks", "Expected `int`, got `str`"),
        ({"weapons": [{"name": "x", "attacks": 1, "test": {"type": "dice"}}]}, "weapons[0].test.type", "Invalid value 'dice'"),
        ({"weapons": [{"name": "x", "attacks": 1, "test": {"type": "threshold", "target": 4, "always_fail": [9]}}]}, "weapons[0].test", "natural faces [9] are outside 1..6"),
    ],
)
def test_a_type_error_names_the_field_as_the_author_wrote_it(data, field, problem):
    e = error(lambda: content.convert("guns.toml", data, Armoury, top_hint=HINT))
    assert (e.file, e.field) == ("guns.toml", field)
    assert e.problem == problem
    assert str(e) == f"guns.toml: {field}: {problem}"


def test_the_top_level_hint_is_only_given_when_asked_for():
    assert error(lambda: content.convert("a.toml", {"weapon": []}, Armoury)).problem == "unknown field"
    assert error(lambda: content.convert("a.toml", [], Armoury)).field == ""


def test_an_error_lists_further_problems_up_to_ten():
    more = tuple(ContentError("b.toml", f"weapons[{i}].name", "empty") for i in range(12))
    e = ContentError("a.toml", "weapons", "too many", line=3, column=1, more=more)
    lines = str(e).splitlines()
    assert lines[0] == "a.toml:3:1: weapons: too many"
    assert lines[1:3] == ["b.toml: weapons[0].name: empty", "b.toml: weapons[1].name: empty"]
    assert lines[-1] == "... and 3 more problems"
    assert len(lines) == 11
    assert isinstance(e, ValueError)


class Header(msgspec.Struct, frozen=True):
    name: str
    version: str


class ArmouryFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pack: Header | None = None
    weapons: tuple[Weapon, ...] = ()


HEADER = b'[pack]\nname = "Armoury"\nversion = "1"\n'
SWORD = b'[[weapons]]\nname = "sword"\nattacks = 1\ntest = {type = "threshold", target = 4}\n'
AXES = (
    b'[[weapons]]\nname = "axe"\nattacks = 2\ntest = {type = "threshold", target = 4}\n'
    b'[[weapons]]\nname = "great axe"\nattacks = 9\ntest = {type = "threshold", target = 4}\n'
)


def test_files_merge_in_name_order_and_a_problem_is_located_in_its_own_file():
    files = {"b.toml": AXES, "a.toml": HEADER + SWORD}
    merged = content.merge_files(files, ArmouryFile, ("weapons",))
    assert merged.header == Header("Armoury", "1") and merged.header_file == "a.toml"
    assert [w.name for w in merged.sections["weapons"]] == ["sword", "axe", "great axe"]
    too_many = [(("weapons", i, "attacks"), "at most 3 attacks") for i, w in enumerate(merged.sections["weapons"]) if w.attacks > 3]
    e = error(lambda: content.refuse(too_many, merged))
    assert (e.file, e.field, e.problem) == ("b.toml", "weapons[1].attacks", "at most 3 attacks")
    content.refuse([], merged)


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"a.toml": SWORD}, ("(pack)", "pack", "no file has a [pack] table with name and version (files: a.toml)")),
        ({"a.toml": HEADER, "b.toml": HEADER}, ("b.toml", "pack", "only one file may have a [pack] table; a.toml has one already")),
        ({}, ("(pack)", "", "the pack has no files")),
    ],
)
def test_a_pack_has_exactly_one_header(files, expected):
    e = error(lambda: content.merge_files(files, ArmouryFile, ("weapons",)))
    assert (e.file, e.field, e.problem) == expected
