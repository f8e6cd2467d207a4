extension TerminalApp {
  /// How long the terminal has to answer the graphics query.
  static let graphicsQueryTimeout = Duration.milliseconds(400)

  /// Chooses the pictures' protocol as ``graphicsSupport`` asks: half blocks without color
  /// (`NO_COLOR`, `TERM=dumb`) and inside tmux or screen (no passthrough); otherwise the
  /// terminal is asked (``GraphicsQuery``), or, for a forced protocol, only for its cell size.
  /// Returns the events that came meanwhile, keys and signals, to be handled next.
  func startGraphics() -> [DeviceEvent] {
    graphics = .blocks
    renderer.graphics = nil
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
    if !query.otherInput.isEmpty { events.insert(.input(query.otherInput), at: 0) }
    let chosen: TerminalGraphics =
      switch preference {
      case .auto: query.choice(canSixel: graphicsSupport.sixelEncoder != nil)
      case .kitty: .kitty
      case .sixel: .sixel
      case .blocks: .blocks
      }
    guard let encoder = graphicsSupport.encoder(for: chosen) else { return events }
    graphics = chosen
    renderer.graphics = ImageOutput(encoder: encoder, cellSize: device.cellPixelSize() ?? query.cellSize)
    return events
  }

  /// Takes the pictures off the screen before the terminal is given back.
  func endGraphics() {
    guard let output = renderer.graphics else { return }
    try? device.write(output.encoder.eraseAll())
  }
}
