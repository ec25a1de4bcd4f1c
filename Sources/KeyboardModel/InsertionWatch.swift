import Foundation
import SessionChannel

/// The last insertion and its surroundings, so the user's later edits of it are reported.
public struct InsertionWatch: Sendable, Hashable {
  /// The longest insertion followed, in characters; a longer one is not watched.
  public static let maxCharacters = 1_000
  static let anchorLength = 24

  public private(set) var inserted: String
  let anchorBefore: String
  let anchorAfter: String
  let offset: Int
  var reportedView: String?

  /// Watches `inserted`, between `before` and `after`; nil when it is empty or too long to follow.
  public init?(inserted: String, before: String, after: String) {
    guard !inserted.isEmpty, inserted.count <= Self.maxCharacters else { return nil }
    self.inserted = inserted
    anchorBefore = String(before.suffix(Self.anchorLength))
    anchorAfter = String(after.prefix(Self.anchorLength))
    offset = before.count
  }

  /// The watch after Utter itself replaced the inserted text (undo to raw text): the new text is the baseline.
  public func replacing(with text: String) -> InsertionWatch? {
    guard !text.isEmpty, text.count <= Self.maxCharacters else { return nil }
    var copy = self
    copy.inserted = text
    return copy
  }

  /// The inserted span as the field reads now, or nil when it cannot be found again.
  public func span(before: String, after: String) -> String? {
    let field = Array(before + after)
    let start: Int
    if anchorBefore.isEmpty {
      start = 0
    } else {
      let anchor = Array(anchorBefore)
      let ends = occurrences(of: anchor, in: field).map { $0 + anchor.count }
      guard let nearest = ends.min(by: { abs($0 - offset) < abs($1 - offset) }) else { return nil }
      start = nearest
    }
    let end: Int
    if anchorAfter.isEmpty {
      end = field.count
    } else {
      let anchor = Array(anchorAfter)
      guard let found = occurrences(of: anchor, in: field).first(where: { $0 >= start }) else { return nil }
      end = found
    }
    guard end >= start, end - start <= inserted.count * 2 + 40 else { return nil }
    return String(field[start..<end])
  }

  /// The user's edit of the insertion as the field reads now; nil while the span reads as inserted, or where it is
  /// out of view, while the view is the one last reported.
  public func edit(before: String, after: String) -> InsertionEdit? {
    let edited = span(before: before, after: after)
    guard edited != inserted else { return nil }
    var visible = before + after
    if !anchorAfter.isEmpty, let cut = visible.range(of: anchorAfter, options: .backwards) {
      visible = String(visible[..<cut.lowerBound])
    }
    let edit = InsertionEdit(inserted: inserted, edited: edited, inView: String(visible.suffix(2_100)))
    return edited == nil && edit.inView == reportedView ? nil : edit
  }

  /// The watch once `edit` is reported: later edits are compared with the span as edited, or with the view.
  public func reported(_ edit: InsertionEdit) -> InsertionWatch? {
    guard let edited = edit.edited else {
      var copy = self
      copy.reportedView = edit.inView
      return copy
    }
    return replacing(with: edited)
  }

  private func occurrences(of needle: [Character], in haystack: [Character]) -> [Int] {
    guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
    return (0...(haystack.count - needle.count)).filter { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }
}
