import FaceAnalysisInterface
import FaceAnalysisTracking
import Foundation

/// The face tracker on the records `emotions detect --json` wrote: each face's track, and the
/// tracker's cost per frame, which is what it adds to `detect`.
struct TrackingBenchmark {
  /// One frame as `detect --json` records it: its source, index, time and faces.
  struct Record: Decodable {
    struct Face: Decodable {
      var box: [Int]
      var scores: [String: Float]
      var detectorConfidence: Float?

      enum CodingKeys: String, CodingKey {
        case box, scores
        case detectorConfidence = "detector_confidence"
      }
    }

    var source: String
    var frame: Int
    var time: Double
    var faces: [Face]

    /// The faces as the tracker takes them.
    func recognizedFaces() throws -> [RecognizedFace] {
      try faces.map { face in
        guard face.box.count == 4 else {
          throw BenchError.usage("\(source) frame \(frame): a box is not [x,y,w,h]")
        }
        return RecognizedFace(
          box: BoundingBox(x: face.box[0], y: face.box[1], width: face.box[2], height: face.box[3]),
          scores: EmotionScores { face.scores[$0.rawValue] ?? 0 }, detectorConfidence: face.detectorConfidence
        )
      }
    }
  }

  /// A frame handed back by the tracker, with its faces' tracks.
  typealias Tracked = TrackedFrameQueue<Int>.Released

  /// The records, in the order they were written.
  let records: [Record]
  /// Each record's faces, decoded once.
  let faces: [[RecognizedFace]]

  /// The records of a JSON-lines file (image records, which have no tracks, included).
  init(recordsAt path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BenchError.usage("cannot read \(path)")
    }
    let decoder = JSONDecoder()
    var records: [Record] = []
    for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
      do {
        records.append(try decoder.decode(Record.self, from: Data(line)))
      } catch {
        throw BenchError.usage("\(path):\(index + 1): not a detect --json record (\(error))")
      }
    }
    self.records = records
    faces = try records.map { try $0.recognizedFaces() }
  }

  /// Tracks every source's frames with a tracker of its own, as `detect` will; gives the
  /// tracked frames (their `frame` is the record's index) and each source's summaries.
  func run() -> (frames: [Tracked], summaries: [(source: String, summaries: [TrackSummary])]) {
    var frames: [Tracked] = []
    var summaries: [(source: String, summaries: [TrackSummary])] = []
    var queue = TrackedFrameQueue<Int>()
    var source: String?
    func finishSource() {
      frames += queue.finish()
      if let source { summaries.append((source, queue.tracker.summaries)) }
    }
    for (index, record) in records.enumerated() {
      if record.source != source {
        finishSource()
        queue = TrackedFrameQueue<Int>()
        source = record.source
      }
      frames += queue.add(index, at: record.time, faces: faces[index])
    }
    finishSource()
    return (frames, summaries)
  }

  /// The time of one whole run, `repeats` times after two untimed ones.
  func measure(repeats: Int) -> Sample {
    Sample.measure(warmUp: 2, repeats: repeats) { _ = run() }
  }

  /// `track <records.jsonl> --repeats R`: one JSON line per record with each face's track
  /// (`null` for none), then one line with each source's summaries and the tracker's time.
  static func raw(records path: String, repeats: Int) throws {
    let benchmark = try TrackingBenchmark(recordsAt: path)
    let (frames, summaries) = benchmark.run()
    var lines: [String] = []
    for tracked in frames {
      let record = benchmark.records[tracked.frame]
      lines.append(
        JSON.object([
          "source": .string(record.source), "frame": .integer(record.frame), "time": .number(record.time),
          "tracks": .array(tracked.tracks.map { $0.map(Self.json) ?? .null }),
        ]).text)
    }
    let sample = benchmark.measure(repeats: repeats)
    let faceCount = benchmark.faces.reduce(0) { $0 + $1.count }
    lines.append(
      JSON.object([
        "frames": .integer(benchmark.records.count), "faces": .integer(faceCount),
        "seconds_per_frame": .object(sample.json(scale: 1 / Double(max(benchmark.records.count, 1)))),
        "summaries": .array(
          summaries.flatMap { source, rows in
            rows.map { summary in
              .object([
                "source": .string(source), "track": .integer(summary.id),
                "first_time": .number(summary.firstTime),
                "last_time": .number(summary.lastTime), "frames": .integer(summary.frames),
                "emotion": .string(summary.emotion.rawValue), "scores": scores(summary.meanScores),
              ])
            }
          }),
      ]).text)
    print(lines.joined(separator: "\n"))
  }

  /// The report's section: `detect --json` on the people clip with each detector, and the
  /// tracker's time per frame on its records against `detect`'s own (start-up included).
  static func report(workspace: Workspace, repeats: Int) throws -> (text: [String], json: JSON) {
    let video = workspace.fixture("people.mp4")
    var text = [
      "\nTracking Fixtures/people.mp4 (4 people, 240 frames): tracker time per frame against detect's"
    ]
    var rows: [JSON] = []
    for detector in ["haar", "blazeface"] {
      let records = FileManager.default.temporaryDirectory
        .appendingPathComponent("bench-track-\(getpid())-\(detector).jsonl").path
      defer { try? FileManager.default.removeItem(atPath: records) }
      var detectSeconds: [Double] = []
      for index in 0...max(3, repeats / 4) {
        let run = try ChildRun.run([
          workspace.emotionsBinary, "detect", "--json", "--detector", detector, "--model-dir",
          workspace.root.appendingPathComponent("Models").path, video,
        ])
        guard run.status == 0 else { throw BenchError.launch("emotions detect exited with \(run.status)") }
        if index == 0 {
          try run.output.write(to: URL(fileURLWithPath: records))
        } else {
          detectSeconds.append(run.seconds)
        }
      }
      let benchmark = try TrackingBenchmark(recordsAt: records)
      let frames = max(benchmark.records.count, 1)
      let tracker = benchmark.measure(repeats: repeats * 5)
      let detect = Sample(seconds: detectSeconds)
      let share = tracker.median / detect.median
      let faces = benchmark.faces.reduce(0) { $0 + $1.count }
      text.append(
        "  \(detector.padding(toLength: 10, withPad: " ", startingAt: 0)) \(faces) faces  tracker "
          + String(
            format: "%.1f µs [%.1f, %.1f]", tracker.median / Double(frames) * 1e6,
            tracker.minimum / Double(frames) * 1e6, tracker.maximum / Double(frames) * 1e6)
          + String(
            format: " a frame; detect %.2f ms a frame; %.3f%% of detect",
            detect.median / Double(frames) * 1e3, share * 100))
      rows.append(
        .object([
          "detector": .string(detector), "frames": .integer(frames), "faces": .integer(faces),
          "tracker_us_per_frame": .object(tracker.json(scale: 1e6 / Double(frames))),
          "detect_ms_per_frame": .object(detect.json(scale: 1e3 / Double(frames))),
          "tracker_share": .number(share),
        ]))
    }
    return (text, .array(rows))
  }

  private static func json(_ track: FaceTrack) -> JSON {
    .object([
      "id": .integer(track.id), "emotion": .string(track.emotion.rawValue), "scores": scores(track.scores),
    ])
  }

  private static func scores(_ scores: EmotionScores) -> JSON {
    .object(
      Dictionary(
        uniqueKeysWithValues: scores.all.map { ($0.emotion.rawValue, JSON.number(Double($0.score))) }))
  }
}
