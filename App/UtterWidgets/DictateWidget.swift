import SwiftUI
import WidgetKit

/// A lock-screen and home-screen widget that opens Utter ready to dictate.
struct DictateWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "app.utter.widget.dictate", provider: DictateTimeline()) { _ in
      DictateWidgetView()
        .containerBackground(for: .widget) { Color.clear }
        .widgetURL(URL(string: "utter://dictate"))
    }
    .configurationDisplayName("Dictate")
    .description("Start dictating with Utter.")
    .supportedFamilies([.accessoryCircular, .accessoryRectangular, .systemSmall])
  }
}

/// The widget never changes, so its timeline is a single entry.
struct DictateTimeline: TimelineProvider {
  struct Entry: TimelineEntry {
    let date: Date
  }

  func placeholder(in context: Context) -> Entry { Entry(date: .now) }

  func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
    completion(Entry(date: .now))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
    completion(Timeline(entries: [Entry(date: .now)], policy: .never))
  }
}

struct DictateWidgetView: View {
  @Environment(\.widgetFamily) private var family

  var body: some View {
    switch family {
    case .accessoryCircular:
      ZStack {
        AccessoryWidgetBackground()
        Image(systemName: "mic.fill").font(.title2)
      }
      .accessibilityLabel("Dictate with Utter")
    case .accessoryRectangular:
      Label("Dictate", systemImage: "mic.fill")
        .font(.headline)
        .accessibilityLabel("Dictate with Utter")
    default:
      VStack(spacing: 8) {
        Image(systemName: "mic.circle.fill")
          .font(.system(size: 44))
          .foregroundStyle(.tint)
        Text("Dictate").font(.headline)
      }
      .accessibilityElement(children: .ignore)
      .accessibilityLabel("Dictate with Utter")
    }
  }
}
