import FaceAnalysis
import FaceAnalysisTracking
import Media
import System

/// One input carried out: its frames recognised (``FrameFeed``), given tracks in a stream
/// (``TrackingStage``), then each, in order, drawn (``InputAnnotator``), recorded
/// (``RecordWriter``), kept for the timeline or the report and counted on the progress line.
struct InputRun {
  /// The input's records, given back to the run when the input ends.
  private(set) var records: RecordWriter
  /// The records kept for `--timeline` or `--report`, when asked to.
  private(set) var kept: [DetectionRecord] = []
  private let plan: InputPlan
  private var feed: FrameFeed
  private var tracking: TrackingStage?
  private var annotator: InputAnnotator
  private var progress: ProgressLine
  private let keepsRecords: Bool
  private let streams: StandardStreams
  private var failed = false

  /// The run of `plan` over its open `source`; `tracking` follows its people, `keepsRecords`
  /// keeps its records (``kept``) for the timeline or the report.
  init(
    plan: InputPlan, source: any FrameSource, recognizer: EmotionRecognizer, records: RecordWriter,
    annotation: AnnotationDestination?, tracking: TrackingStage?, keepsRecords: Bool,
    streams: StandardStreams
  ) {
    self.plan = plan
    self.records = records
    self.keepsRecords = keepsRecords
    self.streams = streams
    feed = FrameFeed(source: source, recognizer: recognizer, plan: plan)
    self.tracking = tracking
    annotator = InputAnnotator(output: annotation, source: source, streams: streams)
    progress = ProgressLine(
      total: source.expectedFrameCount, label: plan.input, streams: streams,
      enabled: streams.isErrorTerminal && source.kind != .image)
  }

  /// The people followed in the input, when it was tracked.
  var people: [TrackSummary]? { tracking?.summaries }

  /// Reads the input to its end, or until the output closes or a signal comes.
  mutating func run() -> DetectRun.Outcome {
    while let step = feed.next() {
      if let signal = InterruptCleanup.pendingSignal {
        progress.clear()
        annotator.interrupted()
        return .interrupted(signal)
      }
      switch step {
      case .failed(let message):
        progress.clear()
        streams.printError(message)
        annotator.sourceFailed()
        failed = true
      case .frame(let frame):
        guard handOn(tracking?.add(frame) ?? [frame]) else { return .outputClosed }
      }
    }
    guard handOn(tracking?.finish() ?? []) else { return .outputClosed }
    if let people, !records.writePeople(people, of: plan.input) { return .outputClosed }
    return failed ? .failed : .done
  }

  /// Ends the annotation of the input (a video is finished) and gives the destination back.
  mutating func end() -> AnnotationDestination? {
    annotator.end()
    progress.finish()
    return annotator.output
  }

  /// Draws and records each frame whose turn has come; false when the output has closed.
  private mutating func handOn(_ frames: [DetectedFrame]) -> Bool {
    for detected in frames {
      progress.clear()
      defer { progress.advance() }
      guard !detected.isPassedOver else { continue }
      if !annotator.write(detected.frame, faces: detected.faces) { failed = true }
      guard let faces = detected.faces else { continue }
      let record = DetectionRecord(frame: detected.frame, faces: faces)
      if keepsRecords {
        // The timeline and the report draw no embedding: 128 numbers a face are not kept.
        var drawn = record
        for index in drawn.faces.indices { drawn.faces[index].embedding = nil }
        kept.append(drawn)
      }
      guard plan.records(detected.frame) else { continue }
      guard records.write(record) else {
        annotator.outputClosed()
        return false
      }
    }
    return true
  }
}
