/// Word-wraps text to a width in terminal columns.
enum TextWrapper {
  /// Wraps `text` to lines of at most `width` columns.
  ///
  /// Newlines start a new line, and an empty line is kept as a paragraph break. Words break
  /// at spaces; a word longer than the width is cut. Wide characters count as two columns.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        var wordWidth = DisplayWidth.of(word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        while wordWidth > width {
          var head = ""
          var headWidth = 0
          while let next = word.first, headWidth + DisplayWidth.of(next) <= width {
            head.append(next)
            headWidth += DisplayWidth.of(next)
            word.removeFirst()
          }
          if head.isEmpty {
            // A wide character in a one-column width: give it its own line anyway.
            head = String(word.removeFirst())
          }
          lines.append(head)
          wordWidth = DisplayWidth.of(word)
        }
        line = word
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }
}
