import Foundation
import PhoneRules
import TestSupport
import Testing

/// Each Apple target's privacy manifest declares every required-reason API its code calls, with an approved reason:
/// the code of the target's folder and of every package module it links (per App/project.yml, with their own
/// dependencies per Package.swift).
@Suite("Privacy manifests declare the required-reason APIs the targets use")
struct PrivacyManifestTests {
  @Test("the keyboard's manifest declares UserDefaults and file timestamps, each with an approved reason")
  func keyboard() throws {
    let check = try ManifestCheck(target: "UtterKeyboard")
    #expect(check.used.contains(.userDefaults), "the keyboard keeps the language and style picked on it")
    #expect(check.used.contains(.fileTimestamp), "the session channel checks its files' sizes and dates")
    #expect(
      check.modules.contains("KeyboardModel") && check.modules.contains("DictationValues"), "with its dependencies")
    #expect(check.undeclared.isEmpty, "used but not declared: \(check.undeclared)")
    #expect(check.badReasons.isEmpty, "reasons Apple does not approve: \(check.badReasons)")
  }

  @Test("the app's and the widgets' manifests too")
  func appAndWidgets() throws {
    for target in ["Utter", "UtterWidgets"] {
      let check = try ManifestCheck(target: target)
      #expect(check.undeclared.isEmpty, "\(target) uses but does not declare: \(check.undeclared)")
      #expect(check.badReasons.isEmpty, "\(target) declares reasons Apple does not approve: \(check.badReasons)")
    }
  }

  @Test("the scan reads calls, not comments or strings")
  func scan() {
    #expect(RequiredReasonAPI.used(in: "let picks = UserDefaults.standard") == [.userDefaults])
    #expect(RequiredReasonAPI.used(in: "// UserDefaults would be easier\nlet name = \"UserDefaults\"").isEmpty)
    #expect(RequiredReasonAPI.used(in: "var info = stat()\nguard fstat(fd, &info) == 0") == [.fileTimestamp])
    #expect(RequiredReasonAPI.used(in: "ProcessInfo.processInfo.systemUptime") == [.systemBootTime])
  }
}

/// One target's code and manifest, read from the repository.
struct ManifestCheck {
  let modules: Set<String>
  let used: Set<RequiredReasonAPI>
  let declared: [String: [String]]

  init(target: String) throws {
    let project = try String(contentsOf: PackagePaths.file("App/project.yml"), encoding: .utf8)
    let package = try String(contentsOf: PackagePaths.file("Package.swift"), encoding: .utf8)
    let linked = Self.linkedProducts(of: target, in: project)
    modules = Self.closure(of: linked, in: package)
    var folders = [PackagePaths.file("App/\(target)")]
    folders += modules.map { PackagePaths.file("Sources/\($0)") }
    var used = Set<RequiredReasonAPI>()
    for folder in folders {
      for file in Self.swiftFiles(in: folder) {
        used.formUnion(RequiredReasonAPI.used(in: try String(contentsOf: file, encoding: .utf8)))
      }
    }
    self.used = used
    let data = try Data(contentsOf: PackagePaths.file("App/\(target)/PrivacyInfo.xcprivacy"))
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    let entries = plist?["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
    var declared: [String: [String]] = [:]
    for entry in entries {
      guard let type = entry["NSPrivacyAccessedAPIType"] as? String else { continue }
      declared[type] = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
    }
    self.declared = declared
  }

  var undeclared: [RequiredReasonAPI] {
    used.filter { declared[$0.rawValue] == nil }.sorted { $0.rawValue < $1.rawValue }
  }

  var badReasons: [String] {
    declared.flatMap { type, reasons -> [String] in
      guard let category = RequiredReasonAPI(rawValue: type) else { return ["unknown category \(type)"] }
      if reasons.isEmpty { return ["\(type) has no reason"] }
      return reasons.filter { !category.approvedReasons.contains($0) }.map { "\(type): \($0)" }
    }
  }

  /// The package products `target` lists in App/project.yml.
  static func linkedProducts(of target: String, in project: String) -> [String] {
    var products: [String] = []
    var inTarget = false
    var inProducts = false
    for line in project.split(separator: "\n") {
      if line.hasPrefix("  ") && !line.hasPrefix("   ") {
        inTarget = line.trimmingCharacters(in: .whitespaces) == "\(target):"
        inProducts = false
        continue
      }
      guard inTarget else { continue }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "products:" {
        inProducts = true
      } else if inProducts, trimmed.hasPrefix("- ") {
        products.append(String(trimmed.dropFirst(2)))
      } else if inProducts {
        inProducts = false
      }
    }
    return products
  }

  /// `modules` and every package module they depend on, per Package.swift.
  static func closure(of modules: [String], in package: String) -> Set<String> {
    var found = Set<String>()
    var queue = modules
    while let module = queue.popLast() {
      guard !found.contains(module),
        FileManager.default.fileExists(atPath: PackagePaths.file("Sources/\(module)").path)
      else { continue }
      found.insert(module)
      queue += dependencies(of: module, in: package)
    }
    return found
  }

  /// The quoted names in the `dependencies: [...]` of the target named `module`.
  static func dependencies(of module: String, in package: String) -> [String] {
    let declaration = "\\.(target|executableTarget)\\(\\s*name:\\s*\"\(module)\""
    guard let name = package.range(of: declaration, options: .regularExpression) else { return [] }
    let rest = package[name.upperBound...]
    let end = rest.range(of: ".target(")?.lowerBound ?? rest.endIndex
    let nextEnd = rest.range(of: ".executableTarget(")?.lowerBound ?? rest.endIndex
    let target = rest[..<min(end, nextEnd)]
    guard let start = target.range(of: "dependencies: [") else { return [] }
    var depth = 1
    var names: [String] = []
    var current: String?
    for character in target[start.upperBound...] {
      if let text = current {
        if character == "\"" {
          names.append(text)
          current = nil
        } else {
          current = text + String(character)
        }
        continue
      }
      if character == "\"" { current = "" }
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      if depth == 0 { break }
    }
    return names
  }

  static func swiftFiles(in folder: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
  }
}
