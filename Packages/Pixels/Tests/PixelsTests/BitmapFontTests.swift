import Pixels
import Testing

@Suite("Bitmap font")
struct BitmapFontTests {
  @Test func everyGlyphIsFiveBySevenAndUppercaseDrawsAsLowercase() {
    let characters = Array("abcdefghijklmnopqrstuvwxyz0123456789#%.:-()/ ?")
    for character in characters {
      let glyph = BitmapFont.glyph(character)
      #expect(glyph.count == BitmapFont.height, "\(character)")
      #expect(
        glyph.allSatisfy { $0.count == BitmapFont.width && $0.allSatisfy { ".#".contains($0) } },
        "\(character)")
    }
    #expect(BitmapFont.glyph("H") == BitmapFont.glyph("h"))
    #expect(BitmapFont.glyph("1") == ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."])
    #expect(BitmapFont.glyph("-") == [".....", ".....", ".....", "#####", ".....", ".....", "....."])
  }

  @Test func everyCharacterOfAFacesCaptionHasItsOwnGlyph() {
    // `#12 surprise 0.91` for a person, `disgust 87%` for a face alone.
    for character in "#0123456789 .%angrydisgustfearhappysadsurpriseneutral" {
      #expect(BitmapFont.glyph(character) != BitmapFont.glyph("?"), "\(character)")
    }
  }

  @Test func otherCharactersDrawAsAQuestionMark() {
    #expect(BitmapFont.glyph("é") == BitmapFont.glyph("?"))
    #expect(BitmapFont.glyph("é") != BitmapFont.glyph(" "))
  }

  @Test func textIsSixPixelsAGlyphLessTheLastGap() {
    #expect(BitmapFont.width(of: "", scale: 3) == 0)
    #expect(BitmapFont.width(of: "a", scale: 1) == 5)
    #expect(BitmapFont.width(of: "happy", scale: 1) == 29)
    #expect(BitmapFont.width(of: "ab", scale: 2) == 22)
  }
}
