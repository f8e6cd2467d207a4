import FaceAnalysis
import Foundation
import Media
import SystemTesting
import Testing

/// An X server of our own (Xvfb) for a real terminal, ended when released.
final class VirtualDisplay: Sendable {
  let name: String
  let width = 1280
  let height = 800
  private let server: ChildProcess

  private init(name: String, server: ChildProcess) {
    self.name = name
    self.server = server
  }

  /// Xvfb on a free display, or nil when none starts within 5 s (no Xvfb, no xterm, no room).
  static func start() -> VirtualDisplay? {
    let tools = ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/ffmpeg"]
    guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    for number in 90..<110 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
      guard
        let server = try? ChildProcess(
          ["/usr/bin/Xvfb", ":\(number)", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
          environment: ProcessInfo.processInfo.environment, mergesErrors: true)
      else { return nil }
      server.streamOutput { _ in }
      let deadline = Date().addingTimeInterval(5)
      while Date() < deadline, server.exitStatus == nil {
        if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
          return VirtualDisplay(name: ":\(number)", server: server)
        }
        usleep(20_000)
      }
      server.end()
    }
    return nil
  }

  /// The whole screen as RGB bytes, through ffmpeg's x11grab.
  func screenshot() throws -> [UInt8] {
    Array(
      try MediaTools.output([
        "ffmpeg", "-nostdin", "-v", "error", "-f", "x11grab", "-video_size", "\(width)x\(height)", "-i", name,
        "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
      ]))
  }

  deinit { server.end() }
}

/// The Vision screen in a real xterm with sixel graphics (`xterm -ti vt340`, Debian's xterm)
/// under Xvfb: a screenshot of the window holds the photo's own pixels, one to one.
@Suite("Vision in xterm with sixel", .serialized)
struct XtermSixelTests {
  /// Whether an X server starts here: one is started and ended at once (a static one would
  /// outlive the test process, which runs no deinitialisers at exit).
  static let canStartX: Bool = VirtualDisplay.start() != nil

  @Test(
    .enabled(
      if: canStartX,
      "no X server can start here: the test needs Xvfb, xterm and ffmpeg (Tools/setup installs them)"),
    .timeLimit(.minutes(5)))
  func theScreenshotHasThePhotoAtFullResolutionNotBlocks() throws {
    let display = try #require(VirtualDisplay.start(), "Xvfb started a moment ago")
    let state = try SignalTests.consentedStateFolder()
    defer { try? FileManager.default.removeItem(at: state) }
    let photo = fixture("astronaut.png")
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display.name
    environment["EMOTIONS_STATE_DIR"] = state.path
    environment["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    environment.removeValue(forKey: "TMUX")
    environment.removeValue(forKey: "NO_COLOR")
    let link =
      "emotions://vision?source="
      + (photo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? photo)
    let terminal = try ChildProcess(
      [
        "/usr/bin/xterm", "-ti", "vt340", "-geometry", "120x40+0+0", "-fa", "Monospace", "-fs", "10",
        "-xrm", "XTerm*numColorRegisters: 256", "-e", DetectCommandTests.executable, "--open", link,
      ], environment: environment, mergesErrors: true)
    defer { terminal.end() }
    terminal.streamOutput { _ in }

    let source = try ImageDecoder().decode(contentsOfFile: photo)
    // Until xterm maps its window the screen is Xvfb's black root, which fills the whole
    // picture area: only a box of the photo's own size (give or take the dithered edge) counts.
    var found: (x: Range<Int>, y: Range<Int>)?
    var last: (x: Range<Int>, y: Range<Int>)?
    var shot: [UInt8] = []
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, found == nil {
      usleep(300_000)
      shot = try display.screenshot()
      last = Self.pictureBounds(in: shot, width: display.width, height: display.height)
      if let box = last, abs(box.x.count - source.width) <= 2, abs(box.y.count - source.height) <= 2 {
        found = box
      }
    }
    let seen = last.map { "\($0)" } ?? "none"
    let bounds = try #require(found, "no picture of the photo's size appeared (the last box seen: \(seen))")
    #expect(bounds.x.count == source.width && bounds.y.count == source.height, "\(bounds)")
    // The photo's pixels one to one, away from the face's box and label (sixel keeps 256
    // colors, dithered).
    let face = (x: 177, y: 66, width: 95, height: 95)
    var difference = 0
    var count = 0
    for y in stride(from: 0, to: source.height, by: 2) {
      for x in stride(from: 0, to: source.width, by: 2) {
        if x >= face.x - 8, x < face.x + face.width + 8, y >= face.y - 20, y < face.y + face.height + 8 {
          continue
        }
        let offset = ((bounds.y.lowerBound + y) * display.width + bounds.x.lowerBound + x) * 3
        let pixel = source[x, y]
        difference +=
          abs(Int(shot[offset]) - Int(pixel.red)) + abs(Int(shot[offset + 1]) - Int(pixel.green))
          + abs(Int(shot[offset + 2]) - Int(pixel.blue))
        count += 3
      }
    }
    #expect(Double(difference) / Double(count) < 12, "mean difference from the photo")
    // Half blocks would give a cell (about 10x20 pixels here) at most two colors; the picture
    // has many in almost every cell-sized patch.
    var detailed = 0
    var patches = 0
    for top in stride(from: 0, to: source.height - 20, by: 20) {
      for left in stride(from: 0, to: source.width - 10, by: 10) {
        var colors = Set<Int>()
        for y in top..<(top + 20) {
          for x in left..<(left + 10) {
            let offset = ((bounds.y.lowerBound + y) * display.width + bounds.x.lowerBound + x) * 3
            colors.insert(Int(shot[offset]) << 16 | Int(shot[offset + 1]) << 8 | Int(shot[offset + 2]))
          }
        }
        patches += 1
        if colors.count > 2 { detailed += 1 }
      }
    }
    #expect(Double(detailed) / Double(patches) > 0.9, "\(detailed) of \(patches) patches have detail")
  }

  /// The box of the picture in a screenshot: the longest run of rows, then of columns, of the
  /// picture area (left of the score panel, between the header and the status rows) in which
  /// most pixels are not the terminal's white background.
  static func pictureBounds(in shot: [UInt8], width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>)? {
    func isBackground(_ x: Int, _ y: Int) -> Bool {
      let offset = (y * width + x) * 3
      return shot[offset] > 245 && shot[offset + 1] > 245 && shot[offset + 2] > 245
    }
    func longestRun(_ range: Range<Int>, _ filled: (Int) -> Bool) -> Range<Int>? {
      var best: Range<Int>?
      var start: Int?
      for index in range.lowerBound...range.upperBound {
        if index < range.upperBound, filled(index) {
          if start == nil { start = index }
        } else if let first = start {
          if (best?.count ?? 0) < index - first { best = first..<index }
          start = nil
        }
      }
      return best
    }
    let columns = 4..<(width * 2 / 3)
    guard
      let rows = longestRun(30..<(height - 100), { y in columns.filter { !isBackground($0, y) }.count > 200 })
    else { return nil }
    guard
      let filled = longestRun(columns, { x in rows.filter { !isBackground(x, $0) }.count > rows.count / 2 })
    else { return nil }
    return (filled, rows)
  }
}
