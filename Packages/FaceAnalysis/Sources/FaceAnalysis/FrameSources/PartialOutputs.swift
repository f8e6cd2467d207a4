import Foundation

/// Files being written that are not complete yet (``VideoWriter``'s temporary files), so an
/// exit path that cannot reach their writers, such as a signal handler, can remove them.
public enum PartialOutputs {
  private static let registry = Registry()

  /// The final paths of the outputs still being written.
  public static var pending: [String] { registry.entries.map(\.final) }

  /// Removes every temporary file still registered; returns the final paths that were not
  /// written, for a message.
  @discardableResult
  public static func removeAll() -> [String] {
    registry.takeAll().map { entry in
      POSIX.removeFile(entry.temporary)
      return entry.final
    }
  }

  static func add(_ temporary: String, final: String) {
    registry.insert(Entry(temporary: temporary, final: final))
  }

  static func remove(_ temporary: String) {
    registry.remove(temporary)
  }

  private struct Entry {
    let temporary: String
    let final: String
  }

  private final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Entry] = []

    var entries: [Entry] { lock.withLock { list } }

    func insert(_ entry: Entry) {
      lock.withLock { list.append(entry) }
    }

    func remove(_ temporary: String) {
      lock.withLock { list.removeAll { $0.temporary == temporary } }
    }

    func takeAll() -> [Entry] {
      lock.withLock {
        defer { list = [] }
        return list
      }
    }
  }
}
