import Foundation
import Media
import MediaTesting
import SystemTesting
import Testing

@testable import FaceAnalysis

@Suite("Faces aligned to SFace's template")
struct FaceAlignmentTests {
  /// Whether every entry of two 2x3 matrices is within `tolerance`.
  static func close(_ actual: [Double], _ expected: [Double], within tolerance: Double) -> Bool {
    actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test("Keypoints on a scaled, shifted copy of the template give that transform; the ears are ignored")
  func keypointsOnAScaledTemplate() throws {
    // The face twice the template's size, 100 px right and 50 down: p = 2 q + (100, 50), so
    // the transform back is q = p / 2 − (50, 25).
    let targets = FaceAlignment.keypointTargets
    #expect(targets[3] == PixelPoint(x: 56.1396, y: (92.3655 + 92.2041) / 2))
    let keypoints = targets.map { PixelPoint(x: 2 * $0.x + 100, y: 2 * $0.y + 50) }
    let ears = [PixelPoint(x: 0, y: 0), PixelPoint(x: 900, y: -40)]
    let box = BoundingBox(x: 0, y: 0, width: 10, height: 10)
    let transform = FaceAlignment.transform(box: box, keypoints: keypoints + ears)
    #expect(Self.close(transform.matrix, [0.5, 0, -50, 0, 0.5, -25], within: 1e-12), "\(transform)")

    // Turned a quarter clockwise on screen and shrunk to half: p = R90 q / 2 + (300, 10), with
    // R90 (x, y) = (−y, x); back: q = 2 R−90 (p − (300, 10)) = (2 py − 20, −2 px + 600).
    let turned = targets.map { PixelPoint(x: -$0.y / 2 + 300, y: $0.x / 2 + 10) }
    let back = FaceAlignment.transform(box: box, keypoints: turned)
    #expect(Self.close(back.matrix, [0, 2, -20, -2, 0, 600], within: 1e-12), "\(back)")
  }

  @Test("A face without keypoints, or with degenerate ones, maps its box by the fixed rule")
  func boxRule() throws {
    let box = BoundingBox(x: 100, y: 50, width: 120, height: 120)
    let rule = FaceAlignment.transform(box: box, keypoints: [])
    // Scale 97.92 / 120 = 0.816, no rotation; the centre (160, 110) lands on (55.68, 66.25).
    #expect(
      Self.close(rule.matrix, [0.816, 0, 55.68 - 0.816 * 160, 0, 0.816, 66.25 - 0.816 * 110], within: 1e-12))
    let centre = rule.apply(PixelPoint(x: 160, y: 110))
    #expect(abs(centre.x - 55.68) < 1e-12 && abs(centre.y - 66.25) < 1e-12)
    let same = Array(repeating: PixelPoint(x: 3, y: 4), count: 6)
    #expect(FaceAlignment.transform(box: box, keypoints: same) == rule)
    #expect(FaceAlignment.transform(box: box, keypoints: Array(same.prefix(3))) == rule)
  }

  @Test("The crop reads the picture at the inverse of each crop pixel")
  func cropOfAPictureTwiceTheTemplate() {
    // Each pixel of a 224x224 picture holds its own coordinates. Keypoints at twice the
    // template give scale 1/2, so crop pixel (x, y) reads picture pixel (2x, 2y) exactly.
    let picture = RGBImage(width: 224, height: 224) { x, y in (UInt8(x), UInt8(y), 7) }
    let keypoints = FaceAlignment.keypointTargets.map { PixelPoint(x: 2 * $0.x, y: 2 * $0.y) }
    let face = DetectedFace(box: BoundingBox(x: 0, y: 0, width: 224, height: 224), keypoints: keypoints)
    let crop = FaceAlignment.alignedFace(face, in: picture)
    #expect(crop.width == 112 && crop.height == 112)
    #expect(crop == RGBImage(width: 112, height: 112) { x, y in (UInt8(2 * x), UInt8(2 * y), 7) })
    let recognized = RecognizedFace(
      box: face.box, scores: EmotionScores { $0 == .neutral ? 1 : 0 }, keypoints: keypoints)
    #expect(FaceAlignment.alignedFace(recognized, in: picture) == crop)
  }

  @Test("Matrices and crops equal sface_reference.py's on the fixture faces")
  func reference() throws {
    let reference = try TestFiles.referenceJSON("sface_reference.json")
    let entries = try #require(reference["crops"] as? [[String: Any]])
    let template = try #require(reference["template"] as? [[Double]])
    #expect(template == FaceAlignment.keypointTargets.map { [$0.x, $0.y] })
    let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFiles.referencePath("sface_crops.u8")))
    let cropBytes = FaceAlignment.side * FaceAlignment.side * 3
    #expect(bytes.count == entries.count * cropBytes)
    #expect(entries.count >= 9)
    // The box plays no part when the keypoints fit.
    let box = BoundingBox(x: 0, y: 0, width: 1, height: 1)
    var frames: [Int: RGBImage] = [:]
    for (index, entry) in entries.enumerated() {
      let photo = try #require(entry["photo"] as? String)
      let name = "crop \(index): \(photo)"
      let image: RGBImage
      if let frameIndex = entry["frame"] as? Int {
        if frames.isEmpty {
          let source = try FrameSourceFactory.open(
            try TestFiles.fixture(photo), options: FrameSourceOptions())
          defer { source.close() }
          frames = Dictionary(uniqueKeysWithValues: source.drain().frames.map { ($0.index, $0.image) })
        }
        image = try #require(frames[frameIndex], "\(name) frame \(frameIndex)")
      } else {
        image = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(photo))
      }
      let keypoints = try #require(entry["keypoints"] as? [[Double]]).map { PixelPoint(x: $0[0], y: $0[1]) }
      let transform = FaceAlignment.transform(box: box, keypoints: keypoints)
      let expected = try #require(entry["matrix"] as? [Double])
      #expect(
        Self.close(transform.matrix, expected, within: 1e-6), "\(name): \(transform) against \(expected)")

      let crop = FaceAlignment.alignedFace(DetectedFace(box: box, keypoints: keypoints), in: image)
      let start = bytes.startIndex + index * cropBytes
      let theirs = [UInt8](bytes[start..<start + cropBytes])
      let differences = zip(crop.pixels, theirs).map { abs(Int($0) - Int($1)) }
      #expect(differences.max() ?? 0 <= 1, "\(name): largest difference \(differences.max() ?? 0)")
      // Another order of operations moves only values within rounding of a half (none, as
      // written); many differing samples would mean another picture or another transform.
      let off = differences.filter { $0 > 0 }.count
      #expect(off * 100 <= cropBytes, "\(name): \(off) of \(cropBytes) samples differ")
    }
  }
}
