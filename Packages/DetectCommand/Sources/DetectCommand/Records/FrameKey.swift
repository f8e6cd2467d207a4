/// Which frame a record is of: its source as the records name it and its index there. What
/// `--resume` looks records up by.
struct FrameKey: Hashable, Sendable {
  /// The input as the user named it, or the image file of a folder or list.
  var source: String
  /// The frame's index in its source, from 0; always 0 for an image.
  var frame: Int
}
