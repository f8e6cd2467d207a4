/// Why a text is not a deep link the app can follow.
public enum DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text was empty.
  case empty
  /// The path and query are longer than ``DeepLink/maximumLength`` bytes.
  case tooLong(length: Int, maximum: Int)
  /// There is no `scheme://` in front; `expected` is the app's scheme.
  case missingScheme(expected: String)
  /// The scheme is not the app's, `expected`.
  case unsupportedScheme(String, expected: String)
  /// The link names no place: `myapp://`.
  case emptyPath
  /// Two slashes in a row, or a slash at the start of the path.
  case emptySegment
  /// A `.` or `..` segment, which could walk out of a flow.
  case dotSegment(String)
  /// A space, control character or other byte that may not appear, as a Unicode scalar value.
  case invalidCharacter(UInt32)
  /// A `%` not followed by two hex digits.
  case invalidPercentEncoding(String)
  /// Percent-decoding gave bytes that are not UTF-8.
  case invalidUTF8
  /// A query item with no name, such as `?=value`.
  case emptyQueryName
  /// The link is well formed, but no flow handles its path.
  case unhandled(DeepLink)

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .empty: "The link is empty."
    case .tooLong(let length, let maximum):
      "The link is \(length) bytes long; at most \(maximum) are allowed."
    case .missingScheme(let expected): "The link must start with \(expected)://."
    case .unsupportedScheme(let scheme, let expected):
      "Links must start with \(expected)://, not \(scheme)://."
    case .emptyPath: "The link names no place."
    case .emptySegment: "The link's path has an empty part (two slashes in a row)."
    case .dotSegment(let segment): "The link's path may not contain “\(segment)”."
    case .invalidCharacter(let value):
      "The link contains a character that is not allowed (U+\(String(value, radix: 16, uppercase: true)))."
    case .invalidPercentEncoding(let text): "The link has a broken %-escape near “\(text)”."
    case .invalidUTF8: "The link's %-escapes do not spell valid UTF-8."
    case .emptyQueryName: "The link's query has an item without a name."
    case .unhandled(let link): "Nothing in the app opens \(link)."
    }
  }
}
