import Foundation
import KeyStore
import TestSupport
import Testing

/// The permission bits of the file at `url`.
func mode(_ url: URL) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

@Suite("Keys in a 0600 file")
struct FileSecretStoreTests {
  @Test("the first key creates a 0600 file in a new 0700 folder, and reads back")
  func createsPrivateFile() throws {
    let dir = try TemporaryDirectory("keys")
    defer { dir.remove() }
    let store = FileSecretStore(directory: dir.path("data/utter"))
    try store.set("sk-test-0123456789abcdef", for: "OpenAI")
    #expect(try mode(store.fileURL) == 0o600)
    #expect(try mode(dir.path("data/utter")) == 0o700)
    #expect(try store.get("openai") == "sk-test-0123456789abcdef")
    #expect(try store.list() == ["openai"])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path("data/utter").path)
    #expect(leftovers == ["keys.json"])
  }

  @Test("set replaces, remove deletes and reports whether there was a key")
  func replaceAndRemove() throws {
    let dir = try TemporaryDirectory("keys")
    defer { dir.remove() }
    let store = FileSecretStore(directory: dir.url)
    try store.set("first-key-0000000000", for: "groq")
    try store.set("second-key-111111111", for: "groq")
    try store.set("dg-key-22222222222222", for: "deepgram")
    #expect(try store.get("groq") == "second-key-111111111")
    #expect(try store.list() == ["deepgram", "groq"])
    #expect(try store.remove("groq"))
    #expect(try !store.remove("groq"))
    #expect(try store.get("groq") == nil)
    #expect(try mode(store.fileURL) == 0o600)
  }

  @Test("a file readable by others is narrowed to 0600 before use")
  func repairsWideMode() throws {
    let dir = try TemporaryDirectory("keys")
    defer { dir.remove() }
    let store = FileSecretStore(directory: dir.url)
    try store.set("sk-test-0123456789abcdef", for: "openai")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.fileURL.path)
    #expect(try store.checkPermissions() == .repaired(previousMode: 0o644))
    #expect(try mode(store.fileURL) == 0o600)
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: store.fileURL.path)
    #expect(try store.get("openai") == "sk-test-0123456789abcdef")
    #expect(try mode(store.fileURL) == 0o600)
  }

  @Test("a symbolic link in place of the file is refused")
  func refusesSymlink() throws {
    let dir = try TemporaryDirectory("keys")
    defer { dir.remove() }
    try Data(#"{"version":1,"keys":{"openai":"stolen"}}"#.utf8).write(to: dir.path("elsewhere.json"))
    try FileManager.default.createSymbolicLink(
      at: dir.path("keys.json"), withDestinationURL: dir.path("elsewhere.json"))
    let store = FileSecretStore(directory: dir.url)
    let error = #expect(throws: SecretStoreError.self) { _ = try store.get("openai") }
    #expect(error?.message.hasSuffix("keys.json is not a regular file; refusing to read keys from it") == true)
  }

  @Test("a corrupt file is a clear error, not a crash, and its content is not shown")
  func corruptFile() throws {
    let dir = try TemporaryDirectory("keys")
    defer { dir.remove() }
    let store = FileSecretStore(directory: dir.url)
    _ = FileManager.default.createFile(
      atPath: store.fileURL.path, contents: Data("sk-live-notjson".utf8), attributes: [.posixPermissions: 0o600])
    let error = #expect(throws: SecretStoreError.self) { _ = try store.list() }
    #expect(error?.message == "\(store.fileURL.path) is not a valid keys file; fix or delete it")
  }

  @Test("empty keys, keys with spaces and bad provider names are refused")
  func validation() throws {
    let store = InMemorySecretStore()
    #expect(throws: SecretStoreError("the key is empty")) { try store.set("  \n", for: "openai") }
    #expect(throws: SecretStoreError("the key contains spaces or line breaks; paste only the key")) {
      try store.set("sk-abc def", for: "openai")
    }
    #expect(throws: SecretStoreError.self) { try store.set("sk-abc", for: "open ai") }
    try store.set("  sk-trimmed-key-000  \n", for: "openai")
    #expect(try store.get("openai") == "sk-trimmed-key-000")
  }
}

@Suite("Masking and environment keys")
struct MaskAndEnvironmentTests {
  @Test("masks keep a recognisable prefix and the last four characters only")
  func masks() {
    #expect(SecretMask.mask("sk-proj-abcdefghijklmnopa1b2") == "sk-…a1b2")
    #expect(SecretMask.mask("gsk_abcdefghijklmnopqrstuvwxyz9876") == "gsk_…9876")
    #expect(SecretMask.mask("AIzaSyAbcdefghijklmnop4321") == "…4321")
    #expect(SecretMask.mask("0123456789abcdef0123456789abcdef") == "…cdef")
    #expect(SecretMask.mask("shortkey12") == "…12")
    #expect(SecretMask.mask("tiny") == "…")
  }

  @Test("environment variables override stored keys by default; store-first flips it")
  func precedence() throws {
    let store = InMemorySecretStore(["openai": "stored-key-0000000000", "deepgram": "dg-stored-000000000"])
    let environment = ["OPENAI_API_KEY": "env-key-11111111111", "GROQ_API_KEY": "gsk_env_2222222222"]
    let layered = LayeredSecretStore(store: store, environment: environment)
    let resolved = try layered.resolve("openai")
    #expect(resolved?.key == "env-key-11111111111")
    #expect(resolved?.source == .environment(variable: "OPENAI_API_KEY"))
    #expect(try layered.get("deepgram") == "dg-stored-000000000")
    #expect(try layered.get("groq") == "gsk_env_2222222222")
    #expect(try layered.list() == ["deepgram", "groq", "openai"])
    let storeFirst = LayeredSecretStore(store: store, environment: environment, precedence: .storeFirst)
    #expect(try storeFirst.get("openai") == "stored-key-0000000000")
  }

  @Test("other providers read UTTER_<NAME>_API_KEY")
  func customVariables() throws {
    #expect(EnvironmentKeys.variable(for: "openai-compatible") == "UTTER_OPENAI_COMPATIBLE_API_KEY")
    let layered = LayeredSecretStore(
      store: InMemorySecretStore(),
      environment: ["UTTER_OPENAI_COMPATIBLE_API_KEY": "local-key-123", "GEMINI_API_KEY": " "])
    #expect(try layered.get("openai-compatible") == "local-key-123")
    #expect(try layered.get("gemini") == nil)
    #expect(try layered.list() == ["openai-compatible"])
  }
}
