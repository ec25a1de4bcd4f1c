// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
import AppIntents

/// iOS 17.0: developer.apple.com/documentation/appintents/liveactivityintent
@available(iOS 17.0, *)
public protocol LiveActivityIntent: AppIntent {}
