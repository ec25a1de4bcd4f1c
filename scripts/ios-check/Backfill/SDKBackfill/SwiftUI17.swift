// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// SwiftUI API from iOS 17 that the 16.5 SDK lacks. Signatures as on developer.apple.com/documentation/swiftui.
import AppIntents
import Observation
import SwiftUI

/// iOS 17.0: developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf (an Observable object).
@available(iOS 17.0, *)
extension Environment {
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable { fatalError() }
  public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? { fatalError() }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/view/environment(_:)
@available(iOS 17.0, *)
extension View {
  public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, *)
@dynamicMemberLookup
@propertyWrapper
public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }
  public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  public init(projectedValue: Bindable<Value>) { self = projectedValue }
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
  where Value: AnyObject { fatalError() }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/animation/snappy and snappy(duration:extrabounce:)
@available(iOS 17.0, *)
extension Animation {
  public static var snappy: Animation { .default }
  public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation { .default }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg and -8wgw9
@available(iOS 17.0, *)
extension View {
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View { self }
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
    -> some View
  { self }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/contentunavailableview
@available(iOS 17.0, *)
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
  public init(
    @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
    @ViewBuilder actions: () -> Actions = { EmptyView() }
  ) { fatalError() }
  public var body: Never { fatalError() }
}

@available(iOS 17.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) { fatalError() }
  public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) { fatalError() }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/containerbackgroundplacement
@available(iOS 17.0, *)
public struct ContainerBackgroundPlacement: Sendable, Hashable {}

/// iOS 17.0: developer.apple.com/documentation/widgetkit/containerbackgroundplacement/widget (WidgetKit)
@available(iOS 17.0, *)
extension ContainerBackgroundPlacement {
  public static var widget: ContainerBackgroundPlacement { ContainerBackgroundPlacement() }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/view/containerbackground(for:alignment:content:)
@available(iOS 17.0, *)
extension View {
  public func containerBackground<V: View>(
    for container: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View { self }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/button/init(intent:label:) (SwiftUI with AppIntents)
@available(iOS 17.0, *)
extension Button {
  public init(intent: some AppIntent, @ViewBuilder label: () -> Label) { fatalError() }
}

/// iOS 17.0: developer.apple.com/documentation/swiftui/scene/onchange(of:initial:_:)-8y6w5
@available(iOS 17.0, *)
extension Scene {
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some Scene { self }
}
