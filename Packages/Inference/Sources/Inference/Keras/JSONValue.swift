import Foundation

/// A parsed JSON value, for reading Keras's `model_config`.
enum JSONValue: Decodable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Parses JSON text.
  static func parse(_ text: String) throws(ModelError) -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    } catch {
      throw ModelError.invalidModelConfig("model_config is not valid JSON (\(error.localizedDescription))")
    }
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
