/// Turns the bytes a terminal sends into ``Key``s.
///
/// Input arrives in arbitrary chunks, so an escape sequence or a UTF-8 character may be
/// split. The decoder keeps an incomplete tail until more bytes come. A lone Esc looks like
/// the start of a sequence: the run loop waits ``escapeTimeout`` for more bytes and then
/// calls ``flush()``, which reports it as ``Key/escape``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[A".utf8))   // [.up]
/// decoder.decode([0x1B])                   // [] — maybe the start of a sequence
/// decoder.flush()                          // [.escape]
/// ```
struct KeyDecoder: Sendable {
  /// How long to wait after a lone Esc before deciding it is the Esc key.
  static let escapeTimeout: Duration = .milliseconds(40)

  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  init() {}

  /// Whether an incomplete sequence is waiting for more bytes.
  var hasPending: Bool { !pending.isEmpty }

  /// Decodes `bytes` after whatever was pending.
  mutating func decode(_ bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.decodeOne(pending, at: index, final: false) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Decodes what is pending as if no more bytes will follow: a lone Esc becomes
  /// ``Key/escape``, and an unfinished UTF-8 character is dropped.
  mutating func flush() -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      if let (key, length) = Self.decodeOne(pending, at: index, final: false) {
        if let key { keys.append(key) }
        index += length
      } else if let (key, length) = Self.decodeOne(pending, at: index, final: true) {
        if let key { keys.append(key) }
        index += length
      } else {
        index += 1
      }
    }
    pending = []
    return keys
  }

  /// Decodes one key at `index`. Returns nil when more bytes are needed; a nil key with a
  /// length means bytes that are skipped (an unknown sequence).
  private static func decodeOne(_ bytes: [UInt8], at index: Int, final: Bool) -> (Key?, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x1B: return decodeEscape(bytes, at: index, final: final)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return decodeUTF8(bytes, at: index, final: final)
    }
  }

  private static func decodeEscape(_ bytes: [UInt8], at index: Int, final: Bool) -> (Key?, Int)? {
    guard index + 1 < bytes.count else { return final ? (.escape, 1) : nil }
    let next = bytes[index + 1]
    if next == UInt8(ascii: "[") {
      // CSI: parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte 0x40-0x7E.
      var end = index + 2
      while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return final ? (.escape, 1) : nil }
      guard (0x40...0x7E).contains(bytes[end]) else { return (.escape, 1) }
      let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
      return (csiKey(final: bytes[end], parameters: parameters), end - index + 1)
    }
    if next == UInt8(ascii: "O") {
      guard index + 2 < bytes.count else { return final ? (.escape, 1) : nil }
      let key: Key? =
        switch bytes[index + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
      return (key, 3)
    }
    // Esc followed by anything else is the Esc key, then that key.
    return (.escape, 1)
  }

  private static func csiKey(final: UInt8, parameters: String) -> Key? {
    let first = parameters.split(separator: ";").first.map(String.init) ?? ""
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch first {
      case "1", "7": return .home
      case "4", "8": return .end
      case "3": return .delete
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  private static func decodeUTF8(_ bytes: [UInt8], at index: Int, final: Bool) -> (Key?, Int)? {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    guard index + length <= bytes.count else { return final ? (nil, bytes.count - index) : nil }
    for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return (nil, offset) }
    let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
    guard let character = text.first, text.unicodeScalars.first?.value != 0xFFFD else { return (nil, length) }
    return (.character(character), length)
  }
}
