import FaceAnalysisInterface
import Foundation

/// The text of the Vision screen's line-mode report: one line per processed frame, then the
/// summary. Numbers are rounded as the screen shows them.
///
/// ```
/// frame 3 (0.30 s): 1 face: happy 87% at 233,82 93x93
/// frame 4 (0.40 s): no face
/// summary: 30 frames, 28 faces, happy 61%, neutral 39%, 52 ms a frame
/// ```
enum VisionReport {
  /// One frame: its index and time (or the file, for images), then each face.
  static func line(for frame: RecognizedFrame, playback: Playback) -> String {
    let head: String
    switch playback {
    case .video, .live: head = "frame \(frame.index) (\(String(format: "%.2f", frame.time)) s)"
    case .still, .slideShow: head = frame.name
    }
    guard !frame.faces.isEmpty else { return head + ": no face" }
    let count = frame.faces.count == 1 ? "1 face" : "\(frame.faces.count) faces"
    return head + ": " + count + ": " + frame.faces.map(describe).joined(separator: "; ")
  }

  /// `happy 87% at 233,82 93x93`.
  static func describe(_ face: RecognizedFace) -> String {
    "\(face.caption) at \(face.box.description)"
  }

  /// The closing line.
  static func summary(_ tally: RecognitionTally) -> String {
    "summary: " + tally.description
  }

}
