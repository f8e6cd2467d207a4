import TerminalUI

/// What the Vision presenter shows on its view.
@MainActor
protocol VisionViewInput: AnyObject {
  /// Shows a status line, with no frame yet.
  func showStatus(_ status: String)
  /// Shows a frame: the picture, a status line, one line per face, and the scores of the
  /// largest face as bars.
  func show(image: RGBImage?, status: String, faces: [String], scores: [(label: String, value: Double)])
  /// Shows an error in place of the frame.
  func showError(_ message: String)
}

/// The Vision screen: the frame, its faces and the seven scores of the largest face.
@MainActor
final class VisionView: PanelScreen, VisionViewInput {
  /// Where the user's requests go; the view keeps its presenter alive.
  let output: any VisionViewOutput
  private(set) var status = ""
  private(set) var faceLines: [String] = []

  init(output: any VisionViewOutput) {
    self.output = output
    super.init(title: "Vision", widgets: [])
    buttons = ButtonRow([
      ScreenAction("Another source", key: "o") { [weak self] in self?.output.didRequestSource() }
    ])
  }

  func showStatus(_ status: String) {
    self.status = status
    let rest = widgets.dropFirst()
    widgets = [TextBlock(status, style: .dim)] + rest
  }

  func show(image: RGBImage?, status: String, faces: [String], scores: [(label: String, value: Double)]) {
    self.status = status
    faceLines = faces
    var widgets: [any Widget] = [TextBlock(status, style: .dim)]
    if let image { widgets.append(ImageView(image: image)) }
    widgets.append(TextBlock(faces.isEmpty ? "No face in this frame." : faces.joined(separator: "\n")))
    if !scores.isEmpty { widgets.append(BarChart(scores.map { BarChart.Entry($0.label, $0.value) })) }
    self.widgets = widgets
  }

  func showError(_ message: String) {
    status = message
    widgets = [TextBlock(message, style: Style(foreground: .red))]
  }
}
