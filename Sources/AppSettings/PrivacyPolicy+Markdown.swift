extension PrivacyPolicy {
  /// The policy as `docs/privacy.md` holds it: the title, one heading per section and one line per sentence.
  public static var markdown: String {
    var lines = ["# \(title)", ""]
    for section in sections {
      lines += ["## \(section.title)", ""]
      lines += section.sentences.map { "- \($0)" }
      lines.append("")
    }
    lines.append(
      "_This page is generated from `Sources/AppSettings/PrivacyPolicy.swift`, the same sentences the app's Privacy "
        + "screen shows; `Tests/AppSettingsTests/PrivacyPolicyTests.swift` checks each one against the code._")
    return lines.joined(separator: "\n") + "\n"
  }
}
