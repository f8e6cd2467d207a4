/// Anything a router can put on its stack: in the app, a TerminalUI screen.
///
/// Navigation never looks inside a screen; it only keeps it alive while it is on the stack
/// and reads its title for breadcrumbs.
@MainActor
public protocol Presentable: AnyObject {
  /// A short name for breadcrumbs, such as "Terms of Use".
  var title: String { get }
}
