import Foundation

/// Reads the start tags of an HTML text written with double-quoted attribute values (the
/// report, and Chromium's serialisation of a DOM). Written apart from the report's code, so
/// that its reading is an independent check of the writing.
enum ReportHTMLScanner {
  /// A start tag, as the tests read a report: its name, its attributes (values unescaped) and
  /// the `data-source` of the section it lies in.
  struct Tag: Equatable {
    /// The element's name, in lower case.
    var name: String
    /// Each attribute's value, references replaced.
    var attributes: [String: String]
    /// The `data-source` of the `<section>` around the tag, if any.
    var section: String?
  }

  /// Every start tag, in order, each with the `data-source` of its `<section>`.
  static func tags(in html: String) -> [Tag] {
    var tags: [Tag] = []
    var section: String?
    let characters = Array(html.unicodeScalars)
    var index = 0
    while index < characters.count {
      guard characters[index] == "<", index + 1 < characters.count else {
        index += 1
        continue
      }
      if characters[index + 1] == "/" {
        let end = closing(characters, from: index)
        if String(String.UnicodeScalarView(characters[index..<end])).lowercased().hasPrefix("</section") {
          section = nil
        }
        index = end
        continue
      }
      guard characters[index + 1].properties.isAlphabetic else {
        index += 1
        continue
      }
      var (tag, end) = startTag(characters, from: index + 1)
      if tag.name == "section" { section = tag.attributes["data-source"] }
      tag.section = section
      tags.append(tag)
      index = end
    }
    return tags
  }

  private static func closing(_ characters: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < characters.count, characters[index] != ">" { index += 1 }
    return index + 1
  }

  private static func startTag(_ characters: [Unicode.Scalar], from start: Int) -> (Tag, Int) {
    var index = start
    func read(while keep: (Unicode.Scalar) -> Bool) -> String {
      var text = String.UnicodeScalarView()
      while index < characters.count, keep(characters[index]) {
        text.append(characters[index])
        index += 1
      }
      return String(text)
    }
    let separators: Set<Unicode.Scalar> = [" ", "\n", "\t", "\r", "/", ">", "="]
    let name = read { !separators.contains($0) }.lowercased()
    var attributes: [String: String] = [:]
    while index < characters.count, characters[index] != ">" {
      if [" ", "\n", "\t", "\r", "/"].contains(characters[index]) {
        index += 1
        continue
      }
      let attribute = read { !separators.contains($0) }.lowercased()
      var value = ""
      if index < characters.count, characters[index] == "=" {
        index += 1
        if index < characters.count, characters[index] == "\"" {
          index += 1
          value = read { $0 != "\"" }
          index += 1
        } else {
          value = read { !separators.contains($0) }
        }
      }
      attributes[attribute] = unescaped(value)
    }
    return (Tag(name: name, attributes: attributes, section: nil), index + 1)
  }

  /// `text` with the named references HTML writers use and numeric ones replaced.
  static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      rest = rest[amp...]
      guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) < 10
      else {
        result += "&"
        rest = rest.dropFirst()
        continue
      }
      let name = rest[rest.index(after: rest.startIndex)..<semicolon]
      let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
      if let replacement = named[String(name)] {
        result += replacement
      } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
        result.unicodeScalars.append(scalar)
      } else {
        result += rest[...semicolon]
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}
