/// How pictures reach the terminal.
public enum TerminalGraphics: String, CaseIterable, Hashable, Sendable {
  /// The kitty graphics protocol (kitty, Ghostty, WezTerm, konsole).
  case kitty
  /// DEC sixel graphics (xterm -ti vt340, foot, WezTerm, mlterm, konsole).
  case sixel
  /// Unicode half blocks, two pixels a cell, on every terminal.
  case blocks
}

/// Which graphics the run loop uses: found out by asking the terminal (``auto``), or forced.
public enum GraphicsPreference: String, CaseIterable, Hashable, Sendable {
  /// Ask the terminal (the kitty graphics query, then DA1 for sixel), with a short timeout.
  case auto
  /// The kitty graphics protocol, without asking.
  case kitty
  /// Sixel, without asking (needs a sixel encoder).
  case sixel
  /// Half blocks, without asking.
  case blocks
}

/// What ``TerminalApp`` needs for real pictures: the preference and the encoders it has.
/// The kitty encoder is TerminalUI's own; a sixel encoder comes from outside (the
/// `TerminalUISixel` library, on libsixel), so that apps without it link no C library.
public struct GraphicsSupport: Sendable {
  /// Ask the terminal, or force a kind.
  public var preference: GraphicsPreference
  /// The sixel encoder; without one, sixel terminals get half blocks.
  public var sixelEncoder: (any TerminalImageEncoder)?
  /// The kitty encoder.
  public var kittyEncoder: any TerminalImageEncoder

  /// Half blocks everywhere: the default.
  public init(
    preference: GraphicsPreference = .blocks, sixelEncoder: (any TerminalImageEncoder)? = nil,
    kittyEncoder: any TerminalImageEncoder = KittyImageEncoder()
  ) {
    self.preference = preference
    self.sixelEncoder = sixelEncoder
    self.kittyEncoder = kittyEncoder
  }

  /// The encoder for `graphics`, nil for half blocks or one that is missing.
  public func encoder(for graphics: TerminalGraphics) -> (any TerminalImageEncoder)? {
    switch graphics {
    case .kitty: kittyEncoder
    case .sixel: sixelEncoder
    case .blocks: nil
    }
  }
}
