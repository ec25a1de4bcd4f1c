import UIKit

/// Opens the containing app from the keyboard.
///
/// Extensions cannot use `UIApplication.shared`, and `APPLICATION_EXTENSION_API_ONLY` hides
/// `open(_:options:completionHandler:)` from the compiler. The keyboard's responder chain still ends at the
/// process's `UIApplication`, which answers that selector. NB: the old single-argument `openURL:` stopped
/// opening anything in iOS 18, so only the three-argument form is used; since iOS 26 it works only with Full
/// Access (which Utter's keyboard needs anyway). If no responder answers, the caller tries the extension
/// context, then shows the manual path.
enum ContainingAppOpener {
  private typealias OpenURL = @convention(c) (AnyObject, Selector, NSURL, NSDictionary, AnyObject?) -> Void

  /// Returns false when nothing in the responder chain can open URLs.
  @MainActor
  static func open(_ url: URL, from start: UIResponder) -> Bool {
    let selector = NSSelectorFromString("openURL:options:completionHandler:")
    var responder: UIResponder? = start
    while let current = responder {
      if current is UIApplication, current.responds(to: selector), let method = current.method(for: selector) {
        let open = unsafeBitCast(method, to: OpenURL.self)
        open(current, selector, url as NSURL, NSDictionary(), nil)
        return true
      }
      responder = current.next
    }
    return false
  }
}
