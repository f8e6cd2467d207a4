import FaceAnalysisInterface
import OptionTable

extension FaceDetectorKind {
  /// The kind named by `text` in any case (`haar`, `blazeface`, `blazeface-short`), or a usage
  /// error that lists them; `source` names where the text came from (`--detector`,
  /// `EMOTIONS_DETECTOR`).
  public init(named text: String, source: String) throws(UsageError) {
    guard let kind = FaceDetectorKind(rawValue: text.lowercased()) else {
      let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("\(source) must be one of \(names), not “\(text)”")
    }
    self = kind
  }

  /// The `--detector` row of a command's table, the same for `detect` and the app.
  public static func option<Options>(
    _ update: @escaping @Sendable (inout Options, FaceDetectorKind) -> Void
  ) -> Option<Options> {
    .value(
      "--detector", value: OptionValue("d", .choice(allCases.map(\.rawValue).sorted())),
      help: "blazeface (default: MediaPipe's BlazeFace full range, turned and tilted faces, with "
        + "keypoints and a confidence), blazeface-short (faces within about 2 m of a camera) or haar "
        + "(OpenCV's cascade as fer runs it: fer's answers exactly); EMOTIONS_DETECTOR when not given"
    ) { (options: inout Options, text: String) throws(UsageError) in
      update(&options, try FaceDetectorKind(named: text, source: "--detector"))
    }
  }
}
