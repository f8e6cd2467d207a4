import FaceAnalysis
import FaceAnalysisTracking
import Media
import System

/// The loop of `detect`: carries out each input's ``InputPlan``, writing its records, drawing
/// its annotation and keeping the timeline's frames.
struct DetectRun {
  /// How one input ended.
  enum Outcome {
    case done, failed, outputClosed
    /// The model or cascade could not be loaded (the error is printed): nothing can run.
    case modelFailed
    /// A signal came while annotating (``InterruptCleanup``).
    case interrupted(Signal)
  }

  let records: RecordOutput
  let format: any RecordFormat
  /// How a shard's records are stamped; nil when the run is not sharded.
  let stamping: PartStamping?
  let recognizer: PendingRecognizer
  /// The `--annotate` output, passed from input to input (it remembers the names used).
  var annotation: AnnotationDestination?
  let drawsTimeline: Bool
  /// Whether a video's or stream's faces are tracked (not with `--no-tracks`).
  let tracksStreams: Bool
  let streams: StandardStreams
  /// The people of each stream done so far, for `--summary`.
  private(set) var people: [SummaryFormat.People] = []
  /// The first video's records, for `--timeline`.
  private(set) var timeline: [DetectionRecord] = []
  /// The video the timeline draws.
  private(set) var timelineSource: String?

  init(
    records: RecordOutput, format: any RecordFormat, stamping: PartStamping?, recognizer: PendingRecognizer,
    annotation: AnnotationDestination?, drawsTimeline: Bool, tracksStreams: Bool, streams: StandardStreams
  ) {
    self.records = records
    self.format = format
    self.stamping = stamping
    self.recognizer = recognizer
    self.annotation = annotation
    self.drawsTimeline = drawsTimeline
    self.tracksStreams = tracksStreams
    self.streams = streams
  }

  /// Reads, recognises and records one input as `plan` says. In a shard, the input's last
  /// record is held back until the input ends, to be stamped as its last (or an end-of-input
  /// line says it ended), so that its part says the input is done.
  mutating func carryOut(_ plan: InputPlan) -> Outcome {
    // Continuing a killed run: what it finished is not done again; a video's people are
    // followed again through its recorded faces, for the summary.
    if plan.isDone {
      if tracksStreams, plan.located.isStream {
        var tracker = FaceTracker()
        for (_, frame) in plan.recorded.frames(of: plan.input) {
          _ = tracker.update(at: frame.time, faces: frame.faces)
        }
        people.append(
          SummaryFormat.People(source: plan.input, input: plan.index, summaries: tracker.summaries))
      }
      return .done
    }
    var held: DetectionRecord?
    let outcome = carryOut(plan, holding: &held)
    switch outcome {
    case .done, .failed:
      guard let stamping else { return outcome }
      let stamp = stamping.stamp(input: plan.index, last: true)
      let lines =
        held.map { format.lines(for: $0, stamp: stamp) } ?? [format.endOfInput(plan.input, stamp: stamp)]
      return write(lines) ? outcome : .outputClosed
    case .outputClosed, .modelFailed, .interrupted:
      return outcome
    }
  }

  private mutating func carryOut(_ plan: InputPlan, holding held: inout DetectionRecord?) -> Outcome {
    if let name = RawArguments.undecodable[plan.input] {
      streams.printError("\(name): the file name is not valid UTF-8, which emotions cannot open; rename it")
      return .failed
    }
    // Notes (such as skipped files) are held until the source opens, so that an input
    // that fails gets exactly one line.
    let notes = HeldNotes()
    let source: any FrameSource
    do throws(FrameSourceError) {
      guard let locator = plan.located.locator else { throw FrameSourceError.notFound(path: plan.input) }
      source = try FrameSourceFactory.open(
        locator,
        options: plan.sourceOptions { [streams] note in if !notes.hold(note) { streams.printError(note) } })
    } catch {
      streams.printError(error.description)
      return .failed
    }
    for note in notes.release() {
      streams.printError(note)
    }
    defer { source.close() }
    let recognizer: EmotionRecognizer
    switch self.recognizer.result {
    case .success(let loaded): recognizer = loaded
    case .failure(let error):
      streams.printError(error.description)
      return .modelFailed
    }
    var annotator = InputAnnotator(output: annotation, source: source, streams: streams)
    defer {
      annotator.end()
      annotation = annotator.output
    }
    var progress = ProgressLine(
      total: source.expectedFrameCount, label: plan.input, streams: streams,
      enabled: streams.isErrorTerminal && source.kind != .image)
    defer { progress.finish() }
    var run = RecognitionRun(source: source, recognizer: recognizer, options: plan.runOptions)
    var tracking = tracksStreams && source.kind.isStream ? TrackingStage() : nil
    var failed = false
    // Draws and records a frame whose turn has come; false when the output has closed.
    func emit(_ frame: Frame, _ faces: [RecognizedFace]?) -> Bool {
      progress.clear()
      if !annotator.write(frame, faces: faces) { failed = true }
      if let faces, plan.records(frame) {
        let record = DetectionRecord(frame: frame, faces: faces)
        keepForTimeline(record, of: plan, kind: source.kind)
        var written = true
        if let stamping {
          if let previous = held {
            written = write(
              format.lines(for: previous, stamp: stamping.stamp(input: plan.index, last: false)))
          }
          held = record
        } else {
          written = write(format.lines(for: record))
        }
        if !written {
          annotator.outputClosed()
          return false
        }
      }
      progress.advance()
      return true
    }
    while let batch = run.nextBatch() {
      for item in batch {
        if let signal = InterruptCleanup.pendingSignal {
          progress.clear()
          annotator.interrupted()
          return .interrupted(signal)
        }
        let frame: Frame
        let faces: [RecognizedFace]?
        switch item {
        case .failed(let message):
          progress.clear()
          streams.printError(message)
          annotator.sourceFailed()
          failed = true
          continue
        case .read(let read) where !plan.drawsVideo:
          // Passed over: its record is there from the killed run. A tracker is fed its faces as
          // they were recorded, so the frames after it get the people a run never stopped gives.
          if tracking != nil,
            let recorded = plan.recorded.recordedFrames[FrameKey(source: read.source, frame: read.index)]
          {
            for ready in tracking?.add(read, faces: recorded.faces) ?? []
            where !emit(ready.frame, ready.faces) {
              return .outputClosed
            }
          } else {
            progress.advance()
          }
          continue
        case .read(let read): (frame, faces) = (read, nil)
        case .recognized(let read, let recognized): (frame, faces) = (read, recognized.faces)
        }
        for ready in tracking?.add(frame, faces: faces) ?? [(frame, faces)]
        where !emit(ready.frame, ready.faces) {
          return .outputClosed
        }
      }
    }
    for ready in tracking?.finish() ?? [] where !emit(ready.frame, ready.faces) {
      return .outputClosed
    }
    if let tracking {
      people.append(
        SummaryFormat.People(source: plan.input, input: plan.index, summaries: tracking.summaries))
      if format is TableFormat, !write(SummaryFormat.tableLines(tracking.summaries, source: plan.input)) {
        return .outputClosed
      }
    }
    return failed ? .failed : .done
  }

  /// Writes one record's lines; false (said on standard error for a file) when they could not be.
  private func write(_ lines: [String]) -> Bool {
    guard !records.write(lines) else { return true }
    if let path = records.path {
      streams.printError("--output \(path): cannot write it (\(records.lastFailure))")
    }
    return false
  }

  /// Keeps the records of the first video for `--timeline`.
  private mutating func keepForTimeline(_ record: DetectionRecord, of plan: InputPlan, kind: FrameSourceKind)
  {
    guard drawsTimeline, kind.isStream else { return }
    if timelineSource == nil { timelineSource = plan.input }
    if timelineSource == plan.input { timeline.append(record) }
  }
}
