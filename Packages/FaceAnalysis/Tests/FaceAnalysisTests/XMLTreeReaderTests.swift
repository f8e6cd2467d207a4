import Foundation
import Testing

@testable import FaceAnalysis

/// The small XML reader behind the cascade parser.
@Suite struct XMLTreeReaderTests {
  private func parse(_ text: String) throws(XMLElementTree.XMLTreeError) -> XMLElementTree {
    try XMLElementTree.parse(Data(text.utf8))
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

  @Test(arguments: [
    ("<a><b></a>", "</a> does not match the open element (line 1)"),
    ("<a>\n<b>\n", "the document ends inside <b> (line 3)"),
    ("<a></a><b></b>", "a second root element <b> (line 1)"),
    ("text<a/>", "text outside the root element (line 1)"),
    ("<a>&bogus;</a>", "an unknown reference &bogus; (line 1)"),
    ("<a x=1></a>", "the value of the attribute x of <a> is not quoted (line 1)"),
    ("<a><!-- open", "a comment that starts on line 1 is not closed"),
    ("", "no root element"),
  ])
  func malformedDocumentsAreErrorsNamingTheLine(text: String, detail: String) {
    #expect(throws: (any Error).self) { try parse(text) }
    do {
      _ = try parse(text)
    } catch {
      #expect(error.detail == "malformed XML: \(detail)")
    }
  }

  @Test func deepNestingIsRefusedBeforeItCanOverflowTheStack() throws {
    let deepest = XMLTreeReader.maximumDepth
    let fits = String(repeating: "<a>", count: deepest) + String(repeating: "</a>", count: deepest)
    #expect(try parse(fits).name == "a")
    let text = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
    #expect(throws: (any Error).self) { try parse(text) }
    do {
      _ = try parse(text)
    } catch {
      #expect(error.detail == "malformed XML: elements nested deeper than \(deepest) (line 1)")
    }
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
