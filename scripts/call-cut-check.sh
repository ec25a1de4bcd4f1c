#!/usr/bin/env bash
# Dictations cut by a call: each sentence is spoken (espeak-ng) into `utter host --interrupt-at 2:3`, the keyboard
# taps once, and the text it inserts is compared with the words the same audio reads as a whole file (`utter
# transcribe`): the words before the call should be a prefix of that reading, give or take the word the call cut.
# Prints each run's text and its word errors against the nearest prefix, then how many runs had at most one.
#
#   scripts/call-cut-check.sh                 three sentences, five runs each
#   RUNS=5 BUSY=1 scripts/call-cut-check.sh   the same while another process keeps one core busy
set -euo pipefail
cd "$(dirname "$0")/.."
utter=${UTTER:-.build/release/utter}
runs=${RUNS:-5}
sentences=(
  "Please remember the dentist appointment on Thursday afternoon at three."
  "I would like to schedule a meeting with the design team next week."
  "Can you remind me to call my mother when I get home?"
)
work=$(mktemp -d)
busy=""
cleanup() {
  [ -n "$busy" ] && kill "$busy" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
if [ -n "${BUSY:-}" ]; then
  (while :; do :; done) &
  busy=$!
fi

# Word errors of `heard` against the prefix of `whole` it is nearest to (both normalised to lower-case words).
errors() {
  python3 - "$1" "$2" <<'PYTHON'
import re
import sys

def words(text):
  return re.sub(r"[^a-z0-9' ]", " ", text.lower().replace("-", " ")).split()

def distance(a, b):
  row = list(range(len(b) + 1))
  for i in range(1, len(a) + 1):
    previous, row[0] = row[:], i
    for j in range(1, len(b) + 1):
      row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
  return row[-1]

heard, whole = words(sys.argv[1]), words(sys.argv[2])
print(min(distance(heard, whole[:n]) for n in range(len(whole) + 1)))
PYTHON
}

good=0
total=0
for index in "${!sentences[@]}"; do
  sentence=${sentences[$index]}
  espeak-ng -v en-us -s 150 -w "$work/espeak.wav" "$sentence"
  sox -D "$work/espeak.wav" -r 16000 -c 1 -b 16 "$work/s$index.wav"
  whole=$("$utter" transcribe --no-history --data-dir "$work/file-data" "$work/s$index.wav")
  echo "== $whole"
  for run in $(seq "$runs"); do
    dir="$work/run-$index-$run"
    mkdir -p "$dir/channel"
    "$utter" host --container "$dir/channel" --data-dir "$dir/data" --mic "$work/s$index.wav" --mic-speed 1 \
      --interrupt-at 2:3 2>"$dir/host.log" &
    host=$!
    "$utter" keyboard --container "$dir/channel" --script "wait-phase ready 60; start; wait-insert 120" \
      2>"$dir/keyboard.log" >/dev/null || true
    kill "$host" 2>/dev/null || true
    wait "$host" 2>/dev/null || true
    heard=$(sed -n 's/^keyboard: inserted: //p' "$dir/keyboard.log" | head -1)
    count=$(errors "$heard" "$whole")
    total=$((total + 1))
    [ "$count" -le 1 ] && good=$((good + 1))
    printf '  %d error(s): %s\n' "$count" "$heard"
  done
done
echo "$good of $total runs within one word of the file's reading${BUSY:+ (one core kept busy)}"
