"""The contract pass, longer than CI's: tests/test_contract.py (schemathesis against a live
`skirmish serve`) with a bigger budget of generated requests and stateful scenarios.

    ./dev.sh bench                 # runs this after the suite
    python benchmarks/fuzz.py --examples 200 --scenarios 200 --steps 20

Bounded by its budget: every request goes to a server on 127.0.0.1 that the test starts and stops.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: CI's budget is 6 examples an operation and 10 scenarios of 8 steps (tests/test_contract.py).
FULL = {"examples": 100, "scenarios": 100, "steps": 16}
SMOKE = {"examples": 3, "scenarios": 3, "steps": 4}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="CI's budget or less: checks the pass works")
    parser.add_argument("--examples", type=int, help="generated requests per operation (each sent as host, player and spectator)")
    parser.add_argument("--scenarios", type=int, help="stateful scenarios")
    parser.add_argument("--steps", type=int, help="steps per stateful scenario at most")
    args, _ = parser.parse_known_args(argv)
    budget = SMOKE if args.smoke else FULL
    env = {
        **os.environ,
        "FUZZ_EXAMPLES": str(args.examples or budget["examples"]),
        "FUZZ_SCENARIOS": str(args.scenarios or budget["scenarios"]),
        "FUZZ_STEPS": str(args.steps or budget["steps"]),
    }
    print(f"contract pass: {env['FUZZ_EXAMPLES']} examples an operation, {env['FUZZ_SCENARIOS']} scenarios of up to {env['FUZZ_STEPS']} steps", flush=True)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout", "3600", str(ROOT / "tests" / "test_contract.py")]
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
