import CFaceDetectionHaar
import Processor
import System

/// A cascade flattened once into the raw buffers the C scanner reads (`HaarLevel`), so a
/// pyramid level only has to turn rectangle corners into offsets for its own row stride.
/// Immutable after `init`, hence shareable between the threads that scan the levels.
// Unchecked only because raw buffer pointers are not Sendable: every field is a `let` and the
// buffers are written once in `init`, then only read, so the scan's threads share them safely.
final class CascadeTables: @unchecked Sendable {
  private let stageCount: Int
  private let stageEnds: UnsafeMutableBufferPointer<Int>
  private let stageThresholds: UnsafeMutableBufferPointer<Float>
  private let treeFirstNode: UnsafeMutableBufferPointer<Int>
  private let treeFirstLeaf: UnsafeMutableBufferPointer<Int>
  private let nodeFeature: UnsafeMutableBufferPointer<Int>
  private let nodeThreshold: UnsafeMutableBufferPointer<Float>
  private let nodeLeft: UnsafeMutableBufferPointer<Int>
  private let nodeRight: UnsafeMutableBufferPointer<Int>
  private let leaves: UnsafeMutableBufferPointer<Float>
  /// For stump cascades, each tree's leaf below and above its threshold, as `Double`.
  private let stumpLeaves: UnsafeMutableBufferPointer<Double>
  /// Whether every stage sum is exact in `Double` whatever the order (see `sumsExactly`), which
  /// the sixteen-window scan needs.
  let exactStageSums: Bool
  /// Three weights per feature (zero for a missing third rectangle).
  private let weights: UnsafeMutableBufferPointer<Float>
  private let tilted: UnsafeMutableBufferPointer<UInt8>
  /// x, y, width and height of each feature's three rectangles (zero for a missing third).
  private let geometry: [Int]
  private let windowWidth: Int
  private let windowHeight: Int
  private let isStumpBased: Bool
  /// Whether the AVX2 loop can read the trees as packed stumps: a stump cascade without tilted
  /// features whose stage sums are exact.
  private let packsStumps: Bool
  private let treeCount: Int
  /// The trees in packed order: each stage's stumps grouped by shape (`HAAR_SHAPE_*`).
  private let packedOrder: [Int]
  /// Where each stage's group of each shape ends in packed order, `HAAR_SHAPE_COUNT` a stage.
  private let shapeEnds: UnsafeMutableBufferPointer<Int>
  /// Each row stride's corner offsets and packed stumps, as the last frames' levels needed
  /// them: a video's frames have the same levels, and these took 3% of `detect`.
  private let levelTables = LockedValue<[LevelKey: LevelTables]>([:])

  /// What a stride's tables are cached under.
  private struct LevelKey: Hashable {
    var stride: Int
    var packed: Bool
  }

  /// A stride's corner offsets, and its packed stumps when the scan reads them.
  private struct LevelTables {
    var offsets: [Int]
    var stumps: [HaarStump]
  }

  /// The most strides kept: more than a few frame sizes' pyramids.
  private static let cachedStrides = 96

  init(cascade: HaarCascade) {
    func buffer<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
      let result = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
      _ = result.initialize(from: values)
      return result
    }
    stageCount = cascade.stages.count
    stageEnds = buffer(cascade.stages.map { $0.firstTree + $0.treeCount })
    stageThresholds = buffer(cascade.stages.map(\.threshold))
    treeFirstNode = buffer(cascade.trees.map(\.firstNode))
    treeFirstLeaf = buffer(cascade.trees.map(\.firstLeaf))
    nodeFeature = buffer(cascade.nodes.map(\.featureIndex))
    nodeThreshold = buffer(cascade.nodes.map(\.threshold))
    nodeLeft = buffer(cascade.nodes.map(\.left))
    nodeRight = buffer(cascade.nodes.map(\.right))
    leaves = buffer(cascade.leaves)
    stumpLeaves = buffer(
      cascade.isStumpBased
        ? cascade.trees.flatMap {
          [Double(cascade.leaves[$0.firstLeaf]), Double(cascade.leaves[$0.firstLeaf + 1])]
        }
        : [])
    exactStageSums = cascade.stages.allSatisfy { stage in
      let stageLeaves = cascade.trees[stage.firstTree..<(stage.firstTree + stage.treeCount)].flatMap { tree in
        cascade.leaves[tree.firstLeaf..<(tree.firstLeaf + tree.nodeCount + 1)]
      }
      return Self.sumsExactly(stageLeaves)
    }
    let weights = buffer(
      cascade.features.flatMap { feature in
        (0..<3).map { slot in slot < feature.rectangles.count ? feature.rectangles[slot].weight : 0 }
      })
    let tilted = buffer(cascade.features.map { $0.tilted ? UInt8(1) : 0 })
    let geometry = cascade.features.flatMap { feature in
      (0..<3).flatMap { slot -> [Int] in
        guard slot < feature.rectangles.count else { return [0, 0, 0, 0] }
        let rect = feature.rectangles[slot]
        return [rect.x, rect.y, rect.width, rect.height]
      }
    }
    self.weights = weights
    self.tilted = tilted
    self.geometry = geometry
    windowWidth = cascade.windowWidth
    windowHeight = cascade.windowHeight
    isStumpBased = cascade.isStumpBased
    packsStumps = cascade.isStumpBased && !cascade.hasTiltedFeatures && exactStageSums
    treeCount = cascade.trees.count
    // Shapes compare corners, so any stride wider than the window will do.
    let featureCount = cascade.features.count
    let windowOffsets = [Int](unsafeUninitializedCapacity: max(geometry.count, 1)) { buffer, count in
      cfacedetection_haar_corner_offsets(
        geometry, tilted.baseAddress, featureCount, cascade.windowWidth + 1, buffer.baseAddress)
      count = buffer.count
    }
    let featureShapes = windowOffsets.withUnsafeBufferPointer { offsets in
      (0..<featureCount).map { feature in
        Int(
          cfacedetection_haar_stump_shape(
            offsets.baseAddress.map { $0 + 12 * feature }, weights.baseAddress.map { $0 + 3 * feature }))
      }
    }
    var order: [Int] = []
    var ends: [Int] = []
    for stage in cascade.stages {
      let trees = stage.firstTree..<(stage.firstTree + stage.treeCount)
      let shape = { (tree: Int) in featureShapes[cascade.nodes[cascade.trees[tree].firstNode].featureIndex] }
      for wanted in 0..<Int(HAAR_SHAPE_COUNT) {
        order += trees.filter { shape($0) == wanted }
        ends.append(order.count)
      }
    }
    packedOrder = order
    shapeEnds = buffer(ends)
  }

  /// Whether every sum of a subset of `terms`, added in any order, is exact in `Double`: all
  /// are multiples of the smallest unit in the last place among them, and their magnitudes add
  /// up to less than 2^53 such units.
  static func sumsExactly(_ terms: [Float]) -> Bool {
    let nonZero = terms.filter { $0 != 0 && $0.isFinite }
    guard nonZero.count == terms.filter({ $0 != 0 }).count else { return false }
    guard let unit = nonZero.map({ Double($0.ulp) }).min() else { return true }
    return nonZero.reduce(0) { $0 + Double(abs($1)) } < unit * 0x1p53
  }

  deinit {
    stageEnds.deallocate()
    stageThresholds.deallocate()
    treeFirstNode.deallocate()
    treeFirstLeaf.deallocate()
    nodeFeature.deallocate()
    nodeThreshold.deallocate()
    nodeLeft.deallocate()
    nodeRight.deallocate()
    leaves.deallocate()
    stumpLeaves.deallocate()
    weights.deallocate()
    tilted.deallocate()
    shapeEnds.deallocate()
  }

  /// The window origins (x, y) of one level that pass every stage, row by row in increasing x,
  /// as OpenCV's scan finds them: rows and columns `step` apart, and the window after one the
  /// first stage rejects skipped. `instructionSet` picks the scan loop (capped to what the CPU
  /// has): several windows at once with AVX2 or AVX-512, one at a time otherwise, with
  /// identical results.
  func acceptedWindows(
    in integrals: IntegralImages, workingWidth: Int, workingHeight: Int, step: Int,
    instructionSet: InstructionSet
  ) -> [(x: Int, y: Int)] {
    // The AVX2 loop reads a stump cascade's trees as one record each.
    let packs =
      packsStumps
      && min(instructionSet, KernelConfiguration.available) == .avx2
      && integrals.sum.count < Int(Int32.max)
    let key = LevelKey(stride: integrals.stride, packed: packs)
    let cached = levelTables.withLock { $0[key] }
    let levelOffsets = cached?.offsets ?? cornerOffsets(stride: integrals.stride)
    return levelOffsets.withUnsafeBufferPointer { offsets in
      var level = haarLevel(offsets: offsets.baseAddress, stride: integrals.stride)
      let stumps = cached?.stumps ?? packedStumps(of: &level, packs: packs)
      if cached == nil { keep(LevelTables(offsets: levelOffsets, stumps: stumps), as: key) }
      return stumps.withUnsafeBufferPointer { packed in
        level.stumps = packed.isEmpty ? nil : packed.baseAddress
        level.shapeEnds = UnsafePointer(shapeEnds.baseAddress)
        defer { level.stumps = nil }
        return scan(
          &level, integrals: integrals, workingWidth: workingWidth, workingHeight: workingHeight, step: step,
          instructionSet: instructionSet)
      }
    }
  }

  /// Four corner offsets per rectangle, three rectangles per feature, for rows `stride` apart.
  private func cornerOffsets(stride: Int) -> [Int] {
    [Int](unsafeUninitializedCapacity: max(geometry.count, 1)) { buffer, count in
      cfacedetection_haar_corner_offsets(
        geometry, tilted.baseAddress, geometry.count / 12, stride, buffer.baseAddress)
      count = buffer.count
    }
  }

  /// The C scanner's view of the cascade on a level whose corner offsets are `offsets`, before
  /// its packed stumps are given.
  private func haarLevel(offsets: UnsafePointer<Int>?, stride: Int) -> HaarLevel {
    // OpenCV normalises by the window shrunk by one pixel on each side.
    let normWidth = windowWidth - 2
    let normHeight = windowHeight - 2
    return HaarLevel(
      stageCount: stageCount,
      stageEnds: UnsafePointer(stageEnds.baseAddress),
      stageThresholds: UnsafePointer(stageThresholds.baseAddress),
      treeFirstNode: UnsafePointer(treeFirstNode.baseAddress),
      treeFirstLeaf: UnsafePointer(treeFirstLeaf.baseAddress),
      nodeFeature: UnsafePointer(nodeFeature.baseAddress),
      nodeThreshold: UnsafePointer(nodeThreshold.baseAddress),
      nodeLeft: UnsafePointer(nodeLeft.baseAddress), nodeRight: UnsafePointer(nodeRight.baseAddress),
      leaves: UnsafePointer(leaves.baseAddress), offsets: offsets,
      weights: UnsafePointer(weights.baseAddress), tilted: UnsafePointer(tilted.baseAddress),
      stumpBased: isStumpBased ? 1 : 0, stumpLeaves: UnsafePointer(stumpLeaves.baseAddress),
      exactStageSums: exactStageSums ? 1 : 0,
      norm: (
        1 + stride, 1 + normWidth + stride, 1 + stride * (1 + normHeight),
        1 + normWidth + stride * (1 + normHeight)
      ),
      normArea: Double(normWidth * normHeight), stumps: nil, shapeEnds: nil)
  }

  /// The trees as packed stumps in `packedOrder`, read from `level`, when `packs`; else none.
  private func packedStumps(of level: inout HaarLevel, packs: Bool) -> [HaarStump] {
    guard packs else { return [] }
    var stumps = [HaarStump](repeating: HaarStump(), count: treeCount)
    stumps.withUnsafeMutableBufferPointer {
      cfacedetection_haar_pack_stumps(&level, treeCount, packedOrder, $0.baseAddress)
    }
    return stumps
  }

  /// Keeps a stride's tables for the next frames, forgetting them all past `cachedStrides`.
  private func keep(_ tables: LevelTables, as key: LevelKey) {
    levelTables.withLock { kept in
      if kept.count >= Self.cachedStrides { kept.removeAll() }
      kept[key] = tables
    }
  }

  /// Runs the C scan over the level's rows, in as many calls as the windows found need.
  private func scan(
    _ level: inout HaarLevel, integrals: IntegralImages, workingWidth: Int, workingHeight: Int, step: Int,
    instructionSet: InstructionSet
  ) -> [(x: Int, y: Int)] {
    var accepted: [(x: Int, y: Int)] = []
    // Room for every window of a few rows; the scan stops and resumes when more pass.
    var found = [Int32](repeating: 0, count: 2 * 4 * workingWidth)
    integrals.sum.withUnsafeBufferPointer { sum in
      integrals.squares.withUnsafeBufferPointer { squares in
        integrals.tilted.withUnsafeBufferPointer { tiltedSum in
          guard let sumBase = sum.baseAddress, let squaresBase = squares.baseAddress else { return }
          // Cascades without tilted features never read that table.
          var tables = HaarIntegrals(
            sum: sumBase, squares: squaresBase, tilted: tiltedSum.baseAddress ?? sumBase,
            stride: integrals.stride, count: sum.count)
          found.withUnsafeMutableBufferPointer { found in
            guard let foundBase = found.baseAddress else { return }
            var row = 0
            while row < workingHeight {
              let count = cfacedetection_haar_scan_rows(
                &level, &tables, &row, workingWidth, workingHeight, step, Int32(instructionSet.rawValue),
                foundBase, found.count / 2)
              for index in 0..<count {
                accepted.append((Int(foundBase[2 * index]), Int(foundBase[2 * index + 1])))
              }
            }
          }
        }
      }
    }
    return accepted
  }
}
