#!/usr/bin/env bash
# Compiles and links the iPhone app as Xcode 26 would (the project XcodeGen generates from App/project.yml, every
# target and the package modules it links, Debug and Release), against Apple's iPhoneOS 26.2 SDK, on Linux.
#
#   scripts/check-ios.sh [--target NAME ...] [--app-dir DIR]
#
# The SDK: ../shared/ios-sdk/26.2/prepare (or $IOS_SDK with $IOS_SWIFTC_FLAGS). Without one the check is skipped
# (exit 0) unless UTTER_REQUIRE_IOS_CHECK=1. WhisperKit is compiled from its source in ../shared/ios-sdk/packages
# ($IOS_CHECK_PACKAGES); XcodeGen comes from ../shared/tools/xcodegen; Debian's lld-19 links (scripts/test-deps.sh
# installs it). Build products go to $IOS_CHECK_BUILD (default .build-ios/). The work is done by scripts/ios-check.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

skip() {
  if [ "${UTTER_REQUIRE_IOS_CHECK:-0}" = 1 ]; then
    echo "ios-check: failed: $1 (UTTER_REQUIRE_IOS_CHECK=1)" >&2
    exit 1
  fi
  echo "ios-check: skipped: $1"
  exit 0
}

if [ -n "${IOS_SDK:-}" ]; then
  [ -d "$IOS_SDK" ] && [ -n "${IOS_SWIFTC_FLAGS:-}" ] || skip "IOS_SDK needs IOS_SWIFTC_FLAGS (see ../shared/ios-sdk/26.2/prepare)"
elif [ -x "$root/../shared/ios-sdk/26.2/prepare" ]; then
  eval "$("$root/../shared/ios-sdk/26.2/prepare")"
else
  skip "no iPhoneOS 26.2 SDK (../shared/ios-sdk/26.2, or IOS_SDK and IOS_SWIFTC_FLAGS); on a Mac, build with Xcode 26"
fi
command -v python3 >/dev/null || skip "python3 is needed"
exec python3 "$root/scripts/ios-check/check.py" "$@"
