import FaceAnalysis

extension EmotionPalette {
  /// `emotion`'s colour as CSS and SVG write it, `#e69f00`: the `--timeline` chart's and the
  /// report's.
  static func css(of emotion: Emotion) -> String {
    let (red, green, blue) = components(of: emotion)
    return "#" + ReportNumber.hex(red) + ReportNumber.hex(green) + ReportNumber.hex(blue)
  }
}
