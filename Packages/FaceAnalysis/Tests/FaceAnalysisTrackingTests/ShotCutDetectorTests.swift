import FaceAnalysisInterface
import FaceAnalysisTracking
import Testing

/// Cuts told from the background: 320x180 frames of a flat grey with a light square for each
/// face, compared in 32x18 cells of 10x10 pixels.
@Suite("Shot cuts")
struct ShotCutDetectorTests {
  static func frame(background: UInt8, faces: [BoundingBox] = [], width: Int = 320) -> RGBImage {
    RGBImage(width: width, height: 180) { x, y in
      let inFace = faces.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
      let value = inFace ? 230 : background
      return (value, value, value)
    }
  }

  /// Whether each frame in turn, given with its faces, is a cut from the one before.
  static func cuts(
    _ frames: [(background: UInt8, faces: [BoundingBox], given: [BoundingBox]?, width: Int)]
  )
    -> [Bool]
  {
    var detector = ShotCutDetector()
    return frames.map { frame in
      detector.isCut(
        Self.frame(background: frame.background, faces: frame.faces, width: frame.width),
        faces: frame.given ?? frame.faces)
    }
  }

  static let face = BoundingBox(x: 40, y: 40, width: 60, height: 60)
  static let moved = BoundingBox(x: 200, y: 60, width: 80, height: 80)
  static let big = BoundingBox(x: 20, y: 10, width: 280, height: 160)

  @Test func anotherBackgroundIsACutAndTheFirstFrameIsNot() {
    let cuts = Self.cuts([
      (40, [Self.face], nil, 320), (40, [Self.face], nil, 320), (120, [Self.face], nil, 320),
    ])
    #expect(cuts == [false, false, true])
  }

  @Test func peopleWhoMoveAndALightThatChangesLittleAreNoCut() {
    let cuts = Self.cuts([
      (40, [Self.face], nil, 320),
      (40, [Self.moved], nil, 320),  // the faces' cells are left out
      (70, [Self.moved], nil, 320),  // 30 levels is no change
      // A face not given changes its few cells only, of the 576.
      (70, [Self.face], [], 320),
    ])
    #expect(cuts == [false, false, false, false])
  }

  @Test func aFrameFilledWithFacesOrOfAnotherSizeSaysNothing() {
    let cuts = Self.cuts([
      (40, [Self.big], nil, 320), (200, [Self.big], nil, 320),  // too little left to compare
      (40, [], nil, 320), (200, [], nil, 640),  // another size
      (40, [], nil, 640),
    ])
    #expect(cuts == [false, false, false, false, true])
  }
}
