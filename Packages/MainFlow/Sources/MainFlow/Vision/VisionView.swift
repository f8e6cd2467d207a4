import FaceAnalysisInterface
import TerminalUI

/// What the Vision presenter shows on its view.
@MainActor
protocol VisionViewInput: AnyObject {
  /// Shows the newest state of the screen.
  func show(_ model: VisionViewModel)
  /// Adds a line to the line-mode report (one per processed frame, then the summary).
  func report(_ line: String)
}

/// The Vision screen: the frame in half blocks with every face boxed and labelled (as a
/// full-resolution picture with the boxes drawn in, where the terminal shows pictures), the
/// largest face's scores beside or under it, then the people of a stream, each with their
/// steady emotion and its sparkline, those who left dim (or, when faces are not followed, the
/// largest face's trend), and a status footer.
///
/// Keys: space pauses and resumes, `s` saves the frame as a PNG, ← → step through a
/// folder's slides, `d` switches to the next face detector, Esc (or Backspace) goes back to
/// the source picker. The details line names the detector running. In line mode the
/// same actions are numbered choices, and every processed frame prints one line.
@MainActor
final class VisionView: Screen, VisionViewInput {
  let title = "Vision"
  /// Where the user's requests go; the view keeps its presenter alive.
  let output: any VisionViewOutput
  /// What is shown now.
  private(set) var model = VisionViewModel()
  private var pendingLines: [String] = []
  /// The last frame drawn at full resolution with its boxes and labels, as the saved PNG.
  private var annotated: (frame: RecognizedFrame, image: RGBImage)?

  init(output: any VisionViewOutput) {
    self.output = output
  }

  /// The status line, as shown at the bottom.
  var status: String { model.status }

  func show(_ model: VisionViewModel) { self.model = model }

  func report(_ line: String) { pendingLines.append(line) }

  func takeLineOutput() -> [String] {
    defer { pendingLines = [] }
    return pendingLines
  }

  // MARK: - Drawing

  func draw(into canvas: inout Canvas) {
    let layout = VisionLayout(size: canvas.size)
    if let picture = layout.picture {
      if model.image != nil {
        // Boxes are drawn one way: in pixels where the terminal shows the picture, else in cells.
        let graphicsImage = canvas.showsPictures ? annotatedImage() : nil
        canvas.draw(
          ImageView(image: model.image, boxes: model.boxes, graphicsImage: graphicsImage), in: picture)
      } else {
        canvas.put(
          model.tone == .error ? "No picture." : "Waiting for the first frame…",
          at: Point(x: picture.minX + 1, y: picture.minY), style: .dim, maxWidth: picture.width - 1)
      }
    }
    if let panel = layout.panel { drawPanel(into: &canvas, in: panel) }
    if let fallback = layout.fallback { drawFallback(into: &canvas, in: fallback) }
    canvas.put(model.details, at: Point(x: 1, y: layout.detailsRow), style: .dim, maxWidth: canvas.width - 2)
    let statusStyle: Style =
      switch model.tone {
      case .normal: .plain
      case .notice: .bold
      case .error: Style(bold: true, foreground: .red)
      }
    canvas.put(
      (model.tone == .error ? "✗ " : "") + model.status, at: Point(x: 1, y: layout.statusRow),
      style: statusStyle, maxWidth: canvas.width - 2)
  }

  /// The frame with its boxes and labels drawn in by ``FrameAnnotator`` (the
  /// routine of the saved PNG), for terminals that show it as a picture; drawn once a frame.
  private func annotatedImage() -> RGBImage? {
    guard let frame = model.frame else { return nil }
    if let annotated, annotated.frame == frame { return annotated.image }
    let image = FrameAnnotator.annotate(frame.image, with: FrameAnnotator.marks(for: frame))
    annotated = (frame, image)
    return image
  }

  /// Heading, bars, sparkline; then, at the side, the faces as text.
  private func drawPanel(into canvas: inout Canvas, in rect: Rect) {
    var y = rect.minY
    canvas.put(model.scoreTitle, at: Point(x: rect.minX, y: y), style: .bold, maxWidth: rect.width)
    y += 1
    guard !model.scores.isEmpty else { return }
    let bars = BarChart(model.scores)
    canvas.draw(bars, in: Rect(x: rect.minX, y: y, width: rect.width, height: min(7, rect.maxY - y)))
    y += model.scores.count
    if let trend = model.trend, y < rect.maxY {
      let isSide = rect.height > VisionLayout.bottomPanelHeight
      if isSide {
        y += 1
        canvas.put(
          "\(trend.label), last 10 s", at: Point(x: rect.minX, y: y), style: .dim, maxWidth: rect.width)
        y += 1
        canvas.draw(Sparkline(trend.values), in: Rect(x: rect.minX, y: y, width: rect.width, height: 1))
        y += 1
      } else {
        let label = "\(trend.label) "
        let used = canvas.put(label, at: Point(x: rect.minX, y: y), style: .dim, maxWidth: rect.width)
        canvas.draw(
          Sparkline(trend.values), in: Rect(x: rect.minX + used, y: y, width: rect.width - used, height: 1))
        return
      }
    }
    if !model.people.isEmpty, y + 1 < rect.maxY {
      y = drawPeople(into: &canvas, in: rect, from: y)
      return
    }
    guard model.faces.count > 1, y + 1 < rect.maxY else { return }
    y += 1
    canvas.put(
      "\(model.faces.count) faces", at: Point(x: rect.minX, y: y), style: .bold, maxWidth: rect.width)
    for line in model.faces where y + 1 < rect.maxY {
      y += 1
      canvas.put(line, at: Point(x: rect.minX, y: y), maxWidth: rect.width)
    }
  }

  /// The people, one row each from `y`: `#2 happy ▁▂▄▆`, dim when out of view (they left, and
  /// are shown again under their id when they come back). With fewer rows than people, those in
  /// view come first (``VisionViewModel/Person/rows(of:count:)``). Returns the next free row.
  private func drawPeople(into canvas: inout Canvas, in rect: Rect, from top: Int) -> Int {
    var y = top + (rect.height > VisionLayout.bottomPanelHeight ? 1 : 0)
    guard y < rect.maxY else { return y }
    canvas.put("People", at: Point(x: rect.minX, y: y), style: .bold, maxWidth: rect.width)
    for person in VisionViewModel.Person.rows(of: model.people, count: rect.maxY - y - 1) {
      y += 1
      let style: Style = person.isInView ? .plain : .dim
      let label = "\(person.name) \(person.emotion)".padding(toLength: 13, withPad: " ", startingAt: 0)
      let used = canvas.put(label, at: Point(x: rect.minX, y: y), style: style, maxWidth: rect.width)
      canvas.draw(
        Sparkline(person.values, style: person.isInView ? Style(foreground: .cyan) : .dim),
        in: Rect(x: rect.minX + used, y: y, width: max(0, rect.width - used), height: 1))
    }
    return y + 1
  }

  /// The faces as text when the picture does not fit.
  private func drawFallback(into canvas: inout Canvas, in rect: Rect) {
    var lines = ["Too small for the picture."]
    lines += model.faces.isEmpty ? [model.image == nil ? "" : "No face in this frame."] : model.faces
    for (row, line) in lines.enumerated() where row < rect.height {
      canvas.put(
        line, at: Point(x: rect.minX, y: rect.minY + row), style: row == 0 ? .dim : .plain,
        maxWidth: rect.width)
    }
  }

  // MARK: - Keys

  var keyHints: [KeyHint] {
    var hints: [KeyHint] = []
    if model.canPause { hints.append(KeyHint("Space", model.isPaused ? "resume" : "pause")) }
    if model.slide != nil { hints.append(KeyHint("←→", "slides")) }
    if model.canSave { hints.append(KeyHint("s", "save PNG")) }
    if !model.nextDetector.isEmpty { hints.append(KeyHint("d", "detector")) }
    // Esc is the router's "Esc back", which here goes back to the picker.
    return hints
  }

  func handle(_ key: Key) -> Bool {
    switch key {
    case .character(" ") where model.canPause:
      output.didTogglePause()
    case .character("s") where model.canSave, .character("S") where model.canSave:
      output.didRequestSave()
    case .character("d") where !model.nextDetector.isEmpty, .character("D") where !model.nextDetector.isEmpty:
      output.didRequestNextDetector()
    case .left where model.slide != nil:
      output.didStep(by: -1)
    case .right where model.slide != nil:
      output.didStep(by: 1)
    case .escape, .backspace:
      output.didRequestSource()
    default:
      return false
    }
    return true
  }

  // MARK: - Line mode

  /// What a line-mode choice does.
  private enum LineChoice {
    case source, pause, save, previous, next, detector
  }

  /// The choices of line mode, in order. The order never changes once the source is open,
  /// so a number typed stays valid when a video ends ("Another source" is 1 from the start);
  /// a choice that no longer applies says so.
  private var lineChoices: [LineChoice] {
    var choices: [LineChoice] = [.source]
    if model.isMoving { choices.append(.pause) }
    // Once the detector is known, the source is open: save is offered from then on (a still
    // says there is no frame yet), so the detector's number does not move when a frame comes.
    let isOpen = !model.detector.isEmpty
    if model.isMoving || model.slide != nil || model.canSave || isOpen { choices.append(.save) }
    if model.slide != nil { choices += [.previous, .next] }
    if isOpen { choices.append(.detector) }
    return choices
  }

  private func title(of choice: LineChoice) -> String {
    switch choice {
    case .source: "Another source"
    case .pause: model.isPaused ? "Resume" : "Pause"
    case .save: "Save this frame as PNG"
    case .previous: "Previous image"
    case .next: "Next image"
    case .detector:
      model.nextDetector.isEmpty ? "Next detector" : "Find faces with \(model.nextDetector)"
    }
  }

  func linePage(width: Int) -> LinePage {
    var lines = model.source.isEmpty || model.status.hasPrefix(model.source) ? [] : [model.source]
    lines.append(model.status)
    if !model.details.isEmpty { lines.append(model.details) }
    if model.image != nil {
      lines += model.faces.isEmpty ? ["No face in this frame."] : model.faces
      if !model.scores.isEmpty {
        lines.append(model.scoreTitle)
        lines += BarChart(model.scores).lines(width: min(width, 60))
      }
      if !model.people.isEmpty {
        lines.append(
          "People: "
            + model.people.map { "\($0.name) \($0.emotion)\($0.isInView ? "" : " (out of view)")" }
            .joined(separator: ", "))
      }
    }
    return LinePage(lines: lines, choices: lineChoices.map(title(of:)))
  }

  func handleLine(_ line: String) -> LineCommandResult {
    let choices = lineChoices
    guard let index = LineCommandResult.choiceIndex(line, count: choices.count) else {
      return .invalidChoice(count: choices.count)
    }
    switch choices[index] {
    case .source:
      output.didRequestSource()
    case .pause:
      guard model.canPause else { return .rejected("The source has ended; nothing to pause.") }
      output.didTogglePause()
    case .save:
      guard model.canSave else { return .rejected("There is no frame to save yet.") }
      output.didRequestSave()
    case .previous:
      output.didStep(by: -1)
    case .next:
      output.didStep(by: 1)
    case .detector:
      guard !model.nextDetector.isEmpty else {
        return .rejected("The source has ended; there is nothing left to find faces in.")
      }
      output.didRequestNextDetector()
    }
    return .handled
  }
}
