import KeyboardModel
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
  private var heightConstraint: NSLayoutConstraint?
  private let checker = UITextChecker()
  private let haptics = UIImpactFeedbackGenerator(style: .light)

  override func loadView() {
    // NB: an input view that enables input clicks, so `playInputClick` sounds as the user set it in iOS.
    inputView = ClickingInputView(frame: .zero, inputViewStyle: .keyboard)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    UnifiedLogHandler.bootstrap(subsystem: "app.utter.keyboard")
    let session = KeyboardScreenModel(
      fullAccess: hasFullAccess, shared: SharedFolder.appGroup(), document: ProxyDocument(controller: self),
      notifier: { DarwinChangeNotifier() }, pickedLanguage: KeyboardPicks.language, pickedStyle: KeyboardPicks.style)
    session.host = self
    session.copy = { UIPasteboard.general.string = $0 }  // auto-copy: iOS keeps it only with Full Access
    session.withoutFullAccess = KeyboardWithoutFullAccess(
      iOSMajorVersion: ProcessInfo.processInfo.operatingSystemVersion.majorVersion)
    self.session = session

    let controls = KeyboardControls(
      makeGlobe: { [weak self] in self?.globeKey() ?? UIView() },
      openSettings: { [weak self] in self?.openSettings() },
      keyPressed: { [weak self] in self?.keyPressed() },
      candidates: { [weak self] word, language in self?.candidates(for: word, language: language) ?? [] })
    let root = KeyboardRootView(session: session, controls: controls)
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
    let height = view.heightAnchor.constraint(equalToConstant: CGFloat(session.geometry.height))
    height.priority = .defaultHigh
    height.isActive = true
    heightConstraint = height
    hosting.didMove(toParent: self)
    self.hosting = hosting
  }

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    guard let session else { return }
    if session.showsGlobe != needsInputModeSwitchKey { session.showsGlobe = needsInputModeSwitchKey }
    let screen = view.window?.windowScene?.screen.bounds ?? view.bounds
    let geometry = KeyboardGeometry(
      device: traitCollection.userInterfaceIdiom == .pad ? .pad : .phone, landscape: screen.width > screen.height,
      width: Double(view.bounds.width > 0 ? view.bounds.width : screen.width))
    if session.geometry != geometry {
      session.geometry = geometry
      heightConstraint?.constant = CGFloat(geometry.height)
    }
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    session?.fullAccess = hasFullAccess
    session?.appear()
    // NB: Utter's Light or Dark on the controller, so its SwiftUI child too (a view's override skips a child's).
    let style = session?.settings.interfaceStyleRawValue ?? 0
    overrideUserInterfaceStyle = UIUserInterfaceStyle(rawValue: style) ?? .unspecified
    reportField()
  }

  override func textDidChange(_ textInput: (any UITextInput)?) {
    super.textDidChange(textInput)
    reportField()
  }

  /// Tells the keyboard the field's language (the conversation's, as iOS remembers it), capitalisation and return
  /// key, after each change of the field or the cursor.
  private func reportField() {
    let proxy = textDocumentProxy
    session?.fieldChanged(
      language: proxy.documentInputMode?.primaryLanguage,
      capitalization: proxy.autocapitalizationType?.rawValue ?? UITextAutocapitalizationType.sentences.rawValue,
      returnLabel: FieldTraits.returnLabel(rawValue: proxy.returnKeyType?.rawValue ?? 0))
  }

  /// A key's click and tap, as the user set them in Utter; iOS plays neither without Full Access.
  private func keyPressed() {
    guard let session else { return }
    let feedback = session.settings.keyFeedback(fullAccess: hasFullAccess)
    if feedback.click { UIDevice.current.playInputClick() }
    if feedback.haptic { haptics.impactOccurred() }
  }

  /// The spell checker's corrections of `word`, or its completions when it is spelled right, in `language`.
  private func candidates(for word: String, language: String?) -> [String] {
    guard !word.isEmpty else { return [] }
    guard let checkerLanguage = Suggestions.checkerLanguage(for: language, available: UITextChecker.availableLanguages)
    else { return [] }
    let range = NSRange(location: 0, length: (word as NSString).length)
    let misspelled = checker.rangeOfMisspelledWord(
      in: word, range: range, startingAt: 0, wrap: false, language: checkerLanguage)
    if misspelled.location != NSNotFound {
      return checker.guesses(forWordRange: range, in: word, language: checkerLanguage) ?? []
    }
    return checker.completions(forPartialWordRange: range, in: word, language: checkerLanguage) ?? []
  }

  /// Opens Utter's page in Settings, where Keyboards › Allow Full Access is; says so when iOS did not.
  private func openSettings() {
    guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
    openContainingApp(url) { [weak self] opened in
      if !opened { self?.session?.notice = KeyboardWithoutFullAccess.settingsDidNotOpen }
    }
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

  func openContainingApp(_ url: URL, completion: @escaping @MainActor @Sendable (Bool) -> Void) {
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

/// The keyboard's view: it enables input clicks while on screen (`UIInputViewAudioFeedback`).
final class ClickingInputView: UIInputView, UIInputViewAudioFeedback {
  var enableInputClicksWhenVisible: Bool { true }
}
