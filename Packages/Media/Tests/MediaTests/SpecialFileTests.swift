import Foundation
import Pixels
import SystemTesting
import Testing

@testable import Media

/// Paths that are not regular files, and headers cut short: each is refused with one clear
/// line, and nothing blocks (regressions found by the hostile-inputs table of `emotions detect`).
@Suite struct SpecialFileTests {
  private static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "faceanalysis-special-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A named pipe without a writer blocks whoever opens it for a blocking read: the decoder
  /// and the frame sources refuse it instead, whatever its extension.
  @Test(arguments: ["pipe.png", "pipe.mp4", "pipe"])
  func aNamedPipeIsRefusedWithoutBlocking(name: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    #expect(mkfifo(path, 0o600) == 0)
    let expected = ImageError.unreadable(path: path, reason: "a named pipe, not a regular file")
    #expect(throws: expected) { try ImageDecoder().decode(contentsOfFile: path) }
    #expect(FrameSourceFactory.locate(path)?.kind == .image)
    let source = try FrameSourceFactory.open(path)
    defer { source.close() }
    #expect(throws: FrameSourceError.image(expected)) { try source.next() }
  }

  @Test func aSymbolicLinkLoopIsNamedAsSuch() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.png").path
    let second = folder.appendingPathComponent("b.png").path
    try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
    try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
    #expect(throws: ImageError.unreadable(path: first, reason: "Too many levels of symbolic links")) {
      try ImageDecoder().decode(contentsOfFile: first)
    }
    #expect(FrameSourceFactory.locate(first)?.kind == .image, "not reported as missing")
  }

  @Test func aJPEGCutBeforeItsFrameHeaderSaysSo() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: try TestFiles.fixture("astronaut.jpg"))).prefix(200)
    #expect(
      throws: ImageError.corrupt(
        path: "cut.jpg", format: "JPEG", detail: "the data ends before the image size")
    ) { try ImageDecoder().decode(bytes, name: "cut.jpg") }
  }
}
