import Navigation

/// The app's router: Navigation's ``StackRouter`` logic, drawn on the terminal.
///
/// In full-screen mode it draws the top entry of the stack under a header with the stack as
/// a breadcrumb, and over a footer with the keys that work. A modal is drawn as a box over
/// the (dimmed) screen under it. Keys go to the top screen first; the ones it does not use
/// do the global things:
///
/// | Key             | Does                                                 |
/// |-----------------|------------------------------------------------------|
/// | Esc, Backspace  | ``goBack()`` — the owning coordinator learns of it   |
/// | q, Ctrl-C       | quits                                                |
/// | Ctrl-Z          | suspends (job control); the screen comes back on `fg` |
/// | ?               | shows the help overlay                               |
/// | :               | opens a prompt for a deep link, handed to ``onDeepLink`` |
///
/// In line mode the same stack is printed as plain text pages; see ``linePage(width:)`` and
/// ``handleLine(_:)``.
///
/// ```swift
/// let router = TerminalRouter(appName: "Emotions")
/// router.onDeepLink = { [weak appCoordinator] text in appCoordinator?.open(text) }
/// let coordinator = AppCoordinator(router: router)
/// coordinator.start()
/// let app = try TerminalApp(router: router)
/// let reason = try app.run()
/// SystemTerminal.exitProcess(for: reason)
/// ```
@MainActor
open class TerminalRouter: StackRouter {
  /// How a one-line message looks.
  public enum MessageKind: Hashable, Sendable {
    /// Information, such as "Saved."
    case info
    /// Something went wrong, such as a link nothing opens.
    case error
  }

  /// A message shown above the footer until the next key (printed once in line mode).
  public struct Message: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Info or error.
    public var kind: MessageKind
  }

  /// Shown before the breadcrumb, such as the app's name; `nil` for none.
  public var appName: String?

  /// Receives the text typed at the `:` prompt (full screen) or after `:` (line mode), once
  /// it parses as a ``DeepLink``. The app opens it, and calls ``showMessage(_:kind:)`` when
  /// nothing handles it. When `nil`, the `:` key does nothing.
  public var onDeepLink: (@MainActor (String) -> Void)?

  /// The colors the terminal shows; set by ``TerminalApp`` from the environment.
  public var colorMode: ColorMode = .palette256
  /// Whether the terminal shows placed pictures as images (``Canvas/showsPictures``); set by
  /// ``TerminalApp``.
  public var showsPictures = false

  /// The message shown now, if any.
  public private(set) var message: Message?

  /// Whether the help overlay is shown.
  public private(set) var isHelpVisible = false

  /// The deep-link prompt's field while it is open.
  public private(set) var linkField: TextField?

  /// Whether ``quit()`` was called.
  public private(set) var isQuitRequested = false

  /// The loop showing this router, for timers and posted jobs; set by ``TerminalApp``.
  public internal(set) weak var scheduler: (any LoopScheduling)?

  /// Called by ``quit()``; ``TerminalApp`` uses it to stop its loop.
  var quitHandler: (@MainActor () -> Void)?

  /// Called for Ctrl-Z; ``TerminalApp`` suspends the process.
  var suspendHandler: (@MainActor () -> Void)?

  /// Line-mode output not printed yet: messages, help.
  private(set) var pendingLineOutput: [String] = []

  /// Creates a router with an empty stack.
  public init(appName: String? = nil) {
    self.appName = appName
    super.init()
  }

  // MARK: - Commands

  /// Stops the app: the run loop returns after the current event.
  public func quit() {
    isQuitRequested = true
    quitHandler?()
  }

  /// Shows a one-line message until the next key, or prints it once in line mode.
  public func showMessage(_ text: String, kind: MessageKind = .info) {
    message = Message(text: text, kind: kind)
    pendingLineOutput.append((kind == .error ? "Error: " : "") + text)
  }

  /// Removes the message.
  public func clearMessage() { message = nil }

  /// Opens the deep-link prompt, with `text` typed in.
  public func openLinkPrompt(text: String = "\(DeepLink.scheme)://") {
    isHelpVisible = false
    linkField = TextField(text)
  }

  /// Shows or hides the help overlay.
  public func setHelpVisible(_ visible: Bool) {
    isHelpVisible = visible
    if visible { linkField = nil }
  }

  /// The top entry's screen, if it is a ``Screen``.
  public var topScreen: (any Screen)? { stack.top?.screen as? any Screen }

  // MARK: - Keys

  /// Handles a key in full-screen mode: overlays first, then the top screen, then the global keys.
  public func handle(_ key: Key) {
    message = nil
    if key == .control("c") {
      quit()
      return
    }
    if key == .control("z") {
      suspendHandler?()
      return
    }
    if isHelpVisible {
      isHelpVisible = false
      return
    }
    if linkField != nil {
      handleLinkPromptKey(key)
      return
    }
    if let screen = topScreen, screen.handle(key) { return }
    switch key {
    case .escape, .backspace:
      if !goBack() { showMessage("This is the first screen. Press q to quit.") }
    case .character("q"): quit()
    case .character("?"): setHelpVisible(true)
    case .character(":"):
      if onDeepLink != nil { openLinkPrompt() }
    default: break
    }
  }

  /// The error for the text in the link prompt, or `nil` when it parses.
  public static func linkError(_ text: String) -> String? {
    do {
      _ = try DeepLink(parsing: text)
      return nil
    } catch {
      return error.description
    }
  }

  private func handleLinkPromptKey(_ key: Key) {
    guard var field = linkField else { return }
    switch key {
    case .escape:
      linkField = nil
    case .enter:
      let text = field.text.trimmingSpaces
      guard Self.linkError(text) == nil else { return }
      linkField = nil
      onDeepLink?(text)
    default:
      _ = field.handle(key)
      linkField = field
    }
  }

  // MARK: - Drawing

  /// The global keys that work now, after the screen's own.
  public var globalKeyHints: [KeyHint] {
    var hints: [KeyHint] = []
    if let top = stack.top, top.style != .root { hints.append(KeyHint("Esc", "back")) }
    hints.append(KeyHint("?", "help"))
    if onDeepLink != nil { hints.append(KeyHint(":", "link")) }
    hints.append(KeyHint("q", "quit"))
    return hints
  }

  /// The stack's titles as a breadcrumb of at most `width` columns, eliding middle titles
  /// (`Main › … › Privacy Policy`) and then cutting the last one when it is too long.
  public func breadcrumb(width: Int) -> String {
    var titles = stack.entries.map(\.screen.title)
    if let appName { titles.insert(appName, at: 0) }
    let separator = " › "
    let full = titles.joined(separator: separator)
    if DisplayWidth.of(full) <= width || titles.count <= 1 { return DisplayWidth.truncate(full, to: width) }
    for dropCount in 1..<(titles.count - 1) {
      let candidate = ([titles[0], "…"] + titles[(1 + dropCount)...]).joined(separator: separator)
      if DisplayWidth.of(candidate) <= width { return candidate }
    }
    let last = titles[titles.count - 1]
    let prefix = "…" + separator
    return prefix + DisplayWidth.truncate(last, to: max(1, width - DisplayWidth.of(prefix)))
  }

  /// Draws the whole terminal: header, screen (with a modal box when one is on top), the
  /// message line, the footer and any overlay.
  public func render(size: Size) -> Canvas {
    var canvas = Canvas(size: size, colorMode: colorMode, showsPictures: showsPictures)
    guard size.width > 0, size.height > 0 else { return canvas }
    guard size.width >= 20, size.height >= 6 else {
      canvas.put("Terminal too small", at: Point(x: 0, y: 0), style: .bold)
      return canvas
    }
    // Header.
    canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: .reverse)
    canvas.put(
      " " + breadcrumb(width: size.width - 2), at: Point(x: 0, y: 0), style: Style(bold: true, reverse: true))
    // Screen area.
    let area = Rect(x: 0, y: 2, width: size.width, height: size.height - 4)
    drawStack(into: &canvas, area: area)
    // Message line.
    if let message {
      let style = message.kind == .error ? Style(bold: true, foreground: .red) : Style.bold
      let prefix = message.kind == .error ? "✗ " : ""
      canvas.put(
        prefix + message.text, at: Point(x: 1, y: size.height - 2), style: style, maxWidth: size.width - 2)
    }
    // Footer.
    canvas.put(footer(width: size.width - 2), at: Point(x: 1, y: size.height - 1), style: .dim)
    if isHelpVisible { drawHelp(into: &canvas, area: area) }
    if let linkField { drawLinkPrompt(linkField, into: &canvas, area: area) }
    return canvas
  }

  /// The footer: the hints that fit, in order, always ending with `? help` (which lists
  /// every key) when that fits at all.
  public func footer(width: Int) -> String {
    if linkField != nil {
      return Self.join([KeyHint("Enter", "open"), KeyHint("Esc", "cancel")], width: width)
    }
    if isHelpVisible { return Self.join([KeyHint("any key", "close help")], width: width) }
    let help = KeyHint("?", "help")
    let hints = (topScreen?.keyHints ?? []) + globalKeyHints
    let everything = Self.join(hints, width: width)
    if everything.hasSuffix(Self.text(of: hints.last ?? help)) { return everything }
    let helpWidth = DisplayWidth.of(Self.text(of: help)) + 2
    let others = hints.filter { $0 != help }
    let head = Self.join(others, width: max(0, width - helpWidth))
    return head.isEmpty ? Self.join([help], width: width) : head + "  " + Self.text(of: help)
  }

  private static func text(of hint: KeyHint) -> String { hint.keys + " " + hint.action }

  /// The hints, two spaces apart, as many as fit in `width` from the first.
  private static func join(_ hints: [KeyHint], width: Int) -> String {
    var text = ""
    for hint in hints {
      let piece = Self.text(of: hint)
      let candidate = text.isEmpty ? piece : text + "  " + piece
      if DisplayWidth.of(candidate) > width { break }
      text = candidate
    }
    return text
  }

  private func drawStack(into canvas: inout Canvas, area: Rect) {
    guard let top = stack.top else { return }
    let modalIndex = stack.entries.lastIndex { $0.style == .modal }
    guard let modalIndex, modalIndex > 0 else {
      drawScreen(top.screen, into: &canvas, in: area)
      return
    }
    // The screen under the modal, dimmed, then the modal's top screen in a box.
    drawScreen(stack.entries[modalIndex - 1].screen, into: &canvas, in: area)
    canvas.restyle(area) {
      $0.dim = true
      $0.bold = false
    }
    let inner = Size(width: max(1, area.width - 6), height: max(1, area.height - 2))
    var content = (top.screen as? any Screen)?.preferredModalSize(in: inner) ?? Size(width: 40, height: 6)
    content = Size(width: min(content.width, inner.width), height: min(content.height, inner.height))
    let box = Rect(
      x: area.minX + (area.width - content.width - 2) / 2,
      y: area.minY + (area.height - content.height - 2) / 2,
      width: content.width + 2, height: content.height + 2)
    canvas.fill(box)
    canvas.box(box, title: top.screen.title)
    drawScreen(
      top.screen, into: &canvas,
      in: Rect(x: box.minX + 1, y: box.minY + 1, width: content.width, height: content.height))
  }

  private func drawScreen(_ screen: any Presentable, into canvas: inout Canvas, in rect: Rect) {
    var region = Canvas(size: rect.size, colorMode: colorMode, showsPictures: showsPictures)
    if let screen = screen as? any Screen {
      screen.draw(into: &region)
    } else {
      region.put(screen.title, at: Point(x: 1, y: 0))
    }
    canvas.draw(region, at: rect.origin)
  }

  private func drawHelp(into canvas: inout Canvas, area: Rect) {
    let lines = helpLines()
    let width = min(area.width - 4, max(40, lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
    let height = min(area.height, lines.count + 2)
    let box = Rect(
      x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2, width: width,
      height: height)
    canvas.fill(box)
    canvas.box(box, title: "Help")
    for (row, line) in lines.enumerated() where row < height - 2 {
      canvas.put(line, at: Point(x: box.minX + 2, y: box.minY + 1 + row), maxWidth: width - 4)
    }
  }

  /// The help text: this screen's keys, then the keys that work everywhere.
  public func helpLines() -> [String] {
    var rows: [(String, String)] = []
    let screenHints = topScreen?.keyHints ?? []
    for hint in screenHints { rows.append((hint.keys, hint.action)) }
    var global: [(String, String)] = [
      ("Esc, Backspace", "go back"), ("q, Ctrl-C", "quit"), ("Ctrl-Z", "suspend"), ("?", "this help"),
    ]
    if onDeepLink != nil { global.append((":", "open a link such as \(DeepLink.scheme)://main")) }
    let keyWidth = (rows + global).map { DisplayWidth.of($0.0) }.max() ?? 0
    var lines: [String] = []
    if !rows.isEmpty {
      lines.append("On this screen:")
      lines += rows.map { "  " + DisplayWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
      lines.append("")
    }
    lines.append("Everywhere:")
    lines += global.map { "  " + DisplayWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
    if onDeepLink != nil, let link = stack.deepLink { lines += ["", "Link to this screen: \(link)"] }
    return lines
  }

  private func drawLinkPrompt(_ field: TextField, into canvas: inout Canvas, area: Rect) {
    let width = min(area.width - 2, 72)
    let box = Rect(x: area.minX + (area.width - width) / 2, y: area.maxY - 6, width: width, height: 6)
    canvas.fill(box)
    canvas.box(box, title: "Open link")
    field.draw(into: &canvas, at: Point(x: box.minX + 2, y: box.minY + 1), width: width - 4)
    let text = field.text.trimmingSpaces
    if let error = Self.linkError(text) {
      let lines = TextWrapper.wrap("✗ " + error, width: width - 4).prefix(2)
      for (row, line) in lines.enumerated() {
        canvas.put(line, at: Point(x: box.minX + 2, y: box.minY + 3 + row), style: Style(foreground: .red))
      }
    } else {
      canvas.put(
        "Enter opens it", at: Point(x: box.minX + 2, y: box.minY + 3), style: .dim, maxWidth: width - 4)
    }
  }

  // MARK: - Line mode

  /// The top screen as a plain-text page: the breadcrumb, the screen's lines, its numbered
  /// choices and what can be typed.
  public func linePage(width: Int) -> [String] {
    guard let top = stack.top else { return [] }
    var lines = ["== " + breadcrumb(width: max(10, width - 6)) + " =="]
    let page = (top.screen as? any Screen)?.linePage(width: width) ?? LinePage(lines: [top.screen.title])
    lines += page.lines
    if !page.choices.isEmpty {
      lines.append("")
      let numberWidth = String(page.choices.count).count
      for (index, choice) in page.choices.enumerated() {
        let number = String(index + 1)
        lines.append(String(repeating: " ", count: numberWidth - number.count) + "  \(number). " + choice)
      }
    }
    if let instruction = page.instruction { lines.append(instruction) }
    var commands: [String] = []
    if !page.choices.isEmpty {
      commands.append(page.choices.count == 1 ? "1" : "a number (1-\(page.choices.count))")
    }
    if top.style != .root { commands.append("back") }
    commands.append("quit")
    commands.append("help")
    if onDeepLink != nil { commands.append(":<link>") }
    let last = commands.removeLast()
    lines.append("Type " + commands.joined(separator: ", ") + " or " + last + ".")
    return lines
  }

  /// Handles one line of line-mode input: `back`, `quit`, `help`, `:<link>`, or anything else
  /// for the top screen (a choice number, a prompt's text).
  ///
  /// - Returns: `false` when the line was rejected (an error message says why).
  @discardableResult
  public func handleLine(_ rawLine: String) -> Bool {
    let line = rawLine.trimmingSpaces
    switch line.lowercased() {
    case "": return true
    case "quit", "q", "exit":
      quit()
      return true
    case "back", "b":
      guard goBack() else {
        showMessage("This is the first screen; type quit to leave.", kind: .error)
        return false
      }
      return true
    case "help", "?":
      pendingLineOutput += helpLinesForLineMode()
      return true
    default: break
    }
    if line.hasPrefix(":") {
      guard onDeepLink != nil else {
        showMessage("Links cannot be opened here.", kind: .error)
        return false
      }
      let text = String(line.dropFirst()).trimmingSpaces
      if let error = Self.linkError(text) {
        showMessage(error, kind: .error)
        return false
      }
      onDeepLink?(text)
      return true
    }
    guard let screen = topScreen else {
      showMessage("There is nothing to choose here.", kind: .error)
      return false
    }
    if case .rejected(let reason) = screen.handleLine(line) {
      showMessage(reason, kind: .error)
      return false
    }
    return true
  }

  private func helpLinesForLineMode() -> [String] {
    var lines = [
      "Commands, one per line:", "  <number>   choose that item", "  back       go back",
      "  quit       leave the app",
    ]
    if onDeepLink != nil {
      lines.append("  :<link>    open a link, such as :\(DeepLink.scheme)://main")
      if let link = stack.deepLink { lines.append("Link to this screen: \(link)") }
    }
    return lines
  }

  /// Takes the line-mode output waiting to be printed: the screens' own lines
  /// (``Screen/takeLineOutput()``, bottom of the stack first), then messages and help.
  func takePendingLineOutput() -> [String] {
    defer { pendingLineOutput = [] }
    return takeScreenLineOutput() + pendingLineOutput
  }

  /// Forgets messages and screen lines queued for line mode (full-screen mode shows them
  /// instead).
  func discardPendingLineOutput() {
    pendingLineOutput = []
    _ = takeScreenLineOutput()
  }

  private func takeScreenLineOutput() -> [String] {
    stack.entries.flatMap { ($0.screen as? any Screen)?.takeLineOutput() ?? [] }
  }

  /// Closes overlays when the stack changes under them.
  open override func stackDidChange(from oldStack: RouteStack) {
    super.stackDidChange(from: oldStack)
    isHelpVisible = false
  }
}
