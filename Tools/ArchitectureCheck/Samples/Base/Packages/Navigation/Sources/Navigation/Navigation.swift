/// A stand-in for the real Navigation: a flow's plugin interface and the router protocol.
@MainActor
public protocol FlowFactory {
  /// The flow's id.
  var id: String { get }
}

/// Changes the screens on show.
@MainActor
public protocol Routing: AnyObject {
  /// Shows a screen on top of the others.
  func push(_ screen: String)
}
