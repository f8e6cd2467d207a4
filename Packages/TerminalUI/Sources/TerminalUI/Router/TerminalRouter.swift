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
/// ``handleLine(_:)``. The router keeps the stack and the commands (this file), and hands the
/// rest to values: the header, message, footer, help and colors to `RouterChrome`, the `:`
/// prompt's editing to `LinkPrompt`, and line mode's output to `LineTranscript`. Keys
/// (`+Keys`), drawing (`+Drawing`), the chrome's text (`+Chrome`) and line mode (`+LineMode`)
/// are extensions of their own.
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
public final class TerminalRouter: StackRouter {
  /// How a one-line message looks.
  public enum MessageKind: Hashable, Sendable {
    /// Information, such as "Saved."
    case info
    /// Something went wrong, such as a link nothing opens.
    case error
  }

  /// The header, message, footer, help and colors.
  var chrome: RouterChrome
  /// The `:` prompt while it is open.
  var linkPrompt: LinkPrompt?
  /// Line-mode output not printed yet.
  var transcript = LineTranscript()

  /// The scheme of the links typed at the `:` prompt; the prompt takes a whole link or just
  /// its path. Links cannot be typed while it or ``onDeepLink`` is `nil`.
  var linkScheme: DeepLinkScheme?

  /// Receives the link typed at the `:` prompt (full screen) or after `:` (line mode), once
  /// it parses with ``linkScheme``. The app opens it, and calls ``showMessage(_:kind:)`` when
  /// nothing handles it.
  var onDeepLink: (@MainActor (DeepLink) -> Void)?

  /// Whether the user can type a link: a scheme and a handler are set.
  var acceptsLinks: Bool { linkScheme != nil && onDeepLink != nil }

  /// Shown before the breadcrumb, such as the app's name; `nil` for none.
  var appName: String? {
    get { chrome.appName }
    set { chrome.appName = newValue }
  }

  /// The colors the terminal shows; set by ``TerminalApp`` from the environment.
  public internal(set) var colorMode: ColorMode {
    get { chrome.colorMode }
    set { chrome.colorMode = newValue }
  }

  /// Whether the terminal shows placed pictures as images (``Canvas/showsPictures``); set by
  /// ``TerminalApp``.
  var showsPictures = false

  /// Whether ``quit()`` was called.
  private(set) var isQuitRequested = false

  /// Called by ``quit()``; ``TerminalApp`` uses it to stop its loop.
  var quitHandler: (@MainActor () -> Void)?

  /// Called for Ctrl-Z; ``TerminalApp`` suspends the process.
  var suspendHandler: (@MainActor () -> Void)?

  /// Creates a router with an empty stack.
  public init(appName: String? = nil) {
    chrome = RouterChrome(appName: appName)
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
    chrome.message = RouterChrome.Message(text: text, kind: kind)
    transcript.append(message: text, kind: kind)
  }

  /// Shows or hides the help overlay; showing it closes the link prompt.
  func setHelpVisible(_ visible: Bool) {
    chrome.isHelpVisible = visible
    if visible { linkPrompt = nil }
  }

  /// The top entry's screen, if it is a ``Screen``.
  var topScreen: (any Screen)? { stack.top?.screen as? any Screen }

  /// Closes overlays when the stack changes under them.
  public override func stackDidChange(from oldStack: RouteStack) {
    super.stackDidChange(from: oldStack)
    chrome.isHelpVisible = false
  }
}
