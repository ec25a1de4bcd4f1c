// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// Standard-library API that the app can use on iOS 17 but that the 16.5 SDK's Swift 5.8 library lacks.
// Signatures as the Swift 6.3 toolchain's _Concurrency and Swift interfaces declare them.

/// Swift 5.9, back-deployed to iOS 13 (`@backDeployed(before: iOS 17.0)`): SE-0388,
/// https://github.com/swiftlang/swift-evolution/blob/main/proposals/0388-async-stream-factory.md
@available(iOS 13.0, *)
extension AsyncStream {
  public static func makeStream(
    of elementType: Element.Type = Element.self,
    bufferingPolicy limit: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded
  ) -> (stream: AsyncStream<Element>, continuation: AsyncStream<Element>.Continuation) {
    var continuation: AsyncStream<Element>.Continuation?
    let stream = AsyncStream(elementType, bufferingPolicy: limit) { continuation = $0 }
    guard let continuation else { fatalError("AsyncStream calls its build closure at once") }
    return (stream, continuation)
  }
}

/// Swift 5.9, back-deployed to iOS 13 (`@backDeployed(before: iOS 17.0)`): SE-0388,
/// https://github.com/swiftlang/swift-evolution/blob/main/proposals/0388-async-stream-factory.md
@available(iOS 13.0, *)
extension AsyncThrowingStream where Failure == any Error {
  public static func makeStream(
    of elementType: Element.Type = Element.self,
    throwing failureType: Failure.Type = Failure.self,
    bufferingPolicy limit: AsyncThrowingStream<Element, Failure>.Continuation.BufferingPolicy = .unbounded
  ) -> (stream: AsyncThrowingStream<Element, Failure>, continuation: AsyncThrowingStream<Element, Failure>.Continuation)
  {
    var continuation: AsyncThrowingStream<Element, Failure>.Continuation?
    let stream = AsyncThrowingStream(elementType, bufferingPolicy: limit) { continuation = $0 }
    guard let continuation else { fatalError("AsyncThrowingStream calls its build closure at once") }
    return (stream, continuation)
  }
}

/// Swift 5.9, iOS 16.0 (`@_alwaysEmitIntoClient`): SE-0374,
/// https://github.com/swiftlang/swift-evolution/blob/main/proposals/0374-clock-sleep-for.md
@available(iOS 16.0, *)
extension Clock {
  public func sleep(for duration: Instant.Duration, tolerance: Instant.Duration? = nil) async throws {
    try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
  }
}

// Swift 6.2's `SendableMetatype` (named by GRDB and FoundationModels) comes from the patched standard library of
// ../shared/ios-sdk/ios26 (tools/patch_swift.py), which check.py puts before the SDK's.

/// Swift 6.0, iOS 18.0: SE-0425, https://github.com/swiftlang/swift-evolution/blob/main/proposals/0425-int128.md.
/// Named only in GRDB's declarations.
@available(iOS 18.0, *)
public struct Int128: Sendable {}

/// Swift 6.0, iOS 18.0: SE-0425, https://github.com/swiftlang/swift-evolution/blob/main/proposals/0425-int128.md.
/// Named only in GRDB's declarations.
@available(iOS 18.0, *)
public struct UInt128: Sendable {}

/// Swift 5.9, iOS 17.0 (back-deployed):
/// https://developer.apple.com/documentation/swift/mainactor/assumeisolated(_:file:line:)
@available(iOS 13.0, *)
extension MainActor {
  public static func assumeIsolated<T: Sendable>(
    _ operation: @MainActor () throws -> T, file: StaticString = #fileID, line: UInt = #line
  ) rethrows -> T { fatalError() }
}
