import Dispatch
import Foundation
import System
import Testing

@testable import FaceDetection

/// The libxml2 reader behind the cascade parser.
@Suite struct LibXMLTreeReaderTests {
  private func parse(_ text: String) throws(XMLElementTree.XMLTreeError) -> XMLElementTree {
    try XMLElementTree.parse(Data(text.utf8))
  }

  /// The detail of the error reading `bytes` fails with, or nil when it reads.
  private func failure(_ bytes: Data) -> String? {
    do {
      _ = try XMLElementTree.parse(bytes)
      return nil
    } catch {
      return error.detail
    }
  }

  @Test func readsElementsTextCommentsAttributesAndReferences() throws {
    let root = try parse(
      """
      <?xml version="1.0"?>
      <!DOCTYPE storage>
      <!-- a comment with <tags> & ampersands -->
      <storage kind='haar' version="2">
        <size>24 24</size>
        <empty/>
        <text>a &lt; b &amp;&#x41;&#66; <![CDATA[<raw> & ]]></text>
      </storage>
      """)
    #expect(root.name == "storage")
    #expect(root.children.map(\.name) == ["size", "empty", "text"])
    #expect(root.child("size")?.tokens == ["24", "24"])
    #expect(root.child("text")?.text == "a < b &AB <raw> & ")
  }

  /// Each is an error whose detail is one line: libxml2's reason (holding the phrase, when
  /// there is one that libxml2's wording is unlikely to lose) and the line it names.
  @Test(arguments: [
    ("<a><b></a>", "mismatch", 1),
    ("<a>\n<b>\n", "end", 2),
    ("<a></a><b></b>", "Extra content", 1),
    ("text<a/>", "", 1),
    ("<a>&bogus;</a>", "bogus", 1),
    ("<a x=1></a>", "expected", 1),
    ("<a><!-- open", "Comment", 1),
    ("<a>\n\n<b x='1' x='2'/></a>", "redefined", 3),
  ])
  func malformedDocumentsAreErrorsNamingTheLine(text: String, phrase: String, line: Int) throws {
    let detail = try #require(failure(Data(text.utf8)))
    #expect(detail.hasPrefix("malformed XML: "), "\(detail)")
    #expect(phrase.isEmpty || detail.contains(phrase), "\(detail)")
    #expect(detail.hasSuffix(" (line \(line))"), "\(detail)")
    #expect(!detail.contains("\n"), "\(detail)")
  }

  @Test func anEmptyDocumentHasNoRootElement() {
    #expect(failure(Data()) == "malformed XML: no root element")
  }

  @Test func deepNestingIsRefusedBeforeItCanOverflowTheStack() throws {
    let deepest = LibXMLTreeReader.maximumDepth
    func nested(_ levels: Int) -> Data {
      Data((String(repeating: "<a>", count: levels) + String(repeating: "</a>", count: levels)).utf8)
    }
    #expect(try XMLElementTree.parse(nested(deepest)).name == "a")
    // One level more is within libxml2's own limit, so the reader's check refuses it.
    #expect(failure(nested(deepest + 1)) == "malformed XML: elements nested deeper than \(deepest) (line 1)")
    // Far deeper, libxml2 stops first, at its own limit, with its own words.
    let detail = try #require(failure(nested(100_000)))
    #expect(detail.hasPrefix("malformed XML: "), "\(detail)")
    #expect(detail.contains("depth") || detail.contains("nested"), "\(detail)")
    #expect(detail.hasSuffix("(line 1)"), "\(detail)")
  }

  @Test func aDocumentLargerThanTheLimitIsRefusedUnread() {
    let size = LibXMLTreeReader.maximumSize + 1
    var bytes = Data(repeating: UInt8(ascii: " "), count: size)
    bytes.replaceSubrange(0..<3, with: Data("<a>".utf8))
    #expect(
      failure(bytes)
        == "malformed XML: the document has \(size) bytes, more than the \(LibXMLTreeReader.maximumSize) accepted"
    )
  }

  @Test func entitiesAreNeverExpandedNorFetched() throws {
    // A declared entity is not substituted: its reference is an error naming it.
    let declared = try #require(failure(Data("<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>".utf8)))
    #expect(declared == "malformed XML: the entity reference &e; (entities are not expanded) (line 1)")
    // An external one is neither read nor expanded.
    let external = try #require(
      failure(Data("<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/hostname\">]><a>&e;</a>".utf8)))
    #expect(external.contains("&e;"), "\(external)")
    // Nor is an external DTD loaded: the document reads, without anything from the file.
    let withDTD = try parse("<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a>x</a>")
    #expect(withDTD.text == "x" && withDTD.children.isEmpty)
    // Nested entities that would expand to a billion characters are refused.
    var declarations = "<!ENTITY l0 \"0123456789\">"
    for level in 1...9 {
      declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    let laughs = try #require(failure(Data("<!DOCTYPE a [\(declarations)]><a x=\"&l9;\">&l9;</a>".utf8)))
    #expect(laughs.hasPrefix("malformed XML: "), "\(laughs)")
  }

  /// libxml2 reports a failed encoding conversion through the thread's handlers, not the
  /// reader's (it has no parser at hand); the reader catches it there too, so it is the
  /// error's detail and not a line on stderr.
  @Test func anEncodingErrorIsCaughtFromTheThreadsHandlers() throws {
    var bytes = Data("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?><a>\u{1B}$B".utf8)
    bytes.append(contentsOf: [0xFF, 0xFF])
    bytes.append(contentsOf: Data("</a>".utf8))
    let detail = try #require(failure(bytes))
    #expect(detail.hasPrefix("malformed XML: "), "\(detail)")
    #expect(detail.contains("conversion") || detail.contains("encod"), "\(detail)")
  }

  @Test func documentsReadOnManyThreadsAtOnceGiveTheSameAnswers() {
    let good = Data("<storage><size>24 24</size><stages><_/><_/></stages></storage>".utf8)
    let bad = Data("<storage><size>24 24</storage>".utf8)
    let expected = failure(bad)
    let results = LockedResults()
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      if index % 2 == 0 {
        let root = try? XMLElementTree.parse(good)
        results.add(root?.child("stages")?.children.count == 2)
      } else {
        results.add(failure(bad) == expected)
      }
    }
    #expect(expected != nil)
    #expect(results.all == Array(repeating: true, count: 64))
  }

  /// Found by the haar fuzz target (Tools/fuzz haar): these five bytes, an element name that is
  /// not UTF-8, crashed Foundation's XMLParser (SIGILL) inside the cascade parser.
  @Test func aTagNameThatIsNotUTF8IsAnErrorNotACrash() throws {
    let bytes = Data([0x3C, 0xFF, 0x20, 0x3C, 0xFF])
    #expect(throws: CascadeError.self) { try HaarCascade(xml: bytes, name: "fuzz.xml") }
    do {
      _ = try HaarCascade(xml: bytes, name: "fuzz.xml")
    } catch {
      #expect(error.description.hasPrefix("fuzz.xml: "))
      #expect(error.description.contains("malformed XML"), "\(error.description)")
    }
  }
}

/// Booleans added from several threads.
private final class LockedResults: Sendable {
  private let values = LockedValue<[Bool]>([])

  func add(_ value: Bool) { values.withLock { $0.append(value) } }

  var all: [Bool] { values.withLock { $0 } }
}
