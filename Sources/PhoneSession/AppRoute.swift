import DictationValues
import Foundation

/// Where a `utter://` link, an intent or a widget asks the app to go.
public enum AppRoute: Hashable, Identifiable, Sendable {
  /// `utter://activate?source=keyboard`: start the flow session for the keyboard, then send the user back.
  case activate
  /// Dictate in the app, for the next keyboard's cursor: opened by `utter://dictate` (the widget's link: `.widget`),
  /// `utter://dictate?from=control` (the Control Center control's) or an intent (Siri, a Shortcut, the Action Button),
  /// both `.shortcut`, which history records.
  case dictate(DictationOrigin)
  /// `utter://note`: a new quick note, listening.
  case newNote
  /// `utter://open`: just the app.
  case home

  public var id: Self { self }

  /// The route for a `utter://` URL; nil for anything else.
  public init?(url: URL) {
    guard url.scheme?.lowercased() == "utter" else { return nil }
    switch url.host?.lowercased() {
    case "activate": self = .activate
    case "dictate":
      let control = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.contains {
        $0.name == "from" && $0.value == "control"
      }
      self = .dictate(control == true ? .shortcut : .widget)
    case "note": self = .newNote
    case "open", nil, "": self = .home
    default: return nil
    }
  }

  /// The screen shown over everything for this route (nil: none), and whether it opens the flow session. Before
  /// onboarding there is no model yet: the keyboard's request waits until onboarding is done.
  public func presentation(onboarded: Bool) -> (screen: AppRoute?, opensSession: Bool)? {
    switch self {
    case .activate: onboarded ? (.activate, true) : nil
    case .dictate, .newNote: (self, false)
    case .home: (nil, false)
    }
  }
}
