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

  /// The text with surrounding whitespace removed. (Foundation's `trimmingCharacters`
  /// bridges each string to `NSString`: it was a third of the cascade's parse.)
  var trimmedText: Substring {
    let bytes = text.utf8
    guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }),
      let last = bytes.lastIndex(where: { !Self.isSpace($0) })
    else { return "" }
    return Substring(bytes[first...last])
  }

  /// Whitespace-separated tokens of the text.
  var tokens: [Substring] {
    text.utf8.split(whereSeparator: Self.isSpace).map { Substring($0) }
  }

  /// XML's whitespace, by byte: a CR LF pair is one `Character`, but two spaces.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
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
