import Navigation
import Testing

@Suite("Deep-link parsing")
struct DeepLinkParsingTests {
  struct Valid: Sendable, CustomTestStringConvertible {
    let text: String
    let path: [String]
    let query: [String: String]
    var testDescription: String { text }
  }

  static let valid: [Valid] = [
    Valid(text: "emotions://main", path: ["main"], query: [:]),
    Valid(text: "emotions://about/privacy", path: ["about", "privacy"], query: [:]),
    Valid(text: "EMOTIONS://about/", path: ["about"], query: [:]),
    Valid(text: "emotions://vision?source=clip.mp4", path: ["vision"], query: ["source": "clip.mp4"]),
    Valid(
      text: "emotions://vision?source=%2Fhome%2Fme%2FMy%20Clips%2Fa%26b.mp4",
      path: ["vision"], query: ["source": "/home/me/My Clips/a&b.mp4"]),
    Valid(text: "emotions://vision?source=a+b", path: ["vision"], query: ["source": "a b"]),
    Valid(text: "emotions://vision?flag", path: ["vision"], query: ["flag": ""]),
    Valid(text: "emotions://vision?a=1&&b=2", path: ["vision"], query: ["a": "1", "b": "2"]),
    Valid(text: "emotions://about#section", path: ["about"], query: [:]),
    Valid(text: "emotions://caf%C3%A9/%E2%9C%93", path: ["café", "✓"], query: [:]),
    Valid(text: "emotions://café?name=😀", path: ["café"], query: ["name": "😀"]),
    Valid(text: "emotions://a/b?x=%3D%3F", path: ["a", "b"], query: ["x": "=?"]),
  ]

  @Test("valid links parse into path and query", arguments: valid)
  func parsesValidLinks(_ example: Valid) throws {
    let link = try DeepLink(parsing: example.text)
    #expect(link.path == example.path)
    #expect(link.query.count == example.query.count)
    for (name, value) in example.query { #expect(link[query: name] == value) }
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let text: String
    let error: DeepLinkError
    var testDescription: String { String(text.prefix(40)) }
  }

  static let invalid: [Invalid] = [
    Invalid(text: "", error: .empty),
    Invalid(text: "about/privacy", error: .missingScheme),
    Invalid(text: "https://example.com/about", error: .unsupportedScheme("https")),
    Invalid(text: "://about", error: .unsupportedScheme("")),
    Invalid(text: "emotions://", error: .emptyPath),
    Invalid(text: "emotions://?source=x", error: .emptyPath),
    Invalid(text: "emotions:///about", error: .emptySegment),
    Invalid(text: "emotions://about//privacy", error: .emptySegment),
    Invalid(text: "emotions://about/../etc", error: .dotSegment("..")),
    Invalid(text: "emotions://./about", error: .dotSegment(".")),
    Invalid(text: "emotions://about/%2E%2E", error: .dotSegment("..")),
    Invalid(text: "emotions://about/a%2Fb", error: .invalidCharacter(0x2F)),
    Invalid(text: "emotions://about us", error: .invalidCharacter(0x20)),
    Invalid(text: "emotions://about\u{7}", error: .invalidCharacter(0x07)),
    Invalid(text: "emotions://ab%2", error: .invalidPercentEncoding("ab%2")),
    Invalid(text: "emotions://ab%zz", error: .invalidPercentEncoding("ab%zz")),
    Invalid(text: "emotions://ab%FF", error: .invalidUTF8),
    Invalid(text: "emotions://about%00", error: .invalidCharacter(0)),
    Invalid(text: "emotions://vision?=x", error: .emptyQueryName),
    Invalid(
      text: "emotions://" + String(repeating: "a", count: 100_000),
      error: .tooLong(length: 100_011, maximum: DeepLink.maximumLength)),
  ]

  @Test("garbage is a typed error, never a trap", arguments: invalid)
  func rejectsInvalidLinks(_ example: Invalid) {
    #expect(throws: example.error) { try DeepLink(parsing: example.text) }
  }

  @Test("a link at the length limit still parses")
  func acceptsLongestLink() throws {
    let prefix = "emotions://"
    let text = prefix + String(repeating: "b", count: DeepLink.maximumLength - prefix.utf8.count)
    #expect(try DeepLink(parsing: text).path.first?.count == DeepLink.maximumLength - prefix.utf8.count)
  }

  @Test(
    "writing a link and parsing it gives the same link",
    arguments: [
      (["vision"], [DeepLink.QueryItem(name: "source", value: "/tmp/My Clips/a&b=c+d?.mp4")]),
      (["about", "privacy"], []),
      (["café", "✓ ok", "a%b"], [DeepLink.QueryItem(name: "ünï code", value: "😀")]),
      (["x"], [DeepLink.QueryItem(name: "a", value: ""), DeepLink.QueryItem(name: "a", value: "2")]),
    ])
  func roundTripsThroughText(path: [String], query: [DeepLink.QueryItem]) throws {
    let link = try DeepLink(path: path, query: query)
    #expect(try DeepLink(parsing: link.description) == link)
  }

  @Test("known links are written in their usual form")
  func writesCanonicalText() throws {
    #expect(try DeepLink(path: ["about", "privacy"]).description == "emotions://about/privacy")
    let vision = try DeepLink(path: ["vision"], query: [.init(name: "source", value: "my clip.mp4")])
    #expect(vision.description == "emotions://vision?source=my%20clip.mp4")
  }

  /// Found by Tools/fuzz deeplink: a link read within the limit whose written form (`é`
  /// becomes `%C3%A9`, a `+` in a query `%20`) was over it, so writing it out and reading it
  /// back failed.
  @Test("a link whose written form would be too long is refused when it is read")
  func writtenFormWithinTheLimit() throws {
    let text = "emotions://vision?source=" + String(repeating: "é", count: 1000)
    #expect(text.utf8.count <= DeepLink.maximumLength)
    #expect(throws: DeepLinkError.tooLong(length: 6025, maximum: DeepLink.maximumLength)) {
      try DeepLink(parsing: text)
    }
    let plus = "emotions://vision?source=" + String(repeating: "+", count: 2000)
    #expect(throws: DeepLinkError.tooLong(length: 6025, maximum: DeepLink.maximumLength)) {
      try DeepLink(parsing: plus)
    }
    let fits = "emotions://vision?source=" + String(repeating: "é", count: 450)
    let link = try DeepLink(parsing: fits)
    #expect(try DeepLink(parsing: link.description) == link)
  }

  @Test("error messages are sentences a user can act on")
  func describesErrors() {
    #expect(DeepLinkError.missingScheme.description == "The link must start with emotions://.")
    #expect(DeepLinkError.dotSegment("..").description == "The link's path may not contain “..”.")
  }
}
