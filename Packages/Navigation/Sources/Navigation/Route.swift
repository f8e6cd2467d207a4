/// The declaration of one screen a flow can show: its name and its deep-link path segment.
///
/// Flows declare their routes once, as static constants, and use the same constants to
/// navigate (every stack entry carries its route) and to describe themselves in
/// the app's map of routes, so the two cannot drift apart.
public struct Route: Hashable, Sendable, CustomStringConvertible {
  /// The module's name, such as `TermsOfUse`.
  public let screen: String
  /// The path segment that names this screen in a deep link, such as `terms`.
  public let segment: String

  /// Declares a route.
  public init(screen: String, segment: String) {
    self.screen = screen
    self.segment = segment
  }

  /// `screen (segment)`.
  public var description: String { "\(screen) (\(segment))" }
}
