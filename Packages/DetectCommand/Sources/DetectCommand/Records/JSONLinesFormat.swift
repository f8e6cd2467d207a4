import FaceAnalysis
import Foundation

/// One JSON object per line, with the keys in the documented order:
/// `{"source","frame","time","width","height","faces":[{"box","emotion","scores"}]}`; a face
/// that BlazeFace found also has `"detector_confidence"` and `"keypoints"` (six `[x, y]`), and with
/// `--embeddings` every face has `"embedding"` (128 numbers).
struct JSONLinesFormat: RecordFormat {
  /// JSON lines have no header.
  let header: String? = nil

  /// The record's one line.
  func lines(for record: DetectionRecord, stamp: PartStamp?) -> [String] {
    [Self.line(for: record, stamp: stamp)]
  }

  /// The record as one line, without the newline; a stamp's keys come last.
  static func line(for record: DetectionRecord, stamp: PartStamp? = nil) -> String {
    var text = "{\"source\":\(quoted(record.key.source)),\"frame\":\(record.key.frame),"
    text +=
      "\"time\":\(number(record.time)),\"width\":\(record.width),\"height\":\(record.height),\"faces\":["
    text += record.faces.map(face).joined(separator: ",")
    return text + "]" + (stamp.map(stamped) ?? "") + "}"
  }

  /// An input's end, with no frame: `{"source":…,"frame":null,…,"faces":[],"shard":…}`.
  func endOfInput(_ source: String, stamp: PartStamp) -> String {
    "{\"source\":\(Self.quoted(source)),\"frame\":null,\"time\":null,\"width\":null,\"height\":null,"
      + "\"faces\":[]\(Self.stamped(stamp))}"
  }

  /// The line without the stamp's keys, which come last.
  func unstamped(_ text: Substring) -> String {
    guard let range = text.range(of: Self.stampStart, options: .backwards) else { return String(text) }
    return text[..<range.lowerBound] + "}\n"
  }

  /// The `time` of a line this format wrote, and its faces: each face's `box`, its `scores` read
  /// as the Float texts they were written as (`null` for NaN), and its `detector_confidence`.
  func recorded(in text: Substring) -> RecordedFrame? {
    guard let timeKey = text.range(of: ",\"time\":"), let list = text.range(of: "\"faces\":["),
      let time = Double(String(text[timeKey.upperBound...].prefix { $0 != "," }))
    else { return nil }
    var rest = text[list.upperBound...]
    var faces: [RecognizedFace] = []
    while let box = rest.range(of: "{\"box\":[") {
      let faceText = rest[box.lowerBound...]
      guard let boxEnd = faceText.firstIndex(of: "]"), let scoresStart = faceText.range(of: "\"scores\":{"),
        let scoresEnd = faceText[scoresStart.upperBound...].firstIndex(of: "}")
      else { return nil }
      let numbers = faceText[box.upperBound..<boxEnd].split(separator: ",").compactMap { Int($0) }
      let scores = faceText[scoresStart.upperBound..<scoresEnd].split(separator: ",").map { pair in
        pair.split(separator: ":").last.flatMap { Float(String($0)) } ?? .nan
      }
      guard numbers.count == 4, let probabilities = EmotionScores(modelOrder: scores) else { return nil }
      var confidence: Float?
      let afterScores = faceText[scoresEnd...]
      let faceEnd = afterScores.range(of: "},{\"box\":")?.lowerBound ?? afterScores.endIndex
      if let key = afterScores[..<faceEnd].range(of: "\"detector_confidence\":") {
        confidence = Float(String(afterScores[key.upperBound...].prefix { $0 != "," && $0 != "}" }))
      }
      faces.append(
        RecognizedFace(
          box: BoundingBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
          scores: probabilities, detectorConfidence: confidence))
      rest = afterScores[faceEnd...]
    }
    return RecordedFrame(time: time, faces: faces)
  }

  /// Where a stamp's keys start.
  private static let stampStart = ",\"\(PartStamp.columns[0])\":"

  /// The stamp's keys, each with a comma before it.
  static func stamped(_ stamp: PartStamp) -> String {
    zip(PartStamp.columns, stamp.fields).map { name, value in
      ",\(quoted(name)):" + (name == "last" ? value : quoted(value))
    }.joined()
  }

  /// One object a line, each `{"source":…,"frame":…,…}`; what follows the last newline is a
  /// torn record.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem> {
    var file = RecordFile()
    var start = 0
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let line = bytes[start..<newline]
      guard let key = try? JSONDecoder().decode(Key.self, from: Data(line)),
        key.frame != nil || key.stamp != nil
      else {
        return .failure(
          .notRecords(
            line: file.entries.count + 1,
            looksLikeOtherFormat: file.entries.isEmpty && line.first == UInt8(ascii: "s")))
      }
      file.entries.append(
        RecordFile.Entry(
          key: FrameKey(source: key.source, frame: key.frame ?? -1), bytes: start..<newline + 1,
          stamp: key.stamp))
      start = newline + 1
    }
    file.wholeLength = start
    return .success(file)
  }

  private static func face(_ face: RecognizedFace) -> String {
    var text = "{\"box\":[\(face.box.array.map(String.init).joined(separator: ","))],"
    text += "\"emotion\":\(quoted(face.emotion.rawValue)),\"scores\":{\(scores(face.scores))}"
    if let confidence = face.detectorConfidence { text += ",\"detector_confidence\":\(number(confidence))" }
    if !face.keypoints.isEmpty {
      let points = face.keypoints.map { "[\(pixel($0.x)),\(pixel($0.y))]" }
      text += ",\"keypoints\":[\(points.joined(separator: ","))]"
    }
    if let embedding = face.embedding {
      text += ",\"embedding\":[\(embedding.map(number).joined(separator: ","))]"
    }
    if let track = face.track {
      text += ",\"track\":{\"id\":\(track.id),\"emotion\":\(quoted(track.emotion.rawValue)),"
      text += "\"scores\":{\(scores(track.scores))}}"
    }
    return text + "}"
  }

  /// Each emotion's probability in model order: `"angry":0.01,"disgust":0,…`.
  private static func scores(_ scores: EmotionScores) -> String {
    scores.all.map { "\(quoted($0.emotion.rawValue)):\(number($0.score))" }.joined(separator: ",")
  }

  /// A pixel coordinate to a hundredth of a pixel, as the detector's accuracy warrants.
  static func pixel(_ value: Double) -> String {
    number((value * 100).rounded() / 100)
  }

  /// A finite number in JSON's form; Swift's shortest round-trip text, with NaN and
  /// infinities (which JSON cannot hold) written as null.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A probability in Float's own shortest round-trip text, so `0.1` prints as `0.1`.
  static func number(_ value: Float) -> String {
    guard value.isFinite else { return "null" }
    return value == 0 ? "0" : "\(value)"
  }

  /// A JSON string literal. Names that are not valid UTF-8 reach here already repaired with
  /// U+FFFD by the caller.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let control where control.value < 0x20 || control.value == 0x7F:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The fields of a record that say which frame it is (none for an end-of-input line), and
  /// its stamp in a part.
  private struct Key: Decodable {
    let source: String
    let frame: Int?
    let stamp: PartStamp?

    enum CodingKeys: String, CodingKey {
      case source, frame, shard, input, last, run
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      source = try container.decode(String.self, forKey: .source)
      frame = try container.decodeIfPresent(Int.self, forKey: .frame)
      guard let shard = try container.decodeIfPresent(String.self, forKey: .shard) else {
        stamp = nil
        return
      }
      let input = try container.decode(String.self, forKey: .input)
      let last = try container.decode(Bool.self, forKey: .last)
      let run = try container.decode(String.self, forKey: .run)
      guard let stamp = PartStamp(fields: [shard, input, last ? "true" : "false", run]) else {
        throw DecodingError.dataCorruptedError(forKey: .shard, in: container, debugDescription: "not a stamp")
      }
      self.stamp = stamp
    }
  }
}
