"""Mutation testing of the modules named in tests/mutation/targets.toml (README.md#testing).

Each module runs on its own with mutmut 3 in `.mutation/<module>/`: the module's package is
copied there with the module mutated, and only the tests the targets file names for it run, so
one module takes minutes, not the whole suite's time. `PYTHONPATH` points at the mutated copy,
so a test that starts the `skirmish` command in a subprocess runs the mutant too.

    python tests/mutation/run.py [MODULE ...] [--core] [--changed [BASE]] [--show]

Prints the score per module: killed / (mutants - equivalent ones listed in
tests/mutation/equivalent.md); a mutant without a test counts as survived. Exits 1 when a
module is below its target.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WORK = ROOT / ".mutation"
MUTMUT = Path(sys.executable).with_name("mutmut")
#: mutmut's exit codes that mean a test caught the mutant (mutmut/stats.py).
CAUGHT = {1, 3, 24, -24, 36, 37, 152, 255}
SKIPPED = {34}
EQUIVALENT_LINE = re.compile(r"^- `([\w.ǁ]+__mutmut_\d+)`")


@dataclass
class Score:
    module: str
    target: float
    killed: int = 0
    mutants: int = 0
    equivalent: int = 0
    survivors: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        counted = self.mutants - self.equivalent
        return 100.0 * self.killed / counted if counted else 100.0


def targets() -> dict[str, dict]:
    return tomllib.loads((HERE / "targets.toml").read_text())["module"]


def equivalent() -> set[str]:
    text = (HERE / "equivalent.md").read_text()
    return {m.group(1) for line in text.splitlines() if (m := EQUIVALENT_LINE.match(line))}


def changed_modules(base: str, known: dict[str, dict]) -> list[str]:
    """Modules with a target that differ from `base` (committed or not)."""
    committed = subprocess.run(["git", "diff", "--name-only", f"{base}...HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    working = subprocess.run(["git", "diff", "--name-only", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    paths = set(committed.split()) | set(working.split())
    untargeted = sorted(p for p in paths if p.startswith("domain/") and p.endswith(".py") and p not in known)
    if untargeted:
        print("changed, without a mutation target (add one to tests/mutation/targets.toml):", *untargeted, sep="\n  ")
    return sorted(p for p in paths if p in known)


def workdir(module: str) -> Path:
    return WORK / module.removesuffix(".py").replace("/", ".")


def run_module(module: str, spec: dict, children: int, equivalents: set[str]) -> Score:
    work = workdir(module)
    shutil.rmtree(work, ignore_errors=True)
    (work / "mutants").mkdir(parents=True)
    package = module.split("/")[0]
    for name in (package, "tests"):
        (work / name).symlink_to(ROOT / name)
    config = (ROOT / "pyproject.toml").read_text() + (
        "\n[tool.mutmut]\n"
        f"source_paths = [{json.dumps(package)}]\n"
        f"only_mutate = [{json.dumps(module)}]\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(spec['tests'])}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
    )
    (work / "pyproject.toml").write_text(config)
    env = {**os.environ, "SKIRMISH_MUTATION": "1", "PYTHONPATH": os.pathsep.join(filter(None, [str(work / "mutants"), os.environ.get("PYTHONPATH")]))}
    log = work / "mutmut.log"
    with log.open("w") as out:
        done = subprocess.run([str(MUTMUT), "run", "--max-children", str(children)], cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT)
    meta = work / "mutants" / f"{module}.meta"
    if done.returncode != 0 or not meta.exists():
        sys.stdout.write(log.read_text()[-4000:])
        raise SystemExit(f"mutmut failed on {module} (exit {done.returncode}); the log: {log}")
    results = json.loads(meta.read_text())["exit_code_by_key"]
    score = Score(module, float(spec.get("target", 0)))
    for name, code in sorted(results.items()):
        if code in SKIPPED:
            continue
        score.mutants += 1
        if code in CAUGHT:
            score.killed += 1
        elif name in equivalents:
            score.equivalent += 1
        else:
            score.survivors.append(name)
    return score


def show(module: str, name: str) -> str:
    return subprocess.run([str(MUTMUT), "show", name], cwd=workdir(module), capture_output=True, text=True).stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="paths such as domain/dice.py; default: every target")
    parser.add_argument("--core", action="store_true", help="only the trust core (the targets marked core = true)")
    parser.add_argument("--changed", nargs="?", const="main", metavar="BASE", help="only the targets that differ from BASE (default main)")
    parser.add_argument("--show", action="store_true", help="print each surviving mutant's diff")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    args = parser.parse_args(argv)
    known = targets()
    if args.core:
        known = {module: spec for module, spec in known.items() if spec.get("core")}
    modules = args.modules or (changed_modules(args.changed, known) if args.changed else sorted(known))
    unknown = [m for m in modules if m not in known]
    if unknown:
        parser.error(f"no mutation target for {', '.join(unknown)} (tests/mutation/targets.toml)")
    if not modules:
        print("no module with a mutation target changed")
        return 0
    equivalents = equivalent()
    scores = []
    for module in modules:
        print(f"mutating {module} ...", flush=True)
        score = run_module(module, known[module], args.children, equivalents)
        scores.append(score)
        for name in score.survivors:
            print(f"  survived: {name}")
            if args.show:
                print(show(module, name))
    print("\n| module | mutants | killed | equivalent | score | target |\n|---|---|---|---|---|---|")
    for s in scores:
        print(f"| {s.module} | {s.mutants} | {s.killed} | {s.equivalent} | {s.percent:.1f} % | {s.target:.0f} % |")
    below = [s.module for s in scores if s.percent < s.target]
    if below:
        print("below target:", ", ".join(below))
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main())
