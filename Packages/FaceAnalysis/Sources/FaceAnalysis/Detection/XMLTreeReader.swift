/// Reads XML into an ``XMLElementTree``: elements, attributes (checked, then dropped), text
/// with the predefined entities and character references, CDATA sections, comments,
/// processing instructions and a DOCTYPE. Nesting is limited (cascades use 7 levels), so
/// neither reading nor releasing a tree can overflow the stack; anything malformed is an
/// error naming its line.
struct XMLTreeReader {
  /// The deepest nesting accepted.
  static let maximumDepth = 256
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The root element of the whole document.
  mutating func document() throws(XMLElementTree.XMLTreeError) -> XMLElementTree {
    var root: XMLElementTree?
    var stack: [XMLElementTree] = []
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { advance() }
        if let open = stack.last {
          open.text += try decodeText(bytes[start..<index])
        } else if bytes[start..<index].contains(where: { !Self.isSpace($0) }) {
          throw malformed("text outside the root element")
        }
        continue
      }
      if starts(with: "<!--") {
        try skip(past: "-->", what: "a comment")
      } else if starts(with: "<![CDATA[") {
        guard let open = stack.last else { throw malformed("a CDATA section outside the root element") }
        index += 9
        let start = index
        try skip(past: "]]>", what: "a CDATA section")
        open.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<!") {
        guard stack.isEmpty else { throw malformed("a declaration inside an element") }
        try skip(past: ">", what: "a declaration")
      } else if starts(with: "</") {
        index += 2
        let name = readName()
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
          throw malformed("the end tag </\(name)> is not closed")
        }
        index += 1
        guard let open = stack.popLast(), open.name == name else {
          throw malformed("</\(name)> does not match the open element")
        }
      } else {
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw malformed("a tag without a name") }
        let selfClosing = try skipAttributes(of: name)
        let element = XMLElementTree(name: name)
        if let parent = stack.last {
          parent.children.append(element)
        } else if root == nil {
          root = element
        } else {
          throw malformed("a second root element <\(name)>")
        }
        if !selfClosing {
          guard stack.count < Self.maximumDepth else {
            throw malformed("elements nested deeper than \(Self.maximumDepth)")
          }
          stack.append(element)
        }
      }
    }
    if let open = stack.last { throw malformed("the document ends inside <\(open.name)>") }
    guard let root else { throw XMLElementTree.XMLTreeError(detail: "malformed XML: no root element") }
    return root
  }

  private func malformed(_ what: String) -> XMLElementTree.XMLTreeError {
    XMLElementTree.XMLTreeError(detail: "malformed XML: \(what) (line \(line))")
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"),
      UInt8(ascii: "."), 0x80...0xFF:
      return true
    default:
      return false
    }
  }

  private mutating func advance() {
    if bytes[index] == 0x0A { line += 1 }
    index += 1
  }

  private func starts(with text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    return text.withUTF8Buffer { prefix in
      (0..<count).allSatisfy { bytes[index + $0] == prefix[$0] }
    }
  }

  private mutating func skip(past end: StaticString, what: String) throws(XMLElementTree.XMLTreeError) {
    let startLine = line
    while index < bytes.count {
      if starts(with: end) {
        index += end.utf8CodeUnitCount
        return
      }
      advance()
    }
    throw XMLElementTree.XMLTreeError(
      detail: "malformed XML: \(what) that starts on line \(startLine) is not closed")
  }

  private mutating func skipSpaces() {
    while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
  }

  private mutating func readName() -> String {
    let start = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Reads the attributes up to the end of a start tag; true when the tag closes itself.
  private mutating func skipAttributes(of element: String) throws(XMLElementTree.XMLTreeError) -> Bool {
    while true {
      skipSpaces()
      guard index < bytes.count else { throw malformed("the start tag <\(element)> is not closed") }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        return false
      }
      if starts(with: "/>") {
        index += 2
        return true
      }
      let name = readName()
      guard !name.isEmpty else { throw malformed("an unexpected character in the start tag <\(element)>") }
      skipSpaces()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw malformed("the attribute \(name) of <\(element)> has no value")
      }
      index += 1
      skipSpaces()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
      else {
        throw malformed("the value of the attribute \(name) of <\(element)> is not quoted")
      }
      let quote = bytes[index]
      index += 1
      while index < bytes.count, bytes[index] != quote { advance() }
      guard index < bytes.count else { throw malformed("the value of the attribute \(name) is not closed") }
      index += 1
    }
  }

  /// Text with its entity and character references replaced.
  private func decodeText(_ raw: ArraySlice<UInt8>) throws(XMLElementTree.XMLTreeError) -> String {
    guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
    var text = ""
    var position = raw.startIndex
    while position < raw.endIndex {
      guard raw[position] == UInt8(ascii: "&") else {
        let start = position
        while position < raw.endIndex, raw[position] != UInt8(ascii: "&") { position += 1 }
        text += String(decoding: raw[start..<position], as: UTF8.self)
        continue
      }
      guard let semicolon = raw[position...].firstIndex(of: UInt8(ascii: ";")) else {
        throw malformed("an & that starts no reference")
      }
      let reference = String(decoding: raw[(position + 1)..<semicolon], as: UTF8.self)
      position = semicolon + 1
      switch reference {
      case "lt": text += "<"
      case "gt": text += ">"
      case "amp": text += "&"
      case "quot": text += "\""
      case "apos": text += "'"
      default:
        let value: UInt32? =
          if reference.hasPrefix("#x") {
            UInt32(reference.dropFirst(2), radix: 16)
          } else if reference.hasPrefix("#") {
            UInt32(reference.dropFirst(), radix: 10)
          } else {
            nil
          }
        guard let value, let scalar = Unicode.Scalar(value) else {
          throw malformed("an unknown reference &\(reference.prefix(20));")
        }
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
}
