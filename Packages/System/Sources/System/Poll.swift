import SystemLibc

/// Waiting for descriptors with `poll(2)`.
public enum Poll {
  /// Waits until any of `descriptors` has something to read, has hung up or failed, or
  /// `timeout` has passed (nil waits for ever). Returns, for each descriptor in order, whether
  /// it is ready; none when the time ran out.
  public static func waitForInput(
    _ descriptors: [FileDescriptor], timeout: Duration?
  ) throws(SystemCallError) -> [Bool] {
    var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    let milliseconds: Int32 =
      timeout.map { duration in
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
      } ?? -1
    let ready = try syscall(named: "poll") { poll(&entries, nfds_t(entries.count), milliseconds) }
    guard ready > 0 else { return Array(repeating: false, count: entries.count) }
    return entries.map { $0.revents != 0 }
  }

  /// Waits until `descriptor` can take more output (one left non-blocking by another process
  /// that is full).
  public static func waitUntilWritable(_ descriptor: FileDescriptor) throws(SystemCallError) {
    var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
    try syscall(named: "poll") { poll(&entry, 1, -1) }
  }
}
