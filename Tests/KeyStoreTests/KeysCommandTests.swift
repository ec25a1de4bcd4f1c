import Foundation
import TestSupport
import Testing

@Suite("utter keys, run as a process")
struct KeysCommandTests {
  let key = "sk-proj-CLItest0123456789a1b2"

  @Test("set reads the key from stdin into a 0600 file; list shows it masked; remove deletes it")
  func setListRemove() throws {
    let dir = try TemporaryDirectory("keys-cli")
    defer { dir.remove() }
    let environment = ["UTTER_HOME": dir.url.path, "OPENAI_API_KEY": ""]
    let set = try UtterBinary.run(["keys", "set", "openai"], environment: environment, stdin: key + "\n")
    #expect(set.status == 0)
    #expect(set.stdout.contains("Stored the key for openai (sk-…a1b2)"))
    #expect(!set.stdout.contains(key) && !set.stderr.contains(key))
    #expect(try mode(dir.path("keys.json")) == 0o600)

    let list = try UtterBinary.run(["keys", "list"], environment: environment)
    #expect(list.status == 0)
    #expect(list.stdout.contains("openai"))
    #expect(list.stdout.contains("sk-…a1b2"))
    #expect(!list.stdout.contains(key))

    let remove = try UtterBinary.run(["keys", "remove", "openai"], environment: environment)
    #expect(remove.status == 0)
    let again = try UtterBinary.run(["keys", "remove", "openai"], environment: environment)
    #expect(again.status == 1)
    #expect(again.stderr == "utter: no stored key for openai\n")
  }

  @Test("an environment variable shows as overriding the stored key, masked")
  func environmentOverride() throws {
    let dir = try TemporaryDirectory("keys-cli")
    defer { dir.remove() }
    _ = try UtterBinary.run(["keys", "set", "groq", "--data-dir", dir.url.path], stdin: "gsk_stored_000000000000\n")
    let list = try UtterBinary.run(
      ["keys", "list", "--data-dir", dir.url.path], environment: ["GROQ_API_KEY": "gsk_fromenv_99999999zz"])
    #expect(list.stdout.contains("gsk_…99zz"))
    #expect(list.stdout.contains("$GROQ_API_KEY (overrides the stored key)"))
    #expect(!list.stdout.contains("gsk_fromenv_99999999zz"))
  }
}
