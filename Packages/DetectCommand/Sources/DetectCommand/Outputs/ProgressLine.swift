import System

/// A one-line progress bar on standard error, for folders and videos when it is a terminal.
struct ProgressLine {
  private let total: Int?
  private let label: String
  private let streams: StandardStreams
  private let enabled: Bool
  private var done = 0
  private var shown = false

  /// A bar for `total` items (or a counter when unknown); draws nothing when not `enabled`.
  init(total: Int?, label: String, streams: StandardStreams, enabled: Bool) {
    self.total = total
    self.label = label
    self.streams = streams
    self.enabled = enabled
  }

  /// Counts one item and redraws.
  mutating func advance() {
    done += 1
    guard enabled else { return }
    var line = "\r\u{1B}[2K"
    if let total, total > 0 {
      let width = 30
      let filled = min(width, done * width / total)
      line +=
        "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] "
      line += "\(done)/\(total) \(label)"
    } else {
      line += "\(done) frames \(label)"
    }
    streams.printProgress(line)
    shown = true
  }

  /// Erases the bar so a line can be printed.
  mutating func clear() {
    guard shown else { return }
    streams.printProgress("\r\u{1B}[2K")
    shown = false
  }

  /// Erases the bar at the end.
  mutating func finish() { clear() }
}
