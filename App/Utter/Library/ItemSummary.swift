import SwiftUI

/// A kept item as its row shows it: the name in bold with an optional badge beside it, and a line of detail in
/// small grey text below.
@MainActor
struct ItemSummary<Badge: View>: View {
  let title: Text
  let detail: Text?
  let detailLineLimit: Int?
  let badge: Badge

  init(_ title: Text, detail: Text?, detailLineLimit: Int? = nil, @ViewBuilder badge: () -> Badge) {
    self.title = title
    self.detail = detail
    self.detailLineLimit = detailLineLimit
    self.badge = badge()
  }

  var body: some View {
    VStack(alignment: .leading, spacing: 2) {
      HStack {
        title.font(.headline)
        badge
      }
      if let detail {
        detail.font(.caption).foregroundStyle(.secondary).lineLimit(detailLineLimit)
      }
    }
  }
}

extension ItemSummary where Badge == EmptyView {
  init(_ title: Text, detail: Text?, detailLineLimit: Int? = nil) {
    self.init(title, detail: detail, detailLineLimit: detailLineLimit) { EmptyView() }
  }
}
