import FaceAnalysis
import FaceAnalysisTracking
import Media
import System

/// The loop of `detect`: carries out each input's ``InputPlan`` (an ``InputRun``), one after
/// another, and keeps what the whole run writes at its end: the people of each stream for
/// `--summary`, and the first video's records for `--timeline`.
struct DetectRun {
  /// How one input ended.
  enum Outcome {
    case done, failed, outputClosed
    /// The model or cascade could not be loaded (the error is printed): nothing can run.
    case modelFailed
    /// A signal came while annotating (``InterruptCleanup``).
    case interrupted(Signal)
  }

  /// What every input's run shares.
  struct Setting {
    /// Where the records go.
    var output: RecordOutput
    /// Their format.
    var format: any RecordFormat
    /// How a shard's records are stamped; nil when the run is not sharded.
    var stamping: PartStamping?
    /// The recognizer, loading.
    var recognizer: PendingRecognizer
    /// Whether the first video's records are kept for `--timeline`.
    var drawsTimeline: Bool
    /// Whether every record is kept for `--report`.
    var keepsRecords = false
    /// Whether a video's or stream's faces are tracked (not with `--no-tracks`).
    var tracksStreams: Bool
    /// What knows a person who comes back by their face (SFace, loaded when first needed); nil
    /// with `--no-reid`, or when no input is a video.
    var embedder: LazyFaceEmbedder?
    /// Where errors and progress go.
    var streams: StandardStreams
  }

  private let setting: Setting
  /// The `--annotate` output, passed from input to input (it remembers the names used).
  private var annotation: AnnotationDestination?
  /// The people of each stream done so far, for `--summary`.
  private(set) var people: [SummaryFormat.People] = []
  /// The video the timeline draws, and its records.
  private(set) var timeline: (source: String, records: [DetectionRecord])?
  /// Every record of the run, in its order, when the setting keeps them (for `--report`).
  private(set) var reported: [DetectionRecord] = []
  /// Whether SFace's failure to load was said (once a run).
  private var saidEmbedderFailure = false

  /// A run in `setting`, drawing into `annotation`.
  init(_ setting: Setting, annotation: AnnotationDestination?) {
    self.setting = setting
    self.annotation = annotation
  }

  /// Reads, recognises and records one input as `plan` says, and ends its records. An input a
  /// killed run finished is not read again; a video's people are followed again through its
  /// recorded faces, for the summary.
  mutating func carryOut(_ plan: InputPlan) -> Outcome {
    if plan.isDone {
      if setting.tracksStreams, plan.located.isStream {
        let people = TrackingStage.people(of: plan.recorded.frames(of: plan.input).map(\.frame))
        self.people.append(SummaryFormat.People(source: plan.input, input: plan.index, summaries: people))
      }
      return .done
    }
    var records = RecordWriter(
      output: setting.output, format: setting.format, stamping: setting.stamping, input: plan.index,
      streams: setting.streams)
    let outcome = read(plan, into: &records)
    switch outcome {
    case .done, .failed: return records.end(plan.input) ? outcome : .outputClosed
    case .outputClosed, .modelFailed, .interrupted: return outcome
    }
  }

  /// Opens the input and runs it to its end.
  private mutating func read(_ plan: InputPlan, into records: inout RecordWriter) -> Outcome {
    guard let source = FrameFeed.open(plan, streams: setting.streams) else { return .failed }
    defer { source.close() }
    let recognizer: EmotionRecognizer
    switch setting.recognizer.result {
    case .success(let loaded): recognizer = loaded
    case .failure(let error):
      setting.streams.printError(error.description)
      return .modelFailed
    }
    let tracking = TrackingStage(embedder: setting.embedder, threads: TrackingStage.embeddingThreads)
    let drawsTimeline = setting.drawsTimeline && timeline == nil && source.kind.isStream
    var input = InputRun(
      plan: plan, source: source, recognizer: recognizer, records: records, annotation: annotation,
      tracking: setting.tracksStreams && source.kind.isStream ? tracking : nil,
      keepsRecords: drawsTimeline || setting.keepsRecords,
      streams: setting.streams)
    var outcome = input.run()
    // SFace loads when the tracker first reads an embedding: if it cannot, motion alone decided.
    if let failure = setting.embedder?.failure, case .done = outcome {
      if !saidEmbedderFailure {
        setting.streams.printError("\(failure.description); people were followed by motion alone")
        saidEmbedderFailure = true
      }
      outcome = .failed
    }
    annotation = input.end()
    records = input.records
    if let people = input.people {
      self.people.append(SummaryFormat.People(source: plan.input, input: plan.index, summaries: people))
    }
    if drawsTimeline, !input.kept.isEmpty { timeline = (plan.input, input.kept) }
    if setting.keepsRecords { reported += input.kept }
    return outcome
  }
}
