import FaceAnalysisInterface
import Foundation
import TerminalUI

/// Turns a ``VisionState`` into what the Vision view draws: the picture with labelled
/// boxes, the largest face's scores and trend, frames shown per second and recognition times.
enum VisionViewModelBuilder {
  /// The view model of `state`.
  static func model(for state: VisionState) -> VisionViewModel {
    var model = VisionViewModel()
    model.source = state.summary
    model.isPaused = state.isPaused
    model.isMoving = state.playback != nil && !state.isStill
    model.canPause = state.canPause
    model.canSave = state.frame != nil
    model.slide = state.slide
    model.detector = state.detector?.displayName ?? ""
    model.nextDetector = state.canSwitchDetector ? state.nextDetector?.displayName ?? "" : ""
    if let frame = state.frame {
      model.frame = frame
      model.image = frame.image
      model.boxes = frame.faces.map { face in
        ImageView.Box(
          x: face.box.x, y: face.box.y, width: face.box.width, height: face.box.height, label: face.caption,
          color: EmotionPalette.color(of: face.shownEmotion))
      }
      model.faces = frame.faces.map(VisionReport.describe)
      if let largest = frame.largestFace {
        model.scoreTitle = "Largest face: \(largest.caption)"
        model.scores = largest.scores.all.map { BarChart.Entry($0.emotion.rawValue, Double($0.score)) }
        if !state.history.samples.isEmpty, state.people.people.isEmpty {
          model.trend = VisionViewModel.Trend(
            label: largest.emotion.rawValue, values: state.history.values(of: largest.emotion))
        }
      } else {
        model.scoreTitle = "No face in this frame"
      }
      model.details = details(of: frame, in: state)
      let inView = Set(frame.faces.compactMap { $0.track?.id })
      model.people = state.people.people.map { person in
        VisionViewModel.Person(
          name: "#\(person.id)", emotion: person.emotion.rawValue,
          values: person.history.values(of: person.emotion),
          isInView: inView.contains(person.id), lastSeen: person.lastSeen)
      }
    } else {
      model.scoreTitle = ""
      model.details = model.detector
    }
    model.status = state.ending?.text ?? playingStatus(state)
    model.tone = state.ending?.tone ?? .normal
    if let notice = state.notice {
      model.status = notice.text
      model.tone = notice.tone
    }
    return model
  }

  private static func playingStatus(_ state: VisionState) -> String {
    let summary = state.summary
    guard state.playback != nil else { return "Opening \(state.source)…" }
    if let slide = state.slide {
      let name = state.frame.map { " · " + ($0.name as NSString).lastPathComponent } ?? ""
      return "\(summary) · image \(slide.index + 1) of \(slide.count)\(name)"
    }
    guard let frame = state.frame else { return "\(summary) · waiting for the first frame" }
    if case .still = state.playback { return "\(summary) · \(frame.faces.count) face(s)" }
    return "\(summary) · \(state.isPaused ? "paused at frame" : "frame") \(frame.index)"
  }

  /// `faces.mp4 · 640x360 · 9.8 fps · Haar cascade · detect 45 ms · classify 12 ms · 3 dropped`.
  private static func details(of frame: RecognizedFrame, in state: VisionState) -> String {
    var parts = [(frame.name as NSString).lastPathComponent, "\(frame.image.width)x\(frame.image.height)"]
    let shownAt = state.shownAt
    if !state.isStill, shownAt.count >= 2, let first = shownAt.first, let last = shownAt.last, last > first {
      parts.append(String(format: "%.1f fps", Double(shownAt.count - 1) / (last - first)))
    }
    if let detector = state.detector { parts.append(detector.displayName) }
    parts.append("detect \(milliseconds(frame.detectionSeconds))")
    parts.append("classify \(milliseconds(frame.classificationSeconds))")
    if state.tally.dropped > 0 { parts.append("\(state.tally.dropped) dropped") }
    return parts.joined(separator: " · ")
  }

  private static func milliseconds(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }
}
