import Testing

@testable import TerminalUI

struct KeyDecoderTests {
  /// What xterm-compatible terminals send, and the key each sequence means.
  static let table: [(bytes: [UInt8], keys: [Key])] = [
    (Array("a".utf8), [.character("a")]),
    (Array("Q".utf8), [.character("Q")]),
    (Array(" ".utf8), [.character(" ")]),
    ([0x0D], [.enter]),
    ([0x0A], [.enter]),
    ([0x7F], [.backspace]),
    ([0x08], [.backspace]),
    ([0x09], [.tab]),
    ([0x03], [.control("c")]),
    ([0x01], [.control("a")]),
    ([0x1A], [.control("z")]),
    (Array("\u{1B}[A".utf8), [.up]),
    (Array("\u{1B}[B".utf8), [.down]),
    (Array("\u{1B}[C".utf8), [.right]),
    (Array("\u{1B}[D".utf8), [.left]),
    (Array("\u{1B}OA".utf8), [.up]),
    (Array("\u{1B}OD".utf8), [.left]),
    (Array("\u{1B}[1;5A".utf8), [.up]),
    (Array("\u{1B}[H".utf8), [.home]),
    (Array("\u{1B}[F".utf8), [.end]),
    (Array("\u{1B}[1~".utf8), [.home]),
    (Array("\u{1B}[4~".utf8), [.end]),
    (Array("\u{1B}[3~".utf8), [.delete]),
    (Array("\u{1B}[5~".utf8), [.pageUp]),
    (Array("\u{1B}[6~".utf8), [.pageDown]),
    (Array("\u{1B}[Z".utf8), [.backTab]),
    ([0xC3, 0xA9], [.character("é")]),
    ([0xE6, 0x97, 0xA5], [.character("日")]),
    ([0xF0, 0x9F, 0x99, 0x82], [.character("🙂")]),
    (Array("jk".utf8), [.character("j"), .character("k")]),
    (Array("\u{1B}[A\u{1B}[B".utf8), [.up, .down]),
    (Array("\u{1B}q".utf8), [.escape, .character("q")]),
    (Array("\u{1B}\u{1B}[A".utf8), [.escape, .up]),
    (Array("\u{1B}[99~".utf8), []),
    (Array("\u{1B}[200~x".utf8), [.character("x")]),
    ([0xFF, 0x61], [.character("a")]),
  ]

  @Test(arguments: table.indices)
  func decodesTable(index: Int) {
    var decoder = KeyDecoder()
    let entry = Self.table[index]
    #expect(decoder.decode(entry.bytes) == entry.keys, "bytes \(entry.bytes)")
    #expect(!decoder.hasPending)
  }

  @Test func escapeSequenceSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.decode([0x5B]) == [])
    #expect(decoder.decode([0x41, 0x62]) == [.up, .character("b")])
    #expect(!decoder.hasPending)
  }

  @Test func loneEscapeIsReportedWhenFlushed() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPending)
    #expect(decoder.flush() == [])
  }

  @Test func unfinishedSequenceFlushesAsEscapeThenText() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
    #expect(decoder.flush() == [.escape, .character("[")])
  }

  @Test func utf8SplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0xE6, 0x97]) == [])
    #expect(decoder.decode([0xA5]) == [.character("日")])
  }

  @Test func unfinishedUTF8IsDroppedOnFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x61, 0xE6]) == [.character("a")])
    #expect(decoder.flush() == [])
  }

  @Test func keyBytesDecodeBackToTheKey() {
    let keys: [Key] = [
      .character("x"), .character("日"), .enter, .escape, .backspace, .tab, .backTab, .delete, .up, .down,
      .left, .right, .home, .end, .pageUp, .pageDown, .control("c"),
    ]
    for key in keys {
      var decoder = KeyDecoder()
      #expect(decoder.decode(key.bytes) + decoder.flush() == [key], "\(key)")
    }
  }
}
