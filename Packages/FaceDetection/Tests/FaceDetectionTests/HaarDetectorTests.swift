import Foundation
import Media
import Pixels
import Processor
import SystemTesting
import Testing

@testable import FaceDetection

@Suite("Haar cascade detection")
struct HaarDetectorTests {
  private static func options(_ entry: [String: Any]) throws -> DetectionOptions {
    let parameters = try #require(entry["parameters"] as? [String: Any])
    return DetectionOptions(
      scaleFactor: try #require(parameters["scaleFactor"] as? Double),
      minNeighbors: try #require(parameters["minNeighbors"] as? Int),
      minSize: try #require(parameters["minSize"] as? Int), maxSize: parameters["maxSize"] as? Int)
  }

  private static func sorted(_ boxes: [BoundingBox]) -> [[Int]] {
    boxes.map(\.array).sorted { $0.lexicographicallyPrecedes($1) }
  }

  @Test(
    "fer's cascade finds OpenCV's boxes on every still fixture and parameter set, at every level",
    arguments: levels)
  func stillImages(level: InstructionSet) throws {
    var detector = HaarFaceDetector(cascade: try SharedCascade.fer.get())
    detector.instructionSet = level
    let reference = try TestFiles.referenceJSON("opencv_reference.json")
    var compared = 0
    for entry in try #require(reference["detections"] as? [[String: Any]]) where entry["frame"] == nil {
      let name = try #require(entry["image"] as? String)
      let expected = try #require(entry["boxes"] as? [[Int]])
      let gray = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name)).grayscale()
      let boxes = detector.detect(in: gray, options: try Self.options(entry))
      #expect(Self.sorted(boxes) == expected, "\(level): \(name) \(entry["parameters"] ?? "")")
      compared += expected.count
    }
    #expect(compared > 15)
  }

  @Test(
    "Cut-down cascades (new and old layouts; stumps, trees, tilted features) find OpenCV's boxes, at every level",
    arguments: levels)
  func newFormatCascades(level: InstructionSet) throws {
    let reference = try TestFiles.referenceJSON("opencv_reference.json")
    var images: [String: GrayImage] = [:]
    for entry in try #require(reference["cascades"] as? [[String: Any]]) {
      let cascadeName = try #require(entry["cascade"] as? String)
      let path = cascadeName.hasPrefix("/") ? cascadeName : TestFiles.referencePath(cascadeName)
      // The full opencv-data cascade is optional (Debian package opencv-data).
      guard FileManager.default.fileExists(atPath: path) else { continue }
      let name = try #require(entry["image"] as? String)
      let gray =
        try images[name] ?? ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name)).grayscale()
      images[name] = gray
      var detector = try HaarFaceDetector(contentsOfFile: path)
      detector.instructionSet = level
      let boxes = detector.detect(in: gray, options: try Self.options(entry))
      #expect(Self.sorted(boxes) == (entry["boxes"] as? [[Int]]), "\(level): \(cascadeName) on \(name)")
    }
  }

  /// The instruction sets this CPU runs, narrowest first.
  static let levels = InstructionSet.allCases.filter { $0 <= KernelConfiguration.available }

  @Test(
    "Several windows at a time (AVX2, AVX-512) accept exactly the windows, in the order, of one at a time",
    arguments: levels.dropFirst())
  func vectorScanMatchesScalar(level: InstructionSet) throws {
    var cascades = [try SharedCascade.fer.get()]
    for name in [
      "cascade_face_6stages.xml", "cascade_smile_3stages.xml", "cascade_eyeglasses_tree_4stages.xml",
    ] {
      cascades.append(try HaarCascade(contentsOfFile: TestFiles.referencePath(name)))
    }
    #expect(cascades.contains { $0.hasTiltedFeatures })
    // Otherwise both detectors would take the one-window path.
    #expect(cascades.filter(\.isStumpBased).allSatisfy { CascadeTables(cascade: $0).exactStageSums })
    var windows = 0
    for name in ["astronaut.png", "group.png", "camera.png"] {
      let gray = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture(name)).grayscale()
      for cascade in cascades {
        // Scales below 2 scan every other window (minimum size 0); from 2 on, every window.
        for options in [DetectionOptions(minSize: 0), DetectionOptions(scaleFactor: 1.3, minSize: 60)] {
          var scalar = HaarFaceDetector(cascade: cascade)
          scalar.instructionSet = .generic
          let expected = scalar.rawDetections(in: gray, options: options)
          var vector = HaarFaceDetector(cascade: cascade)
          vector.instructionSet = level
          let found = vector.rawDetections(in: gray, options: options)
          #expect(
            found.map(\.array) == expected.map(\.array), "\(level): \(name), \(cascade.stageCount) stages")
          windows += expected.count
        }
      }
    }
    #expect(windows > 100)
  }

  /// One feature of each way the AVX2 loop shares rectangle corners (HAAR_SHAPE_*), in an 8x8
  /// window: the sides at both ends, both diagonals, and no sharing with two and three
  /// rectangles (among them two rectangles that touch end to end, which share no side's ends).
  static let shapeFeatures = [
    "1 1 3 3 -1.|4 4 3 3 1.", "0 0 4 8 -1.|4 0 4 8 1.",
    "0 0 8 8 -1.|0 4 8 4 2.", "0 0 8 8 -1.|0 0 8 4 2.", "0 0 8 8 -1.|0 0 4 8 2.", "0 0 8 8 -1.|4 0 4 8 2.",
    "0 0 8 8 -1.|0 0 4 4 2.|4 4 4 4 2.", "0 0 8 8 -1.|4 0 4 4 2.|0 4 4 4 2.",
    "0 0 6 6 -1.|1 1 3 3 2.|3 3 3 3 2.",
  ]

  /// A stump cascade in an 8x8 window over `features` (rectangles split by `|`): each stage
  /// holds one stump per `stages` entry, of that feature at that threshold, leaves -1 and 1,
  /// so a window passes a stage when no fewer stumps are above their thresholds than below.
  static func stumpCascade(
    features: [String], stages: [[(feature: Int, threshold: Double)]]
  ) throws
    -> HaarCascade
  {
    let stageText = stages.map { stumps in
      "<_><stageThreshold>0</stageThreshold><weakClassifiers>"
        + stumps.map {
          "<_><internalNodes>0 -1 \($0.feature) \($0.threshold)</internalNodes><leafValues>-1 1</leafValues></_>"
        }
        .joined() + "</weakClassifiers></_>"
    }.joined()
    let featureText = features.map { rects in
      "<_><rects>" + rects.split(separator: "|").map { "<_>\($0)</_>" }.joined() + "</rects></_>"
    }.joined()
    return try HaarCascade(
      xml: Data(
        ("<opencv_storage><cascade><stageType>BOOST</stageType><featureType>HAAR</featureType>"
          + "<height>8</height><width>8</width><stages>\(stageText)</stages>"
          + "<features>\(featureText)</features></cascade></opencv_storage>").utf8),
      name: "shapes.xml")
  }

  @Test(
    "Each way of sharing corners sums the rectangles as one window at a time does (AVX2, AVX-512)",
    arguments: levels.dropFirst())
  func sharedCorners(level: InstructionSet) throws {
    let features = Self.shapeFeatures
    // One cascade per feature, alone in two stages, then one with every feature in each stage
    // in shuffled order. The second stage's thresholds differ, so that a block's last
    // survivors go through it one at a time.
    var cascades = try features.indices.map { feature in
      try Self.stumpCascade(features: features, stages: [[(feature, 0)], [(feature, 0.02)]])
    }
    let mixed = [3, 8, 0, 5, 7, 1, 4, 6, 2]
    cascades.append(
      try Self.stumpCascade(
        features: features, stages: [mixed.map { ($0, 0.0) }, mixed.reversed().map { ($0, -0.03) }]))
    let gray = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture("astronaut.png")).grayscale()
    // Every window that is not too flat to normalise passes a stump whose threshold is far below.
    let everyWindow = try Self.stumpCascade(features: features, stages: [[(0, -1000)]])
    for (index, cascade) in cascades.enumerated() {
      #expect(CascadeTables(cascade: cascade).exactStageSums)
      for options in [DetectionOptions(minSize: 0), DetectionOptions(scaleFactor: 1.3, minSize: 20)] {
        var all = HaarFaceDetector(cascade: everyWindow)
        all.instructionSet = .generic
        let windows = all.rawDetections(in: gray, options: options).count
        var scalar = HaarFaceDetector(cascade: cascade)
        scalar.instructionSet = .generic
        let expected = scalar.rawDetections(in: gray, options: options).map(\.array)
        var vector = HaarFaceDetector(cascade: cascade)
        vector.instructionSet = level
        let found = vector.rawDetections(in: gray, options: options).map(\.array)
        // Compared as one value: a failed comparison of two long arrays is slow to print.
        let same = found == expected
        #expect(same, "\(level): cascade \(index), \(found.count) windows against \(expected.count)")
        // Both outcomes are common, so a wrong sum changes the answer.
        #expect(expected.count > windows / 20 && expected.count < windows - windows / 20, "cascade \(index)")
      }
    }
  }

  @Test("Stage sums count as exact only when no order of adding them in Double can round")
  func exactStageSums() {
    #expect(CascadeTables.sumsExactly([0.5, -0.25, 0.125, 3, 0]))
    #expect(CascadeTables.sumsExactly([]))
    // Float 1 has a unit in the last place of 2^-23, so sums stay exact below 2^53 such units:
    // 2^30 in all.
    #expect(CascadeTables.sumsExactly([1, 0x1p29]))
    #expect(!CascadeTables.sumsExactly([1, 0x1p30]))
    #expect(!CascadeTables.sumsExactly([1, .nan]))
  }

  @Test("The old and new layouts of the cascade give the same model")
  func layouts() throws {
    let old = try SharedCascade.fer.get()
    #expect(old.windowWidth == 24 && old.windowHeight == 24)
    #expect(old.stageCount == 25)
    #expect(old.featureCount == 2913)
    #expect(!old.hasTiltedFeatures)
    let cut = try HaarCascade(contentsOfFile: TestFiles.referencePath("cascade_face_6stages.xml"))
    #expect(cut.stageCount == 6)
    for index in 0..<cut.stages.count {
      #expect(cut.stages[index].threshold == old.stages[index].threshold)
      #expect(cut.stages[index].treeCount == old.stages[index].treeCount)
    }
    #expect(cut.leaves == Array(old.leaves.prefix(cut.leaves.count)))
    let tilted = try HaarCascade(
      contentsOfFile: TestFiles.referencePath("cascade_eyeglasses_tree_4stages.xml"))
    #expect(tilted.hasTiltedFeatures)
    #expect(!tilted.isStumpBased)
  }

  @Test("Broken cascade files are typed errors naming the file")
  func brokenCascades() throws {
    #expect(throws: CascadeError.fileNotFound(path: "/nonexistent/cascade.xml")) {
      try HaarCascade(contentsOfFile: "/nonexistent/cascade.xml")
    }
    for (xml, fragment) in [
      ("<opencv_storage><cascade><stageType>BOOST", "malformed"),
      ("<opencv_storage><x><y>1</y></x></opencv_storage>", "neither the old"),
      (
        "<opencv_storage><c><stageType>BOOST</stageType><featureType>LBP</featureType></c></opencv_storage>",
        "LBP"
      ),
      (
        "<opencv_storage><c><size>24 24</size><stages><_><stage_threshold>1</stage_threshold><trees><_><_>"
          + "<feature><rects><_>0 0 30 2 -1.</_></rects></feature><threshold>0</threshold><left_val>1</left_val>"
          + "<right_val>2</right_val></_></_></trees></_></stages></c></opencv_storage>", "outside"
      ),
    ] {
      do {
        _ = try HaarCascade(xml: Data(xml.utf8), name: "bad.xml")
        Issue.record("parsed: \(xml)")
      } catch {
        #expect(error.description.hasPrefix("bad.xml: "))
        #expect(error.description.contains(fragment), "\(error.description)")
      }
    }
  }

  /// Found by the haar fuzz target (Tools/fuzz haar): a tree whose branches lead from node 1
  /// to node 2 and back passed the checks, and the detector walked it forever.
  @Test("A tree whose branches go round in a cycle is refused, not walked forever")
  func cyclicTree() throws {
    func cascade(_ internalNodes: String) -> Data {
      Data(
        ("<opencv_storage><cascade><stageType>BOOST</stageType><featureType>HAAR</featureType>"
          + "<height>4</height><width>4</width><stages><_><stageThreshold>0</stageThreshold>"
          + "<weakClassifiers><_><internalNodes>\(internalNodes)</internalNodes>"
          + "<leafValues>1 2 3 4</leafValues></_></weakClassifiers></_></stages>"
          + "<features><_><rects><_>0 0 2 2 -1.</_></rects></_></features></cascade></opencv_storage>").utf8)
    }
    #expect(
      throws: CascadeError.invalidCascade(path: "loop.xml", detail: "a tree's branches lead round in a cycle")
    ) {
      try HaarCascade(xml: cascade("1 2 0 0.5 2 -1 0 0.5 1 -2 0 0.5"), name: "loop.xml")
    }
    #expect(
      throws: CascadeError.invalidCascade(path: "self.xml", detail: "a tree's branches lead round in a cycle")
    ) {
      try HaarCascade(xml: cascade("1 -1 0 0.5 1 -2 0 0.5 0 -3 0 0.5"), name: "self.xml")
    }
    // Two branches into the same node make no cycle: the walk always ends.
    let shared = try HaarCascade(xml: cascade("1 2 0 0.5 2 -1 0 0.5 0 -2 0 0.5"), name: "shared.xml")
    let image = try GrayImage(width: 8, height: 8, pixels: (0..<64).map { UInt8($0 * 3) })
    _ = HaarFaceDetector(cascade: shared).detect(
      in: image, options: DetectionOptions(minNeighbors: 0, minSize: 1))
  }

  @Test("groupRectangles: similar boxes average, weak groups and nested boxes go")
  func grouping() {
    let cluster = [
      BoundingBox(x: 10, y: 10, width: 50, height: 50), BoundingBox(x: 12, y: 11, width: 50, height: 50),
      BoundingBox(x: 11, y: 13, width: 52, height: 52), BoundingBox(x: 200, y: 200, width: 30, height: 30),
    ]
    // The first three are within 0.2 * (50 + 50) / 2 = 10 px of each other; their mean is
    // (11, 11.33, 50.67, 50.67), rounded to (11, 11, 51, 51). The lone box has no neighbours.
    #expect(
      HaarFaceDetector.group(cluster, threshold: 2, epsilon: 0.2) == [
        BoundingBox(x: 11, y: 11, width: 51, height: 51)
      ])
    #expect(HaarFaceDetector.group(cluster, threshold: 0, epsilon: 0.2) == cluster)
    #expect(HaarFaceDetector.partition(cluster, epsilon: 0.2) == [0, 0, 0, 1])
  }

  @Test("Tilted integral image equals OpenCV's and the definition")
  func tiltedIntegral() throws {
    let reference = try TestFiles.referenceJSON("opencv_reference.json")
    let tilted = try #require(reference["tilted"] as? [String: Any])
    let width = try #require(tilted["width"] as? Int)
    let height = try #require(tilted["height"] as? Int)
    let pixels = try #require(tilted["pixels"] as? [Int]).map { UInt8($0) }
    let image = try GrayImage(width: width, height: height, pixels: pixels)
    let computed = IntegralImages.tiltedIntegral(image).map(Int.init)
    #expect(computed == (tilted["integral"] as? [Int]))
    // tilted(X, Y) = sum over y < Y, |x - X + 1| <= Y - y - 1.
    for bigY in 0...height {
      for bigX in 0...width {
        var total = 0
        for y in 0..<bigY {
          for x in 0..<width where abs(x - bigX + 1) <= bigY - y - 1 { total += Int(pixels[y * width + x]) }
        }
        #expect(computed[bigY * (width + 1) + bigX] == total)
      }
    }
  }

  @Test("Squared sums wrap in 32 bits as OpenCV's do, and window sums stay exact")
  func integralWrap() throws {
    // 300 x 300 white pixels: the squared sum of the whole image, 5 852 250 000, exceeds 2^32.
    let white = try GrayImage(width: 300, height: 300, pixels: Array(repeating: 255, count: 90_000))
    let integrals = IntegralImages(white, tilted: false)
    let stride = integrals.stride
    #expect(integrals.squares[300 * stride + 300] == UInt32(truncatingIfNeeded: 5_852_250_000))
    // A 22 x 22 window in the far corner still sums to 484 * 65025.
    let window =
      integrals.squares[300 * stride + 300] &- integrals.squares[278 * stride + 300]
      &- integrals.squares[300 * stride + 278] &+ integrals.squares[278 * stride + 278]
    #expect(window == 484 * 65025)
    #expect(integrals.sum[300 * stride + 300] == 90_000 * 255)
  }

  @Test("Invalid options find nothing instead of failing")
  func invalidOptions() throws {
    let detector = HaarFaceDetector(cascade: try SharedCascade.fer.get())
    let image = try GrayImage(width: 30, height: 30, pixels: Array(repeating: 128, count: 900))
    #expect(DetectionOptions(scaleFactor: 1).problem != nil)
    #expect(detector.detect(in: image, options: DetectionOptions(scaleFactor: 1.0)).isEmpty)
    #expect(detector.detect(in: image).isEmpty)
  }
}
