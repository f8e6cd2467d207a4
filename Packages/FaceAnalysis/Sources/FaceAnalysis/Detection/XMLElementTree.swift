import Foundation

/// A minimal element tree: element names, their text and their children (comments,
/// processing instructions, the DOCTYPE and attributes are dropped), which
/// ``HaarCascadeParser`` walks. Read by ``LibXMLTreeReader``.
struct XMLElementTree: Sendable {
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
    try LibXMLTreeReader.document(data)
  }

  /// Why a document could not be read: one phrase, with the line number when there is one.
  struct XMLTreeError: Error {
    let detail: String
  }
}
