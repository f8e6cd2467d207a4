import Pixels
import Testing

@Suite("Similarity transforms")
struct SimilarityTransformTests {
  /// Scale 2, rotation 90°, translation (3, −1): (x, y) ↦ (−2y + 3, 2x − 1).
  static let known = SimilarityTransform(a: 0, b: 2, tx: 3, ty: -1)

  static func expectClose(
    _ actual: SimilarityTransform?, _ expected: SimilarityTransform, within tolerance: Double = 1e-12,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let actual else {
      Issue.record("no transform, expected \(expected)", sourceLocation: sourceLocation)
      return
    }
    let close = zip(actual.matrix, expected.matrix).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(close, "\(actual) is not \(expected)", sourceLocation: sourceLocation)
  }

  @Test func applyingMapsPointsByTheMatrix() {
    #expect(Self.known.apply(PixelPoint(x: 0, y: 0)) == PixelPoint(x: 3, y: -1))
    #expect(Self.known.apply(PixelPoint(x: 1, y: 0)) == PixelPoint(x: 3, y: 1))
    #expect(Self.known.apply(PixelPoint(x: 2, y: 3)) == PixelPoint(x: -3, y: 3))
    #expect(Self.known.scale == 2)
    #expect(Self.known.matrix == [0, -2, 3, 2, 0, -1])
    #expect(
      SimilarityTransform(scale: 3, tx: 1, ty: 2).apply(PixelPoint(x: 1, y: 1)) == PixelPoint(x: 4, y: 5))
  }

  @Test func pointsMadeByAKnownTransformGiveItBack() {
    let source = [
      PixelPoint(x: 0, y: 0), PixelPoint(x: 1, y: 0), PixelPoint(x: 0, y: 1), PixelPoint(x: 2, y: 3),
    ]
    let target = [
      PixelPoint(x: 3, y: -1), PixelPoint(x: 3, y: 1), PixelPoint(x: 1, y: -1), PixelPoint(x: -3, y: 3),
    ]
    #expect(source.map(Self.known.apply) == target)
    Self.expectClose(SimilarityTransform.estimate(from: source, to: target), Self.known)
    // Two distinct points determine a similarity exactly.
    Self.expectClose(
      SimilarityTransform.estimate(from: Array(source[2...]), to: Array(target[2...])), Self.known)
  }

  @Test func inconsistentPointsGetTheLeastSquaresFit() throws {
    // A cross whose x arm is stretched 2x and whose y arm is not: the best uniform scale is
    // Σ(x·u + y·v) / Σ(x² + y²) = (2 + 2 + 1 + 1) / 4 = 1.5, and the means give the shift.
    let cross = [
      PixelPoint(x: -1, y: 0), PixelPoint(x: 1, y: 0), PixelPoint(x: 0, y: -1), PixelPoint(x: 0, y: 1),
    ]
    let stretched = [
      PixelPoint(x: 8, y: 20), PixelPoint(x: 12, y: 20), PixelPoint(x: 10, y: 19), PixelPoint(x: 10, y: 21),
    ]
    Self.expectClose(
      SimilarityTransform.estimate(from: cross, to: stretched),
      SimilarityTransform(a: 1.5, b: 0, tx: 10, ty: 20))
    // The x arm tilted to (±1, ±0.5): a = (1 + 1 + 1 + 1) / 4 = 1 and
    // b = Σ(x·v − y·u) / 4 = ((−1)(−0.5) + (1)(0.5)) / 4 = 0.25.
    let tilted = [
      PixelPoint(x: -1, y: -0.5), PixelPoint(x: 1, y: 0.5), PixelPoint(x: 0, y: -1), PixelPoint(x: 0, y: 1),
    ]
    let fit = try #require(SimilarityTransform.estimate(from: cross, to: tilted))
    Self.expectClose(fit, SimilarityTransform(a: 1, b: 0.25, tx: 0, ty: 0))
    // It is the minimum: nudging any entry makes the squared error larger.
    func error(_ transform: SimilarityTransform) -> Double {
      zip(cross, tilted).reduce(0) { sum, pair in
        let mapped = transform.apply(pair.0)
        return sum + (mapped.x - pair.1.x) * (mapped.x - pair.1.x) + (mapped.y - pair.1.y)
          * (mapped.y - pair.1.y)
      }
    }
    // Residuals (0, −0.25), (0, 0.25), (0.25, 0), (−0.25, 0): 4 · 0.0625.
    #expect(abs(error(fit) - 0.25) < 1e-12)
    for nudge in [
      SimilarityTransform(a: 1.01, b: 0.25, tx: 0, ty: 0), SimilarityTransform(a: 1, b: 0.24, tx: 0, ty: 0),
      SimilarityTransform(a: 1, b: 0.25, tx: 0.01, ty: 0),
      SimilarityTransform(a: 1, b: 0.25, tx: 0, ty: -0.01),
    ] {
      #expect(error(nudge) > error(fit))
    }
  }

  @Test func tooFewOrDegeneratePointsGiveNoTransform() {
    let point = PixelPoint(x: 1, y: 2)
    let other = PixelPoint(x: 3, y: 4)
    #expect(SimilarityTransform.estimate(from: [], to: []) == nil)
    #expect(SimilarityTransform.estimate(from: [point], to: [other]) == nil)
    #expect(SimilarityTransform.estimate(from: [point, point, point], to: [point, other, point]) == nil)
    #expect(SimilarityTransform.estimate(from: [point, other], to: [point]) == nil, "counts differ")
    // Every target the same point: the fit has scale zero and could not be inverted.
    #expect(SimilarityTransform.estimate(from: [point, other], to: [other, other]) == nil)
    #expect(
      SimilarityTransform.estimate(from: [point, PixelPoint(x: .nan, y: 0)], to: [point, other]) == nil)
  }

  @Test func theInverseUndoesTheTransform() throws {
    // (sR)⁻¹ = Rᵀ / s: a = 0, b = −2 / 4; the translation −(sR)⁻¹ · (3, −1) = (0.5, 1.5).
    let inverse = try #require(Self.known.inverse)
    Self.expectClose(inverse, SimilarityTransform(a: 0, b: -0.5, tx: 0.5, ty: 1.5))
    for point in [PixelPoint(x: 0, y: 0), PixelPoint(x: 7.5, y: -2.25)] {
      let back = inverse.apply(Self.known.apply(point))
      #expect(abs(back.x - point.x) < 1e-12 && abs(back.y - point.y) < 1e-12)
    }
    Self.expectClose(Self.known.followed(by: inverse), .identity)
    #expect(SimilarityTransform(a: 0, b: 0, tx: 1, ty: 1).inverse == nil)
  }

  @Test func followedByComposesInOrder() {
    let shift = SimilarityTransform(scale: 1, tx: 1, ty: 0)
    let point = PixelPoint(x: 2, y: 5)
    // Shift then rotate-and-scale: (3, 5) ↦ (−10 + 3, 6 − 1); the other order: (−7, 3) + (1, 0).
    #expect(shift.followed(by: Self.known).apply(point) == PixelPoint(x: -7, y: 5))
    #expect(Self.known.followed(by: shift).apply(point) == PixelPoint(x: -6, y: 3))
  }
}
