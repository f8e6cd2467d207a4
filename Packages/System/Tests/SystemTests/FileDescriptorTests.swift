import Foundation
import System
import SystemLibc
import Testing

@Suite struct FileDescriptorTests {
  @Test func writeAllPutsMoreThanAPipeHoldsThroughIt() throws {
    let (reader, writer) = try FileDescriptor.pipe()
    defer { reader.close() }
    // Four times the largest pipe an unprivileged process may ask for, so writes are short.
    let bytes = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
    let done = DispatchSemaphore(value: 0)
    let writeFailure = WriteOutcome()
    Thread {
      do throws(Errno) { try writer.writeAll(bytes) } catch { writeFailure.set(error) }
      writer.close()
      done.signal()
    }.start()
    let received = try reader.readAll()
    #expect(done.wait(timeout: .now() + 20) == .success)
    #expect(writeFailure.error == nil)
    #expect(received.count == bytes.count)
    #expect(received == bytes)
  }

  @Test func writeAllToAPipeWithoutReaderIsBrokenPipeNotADeadProcess() throws {
    let (reader, writer) = try FileDescriptor.pipe()
    defer { writer.close() }
    reader.close()
    #expect(throws: Errno.brokenPipe) { try writer.writeAll("nobody reads this") }
    // Still here, and no SIGPIPE left pending for a later call to trip over.
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGPIPE) == 0)
  }

  @Test func readAllStopsPastItsLimit() throws {
    let path = NSTemporaryDirectory() + "system-limit-\(getpid()).bin"
    defer { unlink(path) }
    try AtomicFile.write([UInt8](repeating: 7, count: 300_000), to: path)
    let file = try FileDescriptor.open(path, O_RDONLY)
    defer { file.close() }
    let bytes = try file.readAll(limit: 100_000)
    #expect(bytes.count > 100_000)
    #expect(bytes.count < 300_000)
  }

  @Test func pipesAndOpenedFilesCloseOnExec() throws {
    let (reader, writer) = try FileDescriptor.pipe()
    defer {
      reader.close()
      writer.close()
    }
    let file = try FileDescriptor.open("/dev/null", O_RDONLY)
    defer { file.close() }
    for descriptor in [reader, writer, file] {
      #expect(fcntl(descriptor.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }
  }

  @Test func openReportsTheErrno() {
    #expect(throws: Errno.noSuchFile) { try FileDescriptor.open("/nonexistent/file", O_RDONLY) }
  }
}

/// The error a writing thread met, if any.
final class WriteOutcome: Sendable {
  private let stored = LockedValue<Errno?>(nil)
  func set(_ error: Errno) { stored.withLock { $0 = error } }
  var error: Errno? { stored.withLock { $0 } }
}
