import FaceAnalysisInterface
import OptionTable

extension DetectOptions {
  /// `emotions detect`'s options: what its parser reads, and what its help, the manual page
  /// and the completion scripts say.
  public static let table = CommandTable<DetectOptions>(
    name: "detect", synopsis: "detect <path>... [options]",
    abstract: "find the faces in images, folders, videos and cameras, and name their emotions",
    discussion: [
      "Finds faces and names their emotions. A path is an image (JPEG, PNG, PPM, PGM), a folder of "
        + "images, a video file, a camera (/dev/videoN) or lavfi:<ffmpeg graph>."
    ],
    notes: [
      "No output replaces an input (the same file by any name or link) or a file already there "
        + "unless --overwrite is given; such a run stops before it starts.",
      "Errors go to stderr and the other inputs go on. Exit status: 0 when every input was read, 1 "
        + "when any failed, 2 for a usage error.",
    ],
    options: [
      .help("-h", "--help", help: "show this help"),
      .choice(
        "--format", valueName: "f",
        help:
          "table (default), json (one object per image or video frame) or csv (one row per face, RFC 4180)"
      ) { $0.format = $1 },
      .flag("--json", help: "the same as --format json") { $0.format = .json },
      .value(
        "--annotate", value: OptionValue("out", .path),
        help: "draw each face's box, label and score: a video or camera becomes the video <out> (H.264 MP4, "
          + "or what its extension names), images become pictures in the folder <out>"
      ) { $0.annotate = $1 },
      FaceDetectorKind.option { $0.detector = $1 },
      .integer("--min-size", valueName: "px", atLeast: 1, help: "smallest face (default 50; haar only)") {
        $0.minSize = $1
      },
      .value(
        "--scale-factor", value: OptionValue("f", .number),
        help: "detector scale step (default 1.1; haar only)"
      ) { (options: inout DetectOptions, text: String) throws(UsageError) in
        guard let factor = Double(text), factor > 1, factor <= 4 else {
          throw UsageError("--scale-factor must be a number above 1 and at most 4, not “\(text)”")
        }
        options.scaleFactor = factor
      },
      .integer(
        "--min-neighbors", valueName: "n", atLeast: 0,
        help: "detections needed for a face (default 5; haar only)"
      ) { $0.minNeighbors = $1 },
      .integer("--every", valueName: "n", atLeast: 1, help: "process every nth video frame (default 1)") {
        $0.every = $1
      },
      .flag("--whole-image", help: "treat each image as one face, no detection") { $0.wholeImage = true },
      .value(
        "--model-dir", value: OptionValue("dir", .folder),
        help: "where the model files are (the only folder searched when given)"
      ) { $0.modelDirectory = $1 },
      .value(
        "--shard", value: OptionValue("K/N"),
        help: "process only inputs K, K+N, K+2N, ... (1-based), the same on every machine"
      ) { (options: inout DetectOptions, text: String) throws(UsageError) in
        guard let shard = Shard(text) else {
          throw UsageError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/8, not “\(text)”")
        }
        options.shard = shard
      },
      .value(
        "--timeline", value: OptionValue("out.svg", .file),
        help: "draw a video's emotion scores over time, one lane per person"
      ) { $0.timeline = $1 },
      .value(
        "--summary", value: OptionValue("file", .file),
        help: "one row per person of each video: when they were seen, in how many frames, their dominant "
          + "steady emotion and mean scores (CSV, or JSON lines for a name ending in .jsonl or .json)"
      ) { $0.summary = $1 },
      .value(
        "--report", value: OptionValue("page.html", .file),
        help: "at the end, write one self-contained HTML page of the run: each person's face, timeline and "
          + "emotions, and the photos' faces (what emotions report makes of the records)"
      ) { $0.report = $1 },
      .flag(
        "--no-tracks",
        help: "no people: each frame's faces stand alone (no track, no steady label, no summary)"
      ) {
        $0.tracks = false
      },
      .flag(
        "--no-reid",
        help: "follow people by motion alone: one who leaves for more than a moment comes back under a new "
          + "id (no face embeddings are computed)"
      ) { $0.reidentifies = false },
      .flag(
        "--embeddings",
        help: "with --json: give each face \"embedding\", SFace's 128 numbers (L2-normalised), which tell "
          + "one person from another by their cosine similarity"
      ) { $0.embeddings = true },
      .value(
        "--output", value: OptionValue("file", .file),
        help: "write the records to <file> instead of standard output, each whole, the file synced to "
          + "the disk at the end"
      ) { $0.output = $1 },
      .flag(
        "--resume",
        help: "with --output (json or csv): continue the file of a run that was stopped; its records stay "
          + "(a torn last one is dropped), what they cover is passed over, the rest is appended, so the "
          + "file ends as one run's, in another order"
      ) { $0.resume = true },
      .flag("--overwrite", help: "replace output files that exist (never an input)") { $0.overwrite = true },
    ],
    operands: Operands(OptionValue("path", .path)) { $0.inputs.append($1) },
    check: { (options: DetectOptions) throws(UsageError) in
      guard !options.inputs.isEmpty else {
        throw UsageError("detect needs at least one image, folder or video")
      }
      try checkResume(options)
      if options.embeddings, options.format != .json {
        throw UsageError(
          "--embeddings needs --json: a \(options.format.rawValue) has no room for 128 numbers a face")
      }
    })

  /// `--resume` continues the records of `--output`, which only JSON lines and CSV can be.
  private static func checkResume(_ options: DetectOptions) throws(UsageError) {
    guard options.resume else { return }
    guard let output = options.output else {
      throw UsageError("--resume continues the file of --output; give --output FILE too")
    }
    guard options.format != .table else {
      throw UsageError("--resume --output \(output): a table cannot be continued; use --json or --format csv")
    }
    if let timeline = options.timeline {
      throw UsageError(
        "--resume cannot continue --timeline \(timeline), drawn from the whole run; draw it in a run of its own"
      )
    }
    if let report = options.report {
      throw UsageError(
        "--resume cannot continue --report \(report), made from the whole run; make it afterwards with "
          + "emotions report \(output) --output \(report)")
    }
  }
}
