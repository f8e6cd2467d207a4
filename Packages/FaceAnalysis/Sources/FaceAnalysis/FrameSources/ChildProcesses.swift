import Foundation

/// Every ffmpeg/ffprobe child this process has running. Sources end and reap their own
/// children; `terminateAll()` is for exit paths that cannot reach them, such as a SIGINT or
/// SIGTERM handled through a `DispatchSource` (it takes a lock and waits, so it must not run
/// inside a raw C signal handler).
public enum ChildProcesses {
  private static let registry = Registry()

  /// Children still running.
  public static var running: [Int32] { registry.pids }

  /// Ends every running child (SIGTERM, then SIGKILL after half a second) and reaps it.
  public static func terminateAll() {
    for pid in registry.pids {
      stop(pid)
    }
  }

  static func add(_ pid: Int32) {
    registry.insert(pid)
  }

  /// Ends one child and reaps it; returns its exit status.
  @discardableResult
  static func stop(_ pid: Int32) -> Int32 {
    if let status = POSIX.reapIfExited(pid) {
      registry.remove(pid)
      return status
    }
    POSIX.send(POSIX.terminate, to: pid)
    for _ in 0..<50 {
      if let status = POSIX.reapIfExited(pid) {
        registry.remove(pid)
        return status
      }
      POSIX.pause(milliseconds: 10)
    }
    POSIX.send(POSIX.forceKill, to: pid)
    let status = POSIX.waitForExit(pid)
    registry.remove(pid)
    return status
  }

  /// Waits for a child that is ending by itself and reaps it.
  static func wait(_ pid: Int32) -> Int32 {
    let status = POSIX.waitForExit(pid)
    registry.remove(pid)
    return status
  }

  private final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var set: Set<Int32> = []

    var pids: [Int32] {
      lock.lock()
      defer { lock.unlock() }
      return Array(set)
    }

    func insert(_ pid: Int32) {
      lock.lock()
      set.insert(pid)
      lock.unlock()
    }

    func remove(_ pid: Int32) {
      lock.lock()
      set.remove(pid)
      lock.unlock()
    }
  }
}
