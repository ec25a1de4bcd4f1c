// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
import AppIntents

/// iOS 17.0: https://developer.apple.com/documentation/appintents/liveactivityintent (`protocol LiveActivityIntent :
/// SystemIntent`; the 16.5 SDK has `SystemIntent`)
@available(iOS 17.0, *)
public protocol LiveActivityIntent: SystemIntent {}
