import FaceAnalysis

/// A table of how many faces have each emotion (their own, most likely one), a row per
/// emotion in model order, with the share of all the faces.
struct EmotionCountTable {
  /// The faces counted.
  var faces: [RecognizedFace]
  /// The table's caption.
  var caption: String

  /// The table.
  var html: String {
    var counts = Array(repeating: 0, count: Emotion.allCases.count)
    for face in faces { counts[Emotion.allCases.firstIndex(of: face.emotion) ?? 0] += 1 }
    var rows = [
      "<table class=\"counts\">",
      "<caption>\(HTMLText.escaped(caption))</caption>",
      "<thead><tr><th scope=\"col\">Emotion</th><th scope=\"col\" class=\"n\">Faces</th><th scope=\"col\" class=\"n\">Share</th></tr></thead>",
      "<tbody>",
    ]
    for (emotion, count) in zip(Emotion.allCases, counts) {
      rows.append(
        "<tr data-emotion=\"\(emotion.rawValue)\"><th scope=\"row\">\(ReportStyle.swatch(emotion))\(emotion.rawValue)</th>"
          + "<td class=\"n\">\(count)</td><td class=\"n\">\(ReportNumber.percent(count, of: faces.count))%</td></tr>"
      )
    }
    rows.append("</tbody></table>")
    return rows.joined(separator: "\n")
  }
}
