import CSystem
import SystemLibc

/// An open file descriptor, with the reads and writes that go to the end: ``readAll(limit:)``
/// and ``writeAll(_:)`` retry interrupted and short transfers, so callers never loop.
///
/// A value, not an owner: whoever opened it closes it, once, with ``close()``.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  /// The descriptor number.
  public let rawValue: Int32

  /// The descriptor with this number.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Standard input.
  public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
  /// Standard output.
  public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
  /// Standard error.
  public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

  /// Opens `path` with `open(2)` flags (`O_CLOEXEC` is always added) and a mode for new files.
  public static func open(
    _ path: String, _ flags: Int32, mode: mode_t = 0o600
  ) throws(Errno) -> FileDescriptor {
    FileDescriptor(rawValue: try syscall { systemOpen(path, flags | O_CLOEXEC, mode) })
  }

  /// A new pipe whose two ends close on exec: `(read, write)`.
  public static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    try syscall { csystem_pipe(&ends) }
    return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
  }

  /// Closes the descriptor. Not retried: after an interrupted close the number is already free.
  public func close() {
    _ = systemClose(rawValue)
  }

  /// Whether the descriptor is open at all (`>&-` closes one before the process starts).
  public var isOpen: Bool { fcntl(rawValue, F_GETFD) != -1 }

  /// Whether the descriptor is a terminal.
  public var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Reads what is there, up to `buffer.count` bytes; 0 at the end of the file.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try syscall { systemRead(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Reads what is there into the start of `bytes`, up to its count; 0 at the end of the file.
  public func read(into bytes: inout [UInt8]) throws(Errno) -> Int {
    try bytes.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try read(into: buffer) } }.get()
  }

  /// Fills `buffer` unless the file ends first; returns the bytes read (fewer only at its end).
  public func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
      let count = try syscall { systemRead(rawValue, base + filled, buffer.count - filled) }
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Reads to the end of the file, or until more than `limit` bytes are in (then `limit + 1`
  /// or more are returned, so the caller can tell a file that is too large).
  public func readAll(limit: Int = .max) throws(Errno) -> [UInt8] {
    var bytes = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let count = try read(into: &chunk)
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Writes as much of `bytes` as the descriptor takes now, retrying an interrupted write;
  /// returns the count written. A full non-blocking descriptor is ``Errno/wouldBlock``.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try syscall { systemWrite(rawValue, bytes.baseAddress, bytes.count) }
  }

  /// Writes all of `bytes`, retrying interrupted and short writes. A reader that has gone is
  /// ``Errno/brokenPipe``: SIGPIPE is blocked in this thread meanwhile and one it raised is
  /// taken back, so it never kills a process that did not ignore it.
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    guard let base = bytes.baseAddress else { return }
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGPIPE) == 1
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var written = 0
    while written < bytes.count {
      do {
        written += try syscall { systemWrite(rawValue, base + written, bytes.count - written) }
      } catch {
        if error == .brokenPipe, !wasPending {
          var none = timespec(tv_sec: 0, tv_nsec: 0)
          _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        throw error
      }
    }
  }

  /// Writes all of `bytes` (see ``writeAll(_:)-(UnsafeRawBufferPointer)``).
  public func writeAll(_ bytes: some Collection<UInt8>) throws(Errno) {
    let result: Result<Void, Errno>? = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(Errno) in try writeAll(UnsafeRawBufferPointer(buffer)) }
    }
    if let result { return try result.get() }
    let copy = Array(bytes)
    try copy.withUnsafeBytes { buffer in Result { () throws(Errno) in try writeAll(buffer) } }.get()
  }

  /// Writes all of `text` as UTF-8.
  public func writeAll(_ text: String) throws(Errno) {
    try writeAll(Array(text.utf8))
  }

  /// Sets or clears `O_NONBLOCK`.
  public func setNonBlocking(_ enabled: Bool = true) {
    let flags = fcntl(rawValue, F_GETFL)
    _ = fcntl(rawValue, F_SETFL, enabled ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
  }

  /// Makes the descriptor close on exec, so a child gets it only through its spawn actions.
  public func setCloseOnExec() {
    _ = fcntl(rawValue, F_SETFD, FD_CLOEXEC)
  }

  /// Asks for a pipe of `bytes` capacity (1 MiB is the limit for unprivileged processes);
  /// nothing changes when the system refuses.
  public func requestPipeCapacity(_ bytes: Int) {
    _ = csystem_set_pipe_capacity(rawValue, Int32(clamping: bytes))
  }

  /// Flushes the file's data to its device (`fsync`). A descriptor that cannot be synced (a
  /// pipe, a terminal: EINVAL) has nothing to flush and is no failure.
  public func synchronize() throws(Errno) {
    do throws(Errno) {
      try syscall { fsync(rawValue) }
    } catch  where error == Errno(EINVAL) {
      return
    }
  }

  /// Cuts the file to its first `length` bytes (`ftruncate`).
  public func truncate(to length: Int) throws(Errno) {
    try syscall { ftruncate(rawValue, off_t(length)) }
  }
}
