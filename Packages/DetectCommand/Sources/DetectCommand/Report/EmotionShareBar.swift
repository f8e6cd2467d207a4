import FaceAnalysis

/// A person's share of each steady emotion: a bar of coloured parts, each as wide as the share
/// of frames with that label, in model order, and the same in words (`happy 75%, sad 25%`)
/// for screen readers and print.
struct EmotionShareBar: Equatable, Sendable {
  /// How many frames had each label, in ``Emotion/allCases`` order.
  var counts: [Int]
  /// The bar's width in pixels.
  var width = 140
  /// The bar's height in pixels.
  var height = 12

  /// The shares in words, largest first (model order on ties), each a whole percentage:
  /// `happy 75%, sad 25%`; `no frames` when every count is 0.
  var words: String {
    let total = counts.reduce(0, +)
    guard total > 0 else { return "no frames" }
    let shares = zip(Emotion.allCases, counts).enumerated().filter { $0.element.1 > 0 }
      .sorted { ($1.element.1, $0.offset) < ($0.element.1, $1.offset) }
    return shares.map { "\($0.element.0.rawValue) \(ReportNumber.percent($0.element.1, of: total))%" }
      .joined(separator: ", ")
  }

  /// The bar as inline SVG, then the words.
  var html: String {
    let total = counts.reduce(0, +)
    var parts = "<rect class=\"rest\" x=\"0.5\" y=\"0.5\" width=\"\(width - 1)\" height=\"\(height - 1)\"/>"
    var start = 0
    for (emotion, count) in zip(Emotion.allCases, counts) where count > 0 && total > 0 {
      let left = Double(start * width) / Double(total)
      let right = Double((start + count) * width) / Double(total)
      parts +=
        "<rect class=\"\(ReportStyle.fillClass(emotion))\" x=\"\(ReportNumber.fixed(left, digits: 2))\" "
        + "width=\"\(ReportNumber.fixed(right - left, digits: 2))\" height=\"\(height)\"/>"
      start += count
    }
    return "<svg class=\"share\" width=\"\(width)\" height=\"\(height)\" role=\"img\" "
      + "aria-label=\"\(HTMLText.escaped(words))\">\(parts)</svg><span class=\"shares\">\(words)</span>"
  }
}
