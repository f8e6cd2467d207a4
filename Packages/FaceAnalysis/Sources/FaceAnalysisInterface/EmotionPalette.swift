/// The project's one colour for each emotion: the boxes on the screen and in saved pictures,
/// the `--timeline` chart and the report's bars, swatches and lanes all take it from here.
///
/// The colours are Okabe and Ito's colour-blind-safe set (Color Universal Design, 2002), chosen
/// to stay apart under protanopia, deuteranopia and tritanopia; neutral is the grey (#999999)
/// often used in the set in place of its black, which would hide the black label text. Each keeps the hue the emotion had before (angry
/// red, disgust green, fear purple, sad blue), but for happy and surprise, which were yellow
/// and orange: two colours that merge for many readers and that a white page shows poorly.
/// Every colour is dark enough under black label text (a contrast ratio of 4 or more) and light
/// enough to see on a dark terminal.
public enum EmotionPalette {
  /// The red, green and blue of `emotion`'s colour.
  public static func components(of emotion: Emotion) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch emotion {
    case .angry: (0xD5, 0x5E, 0x00)  // vermillion
    case .disgust: (0x00, 0x9E, 0x73)  // bluish green
    case .fear: (0xCC, 0x79, 0xA7)  // reddish purple
    case .happy: (0xE6, 0x9F, 0x00)  // orange
    case .sad: (0x00, 0x72, 0xB2)  // blue
    case .surprise: (0x56, 0xB4, 0xE9)  // sky blue
    case .neutral: (0x99, 0x99, 0x99)  // grey
    }
  }
}
