import FaceAnalysis

/// Draws a video's emotions over time as an SVG chart, with axes, ticks, a legend and a title:
/// `emotions detect clip.mp4 --timeline out.svg`.
///
/// When its faces were followed as people, each person has a lane of their own: a bar for
/// every frame they were seen in, in the colour of their steady emotion, and a line of that
/// emotion's smoothed score; frames where they were not seen leave a gap. Otherwise
/// (`--no-tracks`) each emotion's score of the largest face is a line; frames without a face
/// leave a gap.
struct TimelineSVG {
  /// The emotions drawn, one line each.
  var emotions: [Emotion] = Emotion.allCases
  /// What the chart shows, such as the video's file name.
  var title: String

  /// Colours for the lines, one per label in model order (colour-blind-safe Okabe–Ito palette).
  static let palette = ["#D55E00", "#009E73", "#7F3C8D", "#E69F00", "#0072B2", "#CC79A7", "#7F7F7F"]

  private let width = 960.0
  private let height = 420.0
  private let left = 60.0
  private let right = 150.0
  private let top = 40.0
  private let bottom = 50.0

  /// The SVG document for the given frames.
  func render(_ records: [DetectionRecord]) -> String {
    if records.contains(where: { $0.faces.contains { $0.track != nil } }) { return renderPeople(records) }
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    let duration = max(records.map(\.time).max() ?? 0, 0.001)
    func x(_ time: Double) -> Double { left + time / duration * plotWidth }
    func y(_ score: Double) -> Double { top + (1 - score) * plotHeight }

    var svg = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
      "<title>\(escaped(title))</title>",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      "<text x=\"\(Int(left))\" y=\"24\" font-size=\"15\" font-weight=\"bold\">Emotions over time: "
        + "\(escaped(title))</text>",
    ]
    // Axes, with score ticks every 0.25 and about eight time ticks.
    svg.append(
      "<path d=\"M\(f(left)) \(f(top)) V\(f(top + plotHeight)) H\(f(left + plotWidth))\" "
        + "stroke=\"black\" fill=\"none\"/>")
    for step in 0...4 {
      let score = Double(step) / 4
      svg.append(
        "<line x1=\"\(f(left - 4))\" y1=\"\(f(y(score)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(score)))\" "
          + "stroke=\"#ddd\"/>")
      svg.append(
        "<text x=\"\(f(left - 8))\" y=\"\(f(y(score) + 4))\" text-anchor=\"end\">\(f(score, digits: 2))</text>"
      )
    }
    let tick = niceStep(duration / 8)
    var time = 0.0
    while time <= duration + tick / 1000 {
      svg.append(
        "<line x1=\"\(f(x(time)))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(x(time)))\" "
          + "y2=\"\(f(top + plotHeight + 5))\" stroke=\"black\"/>")
      svg.append(
        "<text x=\"\(f(x(time)))\" y=\"\(f(top + plotHeight + 19))\" text-anchor=\"middle\">"
          + "\(f(time, digits: tick < 1 ? 1 : 0))s</text>")
      time += tick
    }
    svg.append(
      "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">time (s)</text>")
    svg.append(
      "<text transform=\"translate(16 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">"
        + "score of the largest face</text>")

    // One polyline per label, broken where a frame has no face.
    for (index, emotion) in emotions.enumerated() {
      let label = emotion.rawValue
      let color = Self.palette[index % Self.palette.count]
      var segments: [[String]] = [[]]
      for record in records.sorted(by: { $0.time < $1.time }) {
        guard let score = record.largestFace?.scores[emotion] else {
          if !(segments.last?.isEmpty ?? true) { segments.append([]) }
          continue
        }
        segments[segments.count - 1].append("\(f(x(record.time))),\(f(y(Double(score))))")
      }
      for points in segments where !points.isEmpty {
        svg.append(
          "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\">"
            + "<title>\(escaped(label))</title></polyline>")
      }
      let legendY = top + 10 + Double(index) * 20
      svg.append(
        "<line x1=\"\(f(width - right + 16))\" y1=\"\(f(legendY))\" x2=\"\(f(width - right + 40))\" "
          + "y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"3\"/>")
      svg.append("<text x=\"\(f(width - right + 46))\" y=\"\(f(legendY + 4))\">\(escaped(label))</text>")
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// One lane per person, in id order.
  private func renderPeople(_ records: [DetectionRecord]) -> String {
    let sorted = records.sorted { $0.time < $1.time }
    var seen: [Int: [(time: Double, track: FaceTrack)]] = [:]
    for record in sorted {
      for face in record.faces {
        if let track = face.track { seen[track.id, default: []].append((record.time, track)) }
      }
    }
    let people = seen.keys.sorted()
    let laneHeight = 48.0
    let laneGap = 10.0
    let plotHeight = Double(people.count) * (laneHeight + laneGap)
    let chartHeight = max(top + plotHeight + bottom, top + 30 + Double(emotions.count) * 20)
    let plotWidth = width - left - right
    let duration = max(sorted.last?.time ?? 0, 0.001)
    // A frame's bar reaches the person's next frame, or one usual frame interval at most.
    let steps = zip(sorted.dropFirst(), sorted).map { $0.time - $1.time }.filter { $0 > 0 }.sorted()
    let interval = steps.isEmpty ? duration / 100 : steps[steps.count / 2]
    func x(_ time: Double) -> Double { left + time / duration * plotWidth }

    var svg = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(chartHeight))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(chartHeight))\" font-family=\"sans-serif\" font-size=\"12\">",
      "<title>\(escaped(title))</title>",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      "<text x=\"\(Int(left))\" y=\"24\" font-size=\"15\" font-weight=\"bold\">People over time: "
        + "\(escaped(title))</text>",
    ]
    for (lane, person) in people.enumerated() {
      let laneTop = top + Double(lane) * (laneHeight + laneGap)
      svg.append(
        "<rect x=\"\(f(left))\" y=\"\(f(laneTop))\" width=\"\(f(plotWidth))\" height=\"\(f(laneHeight))\" "
          + "fill=\"#f4f4f4\"/>")
      svg.append(
        "<text x=\"\(f(left - 8))\" y=\"\(f(laneTop + laneHeight / 2 + 4))\" text-anchor=\"end\" "
          + "font-weight=\"bold\">#\(person)</text>")
      let frames = seen[person] ?? []
      var points: [[String]] = [[]]
      for (index, frame) in frames.enumerated() {
        let next = index + 1 < frames.count ? frames[index + 1].time : frame.time + interval
        let end = min(next, frame.time + interval * 1.5)
        let color = Self.palette[(emotions.firstIndex(of: frame.track.emotion) ?? 0) % Self.palette.count]
        svg.append(
          "<rect x=\"\(f(x(frame.time)))\" y=\"\(f(laneTop))\" width=\"\(f(max(x(end) - x(frame.time), 1)))\" "
            + "height=\"\(f(laneHeight))\" fill=\"\(color)\" fill-opacity=\"0.55\">"
            + "<title>#\(person) \(frame.track.emotion.rawValue)</title></rect>")
        let score = Double(frame.track.scores[frame.track.emotion])
        points[points.count - 1].append("\(f(x(frame.time))),\(f(laneTop + (1 - score) * laneHeight))")
        if next - frame.time > interval * 1.5 { points.append([]) }
      }
      for line in points where !line.isEmpty {
        svg.append(
          "<polyline fill=\"none\" stroke=\"black\" stroke-width=\"1.5\" points=\"\(line.joined(separator: " "))\">"
            + "<title>#\(person): the smoothed score of the steady emotion</title></polyline>")
      }
    }
    let axisY = top + plotHeight
    svg.append(
      "<path d=\"M\(f(left)) \(f(axisY)) H\(f(left + plotWidth))\" stroke=\"black\" fill=\"none\"/>")
    let tick = niceStep(duration / 8)
    var time = 0.0
    while time <= duration + tick / 1000 {
      svg.append(
        "<line x1=\"\(f(x(time)))\" y1=\"\(f(axisY))\" x2=\"\(f(x(time)))\" y2=\"\(f(axisY + 5))\" stroke=\"black\"/>"
      )
      svg.append(
        "<text x=\"\(f(x(time)))\" y=\"\(f(axisY + 19))\" text-anchor=\"middle\">\(f(time, digits: tick < 1 ? 1 : 0))s</text>"
      )
      time += tick
    }
    svg.append(
      "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(axisY + 38))\" text-anchor=\"middle\">time (s)</text>")
    for (index, emotion) in emotions.enumerated() {
      let legendY = top + 10 + Double(index) * 20
      let color = Self.palette[index % Self.palette.count]
      svg.append(
        "<rect x=\"\(f(width - right + 16))\" y=\"\(f(legendY - 6))\" width=\"24\" height=\"12\" fill=\"\(color)\" "
          + "fill-opacity=\"0.55\"/>")
      svg.append(
        "<text x=\"\(f(width - right + 46))\" y=\"\(f(legendY + 4))\">\(escaped(emotion.rawValue))</text>")
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  private func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for factor in [1.0, 2.0, 5.0, 10.0] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }

  private func f(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : "\(rounded)"
  }

  private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
