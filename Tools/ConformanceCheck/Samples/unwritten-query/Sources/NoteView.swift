import Navigation

/// What the Note view tells its presenter.
@MainActor
protocol NoteViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
}

/// One note; it keeps its presenter alive.
@MainActor
final class NoteView: Presentable {
  let output: any NoteViewOutput
  var title = ""

  init(output: any NoteViewOutput) {
    self.output = output
  }
}
