import Foundation

/// Why a frame source could not open or deliver a frame. Each description is one line that
/// names the input.
public enum FrameSourceError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// No file, folder or device at this path.
  case notFound(path: String)
  /// A folder without any image in it.
  case noImages(folder: String)
  /// An image failed to load (missing, empty, corrupt, too large).
  case image(ImageError)
  /// The `ffmpeg` executable, which writes videos, is not installed.
  case toolMissing(tool: String)
  /// FFmpeg's decoding libraries could not be loaded.
  case decoderMissing(reason: String)
  /// FFmpeg's libraries could not read the input as a video.
  case unreadableVideo(path: String, detail: String)
  /// Frames of this size exceed the pixel limit; nothing was decoded.
  case tooLarge(path: String, width: Int, height: Int, limit: Int)
  /// Decoding stopped before the first frame, or a frame could not be converted.
  case decodingFailed(path: String, detail: String)
  /// A list file (`@file`) could not be read.
  case unreadableList(path: String, reason: String)
  /// An option is out of range.
  case invalidOption(String)

  /// One line naming the input and the problem.
  public var description: String {
    switch self {
    case .notFound(let path):
      return "\(path): no such file, folder or device"
    case .noImages(let folder):
      return "\(folder): the folder has no JPEG, PNG, PPM or PGM images"
    case .image(let error):
      return error.description
    case .toolMissing(let tool):
      return "\(tool) is not installed or not on PATH: install ffmpeg (Tools/setup does it)"
    case .decoderMissing(let reason):
      return "cannot decode videos: \(reason)"
    case .unreadableVideo(let path, let detail):
      return "\(path): ffmpeg cannot read it as a video: \(detail)"
    case .tooLarge(let path, let width, let height, let limit):
      return "\(path): frames of \(width)x\(height) pixels exceed the limit of \(limit) pixels"
    case .decodingFailed(let path, let detail):
      return "\(path): video decoding failed: \(detail)"
    case .unreadableList(let path, let reason):
      return "\(path): cannot read the list of inputs (\(reason))"
    case .invalidOption(let reason):
      return "invalid option: \(reason)"
    }
  }

  /// The same line as `description`.
  public var errorDescription: String? { description }
}
