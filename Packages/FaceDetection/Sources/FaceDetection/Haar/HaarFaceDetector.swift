import CFaceDetectionHaar
import Dispatch
import Foundation
import Pixels
import Processor

/// OpenCV's `CascadeClassifier::detectMultiScale` (with `CASCADE_SCALE_IMAGE`): an image pyramid
/// shrunk with bilinear resizing, integral and squared-integral images per level, window
/// variance normalisation, a step of 2 below scale 2 and 1 from scale 2 on, the cascade's stage
/// thresholds, `groupRectangles` with eps 0.2 and boxes clipped to the image. The window scan
/// and the pyramid's resize are C (`CFaceDetectionHaar`); pyramid levels run in parallel. For the
/// same gray image the boxes are OpenCV's.
public struct HaarFaceDetector: Sendable {
  /// The cascade in use.
  public let cascade: HaarCascade
  private let tables: CascadeTables
  /// The instruction set the window scan runs with: the kernels' (`EMOTIONS_CPU` caps it).
  /// The answers are the same at every level; tests compare them.
  var instructionSet = KernelConfiguration.level

  private static let groupEpsilon = 0.2

  /// A detector for a loaded cascade.
  public init(cascade: HaarCascade) {
    self.cascade = cascade
    self.tables = CascadeTables(cascade: cascade)
  }

  /// A detector for the cascade XML file at `path` (old or new OpenCV layout).
  public init(contentsOfFile path: String) throws(CascadeError) {
    self.init(cascade: try HaarCascade(contentsOfFile: path))
  }

  /// The faces in a gray image, as OpenCV's `detectMultiScale` finds them, with pyramid levels
  /// spread over up to `threads` threads. Invalid options (see `DetectionOptions.problem`)
  /// find nothing.
  public func detect(
    in image: GrayImage, options: DetectionOptions = DetectionOptions(),
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) -> [BoundingBox] {
    guard options.problem == nil else { return [] }
    let candidates = rawDetections(in: image, options: options, threads: threads)
    let grouped = Self.group(candidates, threshold: options.minNeighbors, epsilon: Self.groupEpsilon)
    return grouped.compactMap { $0.clipped(width: image.width, height: image.height) }
  }

  /// The pyramid's scale factors, as OpenCV picks them (stored as `Float`, as OpenCV does).
  func scales(imageWidth: Int, imageHeight: Int, options: DetectionOptions) -> [Float] {
    let maxWidth = options.maxSize ?? imageWidth
    let maxHeight = options.maxSize ?? imageHeight
    var result: [Float] = []
    var factor = 1.0
    while true {
      let windowWidth = Int((Double(cascade.windowWidth) * factor).rounded(.toNearestOrEven))
      let windowHeight = Int((Double(cascade.windowHeight) * factor).rounded(.toNearestOrEven))
      if windowWidth > maxWidth || windowHeight > maxHeight || windowWidth > imageWidth
        || windowHeight > imageHeight
      {
        break
      }
      if windowWidth >= options.minSize, windowHeight >= options.minSize {
        result.append(Float(factor))
      }
      factor *= options.scaleFactor
    }
    if result.isEmpty {
      // No level fits between the minimum and maximum size: OpenCV then scans the one level whose
      // window is closest to the minimum size (the first of equals).
      var best: (distance: Double, factor: Double)?
      factor = 1.0
      while true {
        let windowWidth = Int((Double(cascade.windowWidth) * factor).rounded(.toNearestOrEven))
        let windowHeight = Int((Double(cascade.windowHeight) * factor).rounded(.toNearestOrEven))
        if windowWidth > imageWidth || windowHeight > imageHeight { break }
        let dx = Double(windowWidth - options.minSize)
        let dy = Double(windowHeight - options.minSize)
        let distance = dx * dx + dy * dy
        if best == nil || distance < (best?.distance ?? 0) { best = (distance, factor) }
        factor *= options.scaleFactor
      }
      if let best { result.append(Float(best.factor)) }
    }
    return result
  }

  /// Every window the cascade accepts, level by level, before grouping.
  func rawDetections(
    in image: GrayImage, options: DetectionOptions,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) -> [BoundingBox] {
    let levels = scales(imageWidth: image.width, imageHeight: image.height, options: options)
    guard !levels.isEmpty else { return [] }
    if threads <= 1 { return levels.flatMap { detect(in: image, scale: $0) } }
    let results = LevelResults(count: levels.count)
    DispatchQueue.concurrentPerform(iterations: levels.count) { index in
      results.store(detect(in: image, scale: levels[index]), at: index)
    }
    return results.joined()
  }

  private func detect(in image: GrayImage, scale: Float) -> [BoundingBox] {
    let width = Int((Float(image.width) / scale).rounded(.toNearestOrEven))
    let height = Int((Float(image.height) / scale).rounded(.toNearestOrEven))
    let workingWidth = max(width + 1 - cascade.windowWidth, 0)
    let workingHeight = max(height + 1 - cascade.windowHeight, 0)
    guard workingWidth > 0, workingHeight > 0, width > 0, height > 0 else { return [] }
    let level = ExactBilinearResizer.resize(image, width: width, height: height)
    let integrals = IntegralImages(level, tilted: cascade.hasTiltedFeatures)
    let boxWidth = Int((Float(cascade.windowWidth) * scale).rounded(.toNearestOrEven))
    let boxHeight = Int((Float(cascade.windowHeight) * scale).rounded(.toNearestOrEven))
    let windows = tables.acceptedWindows(
      in: integrals, workingWidth: workingWidth, workingHeight: workingHeight, step: scale >= 2 ? 1 : 2,
      instructionSet: instructionSet)
    return windows.map { window in
      BoundingBox(
        x: Int((Float(window.x) * scale).rounded(.toNearestOrEven)),
        y: Int((Float(window.y) * scale).rounded(.toNearestOrEven)), width: boxWidth, height: boxHeight)
    }
  }

  /// OpenCV's `groupRectangles`: rectangles are similar when every edge lies within
  /// `eps * (min widths + min heights) / 2`; classes are the connected components; a class needs
  /// more than `threshold` members; its average is kept unless it lies inside a stronger class.
  static func group(_ rectangles: [BoundingBox], threshold: Int, epsilon: Double) -> [BoundingBox] {
    guard threshold > 0, !rectangles.isEmpty else { return rectangles }
    let labels = partition(rectangles, epsilon: epsilon)
    let classCount = (labels.max() ?? -1) + 1
    var sums = [(x: Int, y: Int, width: Int, height: Int)](repeating: (0, 0, 0, 0), count: classCount)
    var counts = [Int](repeating: 0, count: classCount)
    for (index, label) in labels.enumerated() {
      let box = rectangles[index]
      sums[label].x += box.x
      sums[label].y += box.y
      sums[label].width += box.width
      sums[label].height += box.height
      counts[label] += 1
    }
    let averages = (0..<classCount).map { label -> BoundingBox in
      let scale = 1 / Float(counts[label])
      func average(_ total: Int) -> Int { Int((Float(total) * scale).rounded(.toNearestOrEven)) }
      return BoundingBox(
        x: average(sums[label].x), y: average(sums[label].y), width: average(sums[label].width),
        height: average(sums[label].height))
    }
    var result: [BoundingBox] = []
    for label in 0..<classCount {
      let box = averages[label]
      let count = counts[label]
      guard count > threshold else { continue }
      var swallowed = false
      for other in 0..<classCount where other != label && counts[other] > threshold {
        let outer = averages[other]
        let dx = Int((Double(outer.width) * epsilon).rounded(.toNearestOrEven))
        let dy = Int((Double(outer.height) * epsilon).rounded(.toNearestOrEven))
        if box.x >= outer.x - dx, box.y >= outer.y - dy, box.x + box.width <= outer.x + outer.width + dx,
          box.y + box.height <= outer.y + outer.height + dy, counts[other] > max(3, count) || count < 3
        {
          swallowed = true
          break
        }
      }
      if !swallowed { result.append(box) }
    }
    return result
  }

  /// Class labels numbered in order of first appearance, classes being the connected
  /// components of the similarity relation.
  static func partition(_ rectangles: [BoundingBox], epsilon: Double) -> [Int] {
    var parent = Array(rectangles.indices)
    func root(_ index: Int) -> Int {
      var node = index
      while parent[node] != node {
        parent[node] = parent[parent[node]]
        node = parent[node]
      }
      return node
    }
    // Similar rectangles differ by at most `delta` in x, so a sweep over x-sorted rectangles
    // only compares near neighbours; the components are the same as comparing all pairs.
    let largest = rectangles.reduce(0) { max($0, $1.width + $1.height) }
    let reach = Int((epsilon * Double(largest) * 0.5).rounded(.up)) + 1
    let order = rectangles.indices.sorted { rectangles[$0].x < rectangles[$1].x }
    for position in order.indices {
      let first = order[position]
      var next = position + 1
      while next < order.count, rectangles[order[next]].x - rectangles[first].x <= reach {
        let second = order[next]
        if similar(rectangles[first], rectangles[second], epsilon) {
          let a = root(first)
          let b = root(second)
          if a != b { parent[max(a, b)] = min(a, b) }
        }
        next += 1
      }
    }
    var labelOfRoot: [Int: Int] = [:]
    return rectangles.indices.map { index in
      let base = root(index)
      if let label = labelOfRoot[base] { return label }
      let label = labelOfRoot.count
      labelOfRoot[base] = label
      return label
    }
  }

  private static func similar(_ first: BoundingBox, _ second: BoundingBox, _ epsilon: Double) -> Bool {
    let delta =
      epsilon * Double(min(first.width, second.width) + min(first.height, second.height)) * 0.5
    return Double(abs(first.x - second.x)) <= delta && Double(abs(first.y - second.y)) <= delta
      && Double(abs(first.x + first.width - second.x - second.width)) <= delta
      && Double(abs(first.y + first.height - second.y - second.height)) <= delta
  }
}
