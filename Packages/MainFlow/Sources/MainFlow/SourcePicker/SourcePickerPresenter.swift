import FaceAnalysisInterface
import Foundation

/// What the source picker's view tells its presenter.
@MainActor
protocol SourcePickerViewOutput: AnyObject {
  /// Checks the text as it is typed: a reason it will not do, or `nil`.
  func validate(_ text: String) -> String?
  /// The user submitted valid text.
  func didSubmit(_ text: String)
}

/// What the coordinator may ask of the source picker.
@MainActor
protocol SourcePickerModuleInput: AnyObject {
  /// Puts a source in the field, such as the last one used.
  func suggest(_ source: String)
  /// Says why the picker is back, such as a camera that went away, above the usual message.
  func report(_ problem: String)
}

/// Asks for a camera, a video, an image or a folder, checking the name with the recognition
/// service as the user types.
@MainActor
final class SourcePickerPresenter: SourcePickerViewOutput, SourcePickerModuleInput {
  weak var view: (any SourcePickerViewInput)?
  weak var output: (any SourcePickerModuleOutput)?
  private let service: any RecognitionService
  private var suggestion = ""

  static let message =
    "Recognize emotions from a camera (/dev/video0), a video file, an image, a folder of images, "
    + "or an ffmpeg test source (lavfi:testsrc2=size=640x480:rate=30)."

  init(service: any RecognitionService) {
    self.service = service
  }

  func validate(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return "Type a path, a camera such as /dev/video0, or lavfi:<graph>." }
    switch service.inspect(source: trimmed) {
    case .valid: return nil
    case .invalid(let reason): return reason
    }
  }

  func didSubmit(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard validate(trimmed) == nil else { return }
    output?.sourcePicker(didChoose: trimmed)
  }

  func suggest(_ source: String) {
    suggestion = source
    view?.show(message: Self.message, text: source)
  }

  func report(_ problem: String) { view?.show(message: problem + "\n\n" + Self.message, text: suggestion) }
}
