/// Text made safe to put anywhere in the report's HTML: in an element or in a quoted
/// attribute value.
///
/// `&`, `<`, `>`, `"` and `'` become their references, and a line break or tab a numeric one,
/// so that a file name keeps its white space even in an attribute. The other C0 controls and
/// DEL, which HTML does not allow in a document, become the Unicode "control pictures" (`␛`),
/// and C1 controls U+FFFD: what they were stays visible without breaking the page.
enum HTMLText {
  /// `text` escaped for an element's content or a double- or single-quoted attribute value.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n": result += "&#10;"
      case "\t": result += "&#9;"
      case "\u{7F}": result += "\u{2421}"
      default:
        if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
          result.unicodeScalars.append(picture)
        } else if (0x80...0x9F).contains(scalar.value) {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
