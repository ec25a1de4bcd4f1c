import Foundation

extension Array where Element: Identifiable {
  /// The stored ids of the rows at `offsets` (the rows a list's swipe deleted), skipping rows without one.
  public func storedIDs<ID>(at offsets: IndexSet) -> [ID] where Element.ID == ID? {
    offsets.compactMap { self[$0].id }
  }
}
