import TerminalUI

/// A terminal in memory for tests: scripted keys or lines go in, text frames come out.
///
/// It runs a real ``TerminalApp`` on a virtual device, so everything the app writes goes
/// through the same renderer and is read back by a ``ScreenEmulator``. Time is virtual:
/// timers fire only when a test calls ``advance(by:)``. Every call that feeds input runs the
/// loop's work (posted jobs, due timers, a redraw) before it returns.
///
/// ```swift
/// let router = TerminalRouter()
/// let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 10))
/// coordinator = MainCoordinator(router: router, scheduler: terminal.app)
/// coordinator.start()
/// terminal.press(.down, .enter)
/// #expect(terminal.screen == """
///   ...expected frame...
///   """)
/// ```
///
/// Line mode works the same way with ``enter(_:)`` and ``transcript``.
@MainActor
public final class VirtualTerminal {
  /// The run loop under test; pass it to presenters as their ``LoopScheduling``.
  public let app: TerminalApp
  /// The router shown.
  public var router: TerminalRouter { app.router }
  private let device: VirtualDevice

  /// Creates a virtual terminal of `size` showing `router`.
  ///
  /// - Parameters:
  ///   - mode: full screen (the default) or line mode.
  ///   - environment: `TERM`, `COLORTERM`, `NO_COLOR` as the app should see them.
  ///   - graphics: what it answers to graphics queries, and which pictures it decodes
  ///     (``pictures``); the app asks only when its ``TerminalApp/graphicsSupport`` says to.
  public init(
    router: TerminalRouter, size: Size = Size(width: 80, height: 24), mode: TerminalApp.Mode = .fullScreen,
    environment: [String: String] = ["TERM": "xterm-256color"], graphics: VirtualGraphics = .none
  ) {
    device = VirtualDevice(size: size, isTerminal: mode == .fullScreen, environment: environment)
    device.emulator.graphics = graphics
    app = TerminalApp(router: router, device: device, mode: mode)
  }

  /// The pictures the terminal shows, decoded from what the app wrote.
  public var pictures: [TerminalPicture] {
    refresh()
    return device.emulator.pictures
  }

  // MARK: - Input

  /// Presses keys one after the other, as a person would (a lone Esc counts as Esc).
  public func press(_ keys: Key...) {
    press(keys)
  }

  /// Presses keys one after the other.
  public func press(_ keys: [Key]) {
    for key in keys {
      send(key.bytes)
      guard app.exitReason == nil else { break }
      app.flushPendingKeys()
      app.step()
    }
    finishIfStopped()
  }

  /// Types text, one key per character (in full screen) or as raw input (in line mode).
  public func type(_ text: String) {
    if app.mode == .line {
      send(Array(text.utf8))
    } else {
      press(text.map { Key.character($0) })
    }
  }

  /// Sends one line of line-mode input (a newline is added).
  public func enter(_ line: String) {
    send(Array((line + "\n").utf8))
  }

  /// Sends raw bytes, as a terminal would for keys pasted or typed quickly.
  public func send(_ bytes: [UInt8]) {
    ensureStarted()
    guard app.exitReason == nil else { return }
    app.process(.input(bytes))
    app.step()
    finishIfStopped()
  }

  /// Closes the input, as end of file does.
  public func closeInput() {
    ensureStarted()
    guard app.exitReason == nil else { return }
    app.process(.endOfInput)
    app.step()
    finishIfStopped()
  }

  /// Changes the size, as a window resize with SIGWINCH does; `cellPixels` is the cell size
  /// in pixels the device reports from then on, as after a font change.
  public func resize(to size: Size, cellPixels: Size? = nil) {
    ensureStarted()
    device.size = size
    if let cellPixels { device.cellPixels = cellPixels }
    device.emulator.resize(to: size)
    app.process(.signal(.windowChanged))
    app.step()
  }

  /// Delivers a signal.
  public func signal(_ signal: TerminalSignal) {
    ensureStarted()
    app.process(.signal(signal))
    app.step()
    finishIfStopped()
  }

  /// Moves the virtual clock forward, firing timers as they come due, in order.
  public func advance(by duration: Duration) {
    ensureStarted()
    let target = device.time + duration
    while app.exitReason == nil, let next = app.nextTimerDeadline, next <= target {
      device.time = max(device.time, next)
      app.step()
    }
    device.time = target
    app.step()
    finishIfStopped()
  }

  /// Runs jobs posted from other threads and redraws.
  public func runPostedJobs() {
    ensureStarted()
    app.step()
    finishIfStopped()
  }

  /// Waits until work on other threads has posted a job to the loop, then runs the posted
  /// jobs and redraws. For tests whose presenters hand work to background threads.
  ///
  /// - Parameter limit: how long to wait before giving up, so a broken test fails rather
  ///   than hangs.
  /// - Returns: whether a job arrived.
  @discardableResult
  public func waitForPostedJobs(limit: Duration = .seconds(30)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !app.poster.hasPendingJobs {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    runPostedJobs()
    return true
  }

  // MARK: - Output

  /// The screen as text, one line per row with trailing spaces removed.
  public var screen: String {
    refresh()
    return device.emulator.grid.text
  }

  /// The screen's rows, trailing spaces removed.
  public var screenLines: [String] {
    refresh()
    return device.emulator.grid.lines
  }

  /// The cell at a position, with the style the terminal shows it in.
  public func cell(x: Int, y: Int) -> Cell {
    refresh()
    return device.emulator.grid[x, y]
  }

  /// The screen after each write, oldest first.
  public var frames: [String] { device.frames }

  /// Everything written, as text (for line mode: the whole transcript).
  public var transcript: String { String(decoding: device.output, as: UTF8.self) }

  /// Everything written, as bytes.
  public var output: [UInt8] { device.output }

  /// Forgets the bytes and frames written so far (the screen stays).
  public func clearOutput() {
    device.output = []
    device.frames = []
  }

  /// Why the app stopped, or `nil` while it runs.
  public var exitReason: TerminalApp.ExitReason? { app.exitReason }

  /// Whether the terminal is in raw mode on the alternate screen.
  public var isFullScreenActive: Bool {
    ensureStarted()
    return device.isFullScreen
  }

  /// How many times the app suspended itself (Ctrl-Z or SIGTSTP).
  public var suspensionCount: Int { device.suspensions }

  /// Whether the cursor is visible.
  public var isCursorVisible: Bool {
    ensureStarted()
    return device.emulator.cursorVisible
  }

  /// Runs posted jobs and due timers, and redraws, so the screen is current.
  public func refresh() {
    ensureStarted()
    if app.exitReason == nil { app.step() }
    finishIfStopped()
  }

  private var started = false

  private func ensureStarted() {
    guard !started else { return }
    started = true
    do {
      try app.start()
    } catch {
      app.stop(.outputClosed)
    }
  }

  private func finishIfStopped() {
    if app.exitReason != nil { app.finish() }
  }
}
