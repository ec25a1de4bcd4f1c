// Backfill for the iOS type-check only (scripts/ios-check): never built into the app.
// iOS 18 controls (Control Center, lock screen, Action Button), as on developer.apple.com/documentation/widgetkit
// and /swiftui (ControlWidget, ControlWidgetConfiguration, ControlWidgetTemplate and their builders are SwiftUI's).
import AppIntents
import SwiftUI
import WidgetKit

/// iOS 18.0: developer.apple.com/documentation/swiftui/controlwidget
@available(iOS 18.0, *)
@MainActor @preconcurrency
public protocol ControlWidget {
  associatedtype Body: ControlWidgetConfiguration
  init()
  @ControlWidgetConfigurationBuilder var body: Body { get }
}

/// iOS 18.0: developer.apple.com/documentation/swiftui/controlwidgetconfiguration
@available(iOS 18.0, *)
@MainActor @preconcurrency
public protocol ControlWidgetConfiguration {}

/// iOS 18.0: developer.apple.com/documentation/swiftui/controlwidgettemplate
@available(iOS 18.0, *)
@MainActor @preconcurrency
public protocol ControlWidgetTemplate {}

/// iOS 18.0: developer.apple.com/documentation/swiftui/controlwidgetconfigurationbuilder
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

/// iOS 18.0: developer.apple.com/documentation/swiftui/controlwidgettemplatebuilder
@available(iOS 18.0, *)
@resultBuilder
public struct ControlWidgetTemplateBuilder {
  public static func buildExpression<Content: ControlWidgetTemplate>(_ content: Content) -> Content { content }
  public static func buildBlock<Content: ControlWidgetTemplate>(_ content: Content) -> some ControlWidgetTemplate {
    content
  }
}

/// iOS 18.0: developer.apple.com/documentation/widgetkit/staticcontrolconfiguration
@available(iOS 18.0, *)
@MainActor @preconcurrency
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
  /// developer.apple.com/documentation/widgetkit/staticcontrolconfiguration/init(kind:content:)
  public init(kind: String, @ControlWidgetTemplateBuilder content: @escaping () -> Content) {}
}

/// iOS 18.0: developer.apple.com/documentation/swiftui/controlwidgetconfiguration (displayName, description)
@available(iOS 18.0, *)
extension ControlWidgetConfiguration {
  public func displayName(_ displayName: LocalizedStringResource) -> some ControlWidgetConfiguration { self }
  public func description(_ description: LocalizedStringResource) -> some ControlWidgetConfiguration { self }
}

/// iOS 18.0: developer.apple.com/documentation/widgetkit/controlwidgetbuttondefaultactionlabel
@available(iOS 18.0, *)
public struct ControlWidgetButtonDefaultActionLabel: View {
  public var body: Never { fatalError() }
}

/// iOS 18.0: developer.apple.com/documentation/widgetkit/controlwidgetbutton
@available(iOS 18.0, *)
@MainActor @preconcurrency
public struct ControlWidgetButton<Label: View, ActionLabel: View, Action>: ControlWidgetTemplate {
  /// init(action:label:actionLabel:), where Action: AppIntent
  public init(
    action: Action, @ViewBuilder label: @escaping () -> Label,
    @ViewBuilder actionLabel: @escaping (Bool) -> ActionLabel
  ) where Action: AppIntent {}
}

@available(iOS 18.0, *)
extension ControlWidgetButton where ActionLabel == ControlWidgetButtonDefaultActionLabel {
  /// init(action:label:)-77p8j, where Action: AppIntent
  public init(action: Action, @ViewBuilder label: @escaping () -> Label) where Action: AppIntent {}
}

/// iOS 18.0: WidgetBundleBuilder.buildExpression(_:) for a ControlWidget (SwiftUI's WidgetBundleBuilder).
@available(iOS 18.0, *)
extension WidgetBundleBuilder {
  public static func buildExpression<Content: ControlWidget>(_ content: Content) -> some Widget {
    EmptyWidgetForControls()
  }
}

@available(iOS 18.0, *)
struct EmptyWidgetForControls: Widget {
  var body: some WidgetConfiguration { EmptyWidgetConfiguration() }
}
