import Foundation

/// A small JSON value for the benchmark reports, printed with sorted keys.
indirect enum JSON: Sendable {
  case number(Double)
  case integer(Int)
  case string(String)
  case bool(Bool)
  case null
  case array([JSON])
  case object([String: JSON])

  /// The value as compact JSON text.
  var text: String {
    switch self {
    case .number(let value):
      guard value.isFinite else { return "null" }
      return String(format: "%.6g", value)
    case .integer(let value): return String(value)
    case .string(let value): return Self.quoted(value)
    case .bool(let value): return value ? "true" : "false"
    case .null: return "null"
    case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      return "{"
        + fields.keys.sorted().map { Self.quoted($0) + ":" + (fields[$0]?.text ?? "null") }
        .joined(separator: ",") + "}"
    }
  }

  private static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default:
        if scalar.value < 0x20 {
          result += String(format: "\\u%04x", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
