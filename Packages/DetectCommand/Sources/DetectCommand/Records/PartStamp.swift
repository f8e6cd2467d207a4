/// What each record of a sharded run (`--shard K/N`) carries beyond the record, so that
/// `emotions merge` can put the parts back together as one run's file: the shard, the run it
/// belongs to, its input's place among all the run's inputs, and whether it is that input's
/// last record. JSON lines gain the keys `shard`, `input`, `last` and `run`, and CSV the columns
/// of the same names, so pandas reads a part as it reads any records.
struct PartStamp: Equatable, Sendable {
  /// The shard, `K/N`.
  var shard: DetectOptions.Shard
  /// The input this record comes from, from 0, among `inputCount` inputs (before sharding).
  var input: Int
  /// How many inputs the whole run has.
  var inputCount: Int
  /// Whether this is the last record of its input: the input is done.
  var last: Bool
  /// A fingerprint of the run's inputs and options, the same in every part of one run.
  var run: String

  /// The column names, in CSV order.
  static let columns = ["shard", "input", "last", "run"]

  /// The values, in ``columns`` order, as both formats write them (`2/4`, `3/12`, `true`).
  var fields: [String] {
    ["\(shard.index + 1)/\(shard.count)", "\(input + 1)/\(inputCount)", last ? "true" : "false", run]
  }

  /// The stamp written as `fields` say, or nil when they do not make one.
  init?(fields: [String]) {
    guard fields.count == 4, let shard = DetectOptions.Shard(fields[0]),
      let input = DetectOptions.Shard(fields[1]), fields[2] == "true" || fields[2] == "false"
    else { return nil }
    self.init(
      shard: shard, input: input.index, inputCount: input.count, last: fields[2] == "true", run: fields[3])
  }

  /// A stamp from its parts.
  init(shard: DetectOptions.Shard, input: Int, inputCount: Int, last: Bool, run: String) {
    self.shard = shard
    self.input = input
    self.inputCount = inputCount
    self.last = last
    self.run = run
  }
}

extension PartStamp {
  private enum Keys: String, CodingKey {
    case shard, input, last, run
  }

  /// The stamp of a part's JSON line, in its keys `shard`, `input`, `last` and `run` (a record's
  /// or a summary's); nil when the line has none.
  static func decodeIfPresent(from decoder: any Decoder) throws -> PartStamp? {
    let object = try decoder.container(keyedBy: Keys.self)
    guard let shard = try object.decodeIfPresent(String.self, forKey: .shard) else { return nil }
    let fields = [
      shard, try object.decode(String.self, forKey: .input),
      try object.decode(Bool.self, forKey: .last) ? "true" : "false",
      try object.decode(String.self, forKey: .run),
    ]
    guard let stamp = PartStamp(fields: fields) else {
      throw DecodingError.dataCorruptedError(
        forKey: .shard, in: object, debugDescription: "not a part's stamp")
    }
    return stamp
  }

  /// The stamp's keys as JSON lines write them, each with a comma before it, to end an object.
  var jsonKeys: String {
    zip(Self.columns, fields).map { name, value in
      ",\"\(name)\":" + (name == "last" ? value : JSONLinesFormat.quoted(value))
    }.joined()
  }
}
