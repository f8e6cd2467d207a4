import System

/// The run loop: shows a ``TerminalRouter``'s stack on a terminal and feeds it keys or lines
/// until the user quits, the stack becomes empty, input ends or a signal arrives.
///
/// It picks the mode from the device: full screen when standard input and output are both
/// terminals and `TERM` is not `dumb`, line mode otherwise. The loop runs on the main
/// thread. Timers (``schedule(after:repeating:_:)``) and jobs posted from other threads
/// (``poster``) run on it between events, so screens are only ever touched from the main
/// actor. After every event, timer or job the screen is redrawn (only changed cells are
/// written). In line mode the page is printed again after a command that changed it, and
/// after a timer or job only when another screen came on top; messages
/// (``TerminalRouter/showMessage(_:kind:)``) are always printed, once.
///
/// The terminal is restored on every way out of ``run()``: quit, empty stack, end of input,
/// closed output, a thrown error, SIGINT, SIGTERM, SIGHUP and SIGQUIT. After `run()` returns
/// a signal as the reason, end the process with ``SystemTerminal/exitProcess(for:)`` so the
/// parent sees the signal.
///
/// ```swift
/// let router = TerminalRouter(appName: "Emotions")
/// let app = try TerminalApp(router: router)
/// coordinator.start()
/// let reason = try app.run()
/// SystemTerminal.exitProcess(for: reason)
/// ```
@MainActor
public final class TerminalApp: LoopScheduling {
  /// How the app talks to the user.
  public enum Mode: String, Hashable, Sendable {
    /// The alternate screen in raw mode, redrawn on every change.
    case fullScreen
    /// Plain text pages and one command per line, with no escape codes.
    case line
  }

  /// Why ``run()`` returned.
  public enum ExitReason: Hashable, Sendable {
    /// The user quit (`q`, Ctrl-C, `quit`), or ``TerminalRouter/quit()`` was called.
    case quit
    /// The last screen left the stack.
    case stackEmpty
    /// Standard input ended (end of file, or the terminal went away).
    case endOfInput
    /// Writing to standard output failed (closed pipe or terminal).
    case outputClosed
    /// A signal asked the app to stop.
    case signal(TerminalSignal)
  }

  /// The router whose stack is shown.
  public let router: TerminalRouter
  /// The terminal.
  public let device: any TerminalDevice
  /// Full screen or line mode.
  public let mode: Mode
  /// The colors used, from the environment.
  public let colorMode: ColorMode
  /// Hands work from other threads to the loop.
  public nonisolated let poster: MainLoopPoster
  /// Why the loop stopped, once it has.
  public private(set) var exitReason: ExitReason?
  /// The terminal size used for the last frame.
  public private(set) var size = Size(width: 80, height: 24)

  /// What the loop may use for real pictures; set before ``run()``. Half blocks by default.
  public var graphicsSupport = GraphicsSupport()
  /// The pictures' protocol in use: found out at the start of full screen.
  public internal(set) var graphics = TerminalGraphics.blocks

  var renderer = FrameRenderer()
  /// The graphics query still waiting for its answer after its timeout, with when it stops
  /// waiting: its late answers are taken out of the input (never read as keys) and still
  /// chosen by.
  var lateGraphicsQuery: (query: GraphicsQuery, deadline: Duration)?
  private var decoder = KeyDecoder()
  private var timers: [ScheduledTimer] = []
  private var lineBuffer: [UInt8] = []
  private var lastPage: [String]?
  private var lastPageScreen: ObjectIdentifier?
  private var started = false
  /// When the key decoder began holding an unfinished sequence (a lone Esc, so far).
  private var escapePendingSince: Duration?

  /// Creates the loop for `router` on `device`; `mode` overrides the automatic choice.
  public init(router: TerminalRouter, device: any TerminalDevice, mode: Mode? = nil) {
    self.router = router
    self.device = device
    let environment = device.environment
    let dumb = environment["TERM"] == "dumb"
    self.mode = mode ?? (device.isInputTerminal && device.isOutputTerminal && !dumb ? .fullScreen : .line)
    colorMode = ColorMode(environment: environment)
    poster = MainLoopPoster(waker: device.waker)
  }

  /// Creates the loop for `router` on this process's terminal.
  ///
  /// - Throws: ``SystemCallError`` when the terminal cannot be opened.
  public convenience init(router: TerminalRouter) throws(SystemCallError) {
    self.init(router: router, device: try SystemTerminal())
  }

  /// The width line-mode pages are wrapped to: the terminal's width when output is a
  /// terminal, 80 otherwise (at most 100).
  public var lineWidth: Int {
    min(100, device.isOutputTerminal ? device.windowSize()?.width ?? 80 : 80)
  }

  // MARK: - Running

  /// Runs until the app stops, then restores the terminal.
  ///
  /// - Returns: why it stopped.
  /// - Throws: ``SystemCallError`` when the terminal cannot be set up or read; the terminal
  ///   is restored first.
  public func run() throws(SystemCallError) -> ExitReason {
    try start()
    defer { finish() }
    while exitReason == nil {
      let events = try device.waitForEvents(timeout: nextTimeout())
      for event in events where exitReason == nil { process(event) }
      if let since = escapePendingSince, device.now() - since >= KeyDecoder.escapeTimeout {
        flushPendingKeys()
      }
      step()
    }
    return exitReason ?? .quit
  }

  /// Stops the loop after the current event.
  public func stop(_ reason: ExitReason = .quit) {
    if exitReason == nil { exitReason = reason }
  }

  /// Runs `body` on the loop after `delay`, then every `repeating` if given.
  @discardableResult
  public func schedule(
    after delay: Duration, repeating: Duration?, _ body: @escaping @MainActor () -> Void
  )
    -> ScheduledTimer
  {
    let timer = ScheduledTimer(deadline: device.now() + delay, interval: repeating, body: body)
    timers.append(timer)
    return timer
  }

  // MARK: - Steps (also driven by VirtualTerminal)

  /// Sets the terminal up and draws the first frame.
  package func start() throws(SystemCallError) {
    guard !started else { return }
    try device.startSignalHandling()
    started = true
    router.colorMode = colorMode
    router.quitHandler = { [weak self] in self?.stop(.quit) }
    router.suspendHandler = { [weak self] in self?.suspend() }
    if router.isQuitRequested { stop(.quit) }
    if mode == .fullScreen {
      do {
        try device.enterFullScreen()
      } catch {
        device.restore()
        device.stopSignalHandling()
        throw error
      }
      size = device.windowSize() ?? size
      for event in startGraphics() { process(event) }
    }
    step()
  }

  /// Restores the terminal.
  package func finish() {
    guard started else { return }
    started = false
    endGraphics()
    device.restore()
    device.stopSignalHandling()
    router.quitHandler = nil
    router.suspendHandler = nil
  }

  /// Job control: gives the terminal back, stops the process, and takes the terminal again
  /// (redrawing everything) when the process is continued. Ctrl-Z and SIGTSTP come here.
  func suspend() {
    guard mode == .fullScreen else {
      device.suspendProcess()
      return
    }
    device.restore()
    device.suspendProcess()
    do {
      try device.enterFullScreen()
    } catch {
      stop(.outputClosed)
      return
    }
    size = device.windowSize() ?? size
    renderer.invalidate()
  }

  /// Handles one event from the device.
  package func process(_ event: DeviceEvent) {
    switch event {
    case .input(let rawBytes):
      switch mode {
      case .fullScreen:
        let bytes = filterLateGraphicsAnswers(rawBytes)
        guard !bytes.isEmpty else { return }
        handle(keys: decoder.decode(bytes))
        escapePendingSince = decoder.hasPending ? escapePendingSince ?? device.now() : nil
      case .line: handle(lineBytes: rawBytes, final: false)
      }
    case .endOfInput:
      if mode == .line { handle(lineBytes: [], final: true) }
      stop(.endOfInput)
    case .signal(.windowChanged):
      size = device.windowSize() ?? size
      refreshPictureCellSize()
      renderer.invalidate()
    case .signal(.suspend):
      suspend()
    case .signal(let signal):
      stop(.signal(signal))
    case .wake:
      break
    }
  }

  /// Runs posted jobs and due timers, stops on an empty stack, and redraws.
  package func step() {
    if let late = lateGraphicsQuery, device.now() >= late.deadline {
      lateGraphicsQuery = nil
      var query = late.query
      let keys = query.flush()
      if !keys.isEmpty { handle(keys: decoder.decode(keys)) }
    }
    for job in poster.takeJobs() where exitReason == nil { job() }
    fireDueTimers()
    if router.stack.isEmpty { stop(.stackEmpty) }
    redraw()
  }

  /// Flushes a pending lone Esc, as the loop does after ``KeyDecoder/escapeTimeout``.
  package func flushPendingKeys() {
    escapePendingSince = nil
    handle(keys: decoder.flush())
  }

  private func handle(keys: [Key]) {
    for key in keys where exitReason == nil {
      router.handle(key)
      if router.stack.isEmpty { stop(.stackEmpty) }
    }
  }

  private func handle(lineBytes bytes: [UInt8], final: Bool) {
    lineBuffer += bytes
    while exitReason == nil, let newline = lineBuffer.firstIndex(of: UInt8(ascii: "\n")) {
      let line = String(decoding: lineBuffer[..<newline], as: UTF8.self)
      lineBuffer.removeSubrange(...newline)
      command(line)
    }
    if final, exitReason == nil, !lineBuffer.isEmpty {
      let line = String(decoding: lineBuffer, as: UTF8.self)
      lineBuffer = []
      command(line)
    }
  }

  private func command(_ line: String) {
    if !device.isInputTerminal { write(lines: ["> " + line]) }
    let forceReprint = line.trimmingSpaces.isEmpty
    let accepted = router.handleLine(line)
    if router.stack.isEmpty { stop(.stackEmpty) }
    flushLineOutput(reprint: forceReprint ? .always : accepted ? .whenChanged : .whenAnotherScreen)
  }

  private func fireDueTimers() {
    let now = device.now()
    let due = timers.filter { !$0.isCancelled && $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
    for timer in due where exitReason == nil && !timer.isCancelled {
      if let interval = timer.interval, interval > .zero {
        timer.deadline = max(timer.deadline + interval, now)
      } else {
        timer.cancel()
      }
      timer.body()
    }
    timers.removeAll { $0.isCancelled }
  }

  /// When the next timer fires, on the device's clock.
  package var nextTimerDeadline: Duration? {
    timers.filter { !$0.isCancelled }.map(\.deadline).min()
  }

  private func nextTimeout() -> Duration? {
    if poster.hasPendingJobs { return .zero }
    let now = device.now()
    var timeout = escapePendingSince.map { max(.zero, $0 + KeyDecoder.escapeTimeout - now) }
    if let late = lateGraphicsQuery {
      let wait = max(.zero, late.deadline - now)
      timeout = min(timeout ?? wait, wait)
    }
    for timer in timers where !timer.isCancelled {
      let wait = max(.zero, timer.deadline - now)
      timeout = min(timeout ?? wait, wait)
    }
    return timeout
  }

  private func redraw() {
    switch mode {
    case .fullScreen:
      router.discardPendingLineOutput()
      guard exitReason == nil else { return }
      let bytes = renderer.render(router.render(size: size))
      guard !bytes.isEmpty else { return }
      do {
        try device.write(bytes)
      } catch {
        stop(.outputClosed)
      }
    case .line:
      flushLineOutput(reprint: .whenAnotherScreen)
    }
  }

  /// When line mode prints the page again.
  private enum Reprint {
    /// Always (an empty command line).
    case always
    /// When its text changed (after a command).
    case whenChanged
    /// Only when another screen is on top (after timers and posted jobs, so that a progress
    /// bar ticking does not print page after page; screens print progress with messages).
    case whenAnotherScreen
  }

  private func flushLineOutput(reprint: Reprint) {
    var output = router.takePendingLineOutput()
    if exitReason == nil || exitReason == .stackEmpty {
      let page = router.linePage(width: lineWidth)
      let screen = router.stack.top.map { ObjectIdentifier($0.screen) }
      let due =
        switch reprint {
        case .always: true
        case .whenChanged: page != lastPage
        case .whenAnotherScreen: screen != lastPageScreen
        }
      if !page.isEmpty, due || lastPage == nil {
        if lastPage != nil { output.append("") }
        output += page
        lastPage = page
        lastPageScreen = screen
      }
    }
    write(lines: output)
  }

  private func write(lines: [String]) {
    guard !lines.isEmpty else { return }
    do {
      try device.write(Array((lines.joined(separator: "\n") + "\n").utf8))
    } catch {
      stop(.outputClosed)
    }
  }
}
