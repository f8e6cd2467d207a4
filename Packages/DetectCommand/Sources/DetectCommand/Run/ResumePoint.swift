import FaceAnalysis
import Media
import System

/// What `detect --resume --output FILE` finds in FILE: the records a killed run wrote whole,
/// where they end, and which of this run's sources they cover.
///
/// The format reads its own file back with its parser (``RecordFormat/read(_:)``): a JSON line
/// counts when it ends with its newline; CSV's last frame is always done again, since rows do not say how
/// many faces their frame has. A file that holds anything else, or records of sources this
/// run does not read, is refused: continuing it would mix two runs.
struct ResumePoint: Equatable {
  /// How many bytes of the file to keep; the rest is cut off before appending.
  var keptLength = 0
  /// Whether the kept part already has CSV's header row.
  var hasHeader = false
  /// The frames already recorded.
  var recorded: Set<FrameKey> = []
  /// The sources with records, for look-ups.
  var recordedSources: Set<String> = []
  /// The source of the last record kept: the one input that may have been cut off midway.
  var lastSource: String?
  /// The time and faces recorded for each frame: a tracker going through a video again is fed
  /// them for the frames it passes over, and one for a video done is fed them all, so that its
  /// people, steady labels and summary come out as in a run never stopped.
  var recordedFrames: [FrameKey: RecordedFrame] = [:]

  /// The frames recorded for `source`, in frame order.
  func frames(of source: String) -> [(index: Int, frame: RecordedFrame)] {
    recordedFrames.filter { $0.key.source == source }.map { ($0.key.frame, $0.value) }.sorted {
      $0.index < $1.index
    }
  }
  /// In a part of a sharded run: the inputs (by index among all) whose last record is there.
  var finishedInputs: Set<Int> = []
  /// Whether the file is a part of a sharded run, whose records say which inputs are done.
  var isPart = false

  /// Whether the frame's record is in the file.
  func contains(_ key: FrameKey) -> Bool {
    recorded.contains(key)
  }

  /// Whether every record of `input` (an image, video, camera or graph given on the command
  /// line) is in the file: an image's one record, or a video's records followed by another
  /// source's, which a run starts only when the video is done. Folders and lists are gone
  /// through again, their recorded images passed over unread.
  func isDone(_ input: String, kind: FrameSourceKind?) -> Bool {
    switch kind {
    case .image: return contains(FrameKey(source: input, frame: 0))
    case .video, .camera, .lavfi: return recordedSources.contains(input) && input != lastSource
    case .folder, .list, nil: return false
    }
  }

  /// Whether input number `index` (among all) is done, in a part, whose records say so; nil
  /// in another file.
  func isFinished(inputAt index: Int) -> Bool? {
    isPart ? finishedInputs.contains(index) : nil
  }

  /// `inputs` with the one that may have been cut off midway first, so that it is finished
  /// before any other source's record follows its last one.
  func ordered<Input>(_ inputs: [Input], by input: (Input) -> String) -> [Input] {
    guard let lastSource, let index = inputs.firstIndex(where: { input($0) == lastSource }) else {
      return inputs
    }
    var ordered = inputs
    ordered.insert(ordered.remove(at: index), at: 0)
    return ordered
  }

  /// Reads the file at `path`, written as `format` for a run over `sources`; a missing or
  /// empty file is a start from nothing.
  static func read(
    _ path: String, format: DetectOptions.OutputFormat, sources: Set<String>
  ) -> Result<ResumePoint, OutputOptionError> {
    let bytes: [UInt8]
    switch RegularFile.read(path) {
    case .bytes(let content): bytes = content
    case .missing: return .success(ResumePoint())
    case .unreadable(let reason):
      return .failure(OutputOptionError("--resume --output \(path): cannot read it (\(reason))"))
    }
    return read(bytes, of: path, format: format, sources: sources)
  }

  /// Reads `bytes`, the file at `path`, written as `format` for a run over `sources`.
  static func read(
    _ bytes: [UInt8], of path: String, format: DetectOptions.OutputFormat, sources: Set<String>
  ) -> Result<ResumePoint, OutputOptionError> {
    let file: RecordFile
    switch format.records().read(bytes) {
    case .success(let read): file = read
    case .failure(.notRecords(let line, let looksLikeOtherFormat)):
      let (this, other) =
        format == .csv
        ? ("CSV (--format csv)", "JSON lines (--json)") : ("JSON lines (--json)", "CSV (--format csv)")
      if looksLikeOtherFormat {
        return .failure(
          OutputOptionError(
            "--resume --output \(path) holds \(other), not \(this); resume with the format that wrote it"))
      }
      return .failure(
        OutputOptionError(
          "--resume --output \(path): line \(line) is not a record of emotions detect in \(this); "
            + "give another --output, or remove the file to start again"))
    }
    var point = ResumePoint(keptLength: file.wholeLength, hasHeader: file.hasHeader)
    point.isPart = file.entries.first?.stamp != nil
    for entry in file.entries {
      if let stamp = entry.stamp, stamp.last { point.finishedInputs.insert(stamp.input) }
      if entry.isEndOfInput { continue }
      guard sources.contains(entry.key.source) else {
        return .failure(
          OutputOptionError(
            "--resume --output \(path) holds records of \(entry.key.source), which this run does not read; "
              + "resume with the inputs (and --shard) of the run that wrote it, or give another --output"))
      }
      point.recorded.insert(entry.key)
      point.recordedSources.insert(entry.key.source)
      point.lastSource = entry.key.source
      point.recordedFrames[entry.key] = entry.frame
    }
    return .success(point)
  }
}
