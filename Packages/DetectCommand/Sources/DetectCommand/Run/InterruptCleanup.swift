import Foundation
import Synchronization
import System

/// While `detect --annotate` writes: SIGINT, SIGTERM and SIGHUP ask the detect loop to stop
/// after the frames in hand (``pendingSignal``); the loop removes the unfinished video, with a
/// line on standard error, its sources reap their ffmpeg children, and ``end(by:)`` ends the
/// process by the same signal. A loop stuck in a read gets two seconds; then the handler
/// ends every child, removes every unfinished video itself and ends the process.
enum InterruptCleanup {
  private static let received = Atomic<Int32>(0)

  /// The signal received, if any.
  static var pendingSignal: Signal? {
    let number = received.load(ordering: .acquiring)
    return number == 0 ? nil : Signal(rawValue: number)
  }

  /// Starts watching the signals; safe to call more than once.
  static func install(streams: StandardStreams) {
    TerminationSignals.watch { signal in
      guard
        received.compareExchange(expected: 0, desired: signal.rawValue, ordering: .acquiringAndReleasing)
          .exchanged
      else { return }
      DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
        ProcessCleanup.terminateChildren()
        for path in ProcessCleanup.removePartialFiles() {
          streams.printError("--annotate \(path): interrupted; the unfinished video was removed")
        }
        end(by: signal)
      }
    }
  }

  /// Ends the process by `signal` with its default action, as if it had not been caught.
  static func end(by signal: Signal) -> Never {
    ProcessSignals.end(by: signal)
  }
}
