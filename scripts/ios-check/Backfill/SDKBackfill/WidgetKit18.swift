// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// iOS 18 controls (Control Center, lock screen, Action Button). ControlWidget, ControlWidgetConfiguration,
// ControlWidgetTemplate and their builders are SwiftUI's, re-checked against the developer.apple.com page named above
// each; WidgetKit's (StaticControlConfiguration, ControlWidgetButton, displayName/description) against Apple's
// WidgetKit 26.0 interface in ../shared/ios-sdk/ios26 (System/Library/Frameworks/WidgetKit.framework/Modules/
// WidgetKit.swiftmodule/arm64e-apple-ios.swiftinterface), which cannot be compiled here over the 16.5 SwiftUI.
import AppIntents
import SwiftUI
import WidgetKit

/// iOS 18.0: https://developer.apple.com/documentation/swiftui/controlwidget
@available(iOS 18.0, *)
@MainActor @preconcurrency
public protocol ControlWidget {
  associatedtype Body: ControlWidgetConfiguration
  init()
  @ControlWidgetConfigurationBuilder var body: Body { get }
}

/// iOS 18.0: https://developer.apple.com/documentation/swiftui/controlwidgetconfiguration
@available(iOS 18.0, *)
@MainActor @preconcurrency
public protocol ControlWidgetConfiguration {}

/// iOS 18.0: https://developer.apple.com/documentation/swiftui/controlwidgettemplate
@available(iOS 18.0, *)
@MainActor @preconcurrency
public protocol ControlWidgetTemplate {}

/// iOS 18.0: https://developer.apple.com/documentation/swiftui/controlwidgetconfigurationbuilder
@available(iOS 18.0, *)
@resultBuilder
public struct ControlWidgetConfigurationBuilder {
  public static func buildExpression<Content: ControlWidgetConfiguration>(_ content: Content) -> Content { content }
  public static func buildBlock<Content: ControlWidgetConfiguration>(_ content: Content)
    -> some ControlWidgetConfiguration
  {
    content
  }
}

/// iOS 18.0: https://developer.apple.com/documentation/swiftui/controlwidgettemplatebuilder
@available(iOS 18.0, *)
@resultBuilder
public struct ControlWidgetTemplateBuilder {
  public static func buildExpression<Content: ControlWidgetTemplate>(_ content: Content) -> Content { content }
  public static func buildBlock<Content: ControlWidgetTemplate>(_ content: Content) -> some ControlWidgetTemplate {
    content
  }
}

/// iOS 18.0: https://developer.apple.com/documentation/widgetkit/staticcontrolconfiguration
@available(iOS 18.0, *)
@MainActor @preconcurrency
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
  /// https://developer.apple.com/documentation/widgetkit/staticcontrolconfiguration/init(kind:content:)
  public init(kind: String, @ControlWidgetTemplateBuilder content: @escaping () -> Content) {}
}

/// iOS 18.0: WidgetKit's `extension SwiftUI.ControlWidgetConfiguration` (interface above);
/// https://developer.apple.com/documentation/swiftui/controlwidgetconfiguration
@available(iOS 18.0, *)
extension ControlWidgetConfiguration {
  public func displayName(_ displayName: LocalizedStringResource) -> some ControlWidgetConfiguration { self }
  public func description(_ description: LocalizedStringResource) -> some ControlWidgetConfiguration { self }
}

/// iOS 18.0: https://developer.apple.com/documentation/widgetkit/controlwidgetbuttondefaultactionlabel
@available(iOS 18.0, *)
@MainActor @preconcurrency
public struct ControlWidgetButtonDefaultActionLabel: View {
  public var body: Never { fatalError() }
}

/// iOS 18.0: https://developer.apple.com/documentation/widgetkit/controlwidgetbutton
@available(iOS 18.0, *)
@MainActor @preconcurrency
public struct ControlWidgetButton<Label: View, ActionLabel: View, Action>: ControlWidgetTemplate {
  /// https://developer.apple.com/documentation/widgetkit/controlwidgetbutton/init(action:label:actionlabel:)
  public init(
    action: Action, @ViewBuilder label: @escaping () -> Label,
    @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel
  ) where Action: AppIntent {}
}

@available(iOS 18.0, *)
extension ControlWidgetButton where ActionLabel == ControlWidgetButtonDefaultActionLabel {
  /// https://developer.apple.com/documentation/widgetkit/controlwidgetbutton/init(action:label:)-77p8j (AppIntent)
  public init(action: Action, @ViewBuilder label: @escaping () -> Label) where Action: AppIntent {}
}

/// iOS 18.0: https://developer.apple.com/documentation/swiftui/widgetbundlebuilder (its buildExpression(_:) that takes
/// a ControlWidget; the page lists it without a declaration).
@available(iOS 18.0, *)
extension WidgetBundleBuilder {
  public static func buildExpression<Content: ControlWidget>(_ content: Content) -> some Widget {
    EmptyWidgetForControls()
  }
}

/// NB: not Apple's: the widget the declaration above returns, so a bundle can list a control.
@available(iOS 18.0, *)
struct EmptyWidgetForControls: Widget {
  var body: some WidgetConfiguration { EmptyWidgetConfiguration() }
}
