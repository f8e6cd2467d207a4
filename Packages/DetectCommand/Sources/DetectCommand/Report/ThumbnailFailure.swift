/// Why a face of the report has a placeholder instead of its picture: one line naming the
/// source, for the command to print on stderr before it exits with status 1.
struct ThumbnailFailure: Error, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The image or video the picture was to come from.
  var source: String
  /// One line naming the source and what went wrong, such as
  /// `clip.mp4: no such file, folder or device`.
  var message: String

  /// A failure from its parts.
  init(source: String, message: String) {
    self.source = source
    self.message = message
  }

  /// The message.
  var description: String { message }

  /// By source, then message.
  static func < (left: ThumbnailFailure, right: ThumbnailFailure) -> Bool {
    (left.source, left.message) < (right.source, right.message)
  }
}
