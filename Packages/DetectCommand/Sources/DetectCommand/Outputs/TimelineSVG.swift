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

  private let width = 960.0
  private let height = 420.0
  private let left = 60.0
  private let right = 150.0
  private let top = 40.0
  private let bottom = 50.0
  private let laneHeight = 48.0
  private let laneGap = 10.0

  private var plotWidth: Double { width - left - right }

  /// One person's frames, in time order: when each was, and the person's track then.
  private typealias Sightings = [(time: Double, track: FaceTrack)]

  /// The SVG document for the given frames.
  func render(_ records: [DetectionRecord]) -> String {
    let sorted = records.sorted { $0.time < $1.time }
    if records.contains(where: { $0.faces.contains { $0.track != nil } }) { return renderPeople(sorted) }
    let plotHeight = height - top - bottom
    let duration = max(records.map(\.time).max() ?? 0, 0.001)
    var svg = opening(height: height, heading: "Emotions over time")
    svg += scoreAxis(plotHeight: plotHeight)
    svg += timeAxis(at: top + plotHeight, duration: duration)
    svg.append(
      "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">time (s)</text>")
    svg.append(
      "<text transform=\"translate(16 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">"
        + "score of the largest face</text>")
    for (index, emotion) in emotions.enumerated() {
      svg += scoreLines(of: emotion, in: sorted, duration: duration, plotHeight: plotHeight)
      svg += legendEntry(index, emotion, swatch: .line)
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// One lane per person, in id order.
  private func renderPeople(_ sorted: [DetectionRecord]) -> String {
    var seen: [Int: Sightings] = [:]
    for record in sorted {
      for face in record.faces {
        if let track = face.track { seen[track.id, default: []].append((record.time, track)) }
      }
    }
    let people = seen.keys.sorted()
    let plotHeight = Double(people.count) * (laneHeight + laneGap)
    let chartHeight = max(top + plotHeight + bottom, top + 30 + Double(emotions.count) * 20)
    let duration = max(sorted.last?.time ?? 0, 0.001)
    // A frame's bar reaches the person's next frame, or one usual frame interval at most.
    let steps = zip(sorted.dropFirst(), sorted).map { $0.time - $1.time }.filter { $0 > 0 }.sorted()
    let interval = steps.isEmpty ? duration / 100 : steps[steps.count / 2]
    var svg = opening(height: chartHeight, heading: "People over time")
    for (lane, person) in people.enumerated() {
      svg += self.lane(
        person, seen[person] ?? [], top: top + Double(lane) * (laneHeight + laneGap), duration: duration,
        interval: interval)
    }
    let axisY = top + plotHeight
    svg.append(
      "<path d=\"M\(f(left)) \(f(axisY)) H\(f(left + plotWidth))\" stroke=\"black\" fill=\"none\"/>")
    svg += timeAxis(at: axisY, duration: duration)
    svg.append(
      "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(axisY + 38))\" text-anchor=\"middle\">time (s)</text>")
    for (index, emotion) in emotions.enumerated() { svg += legendEntry(index, emotion, swatch: .bar) }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// The document's start: its size, title, white background and heading.
  private func opening(height: Double, heading: String) -> [String] {
    [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
      "<title>\(escaped(title))</title>",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      "<text x=\"\(Int(left))\" y=\"24\" font-size=\"15\" font-weight=\"bold\">\(heading): "
        + "\(escaped(title))</text>",
    ]
  }

  /// The axes of the scores' chart, with score ticks every 0.25.
  private func scoreAxis(plotHeight: Double) -> [String] {
    var svg = [
      "<path d=\"M\(f(left)) \(f(top)) V\(f(top + plotHeight)) H\(f(left + plotWidth))\" "
        + "stroke=\"black\" fill=\"none\"/>"
    ]
    for step in 0...4 {
      let score = Double(step) / 4
      let y = top + (1 - score) * plotHeight
      svg.append(
        "<line x1=\"\(f(left - 4))\" y1=\"\(f(y))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>"
      )
      svg.append(
        "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(f(score, digits: 2))</text>")
    }
    return svg
  }

  /// About eight time ticks, with their labels, below the line at `y`.
  private func timeAxis(at y: Double, duration: Double) -> [String] {
    var svg: [String] = []
    let tick = niceStep(duration / 8)
    var time = 0.0
    while time <= duration + tick / 1000 {
      let x = f(x(time, duration: duration))
      svg.append("<line x1=\"\(x)\" y1=\"\(f(y))\" x2=\"\(x)\" y2=\"\(f(y + 5))\" stroke=\"black\"/>")
      svg.append(
        "<text x=\"\(x)\" y=\"\(f(y + 19))\" text-anchor=\"middle\">\(f(time, digits: tick < 1 ? 1 : 0))s</text>"
      )
      time += tick
    }
    return svg
  }

  /// The score of `emotion` on the largest face of each frame, a polyline broken where a frame
  /// has no face.
  private func scoreLines(
    of emotion: Emotion, in sorted: [DetectionRecord], duration: Double, plotHeight: Double
  ) -> [String] {
    var segments: [[String]] = [[]]
    for record in sorted {
      guard let score = record.faces.largest?.scores[emotion] else {
        if !(segments.last?.isEmpty ?? true) { segments.append([]) }
        continue
      }
      let y = top + (1 - Double(score)) * plotHeight
      segments[segments.count - 1].append("\(f(x(record.time, duration: duration))),\(f(y))")
    }
    return segments.filter { !$0.isEmpty }.map { points in
      "<polyline fill=\"none\" stroke=\"\(color(emotion))\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\">"
        + "<title>\(escaped(emotion.rawValue))</title></polyline>"
    }
  }

  /// One person's lane from `top`: its background and number, a bar for each frame they were
  /// seen in, and the line of their steady emotion's smoothed score.
  private func lane(
    _ person: Int, _ frames: Sightings, top: Double, duration: Double, interval: Double
  ) -> [String] {
    var svg = [
      "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(laneHeight))\" "
        + "fill=\"#f4f4f4\"/>",
      "<text x=\"\(f(left - 8))\" y=\"\(f(top + laneHeight / 2 + 4))\" text-anchor=\"end\" "
        + "font-weight=\"bold\">#\(person)</text>",
    ]
    var points: [[String]] = [[]]
    for (index, frame) in frames.enumerated() {
      let next = index + 1 < frames.count ? frames[index + 1].time : frame.time + interval
      let end = min(next, frame.time + interval * 1.5)
      let start = x(frame.time, duration: duration)
      svg.append(
        "<rect x=\"\(f(start))\" y=\"\(f(top))\" width=\"\(f(max(x(end, duration: duration) - start, 1)))\" "
          + "height=\"\(f(laneHeight))\" fill=\"\(color(frame.track.emotion))\" fill-opacity=\"0.55\">"
          + "<title>#\(person) \(frame.track.emotion.rawValue)</title></rect>")
      let score = Double(frame.track.scores[frame.track.emotion])
      points[points.count - 1].append("\(f(start)),\(f(top + (1 - score) * laneHeight))")
      if next - frame.time > interval * 1.5 { points.append([]) }
    }
    for line in points where !line.isEmpty {
      svg.append(
        "<polyline fill=\"none\" stroke=\"black\" stroke-width=\"1.5\" points=\"\(line.joined(separator: " "))\">"
          + "<title>#\(person): the smoothed score of the steady emotion</title></polyline>")
    }
    return svg
  }

  /// How a legend entry shows its colour: a line (a score's) or a bar (a person's frames).
  private enum Swatch { case line, bar }

  /// The legend's entry for `emotion`, the `index`th, at the right of the chart.
  private func legendEntry(_ index: Int, _ emotion: Emotion, swatch: Swatch) -> [String] {
    let y = top + 10 + Double(index) * 20
    let color = EmotionPalette.css(of: emotion)
    let mark =
      switch swatch {
      case .line:
        "<line x1=\"\(f(width - right + 16))\" y1=\"\(f(y))\" x2=\"\(f(width - right + 40))\" "
          + "y2=\"\(f(y))\" stroke=\"\(color)\" stroke-width=\"3\"/>"
      case .bar:
        "<rect x=\"\(f(width - right + 16))\" y=\"\(f(y - 6))\" width=\"24\" height=\"12\" fill=\"\(color)\" "
          + "fill-opacity=\"0.55\"/>"
      }
    return [
      mark, "<text x=\"\(f(width - right + 46))\" y=\"\(f(y + 4))\">\(escaped(emotion.rawValue))</text>",
    ]
  }

  /// Where `time` is across the plot.
  private func x(_ time: Double, duration: Double) -> Double { left + time / duration * plotWidth }

  /// The colour of `emotion`, the project's one (``EmotionPalette``), as the report draws it.
  private func color(_ emotion: Emotion) -> String {
    EmotionPalette.css(of: emotion)
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
