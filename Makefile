# Utter: `make demo` sets up and transcribes the bundled recording; `make test` runs every test.
.PHONY: setup test-deps demo lint lint-workflows test bench side-by-side ios-check format install

# Where `make install` puts `utter`: $(PREFIX)/bin/utter.
PREFIX ?= $(HOME)/.local

setup:
	@scripts/setup.sh

# What the tests use beyond `make demo`'s set-up: Debian's lld-19 and openstep-parser for ios-check; OpenAI's client,
# openapi-spec-validator and schemathesis for the server tests.
test-deps:
	@scripts/test-deps.sh

demo: setup
	@echo "--- engine words (utter transcribe --raw):"
	@.build/debug/utter transcribe --no-history --raw Samples/demo.wav
	@echo "--- polished text (utter transcribe):"
	@.build/debug/utter transcribe --no-history Samples/demo.wav

# Two phases: unit tests in parallel, then the tests that run `utter` as real processes (the engine, the
# keyboard↔app session, accuracy) one at a time, so that blocking on processes never starves timed unit tests.
PROCESS_SUITES = UtterCLITests|WhisperEngineTests

test: setup test-deps lint lint-workflows ios-check
	swift build --build-tests --explicit-target-dependency-import-check error
	swift test --skip-build --skip '$(PROCESS_SUITES)'
	swift test --skip-build --filter '$(PROCESS_SUITES)' --no-parallel

# Compiles and links the iPhone app as Xcode 26 would, from the project XcodeGen generates (every target and the
# package modules it links, Debug and Release, against the iOS 26.2 SDK in ../shared/ios-sdk/26.2; any warning fails),
# holds each target's bundle to App Store Connect's checks (scripts/ios-check/bundle.py), then proves eleven planted
# mistakes fail it (scripts/ios-check/self-test.sh).
ios-check: test-deps
	@scripts/check-ios.sh
	@scripts/ios-check/self-test.sh

bench: setup
	swift build -c release --product utter
	swift build -c release --product utter-bench
	scripts/bench-wer.sh
	.build/release/utter bench format
	.build/release/utter bench store
	.build/release/utter bench session
	.build/release/utter bench learning
	.build/release/utter bench learning --unrelated Samples/eval/unrelated-terms.txt
	.build/release/utter bench cold-start --engine-delay 3
	.build/release/utter bench serve

# Utter's engine and faster-whisper on the same files and weights (scripts/side-by-side.sh; README, Performance).
side-by-side: setup
	swift build -c release --product utter
	swift build -c release --product utter-bench
	scripts/side-by-side.sh

# swift-format's lint with the root .swift-format (Tests/.swift-format allows force unwraps in tests); any warning fails.
# (The keyboard extension's budget is its linked binary's size, which ios-check measures and limits.) Then the module
# graph's rules, and App/'s: every branch there names the module rule it applies or the Apple API it follows.
lint:
	swift format lint --strict --recursive Sources Tests App
	@scripts/check-modules.py
	@scripts/check-app.py

# The GitHub Actions workflows against GitHub's workflow schema (check-jsonschema, which `make test-deps` installs).
lint-workflows:
	@scripts/lint-workflows.sh

format:
	swift format --in-place --recursive Sources Tests App

# A release build of `utter` with the Swift runtime linked in, copied to $(PREFIX)/bin.
install:
	swift build -c release --static-swift-stdlib --product utter
	swift build -c release --static-swift-stdlib --product utter-bench
	install -d "$(PREFIX)/bin"
	install -s -m 0755 "$$(swift build -c release --static-swift-stdlib --show-bin-path)/utter" "$(PREFIX)/bin/utter"
	install -s -m 0755 "$$(swift build -c release --static-swift-stdlib --show-bin-path)/utter-bench" \
		"$(PREFIX)/bin/utter-bench"
	@echo "installed $(PREFIX)/bin/utter ($$("$(PREFIX)/bin/utter" --version))"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on your PATH";; esac
