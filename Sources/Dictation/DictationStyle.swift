import DictationValues
import LLMPolish
import Storage
import TextPipeline

/// How a dictation should read: what the deterministic clean-up does with it and what the polisher is asked
/// for. One style reaches both, whether the user picked it or the field chose it.
public struct DictationStyle: Sendable, Hashable {
  /// The style's name, as the `polish-style` setting and saved styles spell it.
  public var name: String
  /// The deterministic stage's style.
  public var text: TextStyle
  /// The polisher's style; nil lets the polisher choose by the kind of field (the `natural` style).
  public var polish: PolishStyle?
  /// The language a dictation in this style goes in (`SavedStyle.translateTo`): `""` as spoken, nil as the
  /// `translate-to` setting says.
  public var translateTo: String?

  public init(name: String, text: TextStyle, polish: PolishStyle?, translateTo: String? = nil) {
    self.name = name
    self.text = text
    self.polish = polish
    self.translateTo = translateTo
  }

  /// Verbatim dictation is never rewritten by a model.
  public var allowsPolish: Bool { text != .verbatim }

  /// Full sentences; the polisher picks a tone for the field (formal in email, casual in chat, off in code).
  public static let natural = DictationStyle(name: "natural", text: .formal, polish: nil)

  /// The styles every user has, by name.
  public static let builtIn: [DictationStyle] = [
    natural,
    DictationStyle(name: "formal", text: .formal, polish: .formal),
    DictationStyle(name: "casual", text: .casual, polish: .casual),
    DictationStyle(name: "very-casual", text: .veryCasual, polish: .veryCasual),
    DictationStyle(name: "verbatim", text: .verbatim, polish: nil),
  ]

  /// The kinds a saved style is built on: a built-in style's name, or `custom` (natural, with its own prompt).
  public static var kinds: [String] { builtIn.map(\.name) + ["custom"] }

  /// A style the user saved: its prompt (when it has one) is what the polisher is told.
  public init(_ saved: SavedStyle) {
    let base = Self.builtIn.first { Self.key($0.name) == Self.key(saved.kind) } ?? .natural
    let prompt = saved.prompt?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    self.init(
      name: saved.name, text: base.text, polish: prompt.isEmpty ? base.polish : .custom(prompt: prompt),
      translateTo: saved.translateTo)
  }

  /// The built-in or saved style called `name`, or nil.
  public static func named(_ name: String, saved: [SavedStyle]) -> DictationStyle? {
    if let style = saved.first(where: { key($0.name) == key(name) }) { return DictationStyle(style) }
    return builtIn.first { key($0.name) == key(name) }
  }

  /// The style for a dictation into `field`: the one picked on the keyboard, else a saved style that claims the
  /// field's kind (`email`, `chat`, `code`, …) or its app's bundle id, else the style the setting names, else
  /// `natural`.
  public static func resolve(setting name: String, saved: [SavedStyle], field: FieldContext?) -> DictationStyle {
    if let picked = field?.style, let style = named(picked, saved: saved) { return style }
    if let field {
      let claims = [field.appBundleID?.lowercased(), field.kind.rawValue].compactMap { $0 }
      for claim in claims {
        if let style = saved.first(where: { $0.defaultContexts.contains(claim) }) { return DictationStyle(style) }
      }
    }
    return named(name, saved: saved) ?? .natural
  }

  static func key(_ name: String) -> String {
    name.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
  }
}
