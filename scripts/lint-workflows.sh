#!/usr/bin/env bash
# Holds every GitHub Actions workflow in .github/workflows (or the files given) to GitHub's workflow schema, with
# check-jsonschema's vendored copy of it (no network): a misspelt key, a step with neither `uses` nor `run`, a job
# without `runs-on`, a wrong type or broken YAML fails. scripts/test-deps.sh installs check-jsonschema.
#
#   scripts/lint-workflows.sh [FILE ...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# NB: as a module of the Python the tests use, so a user install whose bin folder is not on PATH works too.
if ! python3 -c 'import check_jsonschema' 2>/dev/null; then
  echo "lint-workflows: check-jsonschema is not installed for python3 (scripts/test-deps.sh installs it)" >&2
  exit 1
fi
if [ $# -eq 0 ]; then
  set -- "$root"/.github/workflows/*.yml
fi
python3 -m check_jsonschema --builtin-schema vendor.github-workflows "$@"
echo "lint-workflows: $# workflows match GitHub's workflow schema"
