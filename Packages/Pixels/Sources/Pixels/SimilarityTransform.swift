/// A similarity transform of the plane: a uniform scale and a rotation, then a translation,
/// mapping `(x, y)` to `(a·x − b·y + tx, b·x + a·y + ty)`, the 2x3 matrix
/// `[[a, −b, tx], [b, a, ty]]` in OpenCV's and scikit-image's layout. With scale `s` and
/// angle `θ` (clockwise on screen, since y points down), `a = s·cos θ` and `b = s·sin θ`.
public struct SimilarityTransform: Sendable, Hashable, CustomStringConvertible {
  /// `scale · cos(angle)`.
  public var a: Double
  /// `scale · sin(angle)`.
  public var b: Double
  /// The horizontal translation, added after scaling and rotating.
  public var tx: Double
  /// The vertical translation, added after scaling and rotating.
  public var ty: Double

  /// The transform that leaves every point where it is.
  public static let identity = SimilarityTransform(a: 1, b: 0, tx: 0, ty: 0)

  /// A transform from its matrix entries (see the type's description).
  public init(a: Double, b: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.tx = tx
    self.ty = ty
  }

  /// A scale about the origin, then a translation: no rotation.
  public init(scale: Double, tx: Double, ty: Double) {
    self.init(a: scale, b: 0, tx: tx, ty: ty)
  }

  /// The factor by which the transform stretches every length.
  public var scale: Double { (a * a + b * b).squareRoot() }

  /// The 2x3 matrix row by row: `[a, −b, tx, b, a, ty]`.
  public var matrix: [Double] { [a, -b, tx, b, a, ty] }

  /// `[[a, −b, tx], [b, a, ty]]`, with the entries as Swift prints them.
  public var description: String { "[[\(a), \(-b), \(tx)], [\(b), \(a), \(ty)]]" }

  /// Where the transform takes `point`.
  @inlinable
  public func apply(_ point: PixelPoint) -> PixelPoint {
    PixelPoint(x: a * point.x - b * point.y + tx, y: b * point.x + a * point.y + ty)
  }

  /// The transform that undoes this one, or nil when the scale is zero (every point goes to
  /// one and nothing can be undone).
  public var inverse: SimilarityTransform? {
    let squaredScale = a * a + b * b
    guard squaredScale > 0, squaredScale.isFinite else { return nil }
    // (s R)^-1 = R^T / s: conjugate the rotation, divide by s².
    let inverseA = a / squaredScale
    let inverseB = -b / squaredScale
    return SimilarityTransform(
      a: inverseA, b: inverseB, tx: -(inverseA * tx - inverseB * ty), ty: -(inverseB * tx + inverseA * ty))
  }

  /// This transform followed by `next`: `next.apply(apply(p))` for every `p`.
  public func followed(by next: SimilarityTransform) -> SimilarityTransform {
    SimilarityTransform(
      a: next.a * a - next.b * b, b: next.b * a + next.a * b,
      tx: next.a * tx - next.b * ty + next.tx, ty: next.b * tx + next.a * ty + next.ty)
  }

  /// The transform that takes `source[i]` nearest `target[i]` in the least-squares sense: it
  /// minimises `Σ |T(source[i]) − target[i]|²` over every scale ≥ 0, rotation (no reflection)
  /// and translation, which is Umeyama's (1991) estimate restricted to rotations, as
  /// scikit-image's `SimilarityTransform.estimate` computes it. In the plane the minimum has a
  /// closed form: with both point sets centred on their means, `a = Σ(x·u + y·v) / Σ(x² + y²)`
  /// and `b = Σ(x·v − y·u) / Σ(x² + y²)`.
  ///
  /// Nil when the arrays differ in length, a coordinate is not finite, the source has fewer than
  /// two distinct points (no scale or angle can be told), or the best fit has scale zero (the
  /// targets carry no trace of the source's shape, so nothing can be inverted).
  public static func estimate(from source: [PixelPoint], to target: [PixelPoint]) -> SimilarityTransform? {
    guard source.count == target.count, source.count >= 2 else { return nil }
    let count = Double(source.count)
    var sourceMean = (x: 0.0, y: 0.0)
    var targetMean = (x: 0.0, y: 0.0)
    for (from, to) in zip(source, target) {
      sourceMean.x += from.x
      sourceMean.y += from.y
      targetMean.x += to.x
      targetMean.y += to.y
    }
    sourceMean = (sourceMean.x / count, sourceMean.y / count)
    targetMean = (targetMean.x / count, targetMean.y / count)
    var spread = 0.0
    var cosine = 0.0
    var sine = 0.0
    for (from, to) in zip(source, target) {
      let (x, y) = (from.x - sourceMean.x, from.y - sourceMean.y)
      let (u, v) = (to.x - targetMean.x, to.y - targetMean.y)
      spread += x * x + y * y
      cosine += x * u + y * v
      sine += x * v - y * u
    }
    guard spread > 0, spread.isFinite, cosine.isFinite, sine.isFinite else { return nil }
    let a = cosine / spread
    let b = sine / spread
    guard a != 0 || b != 0 else { return nil }
    return SimilarityTransform(
      a: a, b: b, tx: targetMean.x - (a * sourceMean.x - b * sourceMean.y),
      ty: targetMean.y - (b * sourceMean.x + a * sourceMean.y))
  }
}
