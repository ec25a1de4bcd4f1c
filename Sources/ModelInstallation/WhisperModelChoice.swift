import SpeechEngine

/// A Whisper model the iPhone app offers.
public struct WhisperModelChoice: Identifiable, Hashable, Sendable {
  /// Utter's model name (shared with the settings and the CLI), e.g. `base.en`.
  public let id: String
  /// WhisperKit's variant name in `argmaxinc/whisperkit-coreml`.
  public let variant: String
  public let title: String
  public let detail: String
  /// Approximate download size in megabytes.
  public let megabytes: Int

  /// The choices, smallest first.
  public static let all: [WhisperModelChoice] = [
    WhisperModelChoice(
      id: "tiny.en", variant: "tiny.en", title: "Tiny (English)", detail: "Fastest, least accurate", megabytes: 75),
    WhisperModelChoice(
      id: "base.en", variant: "base.en", title: "Base (English)", detail: "Fast, good for short notes", megabytes: 145),
    WhisperModelChoice(
      id: "base", variant: "base", title: "Base (multilingual)", detail: "Fast, 99 languages", megabytes: 145),
    WhisperModelChoice(
      id: "small.en", variant: "small.en", title: "Small (English)", detail: "Accurate, needs a recent iPhone",
      megabytes: 480),
    WhisperModelChoice(
      id: "small", variant: "small", title: "Small (multilingual)", detail: "Accurate, 99 languages", megabytes: 480),
    WhisperModelChoice(
      id: "large-v3-turbo", variant: "large-v3-v20240930_turbo_632MB", title: "Large v3 Turbo",
      detail: "Most accurate, iPhone 15 Pro or later", megabytes: 632),
  ]

  /// The model used when WhisperKit recommends none of ours.
  public static let fallback = "base.en"

  public static func choice(id: String) -> WhisperModelChoice? { all.first { $0.id == id } }

  /// Our choice for the variant WhisperKit recommends for a device (its name ends with our variant).
  public static func recommended(for variant: String) -> String {
    all.first { variant.hasSuffix($0.variant) }?.id ?? fallback
  }

  /// Bytes of free space a download needs: the download and its unpacked copy.
  public var bytesNeeded: Int64 { Int64(megabytes) * 2_000_000 }
}

extension WhisperModelChoice {
  /// What the iPhone's Whisper models read, which are on it, and how to get another, for `SpeechEngineRegistry.route`:
  /// a model counts as installed when every file of its list is on disk (a file check, from any thread).
  public static func installedModels(files: ModelFiles) -> InstalledModels {
    InstalledModels(
      installed: {
        all.filter { choice in
          files.list(choice.id, variant: choice.variant).map { files.isComplete($0, model: choice.id) } ?? false
        }
        .map(\.id)
      },
      howToInstall: { id in
        "download \(choice(id: id)?.title ?? id) in Utter › Settings › Engine"
      })
  }
}
