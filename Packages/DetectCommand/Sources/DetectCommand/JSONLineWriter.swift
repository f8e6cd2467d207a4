/// Writes a ``DetectionRecord`` as one line of JSON, with the keys in the documented order:
/// `{"source","frame","time","width","height","faces":[{"box","emotion","scores"}]}`; a face
/// that BlazeFace found also has `"detector_confidence"` and `"keypoints"` (six `[x, y]`).
struct JSONLineWriter: RecordFormat {
  /// JSON lines have no header.
  let header: String? = nil

  /// The record's one line.
  func lines(for record: DetectionRecord) -> [String] { [Self.line(for: record)] }

  /// The record as one line, without the newline.
  static func line(for record: DetectionRecord) -> String {
    var text = "{\"source\":\(quoted(record.source)),\"frame\":\(record.frame),"
    text +=
      "\"time\":\(number(record.time)),\"width\":\(record.width),\"height\":\(record.height),\"faces\":["
    text += record.faces.map(face).joined(separator: ",")
    return text + "]}"
  }

  private static func face(_ face: DetectionRecord.Face) -> String {
    let box = face.box.map(String.init).joined(separator: ",")
    let scores = face.scores.map { "\(quoted($0.label)):\(number($0.probability))" }.joined(separator: ",")
    var text = "{\"box\":[\(box)],\"emotion\":\(quoted(face.emotion)),\"scores\":{\(scores)}"
    if let confidence = face.detectorConfidence { text += ",\"detector_confidence\":\(number(confidence))" }
    if !face.keypoints.isEmpty {
      let points = face.keypoints.map { "[" + $0.map(pixel).joined(separator: ",") + "]" }
      text += ",\"keypoints\":[\(points.joined(separator: ","))]"
    }
    return text + "}"
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
}
