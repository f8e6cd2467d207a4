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
    let merged: [UInt8]
    switch merge() {
    case .success(let bytes): merged = bytes
    case .failure(let error):
      streams.printError(error.message)
      return 2
    }
    guard let output = options.output else {
      return streams.printText(String(decoding: merged, as: UTF8.self)) ? 0 : 1
    }
    if let part = options.parts.first(where: {
      FileIdentity(path: $0) != nil && FileIdentity(path: $0) == FileIdentity(path: output)
    }) {
      streams.printError("--output \(output) is the part \(part); give another name")
      return 2
    }
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(merged, to: output, replacing: options.overwrite, mode: 0o666)
      return 0
    } catch .exists {
      streams.printError("--output \(output) exists; add --overwrite to replace it")
      return 2
    } catch {
      streams.printError("--output \(output): cannot write it (\(error))")
      return 1
    }
  }

  /// The merged file's bytes, or why the parts do not make one run.
  func merge() -> Result<[UInt8], MergeError> {
    var parts: [Part] = []
    for path in options.parts {
      switch Part.read(path) {
      case .success(let part): parts.append(part)
      case .failure(let error): return .failure(error)
      }
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
    for index in 0..<first.stamp.shard.count where byShard[index] == nil {
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
    return assemble(parts, format: first.format)
  }

  /// The records of every part in the inputs' order (each part keeps its own order within an
  /// input), without their stamps or the end-of-input lines; a record given twice is refused.
  private func assemble(_ parts: [Part], format: DetectOptions.OutputFormat) -> Result<[UInt8], MergeError> {
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
    let records = format.records()
    var text = parts[0].file.header.map { records.unstamped(Substring($0 + CSV.lineEnding)) } ?? ""
    for place in placed {
      let part = parts[place.part]
      let range = part.file.entries[place.order].bytes
      text += records.unstamped(Substring(decoding: part.bytes[range], as: UTF8.self))
    }
    return .success(Array(text.utf8))
  }
}
