import Foundation
import System
import SystemLibc

/// A semaphore a test thread signals when it is about to block.
final class DispatchSemaphoreBox: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func signal() { semaphore.signal() }
  func wait() { semaphore.wait() }
}

/// One blocking read of one byte on a thread of its own, and what it returned.
final class ReadBox: Sendable {
  let reader: FileDescriptor
  let started: DispatchSemaphoreBox
  private let result = LockedValue<Result<Int, Errno>?>(nil)

  init(reader: FileDescriptor, started: DispatchSemaphoreBox) {
    self.reader = reader
    self.started = started
  }

  var outcome: Result<Int, Errno>? { result.withLock { $0 } }

  func run() {
    var byte: UInt8 = 0
    started.signal()
    let outcome = Result { () throws(Errno) in
      try withUnsafeMutableBytes(of: &byte) { buffer in
        Result { () throws(Errno) in try reader.read(into: buffer) }
      }.get()
    }
    result.withLock { $0 = outcome }
  }
}
