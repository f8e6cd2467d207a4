import CSystem
import SystemLibc

/// The terminal settings to put back on every exit path: saved once, restored by the run
/// loop, at exit, or from a signal handler when a second terminating signal comes first.
public enum SavedTerminal {
  /// Remembers the settings of `input` and where `output` goes.
  public static func save(input: FileDescriptor, output: FileDescriptor) throws(Errno) {
    try syscall { csystem_terminal_save(input.rawValue, output.rawValue) }
  }

  /// Marks whether the alternate screen is shown, so a restore knows to leave it.
  public static func setFullScreen(_ active: Bool) { csystem_terminal_set_full_screen(active ? 1 : 0) }

  /// Leaves the alternate screen (when shown), shows the cursor and puts the settings back.
  @discardableResult
  public static func restore() -> Bool { csystem_terminal_restore() == 0 }

  /// Forgets the saved settings, after a restore.
  public static func forget() { csystem_terminal_forget() }
}
