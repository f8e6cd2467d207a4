import SystemLibc

/// What the process must undo on any exit path: the children it still runs and the files it
/// has not finished writing. Owners end their own children and finish their own files; this
/// registry is for the paths that cannot reach them, such as a signal handled through a
/// dispatch source or the terminal app quitting. It takes a lock and waits, so it must not
/// run inside a raw C signal handler.
public enum ProcessCleanup {
  private struct PartialFile {
    let temporary: String
    let final: String
  }

  private struct Registry {
    var children: [pid_t: Subprocess] = [:]
    var partialFiles: [PartialFile] = []
  }

  private static let registry = LockedValue(Registry())

  /// Keeps `child` until it is reaped, so ``terminateChildren(grace:)`` can end it.
  public static func track(_ child: Subprocess) {
    registry.withLock { $0.children[child.pid] = child }
  }

  /// Drops a reaped child (``Subprocess`` calls this when it reaps).
  static func forget(_ child: Subprocess) {
    registry.withLock { registry in
      if registry.children[child.pid] === child { registry.children[child.pid] = nil }
    }
  }

  /// The process ids of the tracked children still running.
  public static var runningChildren: [pid_t] { registry.withLock { Array($0.children.keys) } }

  /// Ends every tracked child (input closed, SIGTERM, SIGKILL after `grace`) and reaps it.
  public static func terminateChildren(grace: Duration = .milliseconds(500)) {
    for child in registry.withLock({ Array($0.children.values) }) {
      child.terminate(grace: grace)
    }
  }

  /// Registers `temporary`, a file being written that becomes `final` once complete.
  public static func addPartialFile(_ temporary: String, final: String) {
    registry.withLock { $0.partialFiles.append(PartialFile(temporary: temporary, final: final)) }
  }

  /// Drops `temporary` from the partial files: it was completed or removed by its writer.
  public static func forgetPartialFile(_ temporary: String) {
    registry.withLock { $0.partialFiles.removeAll { $0.temporary == temporary } }
  }

  /// The final paths of the files still being written.
  public static var pendingPartialFiles: [String] { registry.withLock { $0.partialFiles.map(\.final) } }

  /// Removes every partial file still registered; returns the final paths that were not
  /// written, for a message.
  @discardableResult
  public static func removePartialFiles() -> [String] {
    let files = registry.withLock { registry in
      defer { registry.partialFiles = [] }
      return registry.partialFiles
    }
    for file in files { _ = unlink(file.temporary) }
    return files.map(\.final)
  }
}
