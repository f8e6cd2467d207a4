import Testing

@testable import FaceAnalysisTracking

@Suite("Box Kalman filter")
struct BoxKalmanFilterTests {
  /// Round numbers: a 40 px face has measurement variances 4 (centre) and 16 (size), an initial
  /// velocity variance of 100 and an acceleration density of 400.
  static let noise = MotionNoise(
    centreMeasurement: 0.05, sizeMeasurement: 0.1, aspectMeasurement: 0.05, acceleration: 0.5,
    initialVelocity: 0.25, aspectDrift: 0.05)

  @Test func aNewFilterStartsStillAtTheBoxWithTheMeasurementsUncertainty() {
    let filter = BoxKalmanFilter(box: TrackBox(x: 100, y: 50, width: 40, height: 40), noise: Self.noise)
    #expect(filter.centreX == .init(value: 120, rate: 0, valueVariance: 4, covariance: 0, rateVariance: 100))
    #expect(filter.centreY == .init(value: 70, rate: 0, valueVariance: 4, covariance: 0, rateVariance: 100))
    #expect(filter.size == .init(value: 40, rate: 0, valueVariance: 16, covariance: 0, rateVariance: 100))
    #expect(filter.aspect == 1)
    #expect(abs(filter.aspectVariance - 0.0025) < 1e-15)
  }

  @Test func predictAndUpdateMatchTheHandComputedFigures() {
    var filter = BoxKalmanFilter(box: TrackBox(x: 100, y: 50, width: 40, height: 40), noise: Self.noise)
    filter.predict(by: 0.1)
    // P00 = 4 + 0.01 * 100 + 400 * 0.001 / 3 = 77/15, P01 = 0.1 * 100 + 400 * 0.01 / 2 = 12,
    // P11 = 100 + 400 * 0.1 = 140.
    expectClose(filter.centreX, value: 120, rate: 0, variances: (77.0 / 15, 12, 140))
    expectClose(filter.size, value: 40, rate: 0, variances: (16 + 1 + 0.4 / 3, 12, 140))
    #expect(abs(filter.aspectVariance - 0.00275) < 1e-15)
    // A box 4 px wider, its centre 2 px to the right: innovation 2, S = 77/15 + 4 = 137/15, gains 77/137 and 180/137.
    filter.update(with: TrackBox(x: 100, y: 50, width: 44, height: 40))
    expectClose(
      filter.centreX, value: 16594.0 / 137, rate: 360.0 / 137,
      variances: (308.0 / 137, 720.0 / 137, 17020.0 / 137))
    // y saw no innovation: same value and rate, the same variances as x.
    expectClose(filter.centreY, value: 70, rate: 0, variances: (308.0 / 137, 720.0 / 137, 17020.0 / 137))
    // Aspect 1.1 measured: gain 0.00275 / 0.00525 = 11/21.
    #expect(abs(filter.aspect - (1 + 0.1 * 11 / 21)) < 1e-12)
  }

  @Test func aPredictionMovesTheBoxAtItsVelocity() {
    var filter = BoxKalmanFilter(box: TrackBox(x: 100, y: 50, width: 40, height: 40), noise: Self.noise)
    filter.centreX.rate = 30
    filter.centreY.rate = -10
    filter.size.rate = 20
    filter.predict(by: 0.5)
    let box = filter.box
    #expect(abs(box.centreX - 135) < 1e-12)
    #expect(abs(box.centreY - 65) < 1e-12)
    #expect(abs(box.width - 50) < 1e-12 && abs(box.height - 50) < 1e-12)
    // A size that would shrink to nothing stops at its current value.
    filter.size.rate = -200
    filter.predict(by: 0.5)
    #expect(filter.size.value == 50 && filter.size.rate == 0)
    // No time, no change.
    let before = filter
    filter.predict(by: 0)
    #expect(filter == before)
  }

  @Test func theFilterEqualsTheSevenStateFilterWrittenWithMatrices() {
    var generator = SeededGenerator(seed: 7)
    let noise = MotionNoise()
    let start = TrackBox(x: 200, y: 120, width: 60, height: 72)
    var filter = BoxKalmanFilter(box: start, noise: noise)
    var reference = DenseBoxFilter(box: start, noise: noise)
    for _ in 0..<40 {
      let dt = Double.random(in: 0.01...0.3, using: &generator)
      filter.predict(by: dt)
      reference.predict(by: dt)
      let truth = reference.box
      let measured = TrackBox(
        x: truth.x + .random(in: -5...5, using: &generator),
        y: truth.y + .random(in: -5...5, using: &generator),
        width: truth.width * .random(in: 0.9...1.15, using: &generator),
        height: truth.height * .random(in: 0.9...1.15, using: &generator))
      filter.update(with: measured)
      reference.update(with: measured)
      let axes = [filter.centreX, filter.centreY, filter.size]
      for (index, axis) in axes.enumerated() {
        #expect(isClose(axis.value, reference.state[index]))
        #expect(isClose(axis.rate, reference.state[index + 4]))
        #expect(isClose(axis.valueVariance, reference.covariance[index][index]))
        #expect(isClose(axis.covariance, reference.covariance[index][index + 4]))
        #expect(isClose(axis.rateVariance, reference.covariance[index + 4][index + 4]))
      }
      #expect(isClose(filter.aspect, reference.state[3]))
      #expect(isClose(filter.aspectVariance, reference.covariance[3][3]))
    }
  }
}

private func isClose(_ value: Double, _ expected: Double) -> Bool {
  abs(value - expected) <= 1e-9 * max(1, abs(expected))
}

private func expectClose(
  _ axis: BoxKalmanFilter.Axis, value: Double, rate: Double, variances: (Double, Double, Double),
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(isClose(axis.value, value), "value \(axis.value)", sourceLocation: sourceLocation)
  #expect(isClose(axis.rate, rate), "rate \(axis.rate)", sourceLocation: sourceLocation)
  #expect(
    isClose(axis.valueVariance, variances.0), "P00 \(axis.valueVariance)", sourceLocation: sourceLocation)
  #expect(isClose(axis.covariance, variances.1), "P01 \(axis.covariance)", sourceLocation: sourceLocation)
  #expect(isClose(axis.rateVariance, variances.2), "P11 \(axis.rateVariance)", sourceLocation: sourceLocation)
}

/// The textbook filter on the state [x, y, size, aspect, vx, vy, vsize] with full matrices:
/// x' = F x, P' = F P Fᵀ + Q; K = P Hᵀ (H P Hᵀ + R)⁻¹, x += K (z - H x), P = (I - K H) P.
private struct DenseBoxFilter {
  var state: [Double]
  var covariance: [[Double]]
  let noise: MotionNoise

  init(box: TrackBox, noise: MotionNoise) {
    self.noise = noise
    let size = box.size
    state = [box.centreX, box.centreY, size, box.aspect, 0, 0, 0]
    covariance = diagonal([
      pow2(noise.centreMeasurement * size), pow2(noise.centreMeasurement * size),
      pow2(noise.sizeMeasurement * size),
      pow2(noise.aspectMeasurement), pow2(noise.initialVelocity * size), pow2(noise.initialVelocity * size),
      pow2(noise.initialVelocity * size),
    ])
  }

  var box: TrackBox { TrackBox(centreX: state[0], centreY: state[1], size: state[2], aspect: state[3]) }

  mutating func predict(by dt: Double) {
    var transition = identity(7)
    for axis in 0..<3 { transition[axis][axis + 4] = dt }
    let q = pow2(noise.acceleration * state[2])
    var process = zeros(7, 7)
    for axis in 0..<3 {
      process[axis][axis] = q * dt * dt * dt / 3
      process[axis][axis + 4] = q * dt * dt / 2
      process[axis + 4][axis] = q * dt * dt / 2
      process[axis + 4][axis + 4] = q * dt
    }
    process[3][3] = pow2(noise.aspectDrift) * dt
    state = multiply(transition, state.map { [$0] }).map { $0[0] }
    covariance = add(multiply(multiply(transition, covariance), transpose(transition)), process)
  }

  mutating func update(with box: TrackBox) {
    var measurement = zeros(4, 7)
    for row in 0..<4 { measurement[row][row] = 1 }
    let size = state[2]
    let noiseMatrix = diagonal([
      pow2(noise.centreMeasurement * size), pow2(noise.centreMeasurement * size),
      pow2(noise.sizeMeasurement * size),
      pow2(noise.aspectMeasurement),
    ])
    let observed = [box.centreX, box.centreY, box.size, box.aspect]
    let predicted = multiply(measurement, state.map { [$0] }).map { $0[0] }
    let innovation = zip(observed, predicted).map { [$0 - $1] }
    let innovationCovariance = add(
      multiply(multiply(measurement, covariance), transpose(measurement)), noiseMatrix)
    let gain = multiply(multiply(covariance, transpose(measurement)), inverse(innovationCovariance))
    state = zip(state, multiply(gain, innovation)).map { $0 + $1[0] }
    let correction = add(identity(7), multiply(multiply(gain, measurement), [[-1]]))
    covariance = multiply(correction, covariance)
  }
}

private func pow2(_ value: Double) -> Double { value * value }
private func zeros(_ rows: Int, _ columns: Int) -> [[Double]] {
  Array(repeating: Array(repeating: 0, count: columns), count: rows)
}
private func identity(_ size: Int) -> [[Double]] { diagonal(Array(repeating: 1, count: size)) }
private func diagonal(_ values: [Double]) -> [[Double]] {
  var matrix = zeros(values.count, values.count)
  for (index, value) in values.enumerated() { matrix[index][index] = value }
  return matrix
}
private func transpose(_ matrix: [[Double]]) -> [[Double]] {
  (0..<matrix[0].count).map { column in matrix.map { $0[column] } }
}
private func add(_ left: [[Double]], _ right: [[Double]]) -> [[Double]] {
  zip(left, right).map { zip($0, $1).map(+) }
}
/// A product; a 1x1 right operand scales.
private func multiply(_ left: [[Double]], _ right: [[Double]]) -> [[Double]] {
  if right.count == 1, right[0].count == 1 { return left.map { $0.map { $0 * right[0][0] } } }
  return left.map { row in
    (0..<right[0].count).map { column in (0..<right.count).reduce(0) { $0 + row[$1] * right[$1][column] } }
  }
}
/// Gauss-Jordan elimination with partial pivoting.
private func inverse(_ matrix: [[Double]]) -> [[Double]] {
  let size = matrix.count
  var work = zip(matrix, identity(size)).map { $0 + $1 }
  for column in 0..<size {
    let pivot = (column..<size).max { abs(work[$0][column]) < abs(work[$1][column]) } ?? column
    work.swapAt(column, pivot)
    let scale = work[column][column]
    work[column] = work[column].map { $0 / scale }
    for row in 0..<size where row != column {
      let factor = work[row][column]
      work[row] = zip(work[row], work[column]).map { $0 - factor * $1 }
    }
  }
  return work.map { Array($0[size...]) }
}
