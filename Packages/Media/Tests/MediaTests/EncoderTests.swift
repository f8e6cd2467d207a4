import Foundation
import Pixels
import System
import SystemTesting
import Testing

@testable import Media

@Suite("Saving frames")
struct FrameExportTests {
  func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "frame-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aPNGWrittenThroughLibpngDecodesToTheSamePixels() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var pixels: [UInt8] = []
    for y in 0..<5 { for x in 0..<7 { pixels += [UInt8(x * 30), UInt8(y * 50), UInt8((x + y) * 10)] } }
    let image = try RGBImage(width: 7, height: 5, pixels: pixels)
    let path = folder.appendingPathComponent("out.png").path
    try PNGEncoder.write(image, to: path)
    #expect(try ImageDecoder().decode(contentsOfFile: path) == image)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"], "no temporary left")
  }

  @Test func aJPEGWrittenThroughLibjpegTurboDecodesToNearlyTheSamePixels() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try ImageDecoder().decode(contentsOfFile: try TestFiles.fixture("astronaut.png"))
    let path = folder.appendingPathComponent("out.jpg").path
    try JPEGEncoder.write(image, to: path, quality: 92)
    let decoded = try ImageDecoder().decode(contentsOfFile: path)
    #expect(decoded.width == image.width && decoded.height == image.height)
    let error = zip(decoded.pixels, image.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    #expect(Double(error) / Double(image.pixels.count) < 4)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.jpg"])
    #expect(throws: MediaWriteError.self) { try JPEGEncoder.write(image, to: "/no/such/folder/out.jpg") }
  }

  @Test func aWriteThatMayNotReplaceKeepsTheFileThereEvenADanglingLink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try RGBImage(width: 2, height: 2, red: 9, green: 9, blue: 9)
    let path = folder.appendingPathComponent("kept.png").path
    try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
    let dangling = folder.appendingPathComponent("dangling.jpg").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/no/such/target.jpg")
    #expect(throws: MediaWriteError(path: path, kind: .png, reason: .exists)) {
      try PNGEncoder.write(image, to: path, replacing: false)
    }
    #expect(throws: MediaWriteError(path: dangling, kind: .jpeg, reason: .exists)) {
      try JPEGEncoder.write(image, to: dangling, replacing: false)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "/no/such/target.jpg")
    let fresh = folder.appendingPathComponent("fresh.png").path
    try PNGEncoder.write(image, to: fresh, replacing: false)
    #expect(try ImageDecoder().decode(contentsOfFile: fresh) == image)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "dangling.jpg", "fresh.png", "kept.png",
      ], "no temporary left")
  }

  @Test func aFolderThatIsNotThereIsATypedError() throws {
    let image = try RGBImage(width: 1, height: 1, red: 0, green: 0, blue: 0)
    #expect(throws: MediaWriteError.self) { try PNGEncoder.write(image, to: "/no/such/folder/out.png") }
  }
}
