import TerminalUI

/// A small terminal emulator: interprets the bytes TerminalUI writes (cursor moves, clears,
/// styles, the alternate screen, UTF-8 text with wide characters) into a grid of cells.
///
/// ``VirtualTerminal`` feeds it everything the app writes, so tests check what a person
/// would see rather than the escape codes that produced it.
public struct ScreenEmulator: Sendable {
  /// The screen shown now: the alternate screen while it is active, otherwise the main one.
  public var grid: Canvas { alternateActive ? alternate : main }
  /// Whether the alternate screen is active.
  public private(set) var alternateActive = false
  /// Whether the cursor is shown.
  public private(set) var cursorVisible = true
  /// The cursor position.
  public private(set) var cursor = Point(x: 0, y: 0)

  /// The pictures shown, oldest first.
  public private(set) var pictures: [TerminalPicture] = []
  /// What the terminal answers to graphics queries; nil answers nothing.
  public var graphics: VirtualGraphics?

  private var main: Canvas
  private var alternate: Canvas
  private var replies: [UInt8] = []
  /// A string sequence being read: its introducer (`P` for DCS, `_` for APC) and its bytes.
  private var stringSequence: (introducer: UInt8, bytes: [UInt8])?
  private var kitty = KittyGraphicsDecoder()
  private var style = Style.plain
  private var pendingWrap = false
  private var utf8: [UInt8] = []
  private var escape: [UInt8]?

  /// Creates a blank screen.
  public init(size: Size) {
    main = Canvas(size: size, colorMode: .trueColor)
    alternate = Canvas(size: size, colorMode: .trueColor)
  }

  /// The size.
  public var size: Size { main.size }

  /// Changes the size, keeping what fits (the app redraws in full after a resize anyway).
  public mutating func resize(to size: Size) {
    var newMain = Canvas(size: size, colorMode: .trueColor)
    newMain.draw(main, at: Point(x: 0, y: 0))
    var newAlternate = Canvas(size: size, colorMode: .trueColor)
    newAlternate.draw(alternate, at: Point(x: 0, y: 0))
    main = newMain
    alternate = newAlternate
    cursor = Point(x: min(cursor.x, max(0, size.width - 1)), y: min(cursor.y, max(0, size.height - 1)))
  }

  /// Interprets bytes.
  public mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes { feed(byte) }
  }

  /// The answers to queries written since the last call, as the terminal sends them back.
  public mutating func takeReplies() -> [UInt8] {
    defer { replies = [] }
    return replies
  }

  private mutating func feed(_ byte: UInt8) {
    if var string = stringSequence {
      if string.bytes.last == 0x1B, byte == 0x5C {
        string.bytes.removeLast()
        stringSequence = nil
        performString(string.introducer, string.bytes)
      } else {
        string.bytes.append(byte)
        stringSequence = string
      }
      return
    }
    if var sequence = escape {
      sequence.append(byte)
      if sequence.count == 2, byte == UInt8(ascii: "P") || byte == UInt8(ascii: "_") {
        escape = nil
        stringSequence = (byte, [])
        return
      }
      if sequence.count == 2, byte != UInt8(ascii: "[") {
        escape = nil  // Two-byte escapes (ESC 7, ESC 8, ...) are ignored.
        return
      }
      if sequence.count > 2, (0x40...0x7E).contains(byte) {
        escape = nil
        performCSI(sequence)
        return
      }
      escape = sequence.count > 64 ? nil : sequence
      return
    }
    if !utf8.isEmpty || byte >= 0x80 {
      utf8.append(byte)
      let expected =
        switch utf8[0] {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
      guard utf8.count >= expected else { return }
      let text = String(decoding: utf8, as: UTF8.self)
      utf8 = []
      for scalar in text.unicodeScalars { print(scalar) }
      return
    }
    switch byte {
    case 0x1B: escape = [byte]
    case 0x0D:
      cursor.x = 0
      pendingWrap = false
    case 0x0A: lineFeed()
    case 0x08:
      cursor.x = max(0, cursor.x - 1)
      pendingWrap = false
    case 0x07, 0x00: break
    default:
      if byte >= 0x20 { print(Unicode.Scalar(byte)) }
    }
  }

  private mutating func print(_ scalar: Unicode.Scalar) {
    let width = DisplayWidth.of(scalar)
    if width == 0 {
      // A combining mark joins the character before the cursor.
      var x = pendingWrap ? cursor.x : cursor.x - 1
      guard x >= 0 else { return }
      if current[x, cursor.y].isContinuation, x > 0 { x -= 1 }
      let cell = current[x, cursor.y]
      var text = String(cell.character)
      text.unicodeScalars.append(scalar)
      let (y, cellStyle) = (cursor.y, cell.style)
      if let combined = text.first { modify { $0.set(combined, x: x, y: y, style: cellStyle) } }
      return
    }
    if pendingWrap || cursor.x + width > size.width {
      cursor.x = 0
      lineFeed()
    }
    let character = Character(scalar)
    let (x, y, style) = (cursor.x, cursor.y, self.style)
    // Text written over a picture replaces it there, as in xterm; here the picture goes.
    if !pictures.isEmpty { pictures.removeAll { $0.covers(x: x, y: y) } }
    modify { $0.set(character, x: x, y: y, style: style) }
    cursor.x += width
    if cursor.x >= size.width {
      cursor.x = size.width - 1
      pendingWrap = true
    }
  }

  private mutating func lineFeed() {
    pendingWrap = false
    if cursor.y + 1 < size.height {
      cursor.y += 1
      return
    }
    // Scroll up one row.
    let old = current
    var scrolled = Canvas(size: size, colorMode: .trueColor)
    var shifted = Canvas(
      size: Size(width: size.width, height: max(0, size.height - 1)), colorMode: .trueColor)
    shifted.draw(old, at: Point(x: 0, y: -1))
    scrolled.draw(shifted, at: Point(x: 0, y: 0))
    modify { $0 = scrolled }
  }

  private mutating func performCSI(_ sequence: [UInt8]) {
    guard let final = sequence.last else { return }
    let body = String(decoding: sequence[2..<(sequence.count - 1)], as: UTF8.self)
    let isPrivate = body.hasPrefix("?")
    let numbers = (isPrivate ? String(body.dropFirst()) : body).split(
      separator: ";", omittingEmptySubsequences: false
    )
    .map { Int($0) }
    func number(_ index: Int, _ fallback: Int) -> Int {
      index < numbers.count ? numbers[index] ?? fallback : fallback
    }
    pendingWrap = false
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      cursor = Point(
        x: min(max(0, number(1, 1) - 1), size.width - 1), y: min(max(0, number(0, 1) - 1), size.height - 1))
    case UInt8(ascii: "A"): cursor.y = max(0, cursor.y - max(1, number(0, 1)))
    case UInt8(ascii: "B"): cursor.y = min(size.height - 1, cursor.y + max(1, number(0, 1)))
    case UInt8(ascii: "C"): cursor.x = min(size.width - 1, cursor.x + max(1, number(0, 1)))
    case UInt8(ascii: "D"): cursor.x = max(0, cursor.x - max(1, number(0, 1)))
    case UInt8(ascii: "c") where body.isEmpty || body == "0":
      if let graphics, graphics.answers {
        replies += Array((graphics.sixel ? "\u{1B}[?62;4;22c" : "\u{1B}[?62;22c").utf8)
      }
    case UInt8(ascii: "t") where body == "16":
      if let size = graphics?.cellSize, graphics?.answers == true {
        replies += Array("\u{1B}[6;\(size.height);\(size.width)t".utf8)
      }
    case UInt8(ascii: "J"):
      let mode = number(0, 0)
      if mode == 2 || mode == 3 { pictures = [] }
      let (x, y, width, height) = (cursor.x, cursor.y, size.width, size.height)
      modify { canvas in
        if mode == 2 || mode == 3 {
          canvas = Canvas(size: canvas.size, colorMode: .trueColor)
        } else if mode == 0 {
          canvas.fill(Rect(x: x, y: y, width: width - x, height: 1))
          canvas.fill(Rect(x: 0, y: y + 1, width: width, height: height - y - 1))
        }
      }
    case UInt8(ascii: "K"):
      let (x, y, width) = (cursor.x, cursor.y, size.width)
      modify { $0.fill(Rect(x: x, y: y, width: width - x, height: 1)) }
    case UInt8(ascii: "m"):
      applySGR(numbers.map { $0 ?? 0 })
    case UInt8(ascii: "h"), UInt8(ascii: "l"):
      guard isPrivate else { return }
      let on = final == UInt8(ascii: "h")
      for mode in numbers.compactMap({ $0 }) {
        switch mode {
        case 25: cursorVisible = on
        case 1049:
          if on, !alternateActive { alternate = Canvas(size: size, colorMode: .trueColor) }
          alternateActive = on
        default: break
        }
      }
    default: break
    }
  }

  /// A DCS (sixel) or APC (kitty graphics) string, once its `ESC \\` came.
  private mutating func performString(_ introducer: UInt8, _ bytes: [UInt8]) {
    guard let graphics else { return }
    let cell = graphics.cellSize
    if introducer == UInt8(ascii: "P"), graphics.sixel, let image = SixelDecoder.decode(bytes) {
      let cells = Size(
        width: (image.width + cell.width - 1) / cell.width,
        height: (image.height + cell.height - 1) / cell.height)
      pictures.removeAll { $0.graphics == .sixel && $0.origin == cursor }
      pictures.append(TerminalPicture(graphics: .sixel, origin: cursor, cells: cells, image: image, id: 0))
      return
    }
    guard introducer == UInt8(ascii: "_"), graphics.kitty else { return }
    switch kitty.feed(String(decoding: bytes, as: UTF8.self)) {
    case .query(let id) where graphics.answers:
      replies += Array("\u{1B}_Gi=\(id);OK\u{1B}\\".utf8)
    case .show(let id, let image, let columns, let rows):
      let cells = Size(
        width: columns ?? (image.width + cell.width - 1) / cell.width,
        height: rows ?? (image.height + cell.height - 1) / cell.height)
      pictures.removeAll { $0.graphics == .kitty && $0.id == id }
      pictures.append(TerminalPicture(graphics: .kitty, origin: cursor, cells: cells, image: image, id: id))
    case .delete(let what, let id):
      if what.lowercased() == "a" {
        pictures.removeAll { $0.graphics == .kitty }
      } else if let id {
        pictures.removeAll { $0.graphics == .kitty && $0.id == id }
      }
    case .query, .invalid, nil:
      break
    }
  }

  private mutating func applySGR(_ parameters: [Int]) {
    var index = 0
    let parameters = parameters.isEmpty ? [0] : parameters
    while index < parameters.count {
      let value = parameters[index]
      switch value {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 30...37: style.foreground = .basic(UInt8(value - 30))
      case 90...97: style.foreground = .basic(UInt8(value - 90 + 8))
      case 40...47: style.background = .basic(UInt8(value - 40))
      case 100...107: style.background = .basic(UInt8(value - 100 + 8))
      case 38, 48:
        var color: Color?
        if index + 2 < parameters.count, parameters[index + 1] == 5 {
          color = .palette(UInt8(clamping: parameters[index + 2]))
          index += 2
        } else if index + 4 < parameters.count, parameters[index + 1] == 2 {
          color = .rgb(
            UInt8(clamping: parameters[index + 2]), UInt8(clamping: parameters[index + 3]),
            UInt8(clamping: parameters[index + 4]))
          index += 4
        }
        if value == 38 { style.foreground = color } else { style.background = color }
      default: break
      }
      index += 1
    }
  }

  private var current: Canvas { alternateActive ? alternate : main }

  private mutating func modify(_ change: (inout Canvas) -> Void) {
    if alternateActive { change(&alternate) } else { change(&main) }
  }
}
