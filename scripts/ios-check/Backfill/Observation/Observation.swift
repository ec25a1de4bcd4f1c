// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// The Observation module is iOS 17; the 16.5 SDK has none. Signatures as declared by Apple's Observation module
// (developer.apple.com/documentation/observation, and the toolchain's own Observation.swiftinterface).

/// iOS 17.0: developer.apple.com/documentation/observation/observable
@available(iOS 17.0, *)
public protocol Observable {}

/// iOS 17.0: developer.apple.com/documentation/observation/observable()
@available(iOS 17.0, *)
@attached(
  member, names: named(_$observationRegistrar), named(access), named(withMutation), named(shouldNotifyObservers))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro Observable() = #externalMacro(module: "ObservationMacros", type: "ObservableMacro")

/// iOS 17.0: developer.apple.com/documentation/observation/observationtracked()
@available(iOS 17.0, *)
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(`_`))
public macro ObservationTracked() = #externalMacro(module: "ObservationMacros", type: "ObservationTrackedMacro")

/// iOS 17.0: developer.apple.com/documentation/observation/observationignored()
@available(iOS 17.0, *)
@attached(accessor)
public macro ObservationIgnored() = #externalMacro(module: "ObservationMacros", type: "ObservationIgnoredMacro")

/// iOS 17.0: developer.apple.com/documentation/observation/observationregistrar
@available(iOS 17.0, *)
public struct ObservationRegistrar: Sendable {
  public init() {}
  public func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {}
  public func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {}
  public func didSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {}
  public func withMutation<Subject: Observable, Member, T>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T { try mutation() }
}

/// iOS 17.0: developer.apple.com/documentation/observation/withobservationtracking(_:onchange:)
@available(iOS 17.0, *)
public func withObservationTracking<T>(_ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void) -> T {
  apply()
}
