import FaceAnalysis
import Foundation
import System

/// The Vision screen's recognition in real time: a ``LiveRecognitionService`` session over a
/// video, paced to its frame rate and dropping frames when recognition falls behind, as the
/// screen runs it. Reports the frames recognised per second of playback and the frames dropped.
enum LiveBenchmark {
  /// Plays `video` through a session with `detector`; prints one JSON object.
  @MainActor
  static func run(video: String, detector: FaceDetectorKind, workspace: Workspace) throws {
    // Jobs the session posts, run on the calling thread as a screen's loop would.
    let loop = LockedValue<[@MainActor @Sendable () -> Void]>([])
    final class Tally: @unchecked Sendable {
      var frames = 0
      var dropped = 0
      var finished = false
      var failure: String?
    }
    let tally = Tally()
    let service = LiveRecognitionService(
      modelDirectory: workspace.root.appendingPathComponent("Models").path,
      options: RecognitionOptions(detector: detector))
    _ = try service.recognizer()
    let delivery = RecognitionDelivery(
      post: { job in loop.withLock { $0.append(job) } },
      events: { event in
        switch event {
        case .frame(_, let counted):
          tally.frames += 1
          tally.dropped = counted.dropped
        case .finished(let summary):
          tally.dropped = max(tally.dropped, summary.dropped)
          tally.finished = true
        case .failed(let message):
          tally.failure = message
          tally.finished = true
        default: break
        }
      })
    let start = Clock.now()
    let session = service.startSession(source: video, policy: .realTime, delivery: delivery)
    let deadline = start + 600
    while !tally.finished && Clock.now() < deadline {
      let jobs = loop.withLock { jobs in
        defer { jobs = [] }
        return jobs
      }
      for job in jobs { job() }
      if jobs.isEmpty { usleep(1000) }
    }
    let seconds = Clock.now() - start
    session.stop()
    if let failure = tally.failure { throw BenchError.launch(failure) }
    print(
      JSON.object([
        "detector": .string(detector.rawValue), "frames": .integer(tally.frames),
        "dropped": .integer(tally.dropped), "seconds": .number(seconds),
      ]).text)
  }
}
