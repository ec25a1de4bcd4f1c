import Foundation

/// Where a `utter://` link, an intent or a widget asks the app to go.
enum AppRoute: Hashable, Identifiable {
  /// `utter://activate?source=keyboard`: start the flow session for the keyboard, then send the user back.
  case activate
  /// `utter://dictate`: dictate in the app.
  case dictate
  /// `utter://note`: a new quick note, listening.
  case newNote
  /// `utter://open`: just the app.
  case home

  var id: Self { self }

  /// The route for a `utter://` URL; nil for anything else.
  init?(url: URL) {
    guard url.scheme?.lowercased() == "utter" else { return nil }
    switch url.host?.lowercased() {
    case "activate": self = .activate
    case "dictate": self = .dictate
    case "note": self = .newNote
    case "open", nil, "": self = .home
    default: return nil
    }
  }
}
