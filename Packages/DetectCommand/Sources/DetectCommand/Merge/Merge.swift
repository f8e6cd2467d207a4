import System

/// `emotions merge PART... --output FILE`: the parts of one sharded run (`detect --shard K/N
/// --output part-K…`) joined into exactly the file one `detect` process would have written for
/// the same inputs and options: the records in the inputs' order, one CSV header, no stamp.
///
/// Every part is checked first: each comes from the same run (inputs, options and shard
/// count, by the fingerprint in its stamps), no shard is missing or given twice, no record
/// appears twice, and every input of every shard is done. A part that is unfinished or cut off
/// is named with the command that finishes it, and nothing is written: exit status 2, as for
/// any mistake on the command line. The output is written whole or not at all, never over a
/// part, and over an existing file only with `--overwrite`.
public struct Merge {
  /// The parsed options.
  public let options: MergeOptions
  /// Where the records (when there is no `--output`) and errors go.
  public var streams: StandardStreams

  /// The command with its options, writing to `streams`.
  public init(options: MergeOptions, streams: StandardStreams = .process) {
    self.options = options
    self.streams = streams
  }

  /// Runs the command; returns the exit status.
  public func run() -> Int32 {
    let merged: (records: [UInt8], summary: [UInt8]?)
    switch merge() {
    case .success(let bytes): merged = bytes
    case .failure(let error):
      streams.printError(error.message)
      return 2
    }
    var files: [(option: String, path: String, bytes: [UInt8])] = []
    if let output = options.output { files.append(("--output", output, merged.records)) }
    if let summary = options.summary, let bytes = merged.summary {
      files.append(("--summary", summary, bytes))
    }
    // Every output is checked before any is written.
    for file in files {
      let identity = FileIdentity(path: file.path)
      if let identity, let part = options.parts.first(where: { FileIdentity(path: $0) == identity }) {
        streams.printError("\(file.option) \(file.path) is the part \(part); give another name")
        return 2
      }
      if !options.overwrite, FileIdentity.exists(file.path) {
        streams.printError("\(file.option) \(file.path) exists; add --overwrite to replace it")
        return 2
      }
    }
    if options.output == nil, !streams.printText(String(decoding: merged.records, as: UTF8.self)) { return 1 }
    for file in files {
      do throws(AtomicFile.Failure) {
        try AtomicFile.write(file.bytes, to: file.path, replacing: options.overwrite, mode: 0o666)
      } catch .exists {
        streams.printError("\(file.option) \(file.path) exists; add --overwrite to replace it")
        return 2
      } catch {
        streams.printError("\(file.option) \(file.path): cannot write it (\(error))")
        return 1
      }
    }
    return 0
  }

  /// The merged records' bytes and the merged summary's, or why the parts do not make one run.
  func merge() -> Result<(records: [UInt8], summary: [UInt8]?), MergeError> {
    var parts: [Part] = []
    var summaries: [SummaryPart] = []
    for path in options.parts {
      let bytes: [UInt8]
      switch Part.bytes(path) {
      case .success(let read): bytes = read
      case .failure(let error): return .failure(error)
      }
      // An empty file adds nothing: the part of a shard without inputs, or a summary without
      // people.
      if bytes.isEmpty { continue }
      let read: Result<Void, MergeError> =
        SummaryPart.read(path, bytes: bytes).map { $0.map { summaries.append($0) } }
        ?? Part.read(path, bytes: bytes).map { parts.append($0) }
      if case .failure(let error) = read { return .failure(error) }
    }
    guard let first = parts.first else { return .failure(MergeError("merge needs the parts of a run")) }
    var byShard: [Int: Part] = [:]
    for part in parts {
      guard part.format == first.format, part.stamp.run == first.stamp.run,
        part.stamp.shard.count == first.stamp.shard.count, part.stamp.inputCount == first.stamp.inputCount
      else {
        return .failure(
          MergeError(
            "\(part.path) and \(first.path) are parts of different runs (other inputs, options, format or "
              + "shard count)"))
      }
      if let other = byShard[part.stamp.shard.index] {
        return .failure(MergeError("\(other.path) and \(part.path) are both shard \(part.shardText)"))
      }
      byShard[part.stamp.shard.index] = part
    }
    // A shard numbered past the inputs has none, and so no records to give.
    let shardsWithInputs = min(first.stamp.shard.count, first.stamp.inputCount)
    for index in 0..<shardsWithInputs where byShard[index] == nil {
      return .failure(
        MergeError(
          "shard \(index + 1)/\(first.stamp.shard.count) is missing: give its part too (the --output of "
            + "emotions detect … --shard \(index + 1)/\(first.stamp.shard.count))"))
    }
    for part in parts {
      if part.isTorn {
        return .failure(MergeError("\(part.path) is cut off in its last record; \(part.finishingAdvice)"))
      }
      let done = part.finishedInputs
      let expected = part.expectedInputs
      let finished = expected.filter(done.contains).count
      if finished < expected.count {
        return .failure(
          MergeError(
            "\(part.path) is unfinished: \(finished) of the \(expected.count) inputs of shard \(part.shardText) "
              + "are done; \(part.finishingAdvice)"))
      }
    }
    let summary: [UInt8]?
    switch mergeSummaries(summaries, of: parts) {
    case .success(let merged): summary = merged
    case .failure(let error): return .failure(error)
    }
    return assemble(parts).map { ($0, summary) }
  }

  /// The summary parts' rows in the inputs' order, without their stamps, when `--summary` asks
  /// for them; every shard with people must have given its rows.
  private func mergeSummaries(_ summaries: [SummaryPart], of parts: [Part]) -> Result<[UInt8]?, MergeError> {
    guard let output = options.summary else {
      guard let summary = summaries.first else { return .success(nil) }
      return .failure(MergeError("\(summary.path) is a summary: give --summary FILE for the merged one"))
    }
    guard let first = parts.first else { return .failure(MergeError("merge needs the parts of a run")) }
    var shards: [Int: String] = [:]
    var placed: [(input: Int, part: Int, row: Int)] = []
    for (index, summary) in summaries.enumerated() {
      for (row, entry) in summary.rows.enumerated() {
        guard entry.stamp.run == first.stamp.run, entry.stamp.shard.count == first.stamp.shard.count else {
          return .failure(MergeError("\(summary.path) and \(first.path) are parts of different runs"))
        }
        if let other = shards[entry.stamp.shard.index], other != summary.path {
          return .failure(
            MergeError(
              "\(other) and \(summary.path) are both the summary of shard \(entry.stamp.shard.index + 1)/\(entry.stamp.shard.count)"
            ))
        }
        shards[entry.stamp.shard.index] = summary.path
        placed.append((entry.stamp.input, index, row))
      }
    }
    for part in parts where part.hasPeople && shards[part.stamp.shard.index] == nil {
      return .failure(
        MergeError(
          "the summary of shard \(part.shardText) is missing for --summary \(output): give the --summary file of "
            + "emotions detect … --shard \(part.shardText)"))
    }
    let rows = placed.sorted { ($0.input, $0.part, $0.row) < ($1.input, $1.part, $1.row) }.map {
      (row: summaries[$0.part].rows[$0.row].row, stamp: PartStamp?.none)
    }
    return .success(Array(SummaryFormat(path: output).text(rows, stamped: false).utf8))
  }

  /// The records of every part in the inputs' order (each part keeps its own order within an
  /// input), without their stamps or the end-of-input lines; a record given twice is refused.
  private func assemble(_ parts: [Part]) -> Result<[UInt8], MergeError> {
    struct Placed {
      var input: Int
      var part: Int
      var order: Int
    }
    var seen: [String: String] = [:]
    var placed: [Placed] = []
    for (partIndex, part) in parts.enumerated() {
      for (order, entry) in part.file.entries.enumerated() where !entry.isEndOfInput {
        guard let stamp = entry.stamp else { continue }
        let key = "\(stamp.input)\u{0}\(entry.key.frame)\u{0}\(entry.key.source)"
        if let other = seen[key] {
          return .failure(
            MergeError(
              "\(entry.key.source) frame \(entry.key.frame) is recorded twice (in \(other) and \(part.path)); "
                + "the parts are not one run's"))
        }
        seen[key] = part.path
        placed.append(Placed(input: stamp.input, part: partIndex, order: order))
      }
    }
    placed.sort { ($0.input, $0.part, $0.order) < ($1.input, $1.part, $1.order) }
    var text = parts[0].file.header.map { $0 + CSV.lineEnding } ?? ""
    for place in placed {
      text += parts[place.part].file.entries[place.order].unstamped
    }
    return .success(Array(text.utf8))
  }
}
