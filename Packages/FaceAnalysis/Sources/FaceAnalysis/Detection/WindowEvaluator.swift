/// Runs a cascade on one window of a pyramid level, with OpenCV's arithmetic: Haar feature
/// sums in 32-bit integers weighted in `Float`, scaled by the window's `Float` variance
/// normalisation factor, compared with `Float` node thresholds, summed per stage in `Double`.
struct WindowEvaluator {
  private let cascade: HaarCascade
  /// Four integral-image offsets per rectangle, three rectangles per feature.
  private let offsets: [Int]
  /// Three weights per feature (zero for a missing third rectangle).
  private let weights: [Float]
  private let tilted: [Bool]
  private let normOffsets: (Int, Int, Int, Int)
  private let normArea: Double

  init(cascade: HaarCascade, stride: Int) {
    self.cascade = cascade
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
    self.offsets = offsets
    self.weights = weights
    self.tilted = cascade.features.map(\.tilted)
    // OpenCV normalises by the window shrunk by one pixel on each side.
    let normWidth = cascade.windowWidth - 2
    let normHeight = cascade.windowHeight - 2
    normOffsets = (
      1 + stride, 1 + normWidth + stride, 1 + stride * (1 + normHeight),
      1 + normWidth + stride * (1 + normHeight)
    )
    normArea = Double(normWidth * normHeight)
  }

  /// 1 when the window passes every stage, `-k` when stage `k` rejects it (0 for the first),
  /// -1 when the window is too flat to normalise.
  func run(
    at origin: Int, sum: UnsafeBufferPointer<Int32>, squares: UnsafeBufferPointer<UInt32>,
    tilted tiltedSum: UnsafeBufferPointer<Int32>
  ) -> Int {
    let windowSum =
      sum[origin + normOffsets.0] &- sum[origin + normOffsets.1] &- sum[origin + normOffsets.2]
      &+ sum[origin + normOffsets.3]
    let windowSquares =
      squares[origin + normOffsets.0] &- squares[origin + normOffsets.1] &- squares[origin + normOffsets.2]
      &+ squares[origin + normOffsets.3]
    var spread = normArea * Double(windowSquares) - Double(windowSum) * Double(windowSum)
    guard spread > 0 else { return -1 }
    spread = spread.squareRoot()
    let normFactor = Float(1 / spread)
    guard normArea * Double(normFactor) < 0.1 else { return -1 }

    return offsets.withUnsafeBufferPointer { offsets in
      weights.withUnsafeBufferPointer { weights in
        cascade.nodes.withUnsafeBufferPointer { nodes in
          cascade.leaves.withUnsafeBufferPointer { leaves in
            func feature(_ index: Int) -> Float {
              let table = tilted[index] ? tiltedSum : sum
              let base = index * 12
              @inline(__always) func rectangle(_ slot: Int) -> Int32 {
                let offset = base + slot * 4
                return table[origin + offsets[offset]] &- table[origin + offsets[offset + 1]]
                  &- table[origin + offsets[offset + 2]] &+ table[origin + offsets[offset + 3]]
              }
              var value =
                weights[index * 3] * Float(rectangle(0)) + weights[index * 3 + 1] * Float(rectangle(1))
              if weights[index * 3 + 2] != 0 {
                value += weights[index * 3 + 2] * Float(rectangle(2))
              }
              return value * normFactor
            }
            for (stageIndex, stage) in cascade.stages.enumerated() {
              var total = 0.0
              for treeIndex in stage.firstTree..<(stage.firstTree + stage.treeCount) {
                let tree = cascade.trees[treeIndex]
                if cascade.isStumpBased {
                  let node = nodes[tree.firstNode]
                  let value = feature(node.featureIndex)
                  total += Double(
                    value < node.threshold ? leaves[tree.firstLeaf] : leaves[tree.firstLeaf + 1])
                } else {
                  var next = 0
                  repeat {
                    let node = nodes[tree.firstNode + next]
                    next = feature(node.featureIndex) < node.threshold ? node.left : node.right
                  } while next > 0
                  total += Double(leaves[tree.firstLeaf - next])
                }
              }
              if total < Double(stage.threshold) { return -stageIndex }
            }
            return 1
          }
        }
      }
    }
  }
}
