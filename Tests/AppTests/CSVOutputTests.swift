import Foundation
import Testing

@testable import EmotionsApp

/// `emotions detect --format csv`, read back by Python's `csv` module and held against the
/// `--json` output of the same run.
@Suite("detect --format csv", .serialized)
struct CSVOutputTests {
  /// The rows of a CSV file as Python's csv module reads them.
  static func pythonRows(_ path: String) throws -> [[String]] {
    let script = "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='')))))"
    let data = try MediaTools.output(["python3", "-c", script, path])
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
  }

  @Test func csvHoldsWhatJSONHoldsOneRowPerFaceAndNamesSurviveQuoting() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let awkward = folder.appendingPathComponent("a, \"quoted\" name.png").path
    try FileManager.default.copyItem(atPath: fixture("group.png"), toPath: awkward)
    let inputs = [awkward, fixture("noface.mp4"), fixture("faces.mp4"), "--every", "7"]
    let csv = try DetectCommandTests.run(["detect", "--format", "csv"] + inputs)
    let json = try DetectCommandTests.run(["detect", "--json"] + inputs)
    #expect(csv.status == 0 && json.status == 0)
    let file = folder.appendingPathComponent("out.csv").path
    try Data(csv.output.utf8).write(to: URL(fileURLWithPath: file))
    let rows = try Self.pythonRows(file)
    let labels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]
    #expect(
      rows.first == ["source", "frame", "time", "x", "y", "w", "h", "emotion"] + labels + [
        "detector_confidence", "track", "track_emotion",
      ])

    var expected: [[String]] = []
    for line in json.output.split(separator: "\n") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let prefix = [
        try #require(object["source"] as? String), "\(try #require(object["frame"] as? Int))",
        "\(try #require(object["time"] as? Double))",
      ]
      let faces = try #require(object["faces"] as? [[String: Any]])
      if faces.isEmpty { expected.append(prefix + Array(repeating: "", count: 15)) }
      for face in faces {
        // A person in a video: their id and steady emotion; nothing in a photo.
        let track = face["track"] as? [String: Any]
        let box = try #require(face["box"] as? [Int]).map(String.init)
        let scores = try #require(face["scores"] as? [String: Double])
        expected.append(
          prefix + box + [try #require(face["emotion"] as? String)] + labels.map { "\(scores[$0] ?? .nan)" }
            + [(face["detector_confidence"] as? Double).map { "\($0)" } ?? ""]
            + [track.map { "\($0["id"] as? Int ?? 0)" } ?? "", track?["emotion"] as? String ?? ""])
      }
    }
    // Numbers compared as numbers: the CSV's text read as a Double.
    func normalised(_ row: [String]) -> [String] {
      row.enumerated().map { index, field in
        guard index >= 1, !field.isEmpty, let value = Double(field) else { return field }
        return index >= 8 ? "\(Float(value))" : "\(value)"
      }
    }
    let read = Array(rows.dropFirst()).map(normalised)
    #expect(read == expected.map(normalised))
    #expect(read.contains { $0[0] == awkward })
    #expect(read.filter { $0[0] == awkward }.count >= 2, "group.png has several faces, a row each")
    #expect(read.contains { $0[0] == fixture("noface.mp4") && $0[3...].allSatisfy(\.isEmpty) })
  }
}
