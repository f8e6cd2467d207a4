import Navigation

/// A bare screen for navigation tests: a title and nothing else.
@MainActor
public final class TestScreen: Presentable {
  /// The title shown in breadcrumbs.
  public let title: String

  /// Creates a screen with a title.
  public init(_ title: String) { self.title = title }
}
