/// What ``TerminalDevice/waitForEvents(timeout:)`` reports.
public enum DeviceEvent: Hashable, Sendable {
  /// Bytes from standard input.
  case input([UInt8])
  /// Standard input was closed (end of file, or the terminal hung up).
  case endOfInput
  /// A signal arrived.
  case signal(TerminalSignal)
  /// ``TerminalWaker/wake()`` was called.
  case wake
}
