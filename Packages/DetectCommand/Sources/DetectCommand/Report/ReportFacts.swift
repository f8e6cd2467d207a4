import FaceAnalysis

/// What the report says of a run that its records cannot tell: the version of `emotions`
/// that makes the page, and, when the caller knows them, the detector and the model files.
struct ReportFacts: Equatable, Sendable {
  /// The version, such as `1.4.0`, printed in the header and the footer.
  var version: String
  /// The detector the run used; nil when unknown (`emotions report` of a records file), and
  /// the page then says what the records show (``ReportContent/detectorEvidence``).
  var detector: FaceDetectorKind?
  /// The model files, by name, in the order to show them; empty when unknown.
  var models: [String]

  /// Facts from their parts.
  init(version: String, detector: FaceDetectorKind? = nil, models: [String] = []) {
    self.version = version
    self.detector = detector
    self.models = models
  }
}
