/// What kind of input a frame source reads.
public enum FrameSourceKind: String, Sendable {
  /// One still image.
  case image
  /// The images of a folder, sorted by name.
  case folder
  /// Several inputs one after another.
  case list
  /// A video file, decoded by ffmpeg.
  case video
  /// A V4L2 camera (`/dev/videoN`), read by ffmpeg.
  case camera
  /// An ffmpeg `lavfi` filter graph (`lavfi:testsrc=duration=2`).
  case lavfi

  /// Whether frames come as a stream in time (a video file, a camera or a graph), each with
  /// its index and time, rather than as still pictures.
  public var isStream: Bool {
    switch self {
    case .video, .camera, .lavfi: true
    case .image, .folder, .list: false
    }
  }
}
