/// A color for each emotion, shared by the boxes on the screen and in saved pictures, so that
/// a glance tells them apart.
public enum EmotionPalette {
  /// The red, green and blue of `emotion`'s color; light gray for neutral.
  public static func components(of emotion: Emotion) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch emotion {
    case .angry: (230, 40, 40)
    case .disgust: (120, 170, 40)
    case .fear: (170, 90, 230)
    case .happy: (255, 210, 0)
    case .sad: (60, 120, 255)
    case .surprise: (255, 140, 0)
    case .neutral: (220, 220, 220)
    }
  }
}
