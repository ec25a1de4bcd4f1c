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
  private let checker = SystemSpellChecker()
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
    // glue: written only when UIKit's answer changed, so that SwiftUI is not invalidated on every layout pass.
    if session.showsGlobe != needsInputModeSwitchKey { session.showsGlobe = needsInputModeSwitchKey }
    let screen = view.window?.windowScene?.screen.bounds ?? view.bounds
    let geometry = KeyboardGeometry(
      // glue: UIKit's idiom, as the module's device
      device: traitCollection.userInterfaceIdiom == .pad ? .pad : .phone,
      screenWidth: screen.width, screenHeight: screen.height, viewWidth: view.bounds.width)
    if session.geometry != geometry {  // glue: the constraint changes only with the geometry (no layout loop)
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
    if feedback.click { UIDevice.current.playInputClick() }  // rule: KeyboardModel.KeyboardSettings.keyFeedback
    if feedback.haptic { haptics.impactOccurred() }  // rule: KeyboardModel.KeyboardSettings.keyFeedback
  }

  /// The spell checker's candidates for `word` in `language`, as `Suggestions.candidates` chooses them.
  private func candidates(for word: String, language: String?) -> [String] {
    Suggestions.candidates(for: word, language: language, checker: checker)
  }

  /// Opens Utter's page in Settings, where Keyboards › Allow Full Access is; says so when iOS did not.
  private func openSettings() {
    guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
    openContainingApp(url) { [weak self] opened in
      // rule: KeyboardModel.KeyboardWithoutFullAccess.settingsDidNotOpen
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
      if opened { completion(true) } else { askContext() }  // glue: the responder chain first, the context after
    }
    if !asked { askContext() }  // glue: the responder chain first, the context after
  }
}

/// UIKit's spell checker as the suggestion bar asks it: the whole word is the range it checks.
@MainActor
struct SystemSpellChecker: SpellChecker {
  private let checker = UITextChecker()

  var languages: [String] { UITextChecker.availableLanguages }

  func isMisspelled(_ word: String, language: String) -> Bool {
    let found = checker.rangeOfMisspelledWord(
      in: word, range: whole(word), startingAt: 0, wrap: false, language: language)
    return found.location != NSNotFound  // glue: UIKit's "nothing misspelled" is NSNotFound
  }

  func guesses(for word: String, language: String) -> [String] {
    checker.guesses(forWordRange: whole(word), in: word, language: language) ?? []
  }

  func completions(for word: String, language: String) -> [String] {
    checker.completions(forPartialWordRange: whole(word), in: word, language: language) ?? []
  }

  private func whole(_ word: String) -> NSRange { NSRange(location: 0, length: (word as NSString).length) }
}

/// The keyboard's view: it enables input clicks while on screen (`UIInputViewAudioFeedback`).
final class ClickingInputView: UIInputView, UIInputViewAudioFeedback {
  var enableInputClicksWhenVisible: Bool { true }
}
