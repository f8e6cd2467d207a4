import FaceAnalysis
import Foundation
import Synchronization
import TerminalUI

/// Runs a recognition session on a thread of its own and hands frames to the run loop.
///
/// At most one frame waits for the screen: when recognition outpaces drawing, the newer frame
/// replaces the waiting one, so nothing queues without bound. Videos are paced to their own
/// frame rate. ``stop()`` may be called from any thread, including a presenter's deinit; the
/// session itself is only touched by the worker's thread, which closes it on the way out.
final class RecognitionWorker: Sendable {
  /// What the worker reports, on the run loop.
  enum Event: Sendable {
    /// The source opened; its summary.
    case opened(String)
    /// The newest recognised frame (earlier ones may have been dropped).
    case frame(RecognizedFrame, dropped: Int)
    /// The source ended; the counts cover every frame recognised, shown or dropped.
    case finished(VisionTally)
    /// The source failed; one line naming the problem.
    case failed(String)
  }

  private struct State {
    var stopped = false
    var waiting: RecognizedFrame?
    var dropped = 0
  }

  private let state = Mutex(State())
  private let service: any RecognitionService
  private let source: String

  init(service: any RecognitionService, source: String) {
    self.service = service
    self.source = source
  }

  /// Starts the thread; `deliver` runs on the loop that `poster` feeds.
  func start(poster: MainLoopPoster, deliver: @escaping @MainActor @Sendable (Event) -> Void) {
    let thread = Thread { [self] in run(poster: poster, deliver: deliver) }
    thread.name = "emotions.recognition"
    thread.start()
  }

  /// Asks the thread to stop; it closes the source after the frame in hand.
  func stop() {
    state.withLock { $0.stopped = true }
  }

  private var isStopped: Bool { state.withLock { $0.stopped } }

  private func run(poster: MainLoopPoster, deliver: @escaping @MainActor @Sendable (Event) -> Void) {
    let session: any RecognitionSession
    do {
      session = try service.open(source: source)
    } catch {
      poster.post { deliver(.failed("\(error)")) }
      return
    }
    defer { session.close() }
    guard !isStopped else { return }
    let summary = session.summary
    poster.post { deliver(.opened(summary)) }

    let start = Date()
    var tally = VisionTally()
    while !isStopped {
      let frame: RecognizedFrame?
      do {
        frame = try session.next()
      } catch {
        if !isStopped { poster.post { deliver(.failed("\(error)")) } }
        break
      }
      guard let frame else {
        let final = tally
        poster.post { deliver(.finished(final)) }
        break
      }
      tally.add(frame)
      if let fps = session.framesPerSecond, fps > 0 {
        let ahead = frame.time - Date().timeIntervalSince(start)
        if ahead > 0 { Thread.sleep(forTimeInterval: min(ahead, 1)) }
      }
      hand(frame, poster: poster, deliver: deliver)
    }
  }

  /// Puts the frame in the single waiting slot, posting a job only when the slot was empty.
  private func hand(
    _ frame: RecognizedFrame, poster: MainLoopPoster, deliver: @escaping @MainActor @Sendable (Event) -> Void
  ) {
    let slotWasEmpty = state.withLock { state -> Bool in
      if state.waiting != nil { state.dropped += 1 }
      let empty = state.waiting == nil
      state.waiting = frame
      return empty
    }
    guard slotWasEmpty else { return }
    poster.post { [self] in
      let (next, dropped) = state.withLock { state in
        defer {
          state.waiting = nil
          state.dropped = 0
        }
        return (state.waiting, state.dropped)
      }
      if let next { deliver(.frame(next, dropped: dropped)) }
    }
  }
}
