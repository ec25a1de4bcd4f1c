import UIKit

/// Opens the containing app from the keyboard and reports iOS's answer.
///
/// Extensions cannot use `UIApplication.shared`, and `APPLICATION_EXTENSION_API_ONLY` hides
/// `open(_:options:completionHandler:)` from the compiler. The keyboard's responder chain still ends at the process's
/// `UIApplication`, which answers that selector. NB: the old single-argument `openURL:` stopped opening anything in
/// iOS 18, so only the three-argument form is used, with its completion handler so a refusal is known; since iOS 26
/// it works only with Full Access (which Utter's keyboard needs anyway). `NSExtensionContext.open(_:completionHandler:)`
/// is the fallback: Apple documents it for Today and iMessage extensions only
/// (https://developer.apple.com/documentation/foundation/nsextensioncontext/open(_:completionhandler:)), so for a
/// keyboard it usually answers false. Either way the answer reaches the keyboard model, which shows one line when
/// the app did not open (or iOS never answered).
enum ContainingAppOpener {
  private typealias OpenURL =
    @convention(c) (AnyObject, Selector, NSURL, NSDictionary, (@convention(block) (Bool) -> Void)?) -> Void

  /// Asks the `UIApplication` at the end of `start`'s responder chain to open `url`; `completion` gets its answer on
  /// the main actor. Returns false (and never calls `completion`) when no responder can open URLs.
  @MainActor
  static func openThroughResponderChain(
    _ url: URL, from start: UIResponder, completion: @escaping @MainActor (Bool) -> Void
  ) -> Bool {
    let selector = NSSelectorFromString("openURL:options:completionHandler:")
    var responder: UIResponder? = start
    while let current = responder {
      // glue: only UIApplication in the responder chain opens URLs, and only when it answers the selector.
      if current is UIApplication, current.responds(to: selector), let method = current.method(for: selector) {
        let open = unsafeBitCast(method, to: OpenURL.self)
        let answer: @convention(block) (Bool) -> Void = { opened in
          Task { @MainActor in completion(opened) }
        }
        open(current, selector, url as NSURL, NSDictionary(), answer)
        return true
      }
      responder = current.next
    }
    return false
  }
}
