import AppInfo
import SwiftUI

/// The app's version, its source, and the licences of the code it ships.
@MainActor
struct AboutView: View {
  private let about = AboutInfo(infoDictionary: Bundle.main.infoDictionary)
  // NB: read when the screen draws, not when Settings builds the link to it.
  private var notices: Result<[Acknowledgement], any Error> {
    Result {
      try Acknowledgements.read(
        from: Bundle.main.url(forResource: Acknowledgements.resourceName, withExtension: "json"))
    }
  }

  var body: some View {
    List {
      Section {
        LabeledContent("Version", value: about.versionLine)
        if let source = AboutInfo.sourceRepository {
          Link("Source code", destination: source)
        }
      } footer: {
        Text("Utter is open source. The version is what to quote when you report a problem.")
      }
      Section("Licences") {
        switch notices {
        case .success(let notices):
          ForEach(notices) { notice in
            NavigationLink {
              LicenceView(notice: notice)
            } label: {
              LabeledContent(notice.package, value: notice.summary)
            }
          }
        case .failure(let error):
          Text(error.localizedDescription)
        }
      }
    }
    .navigationTitle("About Utter")
  }
}

/// One package's licence and notice, in full.
@MainActor
struct LicenceView: View {
  let notice: Acknowledgement

  var body: some View {
    ScrollView {
      VStack(alignment: .leading, spacing: 16) {
        if let url = URL(string: notice.url) {
          Link(notice.url, destination: url)
        }
        Text(notice.readableText).font(.footnote).textSelection(.enabled)
      }
      .padding()
    }
    .navigationTitle(notice.package)
    .navigationBarTitleDisplayMode(.inline)
  }
}
