"""Transcribes audio files with faster-whisper, for scripts/side-by-side.sh.

Writes `id<TAB>hypothesis` lines to --hypotheses and one JSON object of per-file latencies to standard output.
A `.raw` file is read as 16 kHz mono signed 16-bit little-endian PCM, as `utter` reads it.
"""

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from faster_whisper import WhisperModel, decode_audio


def load(path: Path) -> np.ndarray:
    if path.suffix == ".raw":
        return np.frombuffer(path.read_bytes(), dtype="<i2").astype(np.float32) / 32768.0
    return decode_audio(str(path), sampling_rate=16000)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True, help="a CTranslate2 Whisper model folder")
    parser.add_argument("--beam", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--compute-type", default="int8")
    parser.add_argument("--hypotheses", required=True)
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()

    started = time.perf_counter()
    model = WhisperModel(
        arguments.model, device="cpu", compute_type=arguments.compute_type, cpu_threads=arguments.threads
    )
    load_seconds = time.perf_counter() - started
    latencies = []
    with open(arguments.hypotheses, "w", encoding="utf-8") as out:
        for name in arguments.files:
            path = Path(name)
            audio = load(path)
            started = time.perf_counter()
            segments, _ = model.transcribe(audio, language="en", beam_size=arguments.beam)
            text = " ".join(segment.text.strip() for segment in segments).strip()
            latencies.append(time.perf_counter() - started)
            out.write(f"{path.stem}\t{' '.join(text.split())}\n")
    json.dump({"loadSeconds": load_seconds, "latencies": latencies}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
