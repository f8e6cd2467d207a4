/// Wakes a waiting run loop from any thread.
public protocol TerminalWaker: Sendable {
  /// Makes the run loop's current or next wait return.
  func wake()
}
