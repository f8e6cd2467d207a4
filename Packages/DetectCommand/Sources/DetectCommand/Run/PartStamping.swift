/// How a sharded run stamps its records (``PartStamp``): its shard, how many inputs the
/// whole run has, and the run's fingerprint.
struct PartStamping: Sendable {
  /// The shard this run is.
  let shard: DetectOptions.Shard
  /// How many inputs the whole run has, before sharding.
  let inputCount: Int
  /// The fingerprint of the run's inputs and options.
  let run: String

  /// The stamping of a run with `options`, nil unless it is sharded.
  init?(options: DetectOptions) {
    guard let shard = options.shard else { return nil }
    self.shard = shard
    inputCount = options.inputs.count
    run = Self.fingerprint(of: options)
  }

  /// The stamp of a record of input `input` (its index among all inputs).
  func stamp(input: Int, last: Bool) -> PartStamp {
    PartStamp(shard: shard, input: input, inputCount: inputCount, last: last, run: run)
  }

  /// FNV-1a (64 bits) of what makes a run's records what they are: its inputs in order, the
  /// options that change a record, and the shard count. Where the models are and where the
  /// part goes do not count, so every machine's part of one run agrees.
  static func fingerprint(of options: DetectOptions) -> String {
    let shards = options.shard.map { String($0.count) } ?? "1"
    let settings = [
      options.format.rawValue, options.detector?.rawValue ?? "standard", String(options.every),
      String(options.minSize), String(options.scaleFactor), String(options.minNeighbors),
      String(options.wholeImage), shards, String(options.tracks), String(options.embeddings),
    ]
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in (options.inputs + ["\u{1}"] + settings).joined(separator: "\u{0}").utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
