import FaceAnalysis
import Foundation
import Synchronization
import System

/// `emotions detect <path>...`: faces and emotions of images, folders, videos and cameras,
/// as a table or JSON lines.
///
/// Each input that fails gets one line on standard error and the others go on; the exit
/// status is 1 when any failed. A reader that closes standard output ends the run quietly,
/// with every ffmpeg child reaped.
struct DetectCommand {
  /// The parsed options.
  let options: DetectOptions
  /// Where the results, errors and progress go.
  var streams = StandardStreams.process

  /// Runs the command; returns the exit status.
  func run() -> Int32 {
    // A reader that goes away is an EPIPE to stop on, not a signal that kills the process.
    signal(SIGPIPE, SIG_IGN)
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
    let header: String? =
      switch options.format {
      case .table: TableWriter.header
      case .csv: resume.hasHeader ? nil : csvHeader + "\r"
      case .json: nil
      }
    if let header, !records.writeHeader(header) {
      guard let path = records.path else { return 0 }
      streams.printError("--output \(path): cannot write it (\(records.lastFailure))")
      return endRecords(records, failed: true)
    }

    var failed = false
    var timeline: [DetectionRecord] = []
    var timelineSource: String?
    for input in resume.ordered(selectedInputs) {
      let outcome = process(
        input, recognizer: recognizer, records: records, resume: resume, annotation: &annotation
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
  ) -> Result<(records: RecordOutput, resume: ResumePoint, annotation: AnnotationOutput?), UsageError> {
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
      case .failure(let error): return .failure(UsageError(error.description))
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
    case interrupted(Int32)
  }

  private func process(
    _ input: String, recognizer pending: PendingRecognizer, records: RecordOutput, resume: ResumePoint,
    annotation: inout AnnotationOutput?, collect: (DetectionRecord, FrameSourceKind) -> Void
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
    let every = options.every
    var sourceOptions = FrameSourceOptions(
      every: drawsVideo ? 1 : every,
      onNote: { note in
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
    var failed = false
    var ended = false
    while !ended {
      // A few frames at a time are recognised on all cores together, then written in order.
      var batch: [Result<Frame, FrameFailure>] = []
      while batch.count < Self.framesInFlight {
        do {
          guard let frame = try source.next() else {
            ended = true
            break
          }
          batch.append(.success(frame))
        } catch {
          batch.append(.failure(FrameFailure(message: error.description)))
          if source.kind == .folder || source.kind == .list { continue }
          ended = true
          break
        }
      }
      // Frames share the cores; one frame alone may use them all.
      var frameRecognizer = recognizer
      frameRecognizer.threadsPerImage = batch.count > 1 ? 1 : ProcessInfo.processInfo.activeProcessorCount
      let outcomes = batch.concurrentMap { [frameRecognizer, resume] item in
        item.flatMap { frame -> Result<Analysed, FrameFailure> in
          // A frame recorded before is recognised again only to draw its boxes.
          let isRecorded = resume.contains(source: frame.source, frame: frame.index)
          if isRecorded, !drawsVideo { return .success(Analysed(frame: frame, isRecorded: true)) }
          guard !drawsVideo || frame.index % every == 0 else { return .success(Analysed(frame: frame)) }
          do throws(RecognizerError) {
            return .success(Analysed(frame: frame, faces: try frameRecognizer.recognize(frame.image)))
          } catch {
            return .failure(FrameFailure(message: "\(frame.source): \(error.description)"))
          }
        }
      }
      for outcome in outcomes {
        if let number = InterruptCleanup.pendingSignal {
          progress.clear()
          sink.interrupted()
          return .interrupted(number)
        }
        switch outcome {
        case .failure(let failure):
          progress.clear()
          streams.printError(failure.message)
          sink.sourceFailed()
          failed = true
        case .success(let analysed) where analysed.isRecorded:
          progress.advance()
        case .success(let analysed):
          progress.clear()
          if !sink.write(analysed.frame, faces: analysed.faces) { failed = true }
          if let faces = analysed.faces,
            !resume.contains(source: analysed.frame.source, frame: analysed.frame.index)
          {
            let record = DetectionRecord(frame: analysed.frame, faces: faces)
            collect(record, source.kind)
            if !records.write(lines(for: record)) {
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
    }
    return failed ? .failed : .done
  }

  /// The lines of one record in the chosen format.
  private func lines(for record: DetectionRecord) -> [String] {
    switch options.format {
    case .json: [JSONLineWriter.line(for: record)]
    case .table: TableWriter.rows(for: record)
    case .csv: CSVWriter.rows(for: record, labels: EmotionRecognizer.labels).map { $0 + "\r" }
    }
  }

  /// A frame read, with its faces; nil faces for a frame only drawn (between every Nth), or
  /// passed over because its record is there from a killed run (`isRecorded`).
  private struct Analysed: Sendable {
    var frame: Frame
    var faces: [RecognizedFace]?
    var isRecorded = false
  }

  /// How many frames are read ahead and recognised at once: two per core, so that a core
  /// that finishes early finds another frame.
  private static let framesInFlight = 2 * ProcessInfo.processInfo.activeProcessorCount

  /// A frame that could not be read or recognised: one line for standard error.
  private struct FrameFailure: Error {
    let message: String
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
    let failure = AtomicFile.write(to: path, replacing: options.overwrite) { temporary in
      FileManager.default.createFile(atPath: temporary, contents: Data(svg.utf8)) ? nil : "cannot write it"
    }
    guard let failure else { return true }
    let advice = failure == AtomicFile.existsReason ? "; add --overwrite to replace it" : ""
    streams.printError("--timeline \(path): \(failure)\(advice)")
    return false
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
private final class HeldNotes: @unchecked Sendable {
  private let lock = NSLock()
  private var held: [String]? = []

  /// Holds `note` and returns true, or returns false once the notes were released.
  func hold(_ note: String) -> Bool {
    lock.withLock {
      held?.append(note)
      return held != nil
    }
  }

  /// The notes held so far; later ones are not held.
  func release() -> [String] {
    lock.withLock {
      defer { held = nil }
      return held ?? []
    }
  }
}

/// The recognizer, loaded on a thread of its own from the start of `detect`, while the first
/// input opens: a video's ffprobe and ffmpeg take about as long to start (a tenth of a second
/// or more each) as the cascade and the model take to read.
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
