/// A small JSON parser for `model_config`: one pass over the UTF-8 bytes, no Foundation,
/// fast even in debug builds (JSONDecoder on a recursive enum is not).
struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 512

  /// Prepares to parse `text`.
  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// Parses the whole text as one JSON value.
  mutating func parse() throws(ModelError) -> JSONValue {
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
    return value
  }

  private func failure(_ message: String) -> ModelError {
    ModelError.invalidModelConfig("model_config is not valid JSON: \(message) at byte \(index)")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
        || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func parseValue() throws(ModelError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw failure("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "N"): return try parseLiteral("NaN", .number(.nan))
    default: return .number(try parseNumber())
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(ModelError) -> JSONValue {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else { throw failure("unknown literal") }
      index += 1
    }
    return value
  }

  private mutating func enter() throws(ModelError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nesting too deep") }
  }

  private mutating func parseObject() throws(ModelError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      members[key] = try parseValue()
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(ModelError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      items.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      } else {
        throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func parseString() throws(ModelError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
      index += 1
    }
    guard index < bytes.count else { throw failure("unterminated string") }
    if bytes[index] == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
    }
    var scalars = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") { return String(decoding: scalars, as: UTF8.self) }
      guard byte == UInt8(ascii: "\\") else {
        scalars.append(byte)
        continue
      }
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "u"):
        var code = try parseHex()
        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          let low = try parseHex()
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        scalars.append(contentsOf: Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8))
      default: scalars.append(escape)  // \" \\ \/
      }
    }
    throw failure("unterminated string")
  }

  private mutating func parseHex() throws(ModelError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("bad \\u escape")
      }
      value = value * 16 + UInt32(digit)
    }
    return value
  }

  private mutating func parseNumber() throws(ModelError) -> Double {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
      _ = try parseLiteral("Infinity", .null)
      return bytes[start] == UInt8(ascii: "-") ? -.infinity : .infinity
    }
    while index < bytes.count {
      let byte = bytes[index]
      let isNumberByte =
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: "-")
      guard isNumberByte else { break }
      index += 1
    }
    guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw failure("expected a value")
    }
    return value
  }
}
