/// How uncertain the tracker's motion model is, in units of the face's own size (the square
/// root of its box's area) so that a small far face and a large near one are followed alike,
/// and in seconds so that it holds at any frame rate.
public struct MotionNoise: Sendable, Equatable {
  /// Standard deviation of a detected box's centre, as a fraction of the face's size.
  public var centreMeasurement: Double
  /// Standard deviation of a detected box's size, as a fraction of the face's size (Haar's
  /// boxes come in scale steps of 10%).
  public var sizeMeasurement: Double
  /// Standard deviation of a detected box's aspect ratio (width over height).
  public var aspectMeasurement: Double
  /// Spectral density of the unmodelled acceleration, as a standard deviation: the velocity
  /// of the centre and of the size drifts by this many face sizes per second over one second.
  public var acceleration: Double
  /// Standard deviation of a new face's velocity, in face sizes per second.
  public var initialVelocity: Double
  /// Standard deviation of the aspect ratio's drift over one second.
  public var aspectDrift: Double

  /// The noise the tracker is tuned with (see each property).
  public init(
    centreMeasurement: Double = 0.05, sizeMeasurement: Double = 0.1, aspectMeasurement: Double = 0.05,
    acceleration: Double = 2, initialVelocity: Double = 1, aspectDrift: Double = 0.05
  ) {
    self.centreMeasurement = centreMeasurement
    self.sizeMeasurement = sizeMeasurement
    self.aspectMeasurement = aspectMeasurement
    self.acceleration = acceleration
    self.initialVelocity = initialVelocity
    self.aspectDrift = aspectDrift
  }
}
