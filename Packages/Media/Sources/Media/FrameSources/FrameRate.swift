/// A stream's frame rate as its container gives it: an exact fraction, such as `30000/1001`,
/// or unknown (a still picture, a list of inputs, a stream that does not say).
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
  /// Frames in ``denominator`` seconds; 0 when the rate is unknown.
  public let numerator: Int
  /// Seconds that ``numerator`` frames take; 1 when the rate is unknown.
  public let denominator: Int

  /// No rate.
  public static let unknown = FrameRate(numerator: 0, denominator: 1)

  /// `numerator / denominator` frames a second; unknown unless both are positive.
  public init(numerator: Int, denominator: Int) {
    guard numerator > 0, denominator > 0 else {
      self.numerator = 0
      self.denominator = 1
      return
    }
    self.numerator = numerator
    self.denominator = denominator
  }

  /// A whole number of frames a second.
  public init(framesPerSecond: Int) {
    self.init(numerator: framesPerSecond, denominator: 1)
  }

  /// Whether the rate is known.
  public var isKnown: Bool { numerator > 0 }

  /// Frames a second, nil when unknown.
  public var framesPerSecond: Double? { isKnown ? Double(numerator) / Double(denominator) : nil }

  /// The time of frame `index` from the start in seconds, nil when the rate is unknown.
  public func time(ofFrame index: Int) -> Double? {
    framesPerSecond.map { Double(index) / $0 }
  }

  /// The fraction as ffmpeg reads it (`30000/1001`, `25/1`), or `unknown`.
  public var description: String { isKnown ? "\(numerator)/\(denominator)" : "unknown" }
}
