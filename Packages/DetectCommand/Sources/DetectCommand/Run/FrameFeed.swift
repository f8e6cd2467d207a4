import FaceAnalysis
import Media
import System

/// One input's frames, read and recognised (FaceAnalysis's ``RecognitionRun``) and handed on one
/// at a time in the source's order, as its ``InputPlan`` says: recognised, read between every
/// Nth, or passed over where a killed run recorded it.
struct FrameFeed {
  /// What the feed hands on next.
  enum Step {
    /// The next frame.
    case frame(DetectedFrame)
    /// A frame that could not be read or recognised: one line naming the input.
    case failed(String)
  }

  private let plan: InputPlan
  private var run: RecognitionRun
  private var batch: [RecognitionRun.Item] = []

  /// The frames of `source`, an open source of `plan`'s input, recognised by `recognizer`.
  init(source: any FrameSource, recognizer: EmotionRecognizer, plan: InputPlan) {
    self.plan = plan
    run = RecognitionRun(source: source, recognizer: recognizer, options: plan.runOptions)
  }

  /// Opens `plan`'s input; nil, said on standard error in one line, when it cannot be. Notes
  /// the source sends while it opens (files it skips) are held until it has, so that an input
  /// that fails gets exactly one line.
  static func open(_ plan: InputPlan, streams: StandardStreams) -> (any FrameSource)? {
    if let name = RawArguments.undecodable[plan.input] {
      streams.printError("\(name): the file name is not valid UTF-8, which emotions cannot open; rename it")
      return nil
    }
    let notes = HeldNotes()
    let source: any FrameSource
    do throws(FrameSourceError) {
      guard let locator = plan.located.locator else { throw FrameSourceError.notFound(path: plan.input) }
      source = try FrameSourceFactory.open(
        locator,
        options: plan.sourceOptions { [streams] note in if !notes.hold(note) { streams.printError(note) } })
    } catch {
      streams.printError(error.description)
      return nil
    }
    for note in notes.release() { streams.printError(note) }
    return source
  }

  /// The next frame or failure; nil once the source has ended.
  mutating func next() -> Step? {
    if batch.isEmpty {
      guard let next = run.nextBatch() else { return nil }
      batch = next.reversed()
    }
    guard let item = batch.popLast() else { return nil }
    switch item {
    case .failed(let message):
      return .failed(message)
    case .read(let frame) where !plan.drawsVideo && !plan.tracksPeople:
      // Passed over: its record is there from the killed run.
      return .frame(DetectedFrame(frame: frame, faces: nil, isPassedOver: true))
    case .read(let frame):
      return .frame(DetectedFrame(frame: frame, faces: nil))
    case .recognized(let frame, let recognized):
      return .frame(DetectedFrame(frame: frame, faces: recognized.faces))
    }
  }
}
