import Foundation

/// One user-facing setting: its command-line key, what it means, and how to read and validate it as text.
public struct SettingDescriptor: Sendable {
  /// The key used by `utter settings get/set`, e.g. `session-timeout`.
  public let key: String
  /// One line on what it does and which values it takes.
  public let summary: String
  /// The field's name in the stored JSON (`keepAudio`), accepted on input as another spelling of `key`.
  public let storedKey: String
  let read: @Sendable (UtterSettings) -> String
  let write: @Sendable (inout UtterSettings, String) throws -> Void
}

extension UtterSettings {
  /// Every setting, in the order `settings get` lists them.
  public static let descriptors: [SettingDescriptor] = [
    text(.engine, "speech engine id (e.g. whisper, openai)", \.engine, SettingParse.identifier),
    text(.model, "speech model (e.g. base, small.en)", \.model, SettingParse.model),
    text(
      .engineBaseURL, "address of your own speech server, for engine openai-compatible (e.g. utter serve's)",
      \.engineBaseURL, SettingParse.optionalURL, key: "engine-base-url"),
    text(
      .engineServerModel, "model asked of your own speech server (empty: the server's own)", \.engineServerModel,
      SettingParse.optionalModel, key: "engine-server-model"),
    text(.language, "spoken language code (e.g. en, fr, pt-BR) or auto", \.language, SettingParse.language),
    text(
      .spokenLanguages,
      "the languages you speak (e.g. en,fr): with language auto, detection picks among these only; "
        + "empty: any", \.spokenLanguages, SettingParse.languageList, key: "languages"),
    text(.polishProvider, "LLM polish provider id, or none", \.polishProvider, SettingParse.identifier),
    text(
      .polishModel, "polish model, for the chosen polish provider only (empty: the provider's default)",
      \.modelForPolish, SettingParse.optionalModel),
    text(
      .polishBaseURL, "polish provider address (empty: the provider's own)", \.polishBaseURL,
      SettingParse.optionalURL, key: "polish-base-url"),
    text(.polishStyle, "default writing style name", \.polishStyle, SettingParse.name),
    text(
      .translateTo,
      "insert dictations in this language (e.g. en, fr), translated by the polish provider; empty: as spoken",
      \.translateTo, SettingParse.optionalLanguage, key: "translate-to"),
    text(.agentName, "name that starts a spoken command", \.agentName, SettingParse.name),
    choice(.sessionTimeout, "how long a flow session keeps the microphone without a dictation", \.sessionTimeout),
    choice(
      .microphone,
      "microphone for dictations in Utter with a headset connected (automatic: the headset's unless audio plays; "
        + "keyboard dictations, with Utter in the background, use the iPhone's)", \.microphone),
    flag(.duckOthers, "lower other audio (music) while dictating", \.duckOthers),
    seconds(
      .unloadModelAfterSeconds, "free the speech model after this long without a dictation (0: keep it)",
      \.unloadModelAfterSeconds, range: 0...86_400, key: "unload-model-after"),
    seconds(
      .pendingOfferWindowSeconds, "how long an undelivered result is offered again (e.g. 90s, 2m)",
      \.pendingOfferWindowSeconds, range: 0...3600, key: "pending-offer-window"),
    seconds(
      .maxRecordingSeconds, "the longest one dictation records before it stops and is delivered (e.g. 10m, 90s)",
      \.maxRecordingSeconds, range: 5...3600, key: "max-recording"),
    seconds(
      .endOfSpeechSeconds, "end a dictation after this long without speech, as done would (0: only done ends it)",
      \.endOfSpeechSeconds, range: 0...30, key: "end-of-speech"),
    flag(.haptics, "vibrate on key events", \.haptics),
    flag(.sounds, "play start/stop sounds", \.sounds),
    choice(.appearance, "keyboard and app colour scheme", \.appearance),
    choice(.retention, "how long history is kept (off: nothing is stored)", \.retention),
    flag(.keepAudio, "keep audio of finished dictations for retry", \.keepAudio),
    flag(.autoCopy, "also copy each dictation's text to the clipboard", \.autoCopy),
    flag(
      .learnWords, "learn names and terms from your corrections of dictated text (off: nothing is kept)",
      \.learnWords),
    setting(
      .typingWordsPerMinute, "typing speed in words per minute, for time saved", \.typingWordsPerMinute,
      key: "typing-speed", format: SettingParse.formatNumber, parse: { try SettingParse.number($0, $1, range: 5...300) }
    ),
  ]

  /// The descriptor for `key`, or an error naming the known keys. Case, `-` and `_` do not matter, and the
  /// stored JSON name is accepted too: `keep-audio`, `keepAudio` and `KEEP_AUDIO` are one setting.
  public static func descriptor(forKey key: String) throws -> SettingDescriptor {
    let wanted = comparable(key)
    guard
      let descriptor = descriptors.first(where: { comparable($0.key) == wanted || comparable($0.storedKey) == wanted })
    else {
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

  private static func comparable(_ key: String) -> String {
    key.lowercased().filter { $0 != "-" && $0 != "_" }
  }

  /// `keepAudio` → `keep-audio`: the command-line key of a stored field, unless it is given.
  private static func commandLineKey(_ field: CodingKeys, _ given: String?) -> String {
    if let given { return given }
    return field.stringValue.reduce(into: "") { key, character in
      key += character.isUppercase ? "-" + character.lowercased() : String(character)
    }
  }

  // MARK: Descriptor builders

  /// A setting shown with `format` and read from text with `parse`, which gets the key for its error.
  private static func setting<Value>(
    _ field: CodingKeys, _ summary: String, _ path: WritableKeyPath<UtterSettings, Value> & Sendable,
    key given: String? = nil, format: @escaping @Sendable (Value) -> String,
    parse: @escaping @Sendable (_ key: String, _ text: String) throws -> Value
  ) -> SettingDescriptor {
    let key = commandLineKey(field, given)
    return SettingDescriptor(
      key: key, summary: summary, storedKey: field.stringValue, read: { format($0[keyPath: path]) },
      write: { settings, text in settings[keyPath: path] = try parse(key, text) })
  }

  private static func text(
    _ field: CodingKeys, _ summary: String, _ path: WritableKeyPath<UtterSettings, String> & Sendable,
    _ parse: @escaping @Sendable (String, String) throws -> String, key given: String? = nil
  ) -> SettingDescriptor {
    setting(field, summary, path, key: given, format: { $0 }, parse: parse)
  }

  private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ field: CodingKeys, _ summary: String, _ path: WritableKeyPath<UtterSettings, Choice> & Sendable
  ) -> SettingDescriptor where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
    return setting(field, "\(summary): \(names)", path, format: { $0.rawValue }) { key, text in
      guard let value = Choice(rawValue: SettingParse.choiceAlias(text)) else {
        throw SettingParse.invalid(key, text, "expected one of \(names)")
      }
      return value
    }
  }

  private static func flag(
    _ field: CodingKeys, _ summary: String, _ path: WritableKeyPath<UtterSettings, Bool> & Sendable
  ) -> SettingDescriptor {
    setting(field, "\(summary): on or off", path, format: { $0 ? "on" : "off" }, parse: SettingParse.bool)
  }

  private static func seconds(
    _ field: CodingKeys, _ summary: String, _ path: WritableKeyPath<UtterSettings, Double> & Sendable,
    range: ClosedRange<Double>, key given: String
  ) -> SettingDescriptor {
    setting(field, summary, path, key: given, format: SettingParse.formatSeconds) { key, text in
      try SettingParse.duration(key, text, range: range)
    }
  }
}
