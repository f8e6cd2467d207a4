/// A parsed JSON value, for reading Keras's `model_config`.
enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses JSON text (Python's json module also writes NaN and Infinity; they parse too).
  static func parse(_ text: String) throws(ModelError) -> JSONValue {
    var parser = JSONParser(text)
    return try parser.parse()
  }

  /// The member `key` of an object, or nil.
  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string, or nil.
  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number, or nil.
  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The integer, or nil when not a whole number.
  var integer: Int? {
    guard let number, number.rounded() == number, abs(number) < 1e15 else { return nil }
    return Int(number)
  }

  /// The boolean, or nil.
  var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or nil.
  var array: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Whether this is JSON null.
  var isNull: Bool { self == .null }
}
