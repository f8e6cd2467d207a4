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
/// ``handleLine(_:)``. Its jobs live in one file each: this one (state and commands), keys
/// (`TerminalRouter+Keys`), the header, footer and help (`+Chrome`), drawing (`+Drawing`)
/// and line mode (`+LineMode`).
///
/// ```swift
/// let router = TerminalRouter(appName: "Demo")
/// let coordinator = AppCoordinator(router: router)
/// router.openDeepLinks(scheme: DeepLinkScheme("demo"), in: coordinator)
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

  /// The scheme of the links typed at the `:` prompt; the prompt takes a whole link or just
  /// its path. Links cannot be typed while it or ``onDeepLink`` is `nil`.
  public var linkScheme: DeepLinkScheme?

  /// Receives the link typed at the `:` prompt (full screen) or after `:` (line mode), once
  /// it parses with ``linkScheme``. The app opens it, and calls ``showMessage(_:kind:)`` when
  /// nothing handles it.
  public var onDeepLink: (@MainActor (DeepLink) -> Void)?

  /// Whether the user can type a link: a scheme and a handler are set.
  public var acceptsLinks: Bool { linkScheme != nil && onDeepLink != nil }

  /// The colors the terminal shows; set by ``TerminalApp`` from the environment.
  public var colorMode: ColorMode = .palette256
  /// Whether the terminal shows placed pictures as images (``Canvas/showsPictures``); set by
  /// ``TerminalApp``.
  public var showsPictures = false

  /// The message shown now, if any.
  public internal(set) var message: Message?

  /// Whether the help overlay is shown.
  public internal(set) var isHelpVisible = false

  /// The deep-link prompt's field while it is open.
  public internal(set) var linkField: TextField?

  /// Whether ``quit()`` was called.
  public private(set) var isQuitRequested = false

  /// The loop showing this router, for timers and posted jobs; set by ``TerminalApp``.
  public internal(set) weak var scheduler: (any LoopScheduling)?

  /// Called by ``quit()``; ``TerminalApp`` uses it to stop its loop.
  var quitHandler: (@MainActor () -> Void)?

  /// Called for Ctrl-Z; ``TerminalApp`` suspends the process.
  var suspendHandler: (@MainActor () -> Void)?

  /// Line-mode output not printed yet: messages, help.
  var pendingLineOutput: [String] = []

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
  public func openLinkPrompt(text: String = "") {
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

  /// Closes overlays when the stack changes under them.
  open override func stackDidChange(from oldStack: RouteStack) {
    super.stackDidChange(from: oldStack)
    isHelpVisible = false
  }
}
