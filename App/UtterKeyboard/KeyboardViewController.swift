import SessionChannel
import SwiftUI
import UIKit
import os

/// The keyboard extension's entry point: hosts the SwiftUI keyboard and performs what the keyboard model asks
/// (insert text, open the app) through `textDocumentProxy` and the responder chain.
///
/// Nothing slow happens here: no database, no model, no network. The session channel is a few small files.
final class KeyboardViewController: UIInputViewController {
  private var session: KeyboardSession?
  private var hosting: UIHostingController<KeyboardRootView>?
  private let log = Logger(subsystem: "app.utter.keyboard", category: "controller")

  override func viewDidLoad() {
    super.viewDidLoad()
    let session = KeyboardSession(fullAccess: hasFullAccess, container: AppGroup.channelDirectory)
    session.host = self
    self.session = session

    let root = KeyboardRootView(session: session, showsGlobe: needsInputModeSwitchKey, globe: globeKey)
    let hosting = UIHostingController(rootView: root)
    hosting.view.backgroundColor = .clear
    hosting.view.translatesAutoresizingMaskIntoConstraints = false
    // NB: the hosting controller must not add its own safe-area insets inside the keyboard's input view.
    hosting.sizingOptions = []
    addChild(hosting)
    view.addSubview(hosting.view)
    NSLayoutConstraint.activate([
      hosting.view.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      hosting.view.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      hosting.view.topAnchor.constraint(equalTo: view.topAnchor),
      hosting.view.bottomAnchor.constraint(equalTo: view.bottomAnchor),
    ])
    let height = view.heightAnchor.constraint(equalToConstant: KeyboardMetrics.height)
    height.priority = .defaultHigh
    height.isActive = true
    hosting.didMove(toParent: self)
    self.hosting = hosting
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    session?.fullAccess = hasFullAccess
    session?.start()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    session?.stop()
  }

  override func textDidChange(_ textInput: UITextInput?) {
    super.textDidChange(textInput)
    session?.fieldChanged()
  }

  private func globeKey() -> UIView {
    let button = UIButton(type: .system)
    button.setImage(UIImage(systemName: "globe"), for: .normal)
    button.tintColor = .label
    button.accessibilityLabel = "Next keyboard"
    button.addTarget(self, action: #selector(handleInputModeList(from:with:)), for: .allTouchEvents)
    return button
  }

  deinit {
    #if DEBUG
      // A keyboard controller that is never released means a retain cycle: watch for this line in the console.
      Logger(subsystem: "app.utter.keyboard", category: "controller").debug("KeyboardViewController deinit")
    #endif
  }
}

extension KeyboardViewController: KeyboardHost {
  var fieldContext: FieldContext {
    let proxy = textDocumentProxy
    return FieldContext(
      textBeforeCursor: String((proxy.documentContextBeforeInput ?? "").suffix(KeyboardMetrics.contextCharacters)),
      keyboardType: FieldTraits.name(of: proxy.keyboardType),
      contentType: proxy.textContentType?.rawValue)
  }

  var returnKeyLabel: String { FieldTraits.returnLabel(textDocumentProxy.returnKeyType) }

  var textBeforeCursor: String { textDocumentProxy.documentContextBeforeInput ?? "" }

  func insert(_ text: String) {
    textDocumentProxy.insertText(text)
  }

  func deleteBackward(characters count: Int) {
    for _ in 0..<max(0, count) { textDocumentProxy.deleteBackward() }
  }

  func openContainingApp(_ url: URL) -> Bool {
    ContainingAppOpener.open(url, from: self)
  }

  func switchToNextKeyboard() {
    advanceToNextInputMode()
  }
}

/// Sizes shared by the keyboard's views.
enum KeyboardMetrics {
  static let height: CGFloat = 268
  /// How much text before the cursor the app receives as context.
  static let contextCharacters = 500
}
