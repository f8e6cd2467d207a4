import System

/// One part of a sharded run, read for `emotions merge`: its records (``RecordFile``), its
/// format, and the run and shard its stamps name.
struct Part {
  /// The part as given.
  let path: String
  /// The file's bytes.
  let bytes: [UInt8]
  /// `--json` or `--format csv`.
  let format: DetectOptions.OutputFormat
  /// Its records, each stamped.
  let file: RecordFile
  /// The stamp every record shares but for the input and whether it is the last.
  let stamp: PartStamp

  /// The bytes of the file at `path`, or the line that says why there are none.
  static func bytes(_ path: String) -> Result<[UInt8], MergeError> {
    switch RegularFile.read(path) {
    case .bytes(let content): return .success(content)
    case .missing: return .failure(MergeError("\(path): no such file"))
    case .unreadable(let reason): return .failure(MergeError("\(path): cannot read it (\(reason))"))
    }
  }

  /// Reads the part `path` holding `bytes`, or the one line that says why it is not a part.
  static func read(_ path: String, bytes: [UInt8]) -> Result<Part, MergeError> {
    let format: DetectOptions.OutputFormat = bytes.first == UInt8(ascii: "{") ? .json : .csv
    guard case .success(let file) = format.records().read(bytes) else {
      return .failure(MergeError("\(path) is not records of emotions detect --json or --format csv"))
    }
    guard let first = file.entries.first else {
      return .failure(
        MergeError("\(path) holds no record yet: run its detect command with --resume to finish it"))
    }
    guard let stamp = first.stamp else {
      return .failure(
        MergeError("\(path) is not a part of a sharded run: its records have no shard (detect --shard K/N)"))
    }
    for entry in file.entries {
      guard let other = entry.stamp, other.shard == stamp.shard, other.run == stamp.run,
        other.inputCount == stamp.inputCount
      else {
        return .failure(MergeError("\(path) holds records of more than one run or shard"))
      }
    }
    return .success(Part(path: path, bytes: bytes, format: format, file: file, stamp: stamp))
  }

  /// The shard as `--shard` says it: `2/4`.
  var shardText: String { "\(stamp.shard.index + 1)/\(stamp.shard.count)" }

  /// The inputs of the whole run that this shard reads, by index.
  var expectedInputs: [Int] {
    Array(stride(from: stamp.shard.index, to: stamp.inputCount, by: stamp.shard.count))
  }

  /// The inputs whose last record is in the part.
  var finishedInputs: Set<Int> {
    Set(file.entries.compactMap { $0.stamp.flatMap { $0.last ? $0.input : nil } })
  }

  /// Whether a face of the part has a person (a track), so its shard has people to summarise.
  var hasPeople: Bool { file.entries.contains(where: \.hasPerson) }

  /// Whether something follows the last whole record: a record cut off by a crash.
  var isTorn: Bool { file.wholeLength < bytes.count }

  /// How to finish the part: its detect command again, with `--resume`.
  var finishingAdvice: String {
    "run the detect command that wrote it again with --resume "
      + "(emotions detect … --shard \(shardText) --output \(path) --resume)"
  }
}
