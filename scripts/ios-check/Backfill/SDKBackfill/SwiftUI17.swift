// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// SwiftUI API from iOS 17 that the 16.5 SDK lacks. Each signature re-checked against the developer.apple.com page
// named above it (the pages show today's SDK, where `@ViewBuilder` became `@ContentBuilder` and methods gained
// `nonisolated`).
// Observation is Apple's own iOS 26.0 interface (scripts/ios-check/check.py, `ios26_flags`).
import AppIntents
import Observation
import SwiftUI

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/environment (reading an Observable object)
@available(iOS 17.0, *)
extension Environment {
  /// https://developer.apple.com/documentation/swiftui/environment/init(_:) (where Value: AnyObject & Observable)
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable { fatalError() }
  /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
  public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? { fatalError() }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/view/environment(_:)
@available(iOS 17.0, *)
extension View {
  public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/bindable
@available(iOS 17.0, *)
@dynamicMemberLookup
@propertyWrapper
public struct Bindable<Value> {
  /// https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue
  public var wrappedValue: Value
  /// https://developer.apple.com/documentation/swiftui/bindable/projectedvalue
  public var projectedValue: Bindable<Value> { self }
  /// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
  public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  /// https://developer.apple.com/documentation/swiftui/bindable/init(_:)
  public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
  /// https://developer.apple.com/documentation/swiftui/bindable/init(projectedvalue:) (in the Observable extension)
  public init(projectedValue: Bindable<Value>) where Value: AnyObject & Observable { self = projectedValue }
  /// https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
  where Value: AnyObject { fatalError() }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/animation/snappy and
/// https://developer.apple.com/documentation/swiftui/animation/snappy(duration:extrabounce:)
@available(iOS 17.0, *)
extension Animation {
  public static var snappy: Animation { .default }
  public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation { .default }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg (two values) and
/// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:) (none)
@available(iOS 17.0, *)
extension View {
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View { self }
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
    -> some View
  { self }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/contentunavailableview
@available(iOS 17.0, *)
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
  /// https://developer.apple.com/documentation/swiftui/contentunavailableview/init(label:description:actions:)
  public init(
    @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
    @ViewBuilder actions: () -> Actions = { EmptyView() }
  ) { fatalError() }
  public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)
@available(iOS 17.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) { fatalError() }
  public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) { fatalError() }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/containerbackgroundplacement
@available(iOS 17.0, *)
public struct ContainerBackgroundPlacement: Sendable, Hashable {}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/containerbackgroundplacement/widget (declared by
/// WidgetKit: `static let widget`, as in WidgetKit 26.0's interface, ../shared/ios-sdk/ios26)
@available(iOS 17.0, *)
extension ContainerBackgroundPlacement {
  public static var widget: ContainerBackgroundPlacement { ContainerBackgroundPlacement() }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/view/containerbackground(for:alignment:content:)
@available(iOS 17.0, *)
extension View {
  public func containerBackground<V: View>(
    for container: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View { self }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/button/init(intent:label:) (SwiftUI with AppIntents)
@available(iOS 17.0, *)
extension Button {
  public init(intent: some AppIntent, @ViewBuilder label: () -> Label) { fatalError() }
}

/// iOS 17.0: https://developer.apple.com/documentation/swiftui/scene/onchange(of:initial:_:)-8y6w5 (two values)
@available(iOS 17.0, *)
extension Scene {
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some Scene { self }
}
