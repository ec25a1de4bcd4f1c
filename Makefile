# Utter: `make demo` sets up and transcribes the bundled recording; `make test` runs every test.
.PHONY: setup demo test bench app-parse format

setup:
	@scripts/setup.sh

demo: setup
	@echo "--- engine words (utter transcribe --raw):"
	@.build/debug/utter transcribe --no-history --raw Samples/demo.wav
	@echo "--- polished text (utter transcribe):"
	@.build/debug/utter transcribe --no-history Samples/demo.wav

test: setup app-parse
	swift build --build-tests
	swift test --skip-build

app-parse:
	@scripts/check-app-parses.sh

bench: setup
	swift build -c release --product utter
	scripts/bench-wer.sh
	.build/release/utter bench format
	.build/release/utter bench store
	.build/release/utter bench session

format:
	swift format --in-place --recursive Sources Tests App
