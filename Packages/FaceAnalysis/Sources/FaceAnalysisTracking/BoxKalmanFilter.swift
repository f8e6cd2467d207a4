/// A constant-velocity Kalman filter on a face's box, as SORT's: the centre's x and y and the
/// box's size (the square root of its area), each with its rate of change, and the aspect ratio
/// (width over height) with none. Time is in seconds, so a prediction holds at any frame rate.
///
/// The state's seven terms fall into three (value, rate) pairs and one scalar that no matrix of
/// the model couples (the transition, the measurement and both noises are block diagonal), so
/// the filter is those four small filters side by side: exactly the 7x7 filter, in closed form.
/// Noise is scaled by the face's current size.
struct BoxKalmanFilter: Sendable, Equatable {
  /// One position-like term and its velocity, with their 2x2 covariance.
  struct Axis: Sendable, Equatable {
    var value: Double
    var rate: Double
    var valueVariance: Double
    var covariance: Double
    var rateVariance: Double

    /// Moves on by `dt` seconds under white-noise acceleration of spectral density `q`.
    mutating func predict(by dt: Double, accelerationDensity q: Double) {
      value += rate * dt
      valueVariance += 2 * dt * covariance + dt * dt * rateVariance + q * dt * dt * dt / 3
      covariance += dt * rateVariance + q * dt * dt / 2
      rateVariance += q * dt
    }

    /// Takes in a measurement of the value with variance `r`.
    mutating func update(measurement: Double, variance r: Double) {
      let innovation = measurement - value
      let innovationVariance = valueVariance + r
      let valueGain = valueVariance / innovationVariance
      let rateGain = covariance / innovationVariance
      value += valueGain * innovation
      rate += rateGain * innovation
      rateVariance -= rateGain * covariance
      valueVariance -= valueGain * valueVariance
      covariance -= valueGain * covariance
    }
  }

  /// The smallest size a prediction may reach, in pixels.
  static let minimumSize = 1.0

  var centreX: Axis
  var centreY: Axis
  var size: Axis
  var aspect: Double
  var aspectVariance: Double
  let noise: MotionNoise

  /// A filter that starts at a detected box, still, with the velocity's uncertainty the noise
  /// gives a new face.
  init(box: TrackBox, noise: MotionNoise) {
    self.noise = noise
    let size = max(box.size, Self.minimumSize)
    let rateVariance = square(noise.initialVelocity * size)
    func axis(_ value: Double, _ deviation: Double) -> Axis {
      Axis(
        value: value, rate: 0, valueVariance: square(deviation * size), covariance: 0,
        rateVariance: rateVariance)
    }
    centreX = axis(box.centreX, noise.centreMeasurement)
    centreY = axis(box.centreY, noise.centreMeasurement)
    self.size = axis(size, noise.sizeMeasurement)
    aspect = box.aspect
    aspectVariance = square(noise.aspectMeasurement)
  }

  /// The box the state describes.
  var box: TrackBox {
    TrackBox(centreX: centreX.value, centreY: centreY.value, size: size.value, aspect: aspect)
  }

  /// Moves the state on by `dt` seconds (nothing for `dt <= 0`). A size that would shrink below
  /// ``minimumSize`` stops shrinking, as SORT stops an area that would turn negative.
  mutating func predict(by dt: Double) {
    guard dt > 0 else { return }
    let density = square(noise.acceleration * size.value)
    if size.value + size.rate * dt < Self.minimumSize { size.rate = 0 }
    centreX.predict(by: dt, accelerationDensity: density)
    centreY.predict(by: dt, accelerationDensity: density)
    size.predict(by: dt, accelerationDensity: density)
    size.value = max(size.value, Self.minimumSize)
    aspectVariance += square(noise.aspectDrift) * dt
  }

  /// Corrects the state with a detected box.
  mutating func update(with box: TrackBox) {
    let scale = size.value
    centreX.update(measurement: box.centreX, variance: square(noise.centreMeasurement * scale))
    centreY.update(measurement: box.centreY, variance: square(noise.centreMeasurement * scale))
    size.update(measurement: max(box.size, Self.minimumSize), variance: square(noise.sizeMeasurement * scale))
    let aspectNoise = square(noise.aspectMeasurement)
    let gain = aspectVariance / (aspectVariance + aspectNoise)
    aspect += gain * (box.aspect - aspect)
    aspectVariance -= gain * aspectVariance
  }
}

private func square(_ value: Double) -> Double { value * value }
