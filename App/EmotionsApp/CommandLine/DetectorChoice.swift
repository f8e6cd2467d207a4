import DetectCommand
import FaceAnalysis
import OptionTable

/// Which face detector runs: `--detector`, else `EMOTIONS_DETECTOR`, else BlazeFace
/// (`FaceDetectorKind.standard`; `haar` gives fer's answers number for number).
enum DetectorChoice {
  /// The variable that overrides the default.
  static let variable = "EMOTIONS_DETECTOR"

  /// The option, else the variable when it is set and not empty, else the standard detector.
  static func resolve(
    option: FaceDetectorKind?, environment: [String: String]
  ) throws(UsageError)
    -> FaceDetectorKind
  {
    if let option { return option }
    if let text = environment[variable], !text.isEmpty {
      return try FaceDetectorKind(named: text, source: variable)
    }
    return .standard
  }
}

extension Command {
  /// The command with its detector settled (see ``DetectorChoice/resolve(option:environment:)``),
  /// so a wrong `EMOTIONS_DETECTOR` is a usage error before anything runs.
  func resolvingDetector(environment: [String: String]) throws(UsageError) -> Command {
    switch self {
    case .detect(var options):
      options.detector = try DetectorChoice.resolve(option: options.detector, environment: environment)
      return .detect(options)
    case .interactive(var options):
      options.detector = try DetectorChoice.resolve(option: options.detector, environment: environment)
      return .interactive(options)
    default:
      return self
    }
  }
}
