import FaceAnalysis
import Foundation
import Media
import Synchronization
import System

/// `emotions detect <path>...`: faces and emotions of images, folders, videos and cameras,
/// as a table or JSON lines.
///
/// Each input that fails gets one line on standard error and the others go on; the exit
/// status is 1 when any failed. A reader that closes standard output ends the run quietly,
/// with every ffmpeg child reaped.
public struct Detect {
  /// The parsed options.
  public let options: DetectOptions
  /// Where the results, errors and progress go.
  public var streams: StandardStreams

  /// The command with its options, writing to `streams`.
  public init(options: DetectOptions, streams: StandardStreams = .process) {
    self.options = options
    self.streams = streams
  }

  /// Runs the command; returns the exit status.
  public func run() -> Int32 {
    ProcessSignals.ignoreBrokenPipe()
    // Standard output closed before the start (`>&-`): nowhere to write, so end as when a
    // reader closes the pipe. Nothing is opened first: a pipe made now would become
    // descriptor 1 and a child's output would go astray.
    if options.output == nil, !streams.isOutputOpen { return 0 }
    // Every output is checked, and a killed run's records read, before anything else; a
    // run that writes only to standard output lists nothing.
    let writesFiles = options.output != nil || options.annotate != nil || options.timeline != nil
    let inventory = InputInventory(inputs: writesFiles ? selectedInputs : [])
    let prepared: (records: RecordOutput, resume: ResumePoint, annotation: AnnotationOutput?)
    switch prepareOutputs(inventory) {
    case .success(let outputs): prepared = outputs
    case .failure(let error):
      streams.printError(error.message)
      return 2
    }
    let (records, resume) = (prepared.records, prepared.resume)
    var annotation = prepared.annotation
    // The models load on a thread of their own while the first input opens.
    let recognizer: PendingRecognizer
    do {
      let recognition = recognitionOptions
      let files = try ModelFiles.locate(
        modelDirectory: options.modelDirectory, detector: recognition.detector)
      recognizer = PendingRecognizer { () throws(RecognizerError) in
        try EmotionRecognizer(files: files, options: recognition)
      }
    } catch {
      streams.printError(error.description)
      return 1
    }
    if let output = annotation {
      if let error = output.createFolder() {
        streams.printError(error.description)
        return 2
      }
      InterruptCleanup.install(streams: streams)
    }
    let format = options.format.writer(labels: EmotionRecognizer.labels, continuing: resume.hasHeader)
    if let header = format.header, !records.writeHeader(header) {
      guard let path = records.path else { return 0 }
      streams.printError("--output \(path): cannot write it (\(records.lastFailure))")
      return endRecords(records, failed: true)
    }

    var failed = false
    var timeline: [DetectionRecord] = []
    var timelineSource: String?
    for input in resume.ordered(selectedInputs) {
      let outcome = process(
        input, recognizer: recognizer, records: records, format: format, resume: resume,
        annotation: &annotation
      ) { record, kind in
        guard options.timeline != nil, kind.isStream else { return }
        if timelineSource == nil { timelineSource = input }
        if timelineSource == input { timeline.append(record) }
      }
      switch outcome {
      case .done: break
      case .modelFailed: return 1
      case .failed: failed = true
      case .outputClosed: return endRecords(records, failed: failed || records.path != nil)
      case .interrupted(let number):
        _ = records.finish()
        InterruptCleanup.end(by: number)
      }
    }
    if let path = options.timeline {
      failed = !writeTimeline(timeline, source: timelineSource, to: path) || failed
    }
    return endRecords(records, failed: failed)
  }

  /// The CSV header row, without its line ending.
  private var csvHeader: String { CSVWriter.header(labels: EmotionRecognizer.labels) }

  /// Reads what `--resume` continues, checks every output against the inputs and the files
  /// there, and opens the records' file: all before the first frame is read.
  private func prepareOutputs(
    _ inventory: InputInventory
  ) -> Result<(records: RecordOutput, resume: ResumePoint, annotation: AnnotationOutput?), OutputOptionError>
  {
    var resume = ResumePoint()
    if options.resume, let path = options.output {
      switch ResumePoint.read(path, format: options.format, sources: inventory.sources, header: csvHeader) {
      case .success(let point): resume = point
      case .failure(let error): return .failure(error)
      }
    }
    var outputs: [OutputCheck.Output] = []
    var folders: [OutputCheck.Output] = []
    if let path = options.output {
      outputs.append(
        OutputCheck.Output(option: "--output", value: path, path: path, isContinued: options.resume))
    }
    if let path = options.timeline {
      outputs.append(OutputCheck.Output(option: "--timeline", value: path, path: path))
    }
    var annotation: AnnotationOutput?
    if let path = options.annotate {
      switch AnnotationOutput.plan(
        path: path, inputs: selectedInputs, inventory: inventory, replaces: options.overwrite)
      {
      case .success(let output): annotation = output
      case .failure(let error): return .failure(OutputOptionError(error.description))
      }
      if annotation?.isFolder == true {
        folders.append(OutputCheck.Output(option: "--annotate", value: path, path: path))
      }
      // The sources a resumed run passes over write no picture, so theirs may be there.
      let pending = inventory.units.filter { unit in
        !resume.isDone(unit.source, kind: unit.isVideo ? .video : .image)
      }
      for file in annotation?.plannedPaths(for: pending.map(\.source)) ?? [] {
        outputs.append(OutputCheck.Output(option: "--annotate", value: path, path: file))
      }
    }
    if let problem = OutputCheck(inventory: inventory, replaces: options.overwrite).problem(
      outputs: outputs, folders: folders)
    {
      return .failure(problem)
    }
    guard let path = options.output else {
      return .success((RecordOutput(streams: streams), resume, annotation))
    }
    let opening: RecordOutput.Opening =
      options.resume ? .resume(keptLength: resume.keptLength) : options.overwrite ? .replace : .create
    return RecordOutput.open(path, opening, streams: streams).map { ($0, resume, annotation) }
  }

  /// Ends the records (a file is synced to the disk) and gives the exit status.
  private func endRecords(_ records: RecordOutput, failed: Bool) -> Int32 {
    guard let reason = records.finish(), let path = records.path else { return failed ? 1 : 0 }
    streams.printError("--output \(path): cannot finish writing it (\(reason))")
    return 1
  }

  private var recognitionOptions: RecognitionOptions {
    var recognition = RecognitionOptions(detector: options.detector ?? .haar)
    recognition.detection = DetectionOptions(
      scaleFactor: options.scaleFactor, minNeighbors: options.minNeighbors, minSize: options.minSize)
    recognition.wholeImage = options.wholeImage
    return recognition
  }

  /// The inputs this shard processes: every Nth, starting at the Kth.
  var selectedInputs: [String] {
    guard let shard = options.shard else { return options.inputs }
    return options.inputs.enumerated().filter { $0.offset % shard.count == shard.index }.map(\.element)
  }

  private enum Outcome {
    case done, failed, outputClosed
    /// The model or cascade could not be loaded (the error is printed): nothing can run.
    case modelFailed
    /// A signal came while annotating (``InterruptCleanup``).
    case interrupted(Signal)
  }

  private func process(
    _ input: String, recognizer pending: PendingRecognizer, records: RecordOutput, format: any RecordFormat,
    resume: ResumePoint, annotation: inout AnnotationOutput?,
    collect: (DetectionRecord, FrameSourceKind) -> Void
  ) -> Outcome {
    let located = FrameSources.locate(input)
    // Continuing a killed run: what it finished is not done again.
    if resume.isDone(input, kind: located?.kind) { return .done }
    if let name = RawArguments.undecodable[input] {
      streams.printError(
        "\(name): the file name is not valid UTF-8, which emotions cannot open; rename it")
      return .failed
    }
    // Notes (such as skipped files) are held until the source opens, so that an input
    // that fails gets exactly one line.
    let notes = HeldNotes()
    // An annotated video has every frame: ffmpeg skips none, and the frames between two
    // recognised ones keep the last boxes, as fer's Video does.
    let drawsVideo = annotation != nil && located?.isStream == true
    var sourceOptions = FrameSourceOptions(
      every: drawsVideo ? 1 : options.every,
      onNote: { [streams] note in
        if !notes.hold(note) { streams.printError(note) }
      })
    if !resume.recorded.isEmpty {
      sourceOptions.skipsImage = { [resume] path in resume.contains(source: path, frame: 0) }
    }
    let source: any FrameSource
    do throws(FrameSourceError) {
      guard let located else { throw FrameSourceError.notFound(path: input) }
      source = try FrameSources.open(located, options: sourceOptions)
    } catch {
      streams.printError(error.description)
      return .failed
    }
    for note in notes.release() {
      streams.printError(note)
    }
    defer { source.close() }
    let recognizer: EmotionRecognizer
    switch pending.result {
    case .success(let loaded): recognizer = loaded
    case .failure(let error):
      streams.printError(error.description)
      return .modelFailed
    }
    var sink = AnnotationSink(output: annotation, source: source, streams: streams)
    defer {
      sink.end()
      annotation = sink.output
    }
    var progress = ProgressLine(
      total: source.expectedFrameCount, label: input, streams: streams, enabled: showsProgress(source.kind))
    defer { progress.finish() }
    var runOptions = RecognitionRun.Options()
    // A drawn video reads every frame and recognises every Nth; a frame recorded before is
    // recognised again only to draw its boxes.
    runOptions.every = drawsVideo ? options.every : 1
    runOptions.passesOver = { [resume] frame in
      !drawsVideo && resume.contains(source: frame.source, frame: frame.index)
    }
    var run = RecognitionRun(source: source, recognizer: recognizer, options: runOptions)
    var failed = false
    while let batch = run.nextBatch() {
      for item in batch {
        if let number = InterruptCleanup.pendingSignal {
          progress.clear()
          sink.interrupted()
          return .interrupted(number)
        }
        let frame: Frame
        let faces: [RecognizedFace]?
        switch item {
        case .failed(let message):
          progress.clear()
          streams.printError(message)
          sink.sourceFailed()
          failed = true
          continue
        case .read where !drawsVideo:
          // Passed over: its record is there from the killed run.
          progress.advance()
          continue
        case .read(let read): (frame, faces) = (read, nil)
        case .recognized(let read, let recognized): (frame, faces) = (read, recognized.faces)
        }
        progress.clear()
        if !sink.write(frame, faces: faces) { failed = true }
        if let faces, !resume.contains(source: frame.source, frame: frame.index) {
          let record = DetectionRecord(frame: frame, faces: faces)
          collect(record, source.kind)
          if !records.write(format.lines(for: record)) {
            if let path = records.path {
              streams.printError("--output \(path): cannot write it (\(records.lastFailure))")
            }
            sink.outputClosed()
            return .outputClosed
          }
        }
        progress.advance()
      }
    }
    return failed ? .failed : .done
  }

  private func showsProgress(_ kind: FrameSourceKind) -> Bool {
    streams.isErrorTerminal && kind != .image
  }

  private func writeTimeline(_ records: [DetectionRecord], source: String?, to path: String) -> Bool {
    guard let source, !records.isEmpty else {
      streams.printError("--timeline \(path): no video frames to draw")
      return false
    }
    let svg = TimelineSVG(labels: EmotionRecognizer.labels, title: (source as NSString).lastPathComponent)
      .render(records)
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(Array(svg.utf8), to: path, replacing: options.overwrite, mode: 0o666)
      return true
    } catch {
      let advice = error == .exists ? "; add --overwrite to replace it" : ""
      streams.printError("--timeline \(path): \(error)\(advice)")
      return false
    }
  }
}

extension DetectionRecord {
  /// The record of a recognised frame.
  init(frame: Frame, faces: [RecognizedFace]) {
    self.init(
      source: frame.source, frame: frame.index, time: frame.time ?? 0, width: frame.image.width,
      height: frame.image.height,
      faces: faces.map { face in
        Face(
          box: face.box.array, emotion: face.emotion.rawValue,
          scores: face.scores.all.map { ($0.emotion.rawValue, $0.score) },
          detectorConfidence: face.detectorConfidence, keypoints: face.keypoints.map { [$0.x, $0.y] })
      })
  }
}

/// Notes a source sends while it opens, held until it has, then passed straight through.
private final class HeldNotes: Sendable {
  private let held = LockedValue<[String]?>([])

  /// Holds `note` and returns true, or returns false once the notes were released.
  func hold(_ note: String) -> Bool {
    held.withLock { held in
      held?.append(note)
      return held != nil
    }
  }

  /// The notes held so far; later ones are not held.
  func release() -> [String] {
    held.withLock { held in
      defer { held = nil }
      return held ?? []
    }
  }
}

/// The recognizer, loaded on a thread of its own from the start of `detect`, while the first
/// input opens: FFmpeg's libraries take about as long to load (50 ms) as the cascade and the
/// model take to read.
final class PendingRecognizer: Sendable {
  private let loaded = DispatchSemaphore(value: 0)
  private let box = Mutex<Result<EmotionRecognizer, RecognizerError>?>(nil)

  init(_ load: @escaping @Sendable () throws(RecognizerError) -> EmotionRecognizer) {
    Thread.detachNewThread { [self] in
      let result: Result<EmotionRecognizer, RecognizerError>
      do throws(RecognizerError) { result = .success(try load()) } catch { result = .failure(error) }
      box.withLock { $0 = result }
      loaded.signal()
    }
  }

  /// The recognizer or why it could not be loaded, once it is (waiting for it the first time).
  var result: Result<EmotionRecognizer, RecognizerError> {
    if let done = box.withLock({ $0 }) { return done }
    loaded.wait()
    loaded.signal()
    // Set before the signal, so always there.
    return box.withLock { $0 } ?? .failure(.classification(reason: "the model did not load"))
  }
}
