import ActivityKit
import DictationValues

// NB: the type is DictationValues' (one definition for the app and the widget extension); each of the two targets
// that use the Live Activity declares ActivityKit's conformance, which the package cannot (it builds on Linux).
extension DictationActivityAttributes: @retroactive ActivityAttributes {}
