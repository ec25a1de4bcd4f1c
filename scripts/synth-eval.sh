#!/usr/bin/env bash
# Speaks each sentence of a text file with espeak-ng into 16 kHz WAV files and writes references.tsv beside them.
# Usage: scripts/synth-eval.sh SENTENCES.txt OUTDIR [VOICE]   (VOICE: an espeak-ng voice, default en-us)
set -euo pipefail
sentences=${1:?sentences file}
out=${2:?output folder}
voice=${3:-en-us}
mkdir -p "$out"
: >"$out/references.tsv"
n=0
while IFS= read -r line || [ -n "$line" ]; do
  [ -n "$line" ] || continue
  n=$((n + 1))
  id=$(printf 'synth-%02d' "$n")
  espeak-ng -v "$voice" -s 150 -w "$out/$id.espeak.wav" "$line"
  sox -D "$out/$id.espeak.wav" -r 16000 -c 1 -b 16 "$out/$id.wav"
  rm -f "$out/$id.espeak.wav"
  printf '%s\t%s\n' "$id" "$line" >>"$out/references.tsv"
done <"$sentences"
echo "$n sentences in $out" >&2
