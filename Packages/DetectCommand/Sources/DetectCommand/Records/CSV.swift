/// RFC 4180 CSV, both ways: fields written for spreadsheets and pandas, rows read back. The
/// one codec of `detect`'s CSV records.
enum CSV {
  /// The line ending RFC 4180 asks for.
  static let lineEnding = "\r\n"

  /// `text` as one field: as it is, or in quotes with its quotes doubled when it holds a
  /// comma, a quote, a line break, or space at either end (which some readers trim).
  static func field(_ text: String) -> String {
    let needsQuotes =
      text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      || text.first == " " || text.last == " "
    guard needsQuotes else { return text }
    return "\"" + text.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
  }

  /// A row of `fields`, each written by ``field(_:)``, without its line ending.
  static func line(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",")
  }

  /// The fields of the row at `start` in `bytes` and where the next row starts; nil when no
  /// whole row (ended by a line break outside quotes) is there.
  static func row(in bytes: [UInt8], from start: Int) -> (fields: [String], end: Int)? {
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(byte)
        }
      } else if byte == UInt8(ascii: "\"") {
        quoted = true
      } else if byte == UInt8(ascii: ",") {
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
      } else if byte == UInt8(ascii: "\n") {
        if field.last == UInt8(ascii: "\r") { field.removeLast() }
        fields.append(String(decoding: field, as: UTF8.self))
        return (fields, index + 1)
      } else {
        field.append(byte)
      }
      index += 1
    }
    return nil
  }
}
