import Dictation
import SessionChannel
import SwiftUI

/// Utter's containing app: onboarding, the flow session's activation screen, dictation, history and settings.
@main
struct UtterApp: App {
  @State private var model: AppModel
  @Environment(\.scenePhase) private var scenePhase

  init() {
    UnifiedLogHandler.bootstrap(subsystem: "app.utter")
    _model = State(initialValue: AppModel())
  }

  var body: some Scene {
    WindowGroup {
      RootView()
        .environment(model)
        .preferredColorScheme(model.colorScheme)
        .onOpenURL { url in model.open(url) }
        .task { model.installIntentHandler() }
    }
    .onChange(of: scenePhase) { _, phase in
      if phase == .active { model.becameActive() }
      if phase == .background { model.enteredBackground() }
    }
    // Model downloads go on in the background; iOS relaunches the app to hand over their events (and loads nothing).
    .backgroundTask(.urlSession(ModelDownloads.wifiIdentifier)) { [model] in
      await model.downloadEvents(ModelDownloads.wifiIdentifier)
    }
    .backgroundTask(.urlSession(ModelDownloads.anyNetworkIdentifier)) { [model] in
      await model.downloadEvents(ModelDownloads.anyNetworkIdentifier)
    }
  }
}

/// Onboarding until it is done, then the app's tabs; the activation screen and notes appear over either.
@MainActor
struct RootView: View {
  @Environment(AppModel.self) private var model

  var body: some View {
    @Bindable var model = model
    Group {
      if model.onboardingComplete {
        MainTabs()
      } else {
        OnboardingFlow()
      }
    }
    .fullScreenCover(item: $model.route) { route in
      switch route {
      case .activate:
        ActivationView()
      case .dictate(let origin):
        QuickDictationView(savesAsNote: false, openedBy: origin)
      case .newNote:
        QuickDictationView(savesAsNote: true)
      case .home:
        EmptyView()
      }
    }
  }
}

/// The app's sections.
@MainActor
struct MainTabs: View {
  var body: some View {
    TabView {
      NavigationStack { HomeView() }
        .tabItem { Label("Dictate", systemImage: "mic") }
      NavigationStack { HistoryView() }
        .tabItem { Label("History", systemImage: "clock") }
      NavigationStack { LibraryView() }
        .tabItem { Label("Library", systemImage: "books.vertical") }
      NavigationStack { SettingsView() }
        .tabItem { Label("Settings", systemImage: "gear") }
    }
  }
}
