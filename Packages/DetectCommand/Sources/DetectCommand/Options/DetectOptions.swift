import FaceAnalysisInterface

/// Options of `emotions detect`.
public struct DetectOptions: Equatable, Sendable {
  /// Images, folders, videos, `/dev/videoN` cameras and `lavfi:<graph>` sources, in order.
  public var inputs: [String] = []
  /// How the results are written: a table, JSON lines or CSV.
  public var format = OutputFormat.table
  /// Write the annotated pictures or video here (`--annotate`): a folder for images, a video
  /// file for videos and cameras.
  public var annotate: String?
  /// The face detector given with `--detector`; nil leaves it to `EMOTIONS_DETECTOR`, then to
  /// BlazeFace.
  public var detector: FaceDetectorKind?
  /// The smallest face, in pixels.
  public var minSize = 50
  /// The detector's scale step.
  public var scaleFactor = 1.1
  /// How many overlapping detections make a face.
  public var minNeighbors = 5
  /// Process every Nth frame of a video.
  public var every = 1
  /// Treat each whole image as one face.
  public var wholeImage = false
  /// Where the model files are.
  public var modelDirectory: String?
  /// Process only the inputs whose index modulo `count` is `index`: `K/N` gives `K-1` and `N`.
  public var shard: Shard?
  /// Write a timeline SVG of a video's scores here.
  public var timeline: String?
  /// Write the records to this file instead of standard output (`--output`).
  public var output: String?
  /// Continue the records already in ``output`` instead of starting it anew (`--resume`).
  public var resume = false
  /// Replace output files that exist (`--overwrite`); inputs are never replaced.
  public var overwrite = false
  /// Follow each person through a video or stream, with a steady label (off: `--no-tracks`).
  public var tracks = true
  /// Know a person who comes back by their face's embedding, however long they were gone (off:
  /// `--no-reid`, which follows people by motion alone and needs no embedding model).
  public var reidentifies = true
  /// Give each face its embedding (SFace, 128 numbers) in JSON lines (`--embeddings`).
  public var embeddings = false
  /// Write one row per person of each video here (`--summary`): CSV, or JSON lines when the
  /// name ends in `.jsonl` or `.json`.
  public var summary: String?
  /// Write one self-contained HTML page of the run here at its end (`--report`), as
  /// `emotions report` makes of its records.
  public var report: String?

  /// The defaults: no inputs, a table, BlazeFace (and fer's settings for the Haar cascade).
  public init() {}

  /// One JSON object per line instead of a table (`--json`, the same as `--format json`).
  public var json: Bool {
    get { format == .json }
    set { format = newValue ? .json : .table }
  }

  /// The forms of `--format`.
  public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// One JSON object per image or video frame.
    case json
    /// RFC 4180 CSV, one row per face.
    case csv
  }

  /// Part `index` of `count` parts of the inputs, counted from zero.
  public struct Shard: Equatable, Sendable {
    /// Which part, from zero.
    public var index: Int
    /// How many parts.
    public var count: Int
  }
}

extension DetectOptions.Shard {
  /// The part `--shard K/N` names (K from 1); nil unless 1 ≤ K ≤ N.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(number)
    else { return nil }
    self.init(index: number - 1, count: count)
  }
}
