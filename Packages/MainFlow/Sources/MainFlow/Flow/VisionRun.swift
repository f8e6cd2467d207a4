import FaceAnalysisInterface

/// What a run of the Vision section reports to Main when the user leaves it: the last
/// source recognised and its tally.
struct VisionRun: Equatable, Sendable {
  /// The source as the user gave it.
  var source: String
  /// Frames, faces and emotions counted.
  var tally: RecognitionTally

  /// `Last run: clip.mp4, 120 frames, 4 faces, mostly happy.`
  var note: String {
    let name = source.split(separator: "/").last.map(String.init) ?? source
    var parts = ["\(tally.frames) \(tally.frames == 1 ? "frame" : "frames")"]
    parts.append("\(tally.faces) \(tally.faces == 1 ? "face" : "faces")")
    if let top = tally.shares.first { parts.append("mostly \(top.emotion.rawValue)") }
    return "Last run: \(name), " + parts.joined(separator: ", ") + "."
  }
}
