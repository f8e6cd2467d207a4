import FaceAnalysisInterface

/// Options of `emotions detect`.
struct DetectOptions: Equatable, Sendable {
  /// Images, folders, videos, `/dev/videoN` cameras and `lavfi:<graph>` sources, in order.
  var inputs: [String] = []
  /// How the results are written: a table, JSON lines or CSV.
  var format = OutputFormat.table
  /// Write the annotated pictures or video here (`--annotate`): a folder for images, a video
  /// file for videos and cameras.
  var annotate: String?
  /// The face detector given with `--detector`; nil leaves it to `EMOTIONS_DETECTOR`, then to
  /// the Haar cascade.
  var detector: FaceDetectorKind?
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
  /// Write the records to this file instead of standard output (`--output`).
  var output: String?
  /// Continue the records already in ``output`` instead of starting it anew (`--resume`).
  var resume = false
  /// Replace output files that exist (`--overwrite`); inputs are never replaced.
  var overwrite = false

  /// One JSON object per line instead of a table (`--json`, the same as `--format json`).
  var json: Bool {
    get { format == .json }
    set { format = newValue ? .json : .table }
  }

  /// The forms of `--format`.
  enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// One JSON object per image or video frame.
    case json
    /// RFC 4180 CSV, one row per face.
    case csv
  }

  /// Part `index` of `count` parts of the inputs, counted from zero.
  struct Shard: Equatable, Sendable {
    /// Which part, from zero.
    var index: Int
    /// How many parts.
    var count: Int
  }
}
