"""tests/mutation/targets.toml and equivalent.md name what exists: a renamed module or test file
fails here, not in the middle of a long `./dev.sh mutate`."""

from __future__ import annotations

from pathlib import Path

from tests.mutation.run import equivalent, targets

ROOT = Path(__file__).resolve().parents[1]


def test_every_target_is_a_module_with_test_files():
    known = targets()
    assert {"domain/dice.py", "domain/dicebox.py", "domain/notation.py", "domain/chain.py", "domain/verification.py"} <= {m for m, s in known.items() if s.get("core")}
    for module, spec in known.items():
        assert (ROOT / module).is_file(), module
        paths = [a for a in spec["tests"] if a.startswith("tests/")]  # test files, or a system's folder
        assert paths and all((ROOT / p).is_file() or (ROOT / p).is_dir() for p in paths), (module, paths)
        assert 0 < spec["target"] <= 100


def test_every_equivalent_mutant_is_of_a_target():
    modules = {m.removesuffix(".py").replace("/", ".") for m in targets()}
    for name in equivalent():
        assert name.rsplit(".", 1)[0] in modules, name

