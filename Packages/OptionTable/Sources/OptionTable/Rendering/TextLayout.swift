/// Plain-text layout for help: paragraphs wrapped to a width, and two-column rows.
enum TextLayout {
  /// `text`'s words in lines of at most `width` characters (a longer word stands alone), each
  /// line after `indent` spaces.
  static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: \.isWhitespace) {
      if !line.isEmpty, margin.count + line.count + 1 + word.count > width {
        lines.append(margin + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(margin + line) }
    return lines
  }

  /// A term and its text: the term after two spaces, the text wrapped from column `column`,
  /// starting on the term's line when the term leaves room for it.
  static func row(_ term: String, _ text: String, column: Int, width: Int) -> [String] {
    let body = wrap(text, width: width, indent: column)
    let head = "  " + term
    guard let first = body.first else { return [head] }
    guard head.count + 2 <= column else { return [head] + body }
    let padded = head + String(repeating: " ", count: column - head.count)
    return [padded + first.dropFirst(column)] + body.dropFirst()
  }
}
