extension TerminalApp {
  /// How long the loop waits for the terminal to answer the graphics query before it starts
  /// with half blocks.
  static let graphicsQueryTimeout = Duration.milliseconds(500)
  /// How long after that a late answer is still taken (and chosen by).
  static let lateGraphicsAnswerTimeout = Duration.seconds(5)

  /// Chooses the pictures' protocol as ``graphicsSupport`` asks: half blocks without color
  /// (`NO_COLOR`, `TERM=dumb`) and inside tmux or screen (no passthrough); otherwise the
  /// terminal is asked (``GraphicsQuery``), or, for a forced protocol, only for its cell size.
  /// An answer that has not come by the timeout is still taken later
  /// (``filterLateGraphicsAnswers(_:)``). Returns the events that came meanwhile, keys and
  /// signals, to be handled next.
  func startGraphics() -> [DeviceEvent] {
    graphics = .blocks
    renderer.graphics = nil
    router.showsPictures = false
    let preference = graphicsSupport.preference
    let environment = device.environment
    let term = environment["TERM"] ?? ""
    let multiplexed = environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
    guard colorMode != .gray, preference != .blocks, !(preference == .auto && multiplexed) else { return [] }
    var query = GraphicsQuery()
    var events: [DeviceEvent] = []
    do {
      try device.write(GraphicsQuery.request)
      let deadline = device.now() + Self.graphicsQueryTimeout
      while !query.isComplete, device.now() < deadline {
        for event in try device.waitForEvents(timeout: deadline - device.now()) {
          if case .input(let bytes) = event { query.feed(bytes) } else { events.append(event) }
        }
      }
    } catch {
      return events
    }
    let typed = query.takeOtherInput()
    if !typed.isEmpty { events.insert(.input(typed), at: 0) }
    if !query.isComplete, preference == .auto {
      // A busy terminal answers late: start with half blocks, and switch when it does.
      lateGraphicsQuery = (query, device.now() + Self.lateGraphicsAnswerTimeout)
      return events
    }
    choose(by: query)
    return events
  }

  /// Uses what the query found (or the forced preference).
  private func choose(by query: GraphicsQuery) {
    let preference = graphicsSupport.preference
    let chosen: TerminalGraphics =
      switch preference {
      case .auto: query.choice(canSixel: graphicsSupport.sixelEncoder != nil)
      case .kitty: .kitty
      case .sixel: .sixel
      case .blocks: .blocks
      }
    guard let encoder = graphicsSupport.encoder(for: chosen) else { return }
    graphics = chosen
    router.showsPictures = true
    renderer.graphics = ImageOutput(encoder: encoder, cellSize: device.cellPixelSize() ?? query.cellSize)
  }

  /// Takes the late answers to the graphics query out of `bytes`; returns the rest (keys).
  /// When the last answer comes, the pictures' protocol is chosen by it.
  func filterLateGraphicsAnswers(_ bytes: [UInt8]) -> [UInt8] {
    guard var late = lateGraphicsQuery else { return bytes }
    late.query.feed(bytes)
    let keys = late.query.takeOtherInput()
    if late.query.isComplete {
      lateGraphicsQuery = nil
      choose(by: late.query)
    } else {
      lateGraphicsQuery = late
    }
    return keys
  }

  /// Takes a new cell size after a resize (a font change resizes the cells, not the window),
  /// when the device knows it.
  func refreshPictureCellSize() {
    guard var output = renderer.graphics, let cell = device.cellPixelSize(), cell != output.cellSize,
      cell.width > 0, cell.height > 0
    else { return }
    output.cellSize = cell
    renderer.graphics = output
  }

  /// Takes the pictures off the screen before the terminal is given back.
  func endGraphics() {
    guard let output = renderer.graphics else { return }
    try? device.write(output.encoder.eraseAll())
  }
}
