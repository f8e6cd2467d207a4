import Media

extension FrameSource {
  /// How the source plays on the Vision screen: a picture once, a folder as slides, a file at
  /// its frame rate, a camera or a graph live.
  var playback: Playback {
    switch kind {
    case .image: return .still
    case .folder: return .slideShow(count: slidePaths.count)
    case .list: return .video(framesPerSecond: nil)
    case .video: return .video(framesPerSecond: frameRate.framesPerSecond)
    case .camera, .lavfi: return .live(framesPerSecond: frameRate.framesPerSecond, isCamera: kind == .camera)
    }
  }
}
