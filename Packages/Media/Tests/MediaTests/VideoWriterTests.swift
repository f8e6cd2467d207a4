import Foundation
import Pixels
import System
import SystemTesting
import Testing

@testable import Media

/// The ffmpeg encoder child: what it writes is read back by ``VideoSource`` (FFmpeg's
/// libraries in this process, an independent decode), and it is reaped on every path.
@Suite("Writing videos")
struct VideoWriterTests {
  static func gray(_ level: UInt8, width: Int = 64, height: Int = 48) throws -> RGBImage {
    try RGBImage(width: width, height: height, red: level, green: level, blue: level)
  }

  @Test func framesComeBackInOrderAtTheRateGiven() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.mp4"
    let writer = try VideoWriter(path: path, width: 64, height: 48, frameRate: FrameRate(framesPerSecond: 15))
    let levels: [UInt8] = [20, 80, 140, 200, 250]
    for level in levels { try writer.write(try Self.gray(level)) }
    try writer.finish()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.mp4"])
    let source = try VideoSource(input: path, kind: .video)
    #expect(source.frameRate == FrameRate(framesPerSecond: 15) && source.width == 64 && source.height == 48)
    var read: [Double] = []
    while let frame = try source.next() {
      read.append(Double(frame.image.pixels.reduce(0) { $0 + Int($1) }) / Double(frame.image.pixels.count))
    }
    #expect(read.count == levels.count)
    #expect(zip(read, levels).allSatisfy { abs($0 - Double($1)) < 3 }, "\(read)")
  }

  @Test func anOddSizeIsPaddedToEvenSides() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let writer = try VideoWriter(
      path: folder + "/odd.mp4", width: 33, height: 21, frameRate: FrameRate(framesPerSecond: 10))
    try writer.write(try Self.gray(100, width: 33, height: 21))
    try writer.finish()
    let source = try VideoSource(input: folder + "/odd.mp4", kind: .video)
    #expect(source.width == 34 && source.height == 22)
  }

  @Test func aVideoThatMayNotReplaceKeepsAFileThatAppearedMeanwhile() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let writer = try VideoWriter(
      path: folder + "/taken.mp4", width: 64, height: 48, frameRate: FrameRate(framesPerSecond: 10),
      replacing: false)
    try writer.write(try Self.gray(100))
    try Data("someone else's".utf8).write(to: URL(fileURLWithPath: folder + "/taken.mp4"))
    #expect(throws: MediaWriteError(path: folder + "/taken.mp4", kind: .video, reason: .exists)) {
      try writer.finish()
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/taken.mp4")) == Data("someone else's".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken.mp4"])
  }

  @Test func cancellingReapsFFmpegAndLeavesNothing() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let writer = try VideoWriter(
      path: folder + "/gone.mp4", width: 64, height: 48, frameRate: FrameRate(framesPerSecond: 10))
    try writer.write(try Self.gray(10))
    let pid = try #require(writer.processIdentifier)
    writer.cancel()
    #expect(writer.processIdentifier == nil)
    #expect(!Subprocess.isAlive(pid), "ffmpeg is gone and reaped")
    #expect(!ProcessCleanup.runningChildren.contains(pid))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    #expect(!ProcessCleanup.pendingPartialFiles.contains(folder + "/gone.mp4"))
  }

  @Test func aWriterReleasedUnfinishedLeavesNothing() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var pid: Int32?
    do {
      let writer = try VideoWriter(
        path: folder + "/dropped.mp4", width: 64, height: 48, frameRate: FrameRate(framesPerSecond: 10))
      try writer.write(try Self.gray(10))
      pid = writer.processIdentifier
    }
    let child = try #require(pid)
    #expect(!Subprocess.isAlive(child))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test func aFrameOfAnotherSizeAndAnUnknownFormatAreFailures() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let writer = try VideoWriter(
      path: folder + "/size.mp4", width: 64, height: 48, frameRate: FrameRate(framesPerSecond: 10))
    #expect(throws: MediaWriteError.self) { try writer.write(try Self.gray(10, width: 32, height: 32)) }
    let unknown = try VideoWriter(
      path: folder + "/out.nosuchformat", width: 640, height: 480, frameRate: FrameRate(framesPerSecond: 10))
    let failure = #expect(throws: MediaWriteError.self) {
      for _ in 0..<5 { try unknown.write(try Self.gray(10, width: 640, height: 480)) }
      try unknown.finish()
    }
    #expect(failure?.path == folder + "/out.nosuchformat")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    #expect(throws: MediaWriteError.self) {
      try VideoWriter(
        path: folder + "/x.mp4", width: 8, height: 8, frameRate: FrameRate(framesPerSecond: 10),
        ffmpeg: "no-such-ffmpeg")
    }
  }

  @Test func theAudioCodecIsReadAsFFmpegWroteIt() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = ProcessInfo.processInfo.environment
    for (name, audio) in [
      ("with.mp4", ["-c:a", "aac"]), ("with.mkv", ["-c:a", "flac"]), ("without.mp4", ["-an"]),
    ] {
      let made = try ChildProcess.run(
        [
          "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=duration=0.5:size=32x32:rate=10",
          "-f", "lavfi", "-i", "sine=duration=0.5", "-shortest",
        ] + audio + [folder + "/" + name], environment: environment)
      try #require(made.status == 0, "ffmpeg could not make \(name)")
    }
    #expect(VideoWriter.audioCodec(of: folder + "/with.mp4") == "aac")
    #expect(VideoWriter.audioCodec(of: folder + "/with.mkv") == "flac")
    #expect(VideoWriter.audioCodec(of: folder + "/without.mp4") == nil)
    try Data("not a video".utf8).write(to: URL(fileURLWithPath: folder + "/garbage.mp4"))
    #expect(VideoWriter.audioCodec(of: folder + "/garbage.mp4") == nil)
  }

  @Test func audioThatTheContainerCannotHoldIsReencoded() {
    #expect(VideoWriter.audioCodecFitting("aac", container: "mp4") == "copy")
    #expect(VideoWriter.audioCodecFitting("flac", container: "mp4") == "aac")
    #expect(VideoWriter.audioCodecFitting("flac", container: "mkv") == "copy")
    #expect(VideoWriter.audioCodecFitting("aac", container: "webm") == "libopus")
  }
}
