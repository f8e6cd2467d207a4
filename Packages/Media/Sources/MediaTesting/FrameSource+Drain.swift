import Media

extension FrameSource {
  /// Reads every frame left, collecting the errors on the way (at most 21, so a source that
  /// fails on every read still ends): how a test reads a whole source.
  public func drain() -> (frames: [Frame], errors: [FrameSourceError]) {
    var frames: [Frame] = []
    var errors: [FrameSourceError] = []
    while true {
      do {
        guard let frame = try next() else { break }
        frames.append(frame)
      } catch {
        errors.append(error)
        if errors.count > 20 { break }
      }
    }
    return (frames, errors)
  }
}
