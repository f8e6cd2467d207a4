import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A minimal element tree built with Foundation's streaming `XMLParser`: element names,
/// their text and their children (comments and attributes are dropped).
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
    let builder = Builder()
    let parser = XMLParser(data: data)
    parser.delegate = builder
    parser.shouldProcessNamespaces = false
    let success = parser.parse()
    guard builder.stack.isEmpty else {
      throw XMLTreeError(detail: "unexpected end of document inside <\(builder.stack.last?.name ?? "")>")
    }
    guard success, let root = builder.root else {
      let detail = parser.parserError.map { "\($0.localizedDescription) (line \(parser.lineNumber))" }
      throw XMLTreeError(detail: detail ?? "no root element")
    }
    return root
  }

  struct XMLTreeError: Error {
    let detail: String
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var root: XMLElementTree?
    var stack: [XMLElementTree] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      let element = XMLElementTree(name: elementName)
      if let parent = stack.last {
        parent.children.append(element)
      } else if root == nil {
        root = element
      }
      stack.append(element)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }
  }
}
