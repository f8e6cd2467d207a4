/// Options of `emotions detect`.
struct DetectOptions: Equatable, Sendable {
  /// Images, folders, videos, `/dev/videoN` cameras and `lavfi:<graph>` sources, in order.
  var inputs: [String] = []
  /// One JSON object per line instead of a table.
  var json = false
  /// The smallest face, in pixels.
  var minSize = 50
  /// The detector's scale step.
  var scaleFactor = 1.1
  /// How many overlapping detections make a face.
  var minNeighbors = 5
  /// Process every Nth frame of a video.
  var every = 1
  /// Treat each whole image as one face.
  var wholeImage = false
  /// Where the model files are.
  var modelDirectory: String?
  /// Process only the inputs whose index modulo `count` is `index`: `K/N` gives `K-1` and `N`.
  var shard: Shard?
  /// Write a timeline SVG of a video's scores here.
  var timeline: String?

  /// Part `index` of `count` parts of the inputs, counted from zero.
  struct Shard: Equatable, Sendable {
    /// Which part, from zero.
    var index: Int
    /// How many parts.
    var count: Int
  }
}
