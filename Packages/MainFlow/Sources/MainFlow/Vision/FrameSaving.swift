import FaceAnalysis

/// Saves the frame on screen, with its boxes and labels, as a picture file. Called off the
/// UI thread; tests pass a fake.
protocol FrameSaving: Sendable {
  /// Saves `frame`, read from `source`, and returns the file's path.
  ///
  /// - Throws: an error whose description is one line saying why.
  func save(_ frame: RecognizedFrame, source: String) throws -> String
}
