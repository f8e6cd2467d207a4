/// How an entry came onto the route stack.
public enum PresentationStyle: String, Hashable, Sendable {
  /// The bottom entry, set by ``Routing/setRoot(_:route:query:owner:)``.
  case root
  /// Pushed on top of the entry below; back pops it.
  case push
  /// Presented modally over what is below; it may host pushed entries of its own, and
  /// back on it (or ``Routing/dismiss()``) removes it with everything above it.
  case modal
}
