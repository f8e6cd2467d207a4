import Foundation

/// A minimal element tree: element names, their text and their children (comments,
/// declarations and attributes are dropped). Read by ``XMLTreeReader``, a small non-validating
/// reader written for OpenCV's cascade files: Foundation's `XMLParser` leaks memory on every
/// malformed document on Linux (found by LeakSanitizer and the cascade fuzz target).
final class XMLElementTree {
  let name: String
  var text = ""
  var children: [XMLElementTree] = []

  init(name: String) {
    self.name = name
  }

  /// The first child with the given name.
  func child(_ name: String) -> XMLElementTree? {
    children.first { $0.name == name }
  }

  /// The text with surrounding whitespace removed.
  var trimmedText: String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whitespace-separated tokens of the text.
  var tokens: [Substring] {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
  }

  /// Parses a document and returns its root element.
  static func parse(_ data: Data) throws(XMLTreeError) -> XMLElementTree {
    var reader = XMLTreeReader(bytes: [UInt8](data))
    return try reader.document()
  }

  /// Why a document could not be read: one phrase with the line number.
  struct XMLTreeError: Error {
    let detail: String
  }
}
