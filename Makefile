# Utter: `make demo` sets up and transcribes the bundled recording; `make test` runs every test.
.PHONY: setup demo test bench app-parse format

setup:
	@scripts/setup.sh

demo: setup
	@echo "--- engine words (utter transcribe --raw):"
	@.build/debug/utter transcribe --no-history --raw Samples/demo.wav
	@echo "--- polished text (utter transcribe):"
	@.build/debug/utter transcribe --no-history Samples/demo.wav

# Two phases: unit tests in parallel, then the tests that run `utter` as real processes (the engine, the
# keyboard↔app session, accuracy) one at a time, so that blocking on processes never starves timed unit tests.
PROCESS_SUITES = UtterCLITests|WhisperEngineTests

test: setup app-parse
	swift build --build-tests
	swift test --skip-build --skip '$(PROCESS_SUITES)'
	swift test --skip-build --filter '$(PROCESS_SUITES)' --no-parallel

app-parse:
	@scripts/check-app-parses.sh --typecheck

bench: setup
	swift build -c release --product utter
	scripts/bench-wer.sh
	.build/release/utter bench format
	.build/release/utter bench store
	.build/release/utter bench session

format:
	swift format --in-place --recursive Sources Tests App
