import Foundation
import Media
import System
import Testing

@testable import FaceAnalysis

/// The session's saving alone: one frame at a time off the caller's thread, each outcome
/// reported.
@Suite("Frame saving")
struct FrameSavingTests {
  /// What `saving` reports for `frame`, waited for at most 20 s.
  static func outcome(of saving: FrameSaving, frame: RecognizedFrame) -> RecognitionEvent? {
    let reported = LockedValue<RecognitionEvent?>(nil)
    let done = DispatchSemaphore(value: 0)
    saving.save(frame, source: "clip.mp4") { event in
      reported.withLock { $0 = event }
      done.signal()
    }
    guard done.wait(timeout: .now() + 20) == .success else { return nil }
    return reported.withLock { $0 }
  }

  static func frame() throws -> RecognizedFrame {
    RecognizedFrame(
      index: 7, time: 0.7, name: "clip.mp4",
      image: try RGBImage(width: 8, height: 6, red: 1, green: 2, blue: 3),
      faces: [])
  }

  @Test func aSavedFrameIsReportedWithItsPath() throws {
    let folder = NSTemporaryDirectory() + "frame-saving-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let event = Self.outcome(of: FrameSaving(saver: FrameSaver(directory: folder)), frame: try Self.frame())
    guard case .saved(let path) = event else {
      Issue.record("saved, not \(String(describing: event))")
      return
    }
    #expect(path.hasPrefix(folder + "/"))
    let image = try ImageDecoder().decode(contentsOfFile: path)
    #expect(image.width == 8 && image.height == 6 && image[0, 0] == (1, 2, 3))
  }

  @Test func aFrameThatCannotBeSavedIsReportedWithTheReason() throws {
    let event = Self.outcome(
      of: FrameSaving(saver: FrameSaver(directory: "/no/such/folder")), frame: try Self.frame())
    guard case .saveFailed(let message) = event else {
      Issue.record("saveFailed, not \(String(describing: event))")
      return
    }
    #expect(message.contains("/no/such/folder"), "\(message)")
  }
}
