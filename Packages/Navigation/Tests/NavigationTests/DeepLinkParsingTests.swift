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
    Valid(text: "sample://main", path: ["main"], query: [:]),
    Valid(text: "sample://about/privacy", path: ["about", "privacy"], query: [:]),
    Valid(text: "SAMPLE://about/", path: ["about"], query: [:]),
    Valid(text: "sample://vision?source=clip.mp4", path: ["vision"], query: ["source": "clip.mp4"]),
    Valid(
      text: "sample://vision?source=%2Fhome%2Fme%2FMy%20Clips%2Fa%26b.mp4",
      path: ["vision"], query: ["source": "/home/me/My Clips/a&b.mp4"]),
    Valid(text: "sample://vision?source=a+b", path: ["vision"], query: ["source": "a b"]),
    Valid(text: "sample://vision?flag", path: ["vision"], query: ["flag": ""]),
    Valid(text: "sample://vision?a=1&&b=2", path: ["vision"], query: ["a": "1", "b": "2"]),
    Valid(text: "sample://about#section", path: ["about"], query: [:]),
    Valid(text: "sample://caf%C3%A9/%E2%9C%93", path: ["café", "✓"], query: [:]),
    Valid(text: "sample://café?name=😀", path: ["café"], query: ["name": "😀"]),
    Valid(text: "sample://a/b?x=%3D%3F", path: ["a", "b"], query: ["x": "=?"]),
  ]

  @Test("valid links parse into path and query", arguments: valid)
  func parsesValidLinks(_ example: Valid) throws {
    let link = try sample.parse(example.text)
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
    Invalid(text: "about/privacy", error: .missingScheme(expected: "sample")),
    Invalid(text: "https://example.com/about", error: .unsupportedScheme("https", expected: "sample")),
    Invalid(text: "://about", error: .unsupportedScheme("", expected: "sample")),
    Invalid(text: "sample://", error: .emptyPath),
    Invalid(text: "sample://?source=x", error: .emptyPath),
    Invalid(text: "sample:///about", error: .emptySegment),
    Invalid(text: "sample://about//privacy", error: .emptySegment),
    Invalid(text: "sample://about/../etc", error: .dotSegment("..")),
    Invalid(text: "sample://./about", error: .dotSegment(".")),
    Invalid(text: "sample://about/%2E%2E", error: .dotSegment("..")),
    Invalid(text: "sample://about/a%2Fb", error: .invalidCharacter(0x2F)),
    Invalid(text: "sample://about us", error: .invalidCharacter(0x20)),
    Invalid(text: "sample://about\u{7}", error: .invalidCharacter(0x07)),
    Invalid(text: "sample://ab%2", error: .invalidPercentEncoding("ab%2")),
    Invalid(text: "sample://ab%zz", error: .invalidPercentEncoding("ab%zz")),
    Invalid(text: "sample://ab%FF", error: .invalidUTF8),
    Invalid(text: "sample://about%00", error: .invalidCharacter(0)),
    Invalid(text: "sample://vision?=x", error: .emptyQueryName),
    Invalid(
      text: "sample://" + String(repeating: "a", count: 100_000),
      error: .tooLong(length: 100_000, maximum: DeepLink.maximumLength)),
  ]

  @Test("garbage is a typed error, never a trap", arguments: invalid)
  func rejectsInvalidLinks(_ example: Invalid) {
    #expect(throws: example.error) { try sample.parse(example.text) }
  }

  @Test("a link at the length limit still parses")
  func acceptsLongestLink() throws {
    let text = "sample://" + String(repeating: "b", count: DeepLink.maximumLength)
    #expect(try sample.parse(text).path.first?.count == DeepLink.maximumLength)
    #expect(
      throws: DeepLinkError.tooLong(length: DeepLink.maximumLength + 1, maximum: DeepLink.maximumLength)
    ) {
      try sample.parse(text + "b")
    }
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
    #expect(try sample.parse(sample.text(for: link)) == link)
  }

  @Test("known links are written in their usual form")
  func writesCanonicalText() throws {
    #expect(try DeepLink(path: ["about", "privacy"]).description == "about/privacy")
    #expect(sample.text(for: try DeepLink(path: ["about", "privacy"])) == "sample://about/privacy")
    let vision = try DeepLink(path: ["vision"], query: [.init(name: "source", value: "my clip.mp4")])
    #expect(sample.text(for: vision) == "sample://vision?source=my%20clip.mp4")
  }

  /// Found by Tools/fuzz deeplink: a link read within the limit whose written form (`é`
  /// becomes `%C3%A9`, a `+` in a query `%20`) was over it, so writing it out and reading it
  /// back failed.
  @Test("a link whose written form would be too long is refused when it is read")
  func writtenFormWithinTheLimit() throws {
    let text = "sample://vision?source=" + String(repeating: "é", count: 1000)
    #expect(text.utf8.count <= DeepLink.maximumLength)
    #expect(throws: DeepLinkError.tooLong(length: 6014, maximum: DeepLink.maximumLength)) {
      try sample.parse(text)
    }
    let plus = "sample://vision?source=" + String(repeating: "+", count: 2000)
    #expect(throws: DeepLinkError.tooLong(length: 6014, maximum: DeepLink.maximumLength)) {
      try sample.parse(plus)
    }
    let fits = "sample://vision?source=" + String(repeating: "é", count: 450)
    let link = try sample.parse(fits)
    #expect(try sample.parse(sample.text(for: link)) == link)
  }

  @Test("error messages are sentences a user can act on")
  func describesErrors() throws {
    #expect(
      DeepLinkError.missingScheme(expected: "sample").description == "The link must start with sample://.")
    #expect(
      sample.message(for: .unhandled(try DeepLink(path: ["nowhere"])))
        == "Nothing in the app opens sample://nowhere.")
    #expect(DeepLinkError.dotSegment("..").description == "The link's path may not contain “..”.")
  }

  @Test("a prompt takes a whole link or just its path")
  func parsesLinkOrPath() throws {
    let privacy = try DeepLink(path: ["about", "privacy"])
    for text in ["sample://about/privacy", "about/privacy", "/about/privacy", "SAMPLE://about/privacy/"] {
      #expect(try sample.parse(linkOrPath: text) == privacy, "\(text)")
    }
    #expect(throws: DeepLinkError.unsupportedScheme("other", expected: "sample")) {
      try sample.parse(linkOrPath: "other://about")
    }
    #expect(throws: DeepLinkError.emptySegment) { try sample.parse(linkOrPath: "sample://sample://about") }
    #expect(throws: DeepLinkError.empty) { try sample.parse(linkOrPath: "") }
  }
}
