import KeyboardModel
import Locations
import SessionChannel
import SwiftUI
import UIKit
import os

/// The keyboard's view model over UIKit's text document proxy.
typealias KeyboardScreenModel = KeyboardViewModel<ProxyDocument>

/// The keyboard extension's entry point: hosts the SwiftUI keyboard and performs what the keyboard model asks
/// (insert text, open the app) through `textDocumentProxy` and the responder chain.
///
/// Nothing slow happens here: no database, no model, no network. The session channel is a few small files.
final class KeyboardViewController: UIInputViewController {
  private var session: KeyboardScreenModel?
  private var hosting: UIHostingController<KeyboardRootView>?
  private let log = Logger(subsystem: "app.utter.keyboard", category: "controller")

  override func viewDidLoad() {
    super.viewDidLoad()
    UnifiedLogHandler.bootstrap(subsystem: "app.utter.keyboard")
    let session = KeyboardScreenModel(
      fullAccess: hasFullAccess, shared: SharedFolder.appGroup(), document: ProxyDocument(controller: self),
      notifier: { DarwinChangeNotifier() })
    session.host = self
    self.session = session

    let root = KeyboardRootView(session: session, globe: { [weak self] in self?.globeKey() ?? UIView() })
    let hosting = UIHostingController(rootView: root)
    hosting.view.backgroundColor = .clear
    hosting.view.translatesAutoresizingMaskIntoConstraints = false
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

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    if session?.showsGlobe != needsInputModeSwitchKey { session?.showsGlobe = needsInputModeSwitchKey }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    session?.fullAccess = hasFullAccess
    session?.appear()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    session?.disappear()
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
  var fieldTraits: (keyboardType: String?, contentType: String?) {
    (
      textDocumentProxy.keyboardType.map { FieldTraits.keyboardType(rawValue: $0.rawValue) },
      textDocumentProxy.textContentType?.rawValue
    )
  }

  var returnKeyLabel: String {
    FieldTraits.returnLabel(rawValue: textDocumentProxy.returnKeyType?.rawValue ?? 0)
  }

  func deleteBackward(characters count: Int) {
    for _ in 0..<max(0, count) { textDocumentProxy.deleteBackward() }
  }

  func openContainingApp(_ url: URL, completion: @escaping @MainActor (Bool) -> Void) {
    // NB: the extension context is asked only when the responder chain cannot open URLs or refused.
    let askContext: @MainActor () -> Void = { [weak self] in
      guard let context = self?.extensionContext else { return completion(false) }
      context.open(url) { opened in
        Task { @MainActor in completion(opened) }
      }
    }
    let asked = ContainingAppOpener.openThroughResponderChain(url, from: self) { opened in
      if opened { completion(true) } else { askContext() }
    }
    if !asked { askContext() }
  }
}

/// Sizes shared by the keyboard's views.
enum KeyboardMetrics {
  static let height: CGFloat = 268
}
