import FaceAnalysis
import Foundation

/// One JSON object per line, with the keys in the documented order:
/// `{"source","frame","time","width","height","faces":[{"box","emotion","scores"}]}`; a face
/// that BlazeFace found also has `"detector_confidence"` and `"keypoints"` (six `[x, y]`), with
/// `--embeddings` every face has `"embedding"` (128 numbers), and a person's face in a video
/// has `"track"`. Numbers are written by ``RecordNumber``; lines are read back by
/// ``JSONRecordLine`` (`JSONDecoder`).
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
      "\"time\":\(RecordNumber.text(record.time)),\"width\":\(record.width),\"height\":\(record.height),\"faces\":["
    text += record.faces.map(face).joined(separator: ",")
    return text + "]" + (stamp?.jsonKeys ?? "") + "}"
  }

  /// An input's end, with no frame: `{"source":…,"frame":null,…,"faces":[],"shard":…}`.
  func endOfInput(_ source: String, stamp: PartStamp) -> String {
    "{\"source\":\(Self.quoted(source)),\"frame\":null,\"time\":null,\"width\":null,\"height\":null,"
      + "\"faces\":[]\(stamp.jsonKeys)}"
  }

  /// One object a line, each a record (``JSONRecordLine``); what follows the last newline is a
  /// torn record.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem> {
    var file = RecordFile()
    var start = 0
    let decoder = JSONDecoder()
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let text = bytes[start..<newline]
      guard let line = try? decoder.decode(JSONRecordLine.self, from: Data(text)) else {
        return .failure(
          .notRecords(
            line: file.entries.count + 1,
            looksLikeOtherFormat: file.entries.isEmpty && text.first == UInt8(ascii: "s")))
      }
      var entry = RecordFile.Entry(
        key: FrameKey(source: line.source, frame: line.record?.key.frame ?? -1), bytes: start..<newline + 1,
        stamp: line.stamp)
      if let record = line.record {
        entry.frame = RecordedFrame(time: record.time, faces: record.faces)
        entry.hasPerson = record.faces.contains { $0.track != nil }
        entry.unstamped = Self.line(for: record) + "\n"
      }
      file.entries.append(entry)
      start = newline + 1
    }
    file.wholeLength = start
    return .success(file)
  }

  private static func face(_ face: RecognizedFace) -> String {
    var text = "{\"box\":[\(face.box.array.map(String.init).joined(separator: ","))],"
    text += "\"emotion\":\(quoted(face.emotion.rawValue)),\"scores\":{\(scores(face.scores))}"
    if let confidence = face.detectorConfidence {
      text += ",\"detector_confidence\":\(RecordNumber.text(confidence))"
    }
    if !face.keypoints.isEmpty {
      let points = face.keypoints.map { "[\(RecordNumber.pixel($0.x)),\(RecordNumber.pixel($0.y))]" }
      text += ",\"keypoints\":[\(points.joined(separator: ","))]"
    }
    if let embedding = face.embedding {
      text += ",\"embedding\":[\(embedding.map(RecordNumber.text).joined(separator: ","))]"
    }
    if let track = face.track {
      text += ",\"track\":{\"id\":\(track.id),\"emotion\":\(quoted(track.emotion.rawValue)),"
      text += "\"scores\":{\(scores(track.scores))}}"
    }
    return text + "}"
  }

  /// Each emotion's probability in model order: `"angry":0.01,"disgust":0,…`.
  static func scores(_ scores: EmotionScores) -> String {
    scores.all.map { "\(quoted($0.emotion.rawValue)):\(RecordNumber.text($0.score))" }.joined(separator: ",")
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
}
