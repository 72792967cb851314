#!/usr/bin/env bash
# One command for each of the two things a new user does:
#   ./dev.sh serve   install into .venv (first run only) and run the server on the embedded default
#   ./dev.sh test    install with test extras and run the whole test suite
#   ./dev.sh bench   install and run the benchmark suite (benchmarks/suite.py), printing a table,
#                    then the longer contract pass (benchmarks/fuzz.py: schemathesis, a live server)
#   ./dev.sh mutate  mutation testing (tests/mutation/run.py: mutmut): the score of each module in
#                    tests/mutation/targets.toml, or of those named, or --changed [BASE] (default main)
#   ./dev.sh soak    the long checks, hours on two cores: `bench`, then every module's mutation
#                    score (CI mutates only the trust core); fails when a module is below its target
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "Python 3.11 or newer is needed (found $("$PYTHON" -V))" >&2; exit 1; }
if [[ ! -x .venv/bin/python ]]; then
  "$PYTHON" -m venv .venv
fi
install() {
  stamp=".venv/.installed-$1"
  if [[ ! -f "$stamp" || pyproject.toml -nt "$stamp" ]]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".$2"
    touch "$stamp"
  fi
}
case "${1:-}" in
  serve) shift; install serve ""; exec .venv/bin/skirmish serve "$@" ;;
  test) shift; install test "[test]"; exec .venv/bin/python -m pytest "$@" ;;
  mutate) shift; install mutate "[test,mutation]"; exec .venv/bin/python tests/mutation/run.py "$@" ;;
  bench) shift; install test "[test]"; .venv/bin/python benchmarks/suite.py "$@"; exec .venv/bin/python benchmarks/fuzz.py "$@" ;;
  soak) shift; install mutate "[test,mutation]"; .venv/bin/python benchmarks/suite.py "$@"; .venv/bin/python benchmarks/fuzz.py "$@"; exec .venv/bin/python tests/mutation/run.py ;;
  *) echo "usage: ./dev.sh serve [--port N] | ./dev.sh test [pytest args] | ./dev.sh bench [--smoke] | ./dev.sh soak [--smoke] | ./dev.sh mutate [MODULE...] [--changed [BASE]] [--show]" >&2; exit 2 ;;
esac
