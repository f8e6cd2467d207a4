import CSystem
import SystemLibc

/// A pseudo-terminal pair, for programs that must be run under a terminal (the tests of a
/// full-screen app): the primary side is this process's, the secondary side the child's.
public struct PseudoTerminal: Sendable {
  /// This process's side: what is written here is the child's input, its output is read here.
  public let primary: FileDescriptor
  /// The child's side, which the tests read the settings of.
  public let secondary: FileDescriptor
  /// The secondary side's device path, which a child opens (the first terminal a session
  /// leader opens becomes its controlling terminal).
  public let path: String

  /// Opens a pair of `rows` by `columns`.
  public static func open(rows: UInt16, columns: UInt16) throws(Errno) -> PseudoTerminal {
    var primary: Int32 = -1
    var secondary: Int32 = -1
    var name = [CChar](repeating: 0, count: 256)
    try syscall { csystem_open_pty(&primary, &secondary, &name, UInt(name.count), rows, columns) }
    let path = String(nulTerminated: name)
    return PseudoTerminal(
      primary: FileDescriptor(rawValue: primary), secondary: FileDescriptor(rawValue: secondary), path: path)
  }
}
