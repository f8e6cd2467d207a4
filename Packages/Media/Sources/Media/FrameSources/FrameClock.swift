/// When each frame of a video is shown, in seconds from its first frame: its own presentation
/// time (pts, in the stream's time base) less the first frame's, so that a variable-frame-rate
/// clip, as phones record, gets each frame's real time. A stream whose frames carry no time is
/// counted at its frame rate, and one with neither at ``assumedFramesPerSecond``, said once.
public struct FrameClock: Sendable {
  /// The rate a stream with neither times nor a rate is counted at.
  public static let assumedFramesPerSecond = 25

  /// The stream's time base: `numerator / denominator` seconds a tick; unknown when either is 0.
  let timeBase: (numerator: Int, denominator: Int)
  /// The stream's frame rate, for frames without a time.
  let frameRate: FrameRate
  /// The first decoded frame's presentation time, the zero of every time.
  private(set) var firstTick: Int64?
  /// Whether frames are being counted at the assumed rate (and that was said).
  private(set) var isAssumingRate = false

  /// A clock for a stream with this time base and frame rate.
  public init(timeBase: (numerator: Int, denominator: Int), frameRate: FrameRate) {
    self.timeBase = timeBase
    self.frameRate = frameRate
  }

  /// Notes a decoded frame's presentation time (nil when it has none): the first one found is
  /// the zero. Every decoded frame goes through here, those `--every` passes over too.
  public mutating func noteDecoded(tick: Int64?) {
    if firstTick == nil, let tick, timeBase.numerator > 0, timeBase.denominator > 0 { firstTick = tick }
  }

  /// The time of frame `index` whose presentation time is `tick`, in seconds, and a note the
  /// first time frames must be counted at the assumed rate.
  public mutating func time(ofFrame index: Int, tick: Int64?) -> (seconds: Double, note: String?) {
    if let tick, let first = firstTick, timeBase.numerator > 0, timeBase.denominator > 0 {
      let (ticks, overflow) = tick.subtractingReportingOverflow(first)
      if !overflow {
        return (Double(ticks) * Double(timeBase.numerator) / Double(timeBase.denominator), nil)
      }
    }
    if let seconds = frameRate.time(ofFrame: index) { return (seconds, nil) }
    let seconds = Double(index) / Double(Self.assumedFramesPerSecond)
    guard !isAssumingRate else { return (seconds, nil) }
    isAssumingRate = true
    return (
      seconds,
      "the stream gives neither frame times nor a frame rate: its frames are counted at "
        + "\(Self.assumedFramesPerSecond) fps"
    )
  }
}
