/// Why a source's stages cannot do what was asked.
public enum RecognitionStagesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// ``RecognitionStages/frame(at:)`` on a source that is not a slide show, or out of range.
  case noSlide(index: Int)

  /// One line.
  public var description: String {
    switch self {
    case .noSlide(let index): return "there is no slide \(index + 1) in this source"
    }
  }
}
