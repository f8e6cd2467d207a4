import CFaceDetectionXML
import Foundation

/// Reads XML into an ``XMLElementTree`` with libxml2's streaming reader (`xmlTextReader`,
/// behind the `cfacedetection_xml_` functions of `CFaceDetectionXML`): elements and their text, with
/// character references and the predefined entities replaced and CDATA sections kept;
/// attributes, comments, processing instructions and a DOCTYPE are dropped.
///
/// Cascade files come from anywhere, so reading is safe on hostile bytes: no network, no DTD
/// loaded, no entity expanded (a reference to a declared one is an error), at most
/// ``maximumSize`` bytes and ``maximumDepth`` levels (cascades use 7), so neither reading nor
/// releasing a tree can exhaust memory or the stack. Whatever libxml2 reports becomes the
/// error's detail, with its line; nothing is printed. Documents may be read on several
/// threads at once.
enum LibXMLTreeReader {
  /// The deepest nesting accepted. libxml2 without `XML_PARSE_HUGE` stops a little deeper,
  /// at its own limit of 256.
  static let maximumDepth = 256
  /// The largest document accepted, in bytes (fer's frontal face cascade has 1.3 MB).
  static let maximumSize = 32 << 20

  /// libxml2's one-time set-up, run by the first read (Swift runs a static's initialiser once).
  private static let initialized: Void = cfacedetection_xml_initialize()

  /// The root element of the whole document.
  static func document(_ data: Data) throws(XMLElementTree.XMLTreeError) -> XMLElementTree {
    guard !data.isEmpty else { throw malformed("no root element") }
    guard data.count <= maximumSize else {
      throw malformed("the document has \(data.count) bytes, more than the \(maximumSize) accepted")
    }
    _ = initialized
    let result = data.withUnsafeBytes { bytes -> Result<XMLElementTree, XMLElementTree.XMLTreeError> in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
        let reader = cfacedetection_xml_open(base, Int32(bytes.count))
      else { return .failure(malformed("out of memory")) }
      defer { cfacedetection_xml_close(reader) }
      return read(reader)
    }
    return try result.get()
  }

  /// Builds the tree from the reader's nodes: an element joins its parent when it ends.
  private static func read(_ reader: OpaquePointer) -> Result<XMLElementTree, XMLElementTree.XMLTreeError> {
    var open: [XMLElementTree] = []
    var root: XMLElementTree?
    func close(_ element: XMLElementTree) {
      if open.isEmpty {
        root = element
      } else {
        open[open.count - 1].children.append(element)
      }
    }
    while true {
      let status = cfacedetection_xml_next(reader)
      if status == 0 { break }
      guard status == 1 else { return .failure(reported(reader)) }
      switch Int(cfacedetection_xml_kind(reader)) {
      case CFACEDETECTION_XML_ELEMENT:
        guard Int(cfacedetection_xml_depth(reader)) < maximumDepth else {
          return .failure(
            malformed("elements nested deeper than \(maximumDepth)", line: cfacedetection_xml_line(reader)))
        }
        let element = XMLElementTree(name: String(cString: cfacedetection_xml_name(reader)))
        if cfacedetection_xml_is_empty_element(reader) != 0 {
          close(element)
        } else {
          open.append(element)
        }
      case CFACEDETECTION_XML_END_ELEMENT:
        if let element = open.popLast() { close(element) }
      case CFACEDETECTION_XML_TEXT:
        if !open.isEmpty { open[open.count - 1].text += String(cString: cfacedetection_xml_value(reader)) }
      case CFACEDETECTION_XML_ENTITY_REFERENCE:
        let name = String(cString: cfacedetection_xml_name(reader)).prefix(40)
        let line = cfacedetection_xml_line(reader)
        return .failure(malformed("the entity reference &\(name); (entities are not expanded)", line: line))
      default:
        continue
      }
    }
    guard let root, open.isEmpty else { return .failure(malformed("no root element")) }
    return .success(root)
  }

  /// The error libxml2 reported, on one line.
  private static func reported(_ reader: OpaquePointer) -> XMLElementTree.XMLTreeError {
    var line: Int32 = 0
    let message = cfacedetection_xml_error(reader, &line).map { String(cString: $0) } ?? ""
    let words = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return malformed(words.isEmpty ? "libxml2 stopped reading" : String(words.prefix(200)), line: Int(line))
  }

  private static func malformed(_ what: String, line: Int = 0) -> XMLElementTree.XMLTreeError {
    XMLElementTree.XMLTreeError(detail: "malformed XML: \(what)" + (line > 0 ? " (line \(line))" : ""))
  }
}
