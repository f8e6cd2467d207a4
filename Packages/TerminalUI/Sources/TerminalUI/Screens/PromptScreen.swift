/// Asks for one line of text, such as a file path or a deep link, checking it as the user types.
///
/// `validate` returns a message saying what is wrong, or `nil` when the text is fine; the
/// message shows under the field as the user types, and Enter submits only valid text.
/// Esc goes back (through the router). In line mode the next input line is the text.
///
/// ```swift
/// let prompt = PromptScreen(
///   title: "Open video", message: "Path of a video file:",
///   validate: { $0.isEmpty ? "Type a path." : nil },
///   onSubmit: { [weak presenter] path in presenter?.didEnterPath(path) })
/// ```
@MainActor
open class PromptScreen: Screen {
  /// The breadcrumb title.
  public var title: String
  /// The text above the field.
  public var message: String
  /// The field.
  public var field: TextField
  /// Shown dim in the field while it is empty.
  public var placeholder: String
  /// Checks the text: a message saying what is wrong, or `nil`.
  public var validate: @MainActor (String) -> String?
  /// Receives valid text when the user presses Enter.
  public var onSubmit: @MainActor (String) -> Void
  /// Whether the field was edited, so that an untouched empty field shows no error yet.
  public private(set) var isEdited = false
  private var submitted = false

  /// Creates a prompt.
  public init(
    title: String, message: String, text: String = "", placeholder: String = "",
    validate: @escaping @MainActor (String) -> String? = { _ in nil },
    onSubmit: @escaping @MainActor (String) -> Void
  ) {
    self.title = title
    self.message = message
    self.field = TextField(text)
    self.placeholder = placeholder
    self.validate = validate
    self.onSubmit = onSubmit
  }

  /// The text in the field.
  public var text: String {
    get { field.text }
    set { field.text = newValue }
  }

  /// The message for the current text, once the user has typed or tried to submit.
  public var error: String? {
    isEdited || submitted ? validate(field.text) : nil
  }

  /// Draws the message, the field and the error line.
  open func draw(into canvas: inout Canvas) {
    let lines = TextWrapper.wrap(message, width: max(1, canvas.width - 2))
    for (row, line) in lines.enumerated() where row < canvas.height {
      canvas.put(line, at: Point(x: 1, y: row))
    }
    let fieldRow = min(lines.count + 1, max(0, canvas.height - 2))
    field.draw(into: &canvas, at: Point(x: 1, y: fieldRow), width: max(2, canvas.width - 2))
    if field.text.isEmpty, !placeholder.isEmpty {
      canvas.put(
        placeholder, at: Point(x: 2, y: fieldRow), style: Style(dim: true, underline: true),
        maxWidth: canvas.width - 3)
    }
    if let error {
      canvas.put(
        DisplayWidth.truncate("✗ " + error, to: canvas.width - 2), at: Point(x: 1, y: fieldRow + 1),
        style: Style(foreground: .red))
    }
  }

  /// Edits the text; Enter submits it when valid. Every key but Esc is used.
  open func handle(_ key: Key) -> Bool {
    switch key {
    case .escape, .up, .down, .pageUp, .pageDown, .tab, .backTab: return false
    case .enter:
      submit()
      return true
    default:
      if field.handle(key) { isEdited = true }
      return true
    }
  }

  /// Enter submits, Esc cancels.
  open var keyHints: [KeyHint] { [KeyHint("Enter", "submit"), KeyHint("Esc", "cancel")] }

  /// The message and what to type.
  open func linePage(width: Int) -> LinePage {
    LinePage(lines: TextWrapper.wrap(message, width: width), instruction: "Type the text on one line.")
  }

  /// The line is the text: submitted when valid, rejected with the validation message otherwise.
  open func handleLine(_ line: String) -> LineCommandResult {
    field.text = line
    isEdited = true
    if let error = validate(line) { return .rejected(error) }
    onSubmit(line)
    return .handled
  }

  /// Wide enough for a path: up to 70 columns, four rows plus the message.
  open func preferredModalSize(in available: Size) -> Size {
    let width = min(available.width, 70)
    return Size(
      width: width, height: min(available.height, TextWrapper.wrap(message, width: width - 2).count + 3))
  }

  private func submit() {
    submitted = true
    guard validate(field.text) == nil else { return }
    onSubmit(field.text)
  }
}
