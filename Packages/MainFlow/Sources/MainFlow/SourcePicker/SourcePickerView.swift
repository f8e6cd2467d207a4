import TerminalUI

/// What the source picker's presenter shows on its view.
@MainActor
protocol SourcePickerViewInput: AnyObject {
  /// Shows the message and puts text in the field.
  func show(message: String, text: String)
}

/// The source picker: a path prompt, shown modally, that checks the text as it is typed.
@MainActor
final class SourcePickerView: PromptScreen, SourcePickerViewInput {
  /// Where the user's input goes; the view keeps its presenter alive.
  let output: any SourcePickerViewOutput

  init(output: any SourcePickerViewOutput) {
    self.output = output
    super.init(
      title: "Choose a source", message: SourcePickerPresenter.message,
      placeholder: "path, /dev/video0 or lavfi:…",
      onSubmit: { _ in })
    validate = { [weak self] text in self?.output.validate(text) }
    onSubmit = { [weak self] text in self?.output.didSubmit(text) }
  }

  func show(message: String, text: String) {
    self.message = message
    self.text = text
  }
}
