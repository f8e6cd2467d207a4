/// How a recognition session treats time.
public struct RecognitionPolicy: Equatable, Sendable {
  /// Wait for each frame's time before recognising it (videos and live sources play in real
  /// time).
  public var paces: Bool
  /// Replace a frame waiting for recognition, or for the screen, with a newer one instead of
  /// waiting for it to be taken (the older one is counted as dropped).
  public var dropsFrames: Bool

  /// Real time: paced, dropping frames when recognition or drawing falls behind.
  public static let realTime = RecognitionPolicy(paces: true, dropsFrames: true)
  /// Every frame, as fast as recognition goes: for reports, such as line mode on a file.
  public static let everyFrame = RecognitionPolicy(paces: false, dropsFrames: false)

  /// What to do with `playback`. Live sources run in real time whatever is asked, since they
  /// do not wait for their reader; so does a slide show (the newest slide asked for wins). A
  /// file without a frame rate has no clock to keep, so nothing is dropped.
  public func adjusted(for playback: Playback) -> RecognitionPolicy {
    switch playback {
    case .live, .slideShow: return .realTime
    case .video(nil): return .everyFrame
    case .video, .still: return self
    }
  }
}
