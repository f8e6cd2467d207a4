import FaceAnalysisInterface

/// A box in image pixels with real coordinates, as the motion model predicts it: `x, y` is the
/// top-left corner.
struct TrackBox: Sendable, Equatable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The detector's box.
  init(_ box: BoundingBox) {
    self.init(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
  }

  /// A box from its centre, its size (the square root of its area) and its aspect ratio (width
  /// over height), the motion model's terms.
  init(centreX: Double, centreY: Double, size: Double, aspect: Double) {
    let root = aspect.squareRoot()
    width = size * root
    height = size / root
    x = centreX - width / 2
    y = centreY - height / 2
  }

  var centreX: Double { x + width / 2 }
  var centreY: Double { y + height / 2 }
  /// The square root of the area: a length that grows as a face comes closer, whatever its shape.
  var size: Double { (width * height).squareRoot() }
  var aspect: Double { width / height }

  /// Intersection over union, 0 when either box is empty.
  func overlap(with other: TrackBox) -> Double {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    guard right > left, bottom > top else { return 0 }
    let intersection = (right - left) * (bottom - top)
    let union = width * height + other.width * other.height - intersection
    return union > 0 ? intersection / union : 0
  }

  /// The box a fraction `t` of the way from this one to `other`, edge by edge.
  func interpolated(to other: TrackBox, fraction t: Double) -> TrackBox {
    TrackBox(
      x: x + (other.x - x) * t, y: y + (other.y - y) * t,
      width: width + (other.width - width) * t, height: height + (other.height - height) * t)
  }
}
