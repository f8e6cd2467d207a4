import FaceAnalysis
import Foundation
import Media
import System

/// `emotions detect <path>...`: faces and emotions of images, folders, videos and cameras,
/// as a table, JSON lines or CSV.
///
/// Each input that fails gets one line on standard error and the others go on; the exit
/// status is 1 when any failed. A reader that closes standard output ends the run quietly,
/// with every ffmpeg child reaped.
public struct Detect {
  /// The parsed options.
  public let options: DetectOptions
  /// Where the results, errors and progress go.
  public var streams: StandardStreams
  /// The version of `emotions`, shown in `--report`'s page.
  public var version: String

  /// The command with its options, writing to `streams`; `version` is shown in `--report`'s page.
  public init(options: DetectOptions, streams: StandardStreams = .process, version: String = "unknown") {
    self.options = options
    self.streams = streams
    self.version = version
  }

  /// Runs the command; returns the exit status.
  public func run() -> Int32 {
    ProcessSignals.ignoreBrokenPipe()
    // Standard output closed before the start (`>&-`): nowhere to write, so end as when a
    // reader closes the pipe. Nothing is opened first: a pipe made now would become
    // descriptor 1 and a child's output would go astray.
    if options.output == nil, !streams.isOutputOpen { return 0 }
    let indices = selectedIndices
    let inputs = indices.map { LocatedInput(options.inputs[$0]) }
    let continuesSummary = self.continuesSummary
    let started: Started
    switch start(inputs, continuesSummary: continuesSummary) {
    case .running(let running): started = running
    case .ended(let status): return status
    }
    let records = started.setting.output
    var run = DetectRun(started.setting, annotation: started.annotation)
    var failed = false
    let plans = zip(inputs, indices).map {
      InputPlan($0, index: $1, options: options, resume: started.resume)
    }
    for plan in started.resume.ordered(plans, by: \.input) {
      switch run.carryOut(plan) {
      case .done: break
      case .modelFailed:
        records.removeIfUnwritten()
        return 1
      case .failed: failed = true
      case .outputClosed: return endRecords(records, failed: failed || records.path != nil)
      case .interrupted(let signal):
        _ = records.finish()
        InterruptCleanup.end(by: signal)
      }
    }
    if let path = options.timeline {
      failed = !writeTimeline(run.timeline, to: path) || failed
    }
    if let path = options.summary {
      let people = run.people.sorted { $0.input < $1.input }
      let text = SummaryFormat(path: path).text(people, stamping: started.setting.stamping)
      failed = !writeFile(text, option: "--summary", to: path, replacing: continuesSummary) || failed
    }
    if let path = options.report {
      failed = !writeReport(of: run, models: started.models, to: path) || failed
    }
    return endRecords(records, failed: failed)
  }

  /// A run ready to read its first input.
  private struct Started {
    /// What every input's run shares.
    var setting: DetectRun.Setting
    /// What a killed run left, for `--resume`.
    var resume: ResumePoint
    /// The `--annotate` output.
    var annotation: AnnotationDestination?
    /// The model files the run loads, named in `--report`'s page.
    var models: ModelFiles
  }

  /// How ``start(_:continuesSummary:)`` ended: running, or with the exit status of a run that
  /// ends before its first input.
  private enum Start {
    case running(Started)
    case ended(Int32)
  }

  /// Everything before the first input is read: every output checked and opened, the models
  /// found and loading, the records' header written.
  private func start(_ inputs: [LocatedInput], continuesSummary: Bool) -> Start {
    // Every output is checked, and a killed run's records read, before anything else; a
    // run that writes only to standard output lists nothing.
    let writesFiles =
      options.output != nil || options.annotate != nil || options.timeline != nil || options.report != nil
    let inventory = InputInventory(inputs: writesFiles ? inputs : [])
    let prepared: (records: RecordOutput, resume: ResumePoint, annotation: AnnotationDestination?)
    switch prepareOutputs(inputs, inventory, continuesSummary: continuesSummary) {
    case .success(let outputs): prepared = outputs
    case .failure(let error):
      streams.printError(error.message)
      return .ended(2)
    }
    let (records, resume) = (prepared.records, prepared.resume)
    // Every refusal of an output comes first; a missing model then removes the file just made.
    let files: ModelFiles
    let recognition = recognitionOptions
    // People in a video are known again by their faces: SFace is needed there too.
    let reidentifies = options.tracks && options.reidentifies && inputs.contains(where: \.isStream)
    do {
      files = try ModelFiles.locate(
        modelDirectory: options.modelDirectory, detector: recognition.detector,
        embeddings: options.embeddings || reidentifies)
    } catch {
      records.removeIfUnwritten()
      var advice = ""
      if !options.embeddings, case .modelNotFound(let file, _) = error, file == FaceEmbedder.modelName {
        advice = "; or add --no-reid to follow people by motion alone"
      }
      streams.printError(error.description + advice)
      return .ended(1)
    }
    // The models load on a thread of their own while the first input opens; SFace with them only
    // for the records (--embeddings): the tracker loads it when it first reads an embedding.
    var recognizerFiles = files
    if !options.embeddings { recognizerFiles.embeddingModel = nil }
    let recognizer = PendingRecognizer { [recognizerFiles] () throws(RecognizerError) in
      try EmotionRecognizer(files: recognizerFiles, options: recognition)
    }
    let embedder = reidentifies ? files.embeddingModel.map(LazyFaceEmbedder.init(contentsOf:)) : nil
    // With --embeddings every face has its embedding already: the tracker never loads SFace again.
    if !options.embeddings { embedder?.loadInBackground() }
    if let output = prepared.annotation {
      if let error = output.createFolder() {
        streams.printError(error.description)
        return .ended(2)
      }
      InterruptCleanup.install(streams: streams)
    }
    // A shard's records are stamped for `emotions merge` (not a table's, which is for people).
    let stamping = options.format == .table ? nil : PartStamping(options: options)
    let format = options.format.records(
      continuing: resume.hasHeader, stamped: stamping != nil, tracks: options.tracks)
    if let header = format.header, !records.writeHeader(header) {
      guard let path = records.path else { return .ended(0) }
      streams.printError("--output \(path): cannot write it (\(records.lastFailure))")
      return .ended(endRecords(records, failed: true))
    }
    let setting = DetectRun.Setting(
      output: records, format: format, stamping: stamping, recognizer: recognizer,
      drawsTimeline: options.timeline != nil, keepsRecords: options.report != nil,
      tracksStreams: options.tracks, embedder: embedder, streams: streams)
    return .running(Started(setting: setting, resume: resume, annotation: prepared.annotation, models: files))
  }

  /// Reads what `--resume` continues, checks every output against the inputs and the files
  /// there, and opens the records' file: all before the first frame is read.
  private func prepareOutputs(
    _ inputs: [LocatedInput], _ inventory: InputInventory, continuesSummary: Bool
  ) -> Result<
    (records: RecordOutput, resume: ResumePoint, annotation: AnnotationDestination?), OutputOptionError
  > {
    var resume = ResumePoint()
    if options.resume, let path = options.output {
      switch ResumePoint.read(path, format: options.format, sources: inventory.sources) {
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
    if let path = options.summary {
      outputs.append(
        OutputCheck.Output(option: "--summary", value: path, path: path, isContinued: continuesSummary))
    }
    if let path = options.report {
      outputs.append(OutputCheck.Output(option: "--report", value: path, path: path))
    }
    var annotation: AnnotationDestination?
    if let path = options.annotate {
      switch AnnotationDestination.plan(
        path: path, inputs: inputs, inventory: inventory, replaces: options.overwrite)
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

  /// Whether `--resume` rewrites the `--summary` file already there: only when it holds a
  /// summary (of the killed run), which is made again whole from the records.
  private var continuesSummary: Bool {
    guard options.resume, options.output != nil, let path = options.summary,
      case .bytes(let bytes) = RegularFile.read(path)
    else { return false }
    return SummaryPart.isSummary(bytes)
  }

  private var recognitionOptions: RecognitionOptions {
    var recognition = RecognitionOptions(detector: options.detector ?? .standard)
    recognition.detection = DetectionOptions(
      scaleFactor: options.scaleFactor, minNeighbors: options.minNeighbors, minSize: options.minSize)
    recognition.wholeImage = options.wholeImage
    return recognition
  }

  /// The indices of the inputs this shard processes: every Nth, starting at the Kth.
  var selectedIndices: [Int] {
    guard let shard = options.shard else { return Array(options.inputs.indices) }
    return options.inputs.indices.filter { $0 % shard.count == shard.index }
  }

  private func writeTimeline(
    _ timeline: (source: String, records: [DetectionRecord])?, to path: String
  ) -> Bool {
    guard let timeline else {
      streams.printError("--timeline \(path): no video frames to draw")
      return false
    }
    let svg = TimelineSVG(title: (timeline.source as NSString).lastPathComponent).render(timeline.records)
    return writeFile(svg, option: "--timeline", to: path)
  }

  /// Writes `--report`'s page of the run's records and people, its pictures cut from the
  /// inputs again; false, said on standard error, when a picture or the page could not be made.
  private func writeReport(of run: DetectRun, models: ModelFiles, to path: String) -> Bool {
    let people =
      options.tracks
      ? run.people.flatMap { video in
        video.summaries.map { SummaryRow($0, source: video.source) }
      } : nil
    let names = [models.emotionModel, models.detectorModel] + (models.embeddingModel.map { [$0] } ?? [])
    let facts = ReportFacts(
      version: version, detector: models.detector, models: names.map(\.lastPathComponent))
    let page = ReportPage(records: run.reported, summary: people, facts: facts)
    let output = ReportOutput(option: "--report", path: path, replaces: options.overwrite)
    return output.write(page, thumbnails: MediaThumbnailProvider(), streams: streams) == 0
  }

  /// Writes a file a whole run makes (the timeline, the summary), whole or not at all; false,
  /// said on standard error, when it could not be.
  private func writeFile(_ text: String, option: String, to path: String, replacing: Bool = false) -> Bool {
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(Array(text.utf8), to: path, replacing: options.overwrite || replacing, mode: 0o666)
      return true
    } catch {
      let advice = error == .exists ? "; add --overwrite to replace it" : ""
      streams.printError("\(option) \(path): \(error)\(advice)")
      return false
    }
  }
}
