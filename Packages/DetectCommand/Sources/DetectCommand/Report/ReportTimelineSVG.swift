import FaceAnalysis

/// A video's people over time as inline SVG: one lane per person, in id order, with a bar in
/// the colour of their steady label for each stretch of frames they were seen in with that
/// label, and nothing where they were not seen; a time axis below.
///
/// A recorded frame lasts until the next recorded frame (the last one, the usual step), so
/// runs with `--every N` leave no gaps of their own.
struct ReportTimelineSVG {
  /// The video drawn.
  var video: ReportVideo

  private let width = 960.0
  private let left = 56.0
  private let right = 16.0
  private let top = 8.0
  private let lane = 22.0
  private let gap = 6.0
  private let axis = 40.0

  /// One stretch of a person's frames with one steady label, in seconds.
  struct Run: Equatable {
    /// The label.
    var emotion: Emotion
    /// When the first frame starts.
    var start: Double
    /// When the last frame ends.
    var end: Double
  }

  /// The SVG element, labelled for screen readers with the video's name.
  var svg: String {
    let height = top + Double(video.people.count) * (lane + gap) + axis
    let label = HTMLText.escaped("People over time in \(video.source)")
    var parts = [
      "<svg class=\"timeline\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(label)\">"
        + "<title>\(label)</title>"
    ]
    for (index, person) in video.people.enumerated() {
      parts.append(lane(for: person, at: top + Double(index) * (lane + gap)))
    }
    parts.append(timeAxis(at: top + Double(video.people.count) * (lane + gap)))
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  /// The stretches in which `track` was seen with one label, in time order.
  func runs(of track: Int) -> [Run] {
    var runs: [Run] = []
    var previousSeen = false
    for (index, record) in video.records.enumerated() {
      guard let label = record.faces.first(where: { $0.track?.id == track })?.track?.emotion else {
        previousSeen = false
        continue
      }
      let end = index + 1 < video.records.count ? video.records[index + 1].time : record.time + video.step
      if previousSeen, let last = runs.last, last.emotion == label {
        runs[runs.count - 1].end = end
      } else {
        runs.append(Run(emotion: label, start: record.time, end: end))
      }
      previousSeen = true
    }
    return runs
  }

  private var duration: Double {
    max(video.length ?? 0, (video.records.last?.time ?? 0) + video.step, 0.001)
  }

  private func x(_ time: Double) -> Double { left + time / duration * (width - left - right) }

  private func f(_ value: Double) -> String { ReportNumber.fixed(value, digits: 1) }

  private func lane(for person: ReportPersonRow, at laneTop: Double) -> String {
    var lane =
      "<g data-lane=\"\(person.track)\"><rect class=\"lane\" x=\"\(f(left))\" y=\"\(f(laneTop))\" "
      + "width=\"\(f(width - left - right))\" height=\"\(f(self.lane))\"/>"
      + "<text x=\"\(f(left - 8))\" y=\"\(f(laneTop + self.lane / 2 + 4))\" text-anchor=\"end\" "
      + "font-size=\"12\" font-weight=\"bold\">#\(person.track)</text>"
    for run in runs(of: person.track) {
      let title =
        "#\(person.track) \(run.emotion.rawValue), \(ReportNumber.time(run.start))–\(ReportNumber.time(run.end))"
      lane +=
        "<rect class=\"\(ReportStyle.fillClass(run.emotion))\" x=\"\(f(x(run.start)))\" y=\"\(f(laneTop))\" "
        + "width=\"\(f(max(x(run.end) - x(run.start), 0.5)))\" height=\"\(f(self.lane))\">"
        + "<title>\(HTMLText.escaped(title))</title></rect>"
    }
    return lane + "</g>"
  }

  private func timeAxis(at axisTop: Double) -> String {
    var parts = ["<path class=\"axis\" d=\"M\(f(left)) \(f(axisTop)) H\(f(width - right))\"/>"]
    let tick = Self.niceStep(duration / 8)
    var count = 0
    while Double(count) * tick <= duration + tick / 1000 {
      let time = Double(count) * tick
      parts.append(
        "<path class=\"axis\" d=\"M\(f(x(time))) \(f(axisTop)) v5\"/><text x=\"\(f(x(time)))\" "
          + "y=\"\(f(axisTop + 18))\" text-anchor=\"middle\" font-size=\"11\">\(ReportNumber.time(time))</text>"
      )
      count += 1
    }
    parts.append(
      "<text x=\"\(f(left + (width - left - right) / 2))\" y=\"\(f(axisTop + 34))\" text-anchor=\"middle\" "
        + "font-size=\"11\">time</text>")
    return parts.joined(separator: "\n")
  }

  /// 1, 2 or 5 times a power of ten, at least `raw` (1 when `raw` is not positive).
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for factor in [1.0, 2.0, 5.0, 10.0] where magnitude * factor >= raw { return magnitude * factor }
    return magnitude * 10
  }
}
