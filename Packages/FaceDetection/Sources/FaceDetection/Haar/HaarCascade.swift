import Foundation

/// A boosted Haar cascade, read from OpenCV's XML in either layout: the old
/// `opencv-haar-classifier` one (`size`, `trees`, `stage_threshold`; what fer ships) or the new
/// `opencv-cascade-classifier` one (`stages`, `weakClassifiers`, `features`; what OpenCV 3+ and
/// Debian's opencv-data ship). The old layout is converted the way OpenCV converts it on load.
public struct HaarCascade: Sendable {
  /// Width of the detection window the cascade was trained on, in pixels.
  public let windowWidth: Int
  /// Height of the detection window, in pixels.
  public let windowHeight: Int
  /// Number of stages.
  public var stageCount: Int { stages.count }
  /// Number of Haar features.
  public var featureCount: Int { features.count }
  /// Whether any feature uses the 45° rotated (tilted) integral image.
  public let hasTiltedFeatures: Bool

  struct Stage: Sendable {
    /// The stage threshold minus OpenCV's `THRESHOLD_EPS` (1e-5).
    var threshold: Float
    var firstTree: Int
    var treeCount: Int
  }

  struct Tree: Sendable {
    var firstNode: Int
    var nodeCount: Int
    var firstLeaf: Int
  }

  struct Node: Sendable {
    var featureIndex: Int
    var threshold: Float
    /// A positive value is a node index within the tree; zero or negative is `-leafIndex`.
    var left: Int
    var right: Int
  }

  struct Rectangle: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var weight: Float
  }

  struct Feature: Sendable {
    var rectangles: [Rectangle]
    var tilted: Bool
  }

  let stages: [Stage]
  let trees: [Tree]
  let nodes: [Node]
  let leaves: [Float]
  let features: [Feature]
  /// True when every tree is a single node (a stump), as in the frontal face cascades.
  let isStumpBased: Bool

  init(
    windowWidth: Int, windowHeight: Int, stages: [Stage], trees: [Tree], nodes: [Node], leaves: [Float],
    features: [Feature]
  ) {
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    self.stages = stages
    self.trees = trees
    self.nodes = nodes
    self.leaves = leaves
    self.features = features
    self.hasTiltedFeatures = features.contains { $0.tilted }
    self.isStumpBased = trees.allSatisfy { $0.nodeCount == 1 }
  }

  /// Loads a cascade from an XML file in either OpenCV layout.
  public init(contentsOfFile path: String) throws(CascadeError) {
    guard FileManager.default.fileExists(atPath: path) else { throw CascadeError.fileNotFound(path: path) }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CascadeError.unreadable(path: path, reason: (error as NSError).localizedDescription)
    }
    self = try HaarCascadeParser(name: path).parse(data)
  }

  /// Loads a cascade from XML held in memory; `name` appears in error messages.
  public init(xml data: Data, name: String = "<cascade>") throws(CascadeError) {
    self = try HaarCascadeParser(name: name).parse(data)
  }
}
