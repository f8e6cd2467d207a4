import Dispatch
import System

/// Switches a session's face detector when asked: on a queue of its own, so that a model loads
/// off the caller's thread and switches happen in the order asked, each counted by the
/// session's ``SessionThreads`` until done. Each outcome is reported
/// (``RecognitionEvent/detector(_:)`` or ``RecognitionEvent/detectorUnavailable(_:message:)``);
/// a request made before the source opens waits for it, so that none is reported before the
/// first detector.
final class DetectorSwitcher: Sendable {
  private struct State: Sendable {
    /// The stages, once opened.
    var stages: (any RecognitionStages)?
    /// A detector asked for before they opened.
    var beforeOpening: FaceDetectorKind?
  }

  private let state = LockedValue(State())
  private let queue = DispatchQueue(label: "emotions.detector")
  private let threads: SessionThreads
  private let report: @Sendable (RecognitionEvent) -> Void
  private let switched: @Sendable () -> Void

  /// - Parameters:
  ///   - threads: counts each switch, and says when the session has stopped.
  ///   - report: receives each outcome, on the switcher's queue.
  ///   - switched: runs after each switch, before its report (a slide show shows its slide again).
  init(
    threads: SessionThreads, report: @escaping @Sendable (RecognitionEvent) -> Void,
    switched: @escaping @Sendable () -> Void
  ) {
    self.threads = threads
    self.report = report
    self.switched = switched
  }

  /// Switches to `kind`, or once the stages open; nothing once the session has stopped.
  func request(_ kind: FaceDetectorKind) {
    guard !threads.isStopped else { return }
    let stages: (any RecognitionStages)? = state.withLock { state in
      if state.stages == nil { state.beforeOpening = kind }
      return state.stages
    }
    if let stages { queueSwitch(of: stages, to: kind) }
  }

  /// Takes the opened stages, and switches them to a detector asked for before, if it is not
  /// the one they run.
  func opened(_ stages: any RecognitionStages) {
    let asked: FaceDetectorKind? = state.withLock { state in
      state.stages = stages
      defer { state.beforeOpening = nil }
      return state.beforeOpening
    }
    if let asked, asked != stages.detector { queueSwitch(of: stages, to: asked) }
  }

  private func queueSwitch(of stages: any RecognitionStages, to kind: FaceDetectorKind) {
    threads.jobStarted()
    queue.async { [self] in
      defer { threads.jobEnded() }
      guard !threads.isStopped else { return }
      let event: RecognitionEvent
      do {
        try stages.useDetector(kind)
        switched()
        event = .detector(kind)
      } catch {
        event = .detectorUnavailable(kind, message: "\(error)")
      }
      if !threads.isStopped { report(event) }
    }
  }
}
