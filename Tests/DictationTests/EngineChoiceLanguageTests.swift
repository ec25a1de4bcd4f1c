import Dictation
import DictationValues
import Foundation
import LLMPolish
import SpeechEngine
import Storage
import Testing

@Suite("A dictation's engine choice follows the language its field is in")
struct EngineChoiceLanguageTests {
  /// A pipeline whose settings choose whisper tiny.en in `language`, routing as `route` says.
  static func pipeline(language: String, route: @escaping @Sendable (String?, EngineChoice) -> ModelRoute)
    -> DictationPipeline
  {
    var settings = UtterSettings()
    settings.language = language
    settings.engine = "whisper"
    settings.model = "tiny.en"
    let formatter = DictationFormatter(
      settings: DictationSettings(settings: settings),
      providers: PolishProviders { _, _, _ in throw SpeechEngineError("no polish here") })
    return DictationPipeline(
      engines: EngineAccess(load: { _ in throw SpeechEngineError("not read here") }, route: route),
      formatter: formatter, archive: nil)
  }

  @Test("the field's language goes first, then the settings'; the route's model replaces the chosen one")
  func routed() throws {
    let asked = Asked()
    let pipeline = Self.pipeline(language: "en") { language, choice in
      asked.add(language)
      return language == "fr" ? .installed(model: "base") : .chosen
    }
    let french = try pipeline.engineChoice(for: .init(field: FieldContext(language: "fr")))
    #expect(french == EngineChoice(id: "whisper", model: "base"))
    let english = try pipeline.engineChoice(for: .init())
    #expect(english == EngineChoice(id: "whisper", model: "tiny.en"))
    #expect(asked.all == ["fr", "en"])
    let detected = Self.pipeline(language: "auto") { language, _ in language == nil ? .chosen : .refused("no") }
    #expect(try detected.engineChoice(for: .init()) == EngineChoice(id: "whisper", model: "tiny.en"))
  }

  @Test("a refused language throws its line before any audio is read")
  func refused() async {
    let pipeline = Self.pipeline(language: "en") { language, _ in
      language == "fr" ? .refused("tiny.en reads English only") : .chosen
    }
    let error = await #expect(throws: LanguageNotRead.self) {
      try await pipeline.run([0, 0, 0], request: .init(field: FieldContext(language: "fr")))
    }
    #expect(error?.description == "tiny.en reads English only")
  }
}

/// The languages a route was asked about, in order.
final class Asked: @unchecked Sendable {
  private let lock = NSLock()
  private var languages: [String?] = []
  func add(_ language: String?) { lock.withLock { languages.append(language) } }
  var all: [String?] { lock.withLock { languages } }
}
