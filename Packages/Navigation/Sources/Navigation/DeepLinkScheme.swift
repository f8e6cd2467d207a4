/// The scheme an app's links start with, such as `myapp` in `myapp://about/privacy`: it
/// turns text into ``DeepLink``s and back.
///
/// The app chooses its scheme and hands it to whatever reads or writes links (the router's
/// link prompt, the command line, saved state); flows and Navigation never name it.
///
/// ```swift
/// let scheme = DeepLinkScheme("myapp")
/// let link = try scheme.parse("myapp://vision?source=clip.mp4")
/// scheme.text(for: link)   // "myapp://vision?source=clip.mp4"
/// ```
public struct DeepLinkScheme: Hashable, Sendable, CustomStringConvertible {
  /// The scheme's name in lower case, such as `myapp`; links match it in any case.
  public let name: String

  /// A scheme named `name` (letters, digits, `+`, `-` and `.`, as RFC 3986 allows).
  public init(_ name: String) {
    self.name = name.lowercased()
  }

  /// `myapp://`.
  public var description: String { name + "://" }

  /// Parses a whole link such as `myapp://vision?source=clip.mp4`.
  ///
  /// - Throws: ``DeepLinkError`` naming what is wrong with the text.
  public func parse(_ text: String) throws(DeepLinkError) -> DeepLink {
    guard !text.isEmpty else { throw .empty }
    guard let separator = text.firstRange(of: "://") else {
      if let bad = text.unicodeScalars.first(where: { $0.value < 0x21 || $0.value == 0x7F }) {
        throw .invalidCharacter(bad.value)
      }
      throw .missingScheme(expected: name)
    }
    let scheme = String(text[..<separator.lowerBound])
    guard scheme.lowercased() == name else { throw .unsupportedScheme(scheme, expected: name) }
    return try DeepLink(parsingPathAndQuery: text[separator.upperBound...])
  }

  /// Parses a whole link, or just its path and query (`about/privacy`, `/about/privacy`), as
  /// a user may type either at a prompt.
  ///
  /// - Throws: ``DeepLinkError`` naming what is wrong with the text.
  public func parse(linkOrPath text: String) throws(DeepLinkError) -> DeepLink {
    guard !text.isEmpty else { throw .empty }
    if text.contains("://") { return try parse(text) }
    return try DeepLink(parsingPathAndQuery: text.hasPrefix("/") ? text.dropFirst() : text[...])
  }

  /// The link written out with this scheme, such as `myapp://about/privacy`; parsing it gives
  /// back an equal link.
  public func text(for link: DeepLink) -> String { description + link.description }

  /// A sentence for the user about `error`, naming links in full with this scheme.
  public func message(for error: DeepLinkError) -> String {
    switch error {
    case .unhandled(let link): "Nothing in the app opens \(text(for: link))."
    default: error.description
    }
  }
}
