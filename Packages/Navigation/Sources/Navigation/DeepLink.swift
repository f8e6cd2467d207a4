/// A place in an app that a link names: path segments and query items, such as
/// `about/privacy` or `vision?source=clip.mp4`.
///
/// A link knows nothing of the app's scheme: ``DeepLinkScheme`` reads and writes the whole
/// text (`myapp://about/privacy`). Making a link never traps; every malformed one is a
/// ``DeepLinkError``:
///
/// ```swift
/// let link = try DeepLink(path: ["about", "privacy"])
/// link.description   // "about/privacy"
/// try DeepLinkScheme("myapp").parse("myapp://about/privacy") == link   // true
/// ```
public struct DeepLink: Hashable, Sendable, CustomStringConvertible {
  /// One `name=value` pair of a link's query, in the order written.
  public struct QueryItem: Hashable, Sendable {
    /// The decoded name.
    public var name: String
    /// The decoded value; empty when the link wrote only the name.
    public var value: String

    /// Creates a query item.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The longest path and query accepted, in UTF-8 bytes as written (after the scheme), so
  /// that a pasted file cannot stall the parser.
  public static let maximumLength = 4096

  /// The decoded path segments, never empty and never containing `""`, `.` or `..`.
  public var path: [String]

  /// The decoded query items, in the order written.
  public var query: [QueryItem]

  /// Creates a link from decoded parts.
  ///
  /// - Throws: ``DeepLinkError`` when the parts could not be written as a valid link, or when
  ///   the path and query written out (``description``, percent-encoded) would be longer
  ///   than ``maximumLength``: every link that exists can be written out and parsed back.
  public init(path: [String], query: [QueryItem] = []) throws(DeepLinkError) {
    guard !path.isEmpty else { throw .emptyPath }
    for segment in path { try Self.validate(segment: segment) }
    for item in query where item.name.isEmpty { throw .emptyQueryName }
    self.path = path
    self.query = query
    // Encoding can triple a text (`é` is `%C3%A9`): a link read within the limit may not be
    // writable within it, and every link must be.
    let written = description.utf8.count
    guard written <= Self.maximumLength else { throw .tooLong(length: written, maximum: Self.maximumLength) }
  }

  /// Parses a path and query as written after a scheme, such as `vision?source=clip.mp4`;
  /// a `#fragment` is ignored. ``DeepLinkScheme`` checks the scheme and calls this.
  ///
  /// - Throws: ``DeepLinkError`` naming what is wrong with the text.
  init(parsingPathAndQuery text: Substring) throws(DeepLinkError) {
    guard text.utf8.count <= Self.maximumLength else {
      throw .tooLong(length: text.utf8.count, maximum: Self.maximumLength)
    }
    if let bad = text.unicodeScalars.first(where: { $0.value < 0x21 || $0.value == 0x7F }) {
      throw .invalidCharacter(bad.value)
    }
    let withoutFragment = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let pathText = parts[0]

    var segments: [String] = []
    if !pathText.isEmpty {
      for rawSegment in pathText.split(separator: "/", omittingEmptySubsequences: false) {
        segments.append(try PercentEncoding.decode(rawSegment))
      }
    }
    // A single trailing slash is tolerated: `about/` is `about`.
    if segments.count > 1, segments.last == "" { segments.removeLast() }

    var items: [QueryItem] = []
    if parts.count == 2, !parts[1].isEmpty {
      for pair in parts[1].split(separator: "&", omittingEmptySubsequences: true) {
        let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = try PercentEncoding.decode(nameAndValue[0], plusIsSpace: true)
        let value =
          nameAndValue.count == 2 ? try PercentEncoding.decode(nameAndValue[1], plusIsSpace: true) : ""
        items.append(QueryItem(name: name, value: value))
      }
    }
    try self.init(path: segments, query: items)
  }

  /// The first value of the query item with this name.
  public subscript(query name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The same link without its first `count` path segments, for handing the rest to a child.
  ///
  /// Returns `nil` when nothing would be left.
  public func droppingFirst(_ count: Int = 1) -> DeepLink? {
    guard path.count > count else { return nil }
    var copy = self
    copy.path.removeFirst(count)
    return copy
  }

  /// The path and query written out, percent-encoded where needed, without a scheme:
  /// `vision?source=my%20clip.mp4`. ``DeepLinkScheme`` puts the scheme in front.
  public var description: String {
    var text = path.map { PercentEncoding.encode($0, allowed: .pathSegment) }.joined(separator: "/")
    if !query.isEmpty {
      text += "?"
      text += query.map {
        PercentEncoding.encode($0.name, allowed: .queryComponent) + "="
          + PercentEncoding.encode($0.value, allowed: .queryComponent)
      }.joined(separator: "&")
    }
    return text
  }

  private static func validate(segment: String) throws(DeepLinkError) {
    switch segment {
    case "": throw .emptySegment
    case ".", "..": throw .dotSegment(segment)
    default:
      if let bad = segment.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "/" }) {
        throw .invalidCharacter(bad.value)
      }
    }
  }
}
