/// A short message with buttons, usually presented modally: an alert or a confirmation.
///
/// ```swift
/// let confirm = DialogScreen.confirm(
///   title: "Quit", message: "Stop the camera and quit?", confirm: "Quit", cancel: "Stay"
/// ) { [weak presenter] quit in presenter?.didAnswerQuit(quit) }
/// router.present(confirm, route: .confirmQuit, owner: self)
/// ```
@MainActor
open class DialogScreen: Screen {
  /// The title, shown in the modal's frame and the breadcrumb.
  public var title: String
  /// The message.
  public var message: String
  /// The buttons, centred under the message.
  public var buttons: ButtonRow

  /// Creates a dialog.
  public init(title: String, message: String, buttons: [ScreenAction]) {
    self.title = title
    self.message = message
    self.buttons = ButtonRow(buttons)
  }

  /// A yes/no dialog: `onAnswer(true)` for `confirm` (key `y`), `false` for `cancel` (key `n`).
  public static func confirm(
    title: String, message: String, confirm: String = "Yes", cancel: String = "No",
    onAnswer: @escaping @MainActor (Bool) -> Void
  ) -> DialogScreen {
    DialogScreen(
      title: title, message: message,
      buttons: [
        ScreenAction(cancel, key: "n") { onAnswer(false) },
        ScreenAction(confirm, key: "y") { onAnswer(true) },
      ])
  }

  /// Draws the message and the buttons.
  open func draw(into canvas: inout Canvas) {
    let lines = TextWrapper.wrap(message, width: max(1, canvas.width - 2))
    for (row, line) in lines.enumerated() where row < canvas.height - 2 {
      canvas.put(line, at: Point(x: 1, y: row))
    }
    let x = max(1, (canvas.width - buttons.width) / 2)
    buttons.draw(into: &canvas, at: Point(x: x, y: canvas.height - 1))
  }

  /// Passes keys to the buttons.
  open func handle(_ key: Key) -> Bool { buttons.handle(key) }

  /// The buttons' keys.
  open var keyHints: [KeyHint] { buttons.keyHints }

  /// The message, with the buttons as choices.
  open func linePage(width: Int) -> LinePage {
    LinePage(lines: TextWrapper.wrap(message, width: width), choices: buttons.buttons.map(\.title))
  }

  /// A choice number presses that button.
  open func handleLine(_ line: String) -> LineCommandResult {
    guard let index = LineCommandResult.choiceIndex(line, count: buttons.buttons.count) else {
      return .invalidChoice(count: buttons.buttons.count)
    }
    buttons.buttons[index].perform()
    return .handled
  }

  /// Wide enough for the message (up to 60 columns) and the buttons; tall enough for both.
  open func preferredModalSize(in available: Size) -> Size {
    let width = min(available.width, max(buttons.width + 2, min(60, DisplayWidth.of(message) + 2), 30))
    let lines = TextWrapper.wrap(message, width: max(1, width - 2)).count
    return Size(width: width, height: min(available.height, lines + 2))
  }
}
