@_exported import Clocks

/// The session's clock: the one clock of the whole core (see `UtterClock`).
public typealias SessionClock = UtterClock
