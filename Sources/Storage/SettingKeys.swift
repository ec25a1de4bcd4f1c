import Foundation

/// One user-facing setting: its command-line key, what it means, and how to read and validate it as text.
public struct SettingDescriptor: Sendable {
  /// The key used by `utter settings get/set`, e.g. `session-timeout`.
  public let key: String
  /// One line on what it does and which values it takes.
  public let summary: String
  let read: @Sendable (UtterSettings) -> String
  let write: @Sendable (inout UtterSettings, String) throws -> Void
}

extension UtterSettings {
  /// Every setting, in the order `settings get` lists them.
  public static let descriptors: [SettingDescriptor] = [
    text("engine", "speech engine id (e.g. whisper, openai)", \.engine, SettingParse.identifier),
    text("model", "speech model (e.g. base, small.en)", \.model, SettingParse.model),
    text("language", "spoken language code (e.g. en, fr, pt-BR) or auto", \.language, SettingParse.language),
    text("polish-provider", "LLM polish provider id, or none", \.polishProvider, SettingParse.identifier),
    text("polish-model", "polish model (empty: the provider's default)", \.polishModel, SettingParse.optionalModel),
    text(
      "polish-base-url", "polish provider address (empty: the provider's own)", \.polishBaseURL,
      SettingParse.optionalURL),
    text("polish-style", "default writing style name", \.polishStyle, SettingParse.name),
    text("agent-name", "name that starts a spoken command", \.agentName, SettingParse.name),
    choice("session-timeout", "how long a flow session stays open", \.sessionTimeout),
    seconds(
      "pending-offer-window", "how long an undelivered result is offered again (e.g. 90s, 2m)",
      \.pendingOfferWindowSeconds, range: 0...3600),
    seconds(
      "max-recording", "the longest one dictation records before it stops and is delivered (e.g. 10m, 90s)",
      \.maxRecordingSeconds, range: 5...3600),
    flag("haptics", "vibrate on key events", \.haptics),
    flag("sounds", "play start/stop sounds", \.sounds),
    choice("appearance", "keyboard and app colour scheme", \.appearance),
    choice("retention", "how long history is kept (off: nothing is stored)", \.retention),
    flag("keep-audio", "keep audio of finished dictations for retry", \.keepAudio),
    number("typing-speed", "typing speed in words per minute, for time saved", \.typingWordsPerMinute, range: 5...300),
  ]

  /// The descriptor for `key`, or an error naming the known keys.
  public static func descriptor(forKey key: String) throws -> SettingDescriptor {
    guard let descriptor = descriptors.first(where: { $0.key == key.lowercased() }) else {
      let known = descriptors.map(\.key).joined(separator: ", ")
      throw StorageError(.invalidInput, "unknown setting '\(key)' (known: \(known))")
    }
    return descriptor
  }

  /// The value of `key` as text.
  public func value(forKey key: String) throws -> String {
    try Self.descriptor(forKey: key).read(self)
  }

  /// Sets `key` from text, or throws a one-line error when the key is unknown or the value invalid.
  public mutating func setValue(_ value: String, forKey key: String) throws {
    try Self.descriptor(forKey: key).write(&self, value.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Resets `key` to its default.
  public mutating func resetValue(forKey key: String) throws {
    let descriptor = try Self.descriptor(forKey: key)
    try descriptor.write(&self, descriptor.read(UtterSettings()))
  }

  // MARK: Descriptor builders

  private static func text(
    _ key: String, _ summary: String, _ path: WritableKeyPath<UtterSettings, String> & Sendable,
    _ parse: @escaping @Sendable (String, String) throws -> String
  ) -> SettingDescriptor {
    SettingDescriptor(
      key: key, summary: summary, read: { $0[keyPath: path] },
      write: { settings, text in settings[keyPath: path] = try parse(key, text) })
  }

  private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, _ summary: String, _ path: WritableKeyPath<UtterSettings, Choice> & Sendable
  ) -> SettingDescriptor where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue)
    return SettingDescriptor(
      key: key, summary: "\(summary): \(names.joined(separator: ", "))", read: { $0[keyPath: path].rawValue },
      write: { settings, text in
        guard let value = Choice(rawValue: SettingParse.choiceAlias(text)) else {
          throw SettingParse.invalid(key, text, "expected one of \(names.joined(separator: ", "))")
        }
        settings[keyPath: path] = value
      })
  }

  private static func flag(
    _ key: String, _ summary: String, _ path: WritableKeyPath<UtterSettings, Bool> & Sendable
  ) -> SettingDescriptor {
    SettingDescriptor(
      key: key, summary: "\(summary): on or off", read: { $0[keyPath: path] ? "on" : "off" },
      write: { settings, text in settings[keyPath: path] = try SettingParse.bool(key, text) })
  }

  private static func seconds(
    _ key: String, _ summary: String, _ path: WritableKeyPath<UtterSettings, Double> & Sendable,
    range: ClosedRange<Double>
  ) -> SettingDescriptor {
    SettingDescriptor(
      key: key, summary: summary, read: { SettingParse.formatSeconds($0[keyPath: path]) },
      write: { settings, text in settings[keyPath: path] = try SettingParse.duration(key, text, range: range) })
  }

  private static func number(
    _ key: String, _ summary: String, _ path: WritableKeyPath<UtterSettings, Double> & Sendable,
    range: ClosedRange<Double>
  ) -> SettingDescriptor {
    SettingDescriptor(
      key: key, summary: summary, read: { SettingParse.formatNumber($0[keyPath: path]) },
      write: { settings, text in
        guard let value = Double(text), range.contains(value) else {
          throw SettingParse.invalid(
            key, text,
            "expected a number from \(SettingParse.formatNumber(range.lowerBound)) to "
              + SettingParse.formatNumber(range.upperBound))
        }
        settings[keyPath: path] = value
      })
  }
}
