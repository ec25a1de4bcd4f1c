import Foundation
import KeyboardModel
import UIKit

/// The host app's text field, through the keyboard's `textDocumentProxy`, as KeyboardModel's `TextFieldProxy`. It
/// shows only what iOS does (`TextProxyContext`, played by `utter keyboard` too).
///
/// NB: the session actor edits the document off the main thread, while UIKit's proxy is main-thread only, so
/// every access hops to the main thread synchronously (the main thread never blocks on the actor).
struct ProxyDocument: TextFieldProxy, @unchecked Sendable {
  weak var controller: UIInputViewController?

  var textBeforeCursor: String {
    onMain { controller?.textDocumentProxy.documentContextBeforeInput ?? "" }
  }

  var textAfterCursor: String {
    onMain { controller?.textDocumentProxy.documentContextAfterInput ?? "" }
  }

  var selectedText: String? { onMain { controller?.textDocumentProxy.selectedText } }

  mutating func insert(_ text: String) {
    guard !text.isEmpty else { return }  // glue: nothing to insert, no call to the proxy
    onMain { controller?.textDocumentProxy.insertText(text) }
  }

  mutating func deleteBackward(count: Int) {
    onMain {
      guard let controller else { return }
      for _ in 0..<max(0, count) { controller.textDocumentProxy.deleteBackward() }
    }
  }

  mutating func moveCursor(by offset: Int) {
    onMain { controller?.textDocumentProxy.adjustTextPosition(byCharacterOffset: offset) }
  }

  private func onMain<Value: Sendable>(_ body: @MainActor @Sendable () -> Value) -> Value {
    if Thread.isMainThread { return MainActor.assumeIsolated(body) }  // glue: main.sync from main deadlocks
    return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
  }
}
