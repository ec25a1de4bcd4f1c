#!/usr/bin/env bash
# Writes docs/privacy.md from the privacy policy the app shows (Sources/AppSettings/PrivacyPolicy.swift), then runs
# the tests that hold its sentences to the code.
#
#     scripts/privacy-doc.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
UTTER_WRITE_PRIVACY_DOC=1 swift test --skip-build --filter 'PrivacyPolicyTests/documentIsTheAppsText'
swift test --skip-build --filter 'PrivacyPolicy|PrivacyNetwork'
