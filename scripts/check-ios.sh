#!/usr/bin/env bash
# Type-checks the iPhone app (every Swift file of the XcodeGen targets in App/project.yml) and the package modules
# it links against Apple's iOS SDK. Runs on Linux (with ../shared/ios-sdk) and on macOS (with Xcode's SDK).
#
#   scripts/check-ios.sh            check; prints each error as path:line: message and a count per target
#
# The SDK: $IOS_SDK if set (with $IOS_SWIFTC_FLAGS, or flags built from it), else ../shared/ios-sdk/prepare,
# else `xcrun --sdk iphoneos`. With none, the check is skipped (exit 0) unless UTTER_REQUIRE_IOS_CHECK=1. An SDK
# older than iOS 26 (the shared 16.5 one) also needs Apple's iOS 26.0 interfaces: $IOS26_INTERFACES or
# ../shared/ios-sdk/ios26.
# Build products go to $IOS_CHECK_BUILD (default .build-ios/). The work is done by scripts/ios-check/check.py.
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
  [ -d "$IOS_SDK" ] || skip "IOS_SDK=$IOS_SDK is not a folder"
  if [ -z "${IOS_SWIFTC_FLAGS:-}" ]; then
    cache="${IOS_MODULE_CACHE:-$root/.build-ios/module-cache}"
    export IOS_SWIFTC_FLAGS="-target arm64-apple-ios17.0 -sdk $IOS_SDK -module-cache-path $cache"
  fi
elif [ -x "$root/../shared/ios-sdk/prepare" ]; then
  eval "$("$root/../shared/ios-sdk/prepare")"
elif [ "$(uname)" = Darwin ] && sdk="$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null)"; then
  export IOS_SDK="$sdk"
  export IOS_SWIFTC_FLAGS="-target arm64-apple-ios17.0 -sdk $sdk -module-cache-path $root/.build-ios/module-cache"
else
  skip "no iOS SDK (set IOS_SDK, put the shared SDK at ../shared/ios-sdk, or install Xcode)"
fi

# Apple's own iOS 26.0 interfaces (Speech, FoundationModels, BackgroundAssets, Observation) for an SDK older than 26:
# $IOS26_INTERFACES, else ../shared/ios-sdk/ios26. Read only: check.py builds its overlay in the build folder.
if [ -z "${IOS26_INTERFACES:-}" ] && [ -x "$root/../shared/ios-sdk/ios26/tools/make-overlay" ]; then
  export IOS26_INTERFACES="$(cd "$root/../shared/ios-sdk/ios26" && pwd)"
fi

command -v python3 >/dev/null || skip "python3 is needed"
exec python3 "$root/scripts/ios-check/check.py" "$@"
