import FaceAnalysisInterface
import TerminalUI

extension EmotionPalette {
  /// `emotion`'s color as a TerminalUI color, for the boxes on the screen.
  static func color(of emotion: Emotion) -> Color {
    let rgb = components(of: emotion)
    return .rgb(rgb.red, rgb.green, rgb.blue)
  }
}
