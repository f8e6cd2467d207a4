import Foundation
import Inference

/// A parsed JSON value, for reading Keras's `model_config`: Foundation's `JSONDecoder` reads
/// the text, this enum gives the heterogeneous config a typed view.
enum JSONValue: Equatable, Sendable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses JSON text. JSON5 is allowed because Python's json module writes `NaN` and
  /// `Infinity`, which JSON5 has and JSON lacks.
  static func parse(_ text: String) throws(ModelError) -> JSONValue {
    let decoder = JSONDecoder()
    decoder.allowsJSON5 = true
    do {
      return try decoder.decode(JSONValue.self, from: Data(text.utf8))
    } catch let DecodingError.dataCorrupted(context) {
      let reason = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
      throw .invalidModelConfig("model_config is not valid JSON: \(reason)")
    } catch {
      throw .invalidModelConfig("model_config is not valid JSON: \(error)")
    }
  }

  /// Decodes whichever kind of value is there: containers first, since most values of a
  /// model config are objects and arrays.
  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      var members: [String: JSONValue] = [:]
      for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let string = try? value.decode(String.self) {
        self = .string(string)
      } else if let bool = try? value.decode(Bool.self) {
        self = .bool(bool)
      } else {
        self = .number(try value.decode(Double.self))
      }
    }
  }

  /// Any member name of an object.
  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
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
