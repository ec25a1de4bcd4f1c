import Foundation
import TestSupport
import Testing

@testable import DictationServer

@Suite("ServerTokens")
struct ServerTokensTests {
  @Test("a token made is accepted, kept only as its hash in a 0600 file, and refused once revoked")
  func addAndRevoke() throws {
    let dir = try TemporaryDirectory("tokens")
    defer { dir.remove() }
    let tokens = ServerTokens(dataDirectory: dir.path("data"))
    #expect(try tokens.isEmpty())
    let token = try tokens.add(name: "phone")
    let cache = TokenFileCache(tokens)
    #expect(cache.accepts(token))
    #expect(!cache.accepts(token + "x"))
    let file = try String(contentsOf: tokens.fileURL, encoding: .utf8)
    #expect(!file.contains(token) && file.contains(ServerTokens.hash(token)))
    let mode = try FileManager.default.attributesOfItem(atPath: tokens.fileURL.path)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    #expect(throws: ServerTokenError.self) { try tokens.add(name: "phone") }
    #expect(try tokens.revoke(name: "phone"))
    #expect(!cache.accepts(token), "the file is read again once it changed")
    #expect(try !tokens.revoke(name: "phone"))
  }

  @Test("tokens from the environment, several separated by commas, are accepted without a file")
  func environment() throws {
    let dir = try TemporaryDirectory("tokens")
    defer { dir.remove() }
    let tokens = ServerTokens(dataDirectory: dir.url, environment: ["UTTER_SERVER_TOKEN": "one, two"])
    #expect(try !tokens.isEmpty())
    let cache = TokenFileCache(tokens)
    #expect(cache.accepts("one") && cache.accepts("two"))
    #expect(!cache.accepts("one, two") && !cache.accepts(""))
  }

  @Test("a token name with spaces or slashes is refused")
  func names() throws {
    let dir = try TemporaryDirectory("tokens")
    defer { dir.remove() }
    let tokens = ServerTokens(dataDirectory: dir.url)
    #expect(throws: ServerTokenError.self) { try tokens.add(name: "my phone") }
    #expect(throws: ServerTokenError.self) { try tokens.add(name: "../x") }
  }
}
