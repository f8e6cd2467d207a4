/// Runs a cascade on the windows of one pyramid level, with OpenCV's arithmetic: Haar feature
/// sums in 32-bit integers weighted in `Float`, scaled by the window's `Float` variance
/// normalisation factor, compared with `Float` node thresholds, summed per stage in `Double`.
/// The cascade is flattened into raw buffers once per level so the per-window loop stays cheap
/// even in unoptimised builds.
final class WindowEvaluator {
  private let stageCount: Int
  private let stageThresholds: UnsafeMutableBufferPointer<Float>
  private let stageEnds: UnsafeMutableBufferPointer<Int>
  private let treeFirstNode: UnsafeMutableBufferPointer<Int>
  private let treeFirstLeaf: UnsafeMutableBufferPointer<Int>
  private let nodeFeature: UnsafeMutableBufferPointer<Int>
  private let nodeThreshold: UnsafeMutableBufferPointer<Float>
  private let nodeLeft: UnsafeMutableBufferPointer<Int>
  private let nodeRight: UnsafeMutableBufferPointer<Int>
  private let leaves: UnsafeMutableBufferPointer<Float>
  /// Four integral-image offsets per rectangle, three rectangles per feature.
  private let offsets: UnsafeMutableBufferPointer<Int>
  /// Three weights per feature (zero for a missing third rectangle).
  private let weights: UnsafeMutableBufferPointer<Float>
  private let tilted: UnsafeMutableBufferPointer<Bool>
  private let isStumpBased: Bool
  private let norm0: Int
  private let norm1: Int
  private let norm2: Int
  private let norm3: Int
  private let normArea: Double

  init(cascade: HaarCascade, stride: Int) {
    func buffer<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
      let result = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
      _ = result.initialize(from: values)
      return result
    }
    stageCount = cascade.stages.count
    stageThresholds = buffer(cascade.stages.map(\.threshold))
    stageEnds = buffer(cascade.stages.map { $0.firstTree + $0.treeCount })
    treeFirstNode = buffer(cascade.trees.map(\.firstNode))
    treeFirstLeaf = buffer(cascade.trees.map(\.firstLeaf))
    nodeFeature = buffer(cascade.nodes.map(\.featureIndex))
    nodeThreshold = buffer(cascade.nodes.map(\.threshold))
    nodeLeft = buffer(cascade.nodes.map(\.left))
    nodeRight = buffer(cascade.nodes.map(\.right))
    leaves = buffer(cascade.leaves)
    isStumpBased = cascade.isStumpBased
    var offsets = [Int](repeating: 0, count: cascade.features.count * 12)
    var weights = [Float](repeating: 0, count: cascade.features.count * 3)
    for (index, feature) in cascade.features.enumerated() {
      for (slot, rect) in feature.rectangles.enumerated() {
        let base = index * 12 + slot * 4
        if feature.tilted {
          offsets[base] = rect.x + stride * rect.y
          offsets[base + 1] = rect.x - rect.height + stride * (rect.y + rect.height)
          offsets[base + 2] = rect.x + rect.width + stride * (rect.y + rect.width)
          offsets[base + 3] = rect.x + rect.width - rect.height + stride * (rect.y + rect.width + rect.height)
        } else {
          offsets[base] = rect.x + stride * rect.y
          offsets[base + 1] = rect.x + rect.width + stride * rect.y
          offsets[base + 2] = rect.x + stride * (rect.y + rect.height)
          offsets[base + 3] = rect.x + rect.width + stride * (rect.y + rect.height)
        }
        weights[index * 3 + slot] = rect.weight
      }
    }
    self.offsets = buffer(offsets)
    self.weights = buffer(weights)
    self.tilted = buffer(cascade.features.map(\.tilted))
    // OpenCV normalises by the window shrunk by one pixel on each side.
    let normWidth = cascade.windowWidth - 2
    let normHeight = cascade.windowHeight - 2
    norm0 = 1 + stride
    norm1 = 1 + normWidth + stride
    norm2 = 1 + stride * (1 + normHeight)
    norm3 = 1 + normWidth + stride * (1 + normHeight)
    normArea = Double(normWidth * normHeight)
  }

  deinit {
    stageThresholds.deallocate()
    stageEnds.deallocate()
    treeFirstNode.deallocate()
    treeFirstLeaf.deallocate()
    nodeFeature.deallocate()
    nodeThreshold.deallocate()
    nodeLeft.deallocate()
    nodeRight.deallocate()
    leaves.deallocate()
    offsets.deallocate()
    weights.deallocate()
    tilted.deallocate()
  }

  /// 1 when the window at `origin` passes every stage, `-k` when stage `k` rejects it (0 for
  /// the first), -1 when the window is too flat to normalise.
  func run(
    at origin: Int, sum: UnsafePointer<Int32>, squares: UnsafePointer<UInt32>,
    tilted tiltedSum: UnsafePointer<Int32>
  ) -> Int {
    let windowSum = sum[origin + norm0] &- sum[origin + norm1] &- sum[origin + norm2] &+ sum[origin + norm3]
    let windowSquares =
      squares[origin + norm0] &- squares[origin + norm1] &- squares[origin + norm2] &+ squares[origin + norm3]
    var spread = normArea * Double(windowSquares) - Double(windowSum) * Double(windowSum)
    guard spread > 0 else { return -1 }
    spread = spread.squareRoot()
    let normFactor = Float(1 / spread)
    guard normArea * Double(normFactor) < 0.1 else { return -1 }

    var tree = 0
    for stage in 0..<stageCount {
      var total = 0.0
      let end = stageEnds[stage]
      while tree < end {
        var node = treeFirstNode[tree]
        var next = 0
        repeat {
          let feature = nodeFeature[node]
          let table = tilted[feature] ? tiltedSum : sum
          let base = feature &* 12
          let first =
            table[origin + offsets[base]] &- table[origin + offsets[base + 1]]
            &- table[origin + offsets[base + 2]]
            &+ table[origin + offsets[base + 3]]
          let second =
            table[origin + offsets[base + 4]] &- table[origin + offsets[base + 5]]
            &- table[origin + offsets[base + 6]] &+ table[origin + offsets[base + 7]]
          var value = weights[feature &* 3] * Float(first) + weights[feature &* 3 + 1] * Float(second)
          let thirdWeight = weights[feature &* 3 + 2]
          if thirdWeight != 0 {
            let third =
              table[origin + offsets[base + 8]] &- table[origin + offsets[base + 9]]
              &- table[origin + offsets[base + 10]] &+ table[origin + offsets[base + 11]]
            value += thirdWeight * Float(third)
          }
          value *= normFactor
          let below = value < nodeThreshold[node]
          if isStumpBased {
            // OpenCV's stump path: the first leaf on the left, the second on the right.
            next = below ? 0 : -1
            break
          }
          next = below ? nodeLeft[node] : nodeRight[node]
          node = treeFirstNode[tree] + next
        } while next > 0
        total += Double(leaves[treeFirstLeaf[tree] - next])
        tree += 1
      }
      if total < Double(stageThresholds[stage]) { return -stage }
    }
    return 1
  }
}
