import Dispatch
import SystemLibc

/// SIGINT, SIGTERM and SIGHUP handed to a closure on a dispatch queue instead of ending the
/// process: for a batch run that stops after the frames in hand, cleans up what
/// ``ProcessCleanup`` holds, then ends by the same signal (``ProcessSignals/end(by:)``). The
/// terminal program has ``ProcessSignals``' pipe instead.
public enum TerminationSignals {
  /// The signals watched.
  public static let watched: [Signal] = [.interrupt, .terminate, .hangUp]

  /// The dispatch sources, kept for the life of the process once watching starts.
  private static let sources = LockedValue(KeptSources())

  /// Dispatch sources, which libdispatch makes safe to use from any thread.
  // Unchecked: Dispatch does not mark its source types Sendable; they are only kept here.
  private struct KeptSources: @unchecked Sendable {
    var all: [any DispatchSourceSignal] = []
  }

  /// Starts watching: each signal received runs `handler` with its number on a global queue.
  /// Only the first call installs anything.
  public static func watch(_ handler: @escaping @Sendable (Signal) -> Void) {
    sources.withLock { sources in
      guard sources.all.isEmpty else { return }
      for watchedSignal in watched {
        signal(watchedSignal.rawValue, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: watchedSignal.rawValue, queue: .global())
        source.setEventHandler { handler(watchedSignal) }
        source.resume()
        sources.all.append(source)
      }
    }
  }
}
