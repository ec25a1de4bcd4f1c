#!/usr/bin/env bash
# WER, real-time factor and memory of the embedded engine on the two evaluation sets.
# Usage: scripts/bench-wer.sh [extra `utter bench transcribe` options, e.g. --beam 1]
set -euo pipefail
cd "$(dirname "$0")/.."
utter=${UTTER:-.build/release/utter}
data=/usr/share/pocketsphinx/test/data
echo "== pocketsphinx-testdata (11 real recordings)"
"$utter" bench transcribe "$@" --references Samples/eval/pocketsphinx.tsv \
  "$data"/librivox/*.wav "$data"/cards/00?.wav "$data"/goforward.raw
sentences=${SYNTH_SENTENCES:-Samples/eval/synth-sentences.txt}
if [ -f "$sentences" ]; then
  dir=$(mktemp -d)
  scripts/synth-eval.sh "$sentences" "$dir"
  echo "== espeak-ng synthetic sentences"
  "$utter" bench transcribe "$@" --references "$dir/references.tsv" "$dir"/synth-*.wav
  rm -rf "$dir"
fi
# French, as a French field hands it over: tiny.en reads it as English (what Utter did before a field's language chose
# the model), base reads it as French (the model a French field is routed to).
dir=$(mktemp -d)
scripts/synth-eval.sh Samples/eval/french-sentences.txt "$dir" fr
for model in tiny.en base; do
  echo "== espeak-ng French sentences, $model"
  "$utter" bench transcribe "$@" --model "$model" --language fr --references "$dir/references.tsv" "$dir"/synth-*.wav
done
rm -rf "$dir"

