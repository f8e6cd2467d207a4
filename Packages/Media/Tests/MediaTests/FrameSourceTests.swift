import Foundation
import MediaTesting
import Pixels
import System
import SystemTesting
import Testing

@testable import Media

@Suite("Frame sources", .serialized)
struct FrameSourceTests {
  @Test("An input is located once: its kind, whether it streams, nil when nothing is there")
  func locating() throws {
    let image = try TestFiles.fixture("camera.pgm")
    let folder = (image as NSString).deletingLastPathComponent
    #expect(FrameSourceFactory.locate(image) == FrameSourceLocator(input: image, kind: .image))
    #expect(FrameSourceFactory.locate(folder)?.kind == .folder)
    #expect(FrameSourceFactory.locate(try TestFiles.fixture("faces.mp4"))?.kind == .video)
    #expect(FrameSourceFactory.locate("/dev/video7")?.kind == .camera)
    #expect(FrameSourceFactory.locate("lavfi:testsrc")?.kind == .lavfi)
    #expect(FrameSourceFactory.locate("@inputs.txt")?.kind == .list)
    #expect(FrameSourceFactory.locate(folder + "/no such file.png") == nil)
    let streams = [FrameSourceKind.image, .folder, .list, .video, .camera, .lavfi].filter {
      FrameSourceLocator(input: "x", kind: $0).isStream
    }
    #expect(streams == [.video, .camera, .lavfi])
    #expect(try FrameSourceFactory.open(image).frameRate == .unknown)
  }

  @Test("Frames are ffmpeg's own: the bytes `ffmpeg -f rawvideo -pix_fmt rgb24` writes, turned clips upright")
  func framesMatchFFmpeg() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A clip whose picture shows which way is up, and copies whose display matrix turns it.
    let clip = folder + "/clip.mp4"
    let writer = try VideoWriter(path: clip, width: 96, height: 64, frameRate: FrameRate(framesPerSecond: 10))
    for shift in 0..<3 {
      let pixels = (0..<(96 * 64)).flatMap { index -> [UInt8] in
        let (row, column) = index.quotientAndRemainder(dividingBy: 96)
        return [UInt8(column * 2 + shift * 20), UInt8(row * 3), UInt8(row < 16 && column < 24 ? 250 : 20)]
      }
      try writer.write(try RGBImage(width: 96, height: 64, pixels: pixels))
    }
    try writer.finish()
    // Upright and 16 pixels a block, a frame is converted in place; 70 wide, it is copied.
    var inputs = [
      try TestFiles.fixture("faces.mp4"), clip, "lavfi:testsrc=duration=0.4:size=64x48:rate=5",
      "lavfi:testsrc=duration=0.4:size=70x48:rate=5,format=yuv420p",
    ]
    for turns in 1...3 {
      let turned = folder + "/turned-\(turns).mp4"
      try Self.withDisplayMatrix(turning: turns, clip, into: turned)
      inputs.append(turned)
    }
    for input in inputs {
      let source = try FrameSourceFactory.open(input)
      let (frames, errors) = source.drain()
      #expect(errors.isEmpty, "\(input)")
      let graph = input.hasPrefix("lavfi:")
      let arguments =
        ["-nostdin", "-v", "error"]
        + (graph ? ["-f", "lavfi", "-i", String(input.dropFirst(6))] : ["-i", input])
        + ["-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
      let reference = try ChildProcess.run(
        ["ffmpeg"] + arguments, environment: ProcessInfo.processInfo.environment)
      guard reference.status == 0 else {
        Issue.record("ffmpeg could not decode \(input)")
        continue
      }
      let expected = reference.output
      #expect(frames.count == (input == inputs[0] ? 30 : graph ? 2 : 3), "\(input)")
      // Compared as one Bool: a failing expectation on two large collections would diff them.
      let decoded = Data(frames.flatMap(\.image.pixels))
      let same = decoded == expected
      let firstDifference = same ? nil : zip(decoded, expected).enumerated().first { $1.0 != $1.1 }?.offset
      #expect(
        same,
        "\(input): \(decoded.count) bytes against \(expected.count), first difference at \(firstDifference ?? -1)"
      )
      let sideways = input.hasSuffix("-1.mp4") || input.hasSuffix("-3.mp4")
      if input.contains("turned") {
        #expect(frames.first.map { [$0.image.width, $0.image.height] } == (sideways ? [64, 96] : [96, 64]))
      }
    }
  }

  /// Copies an MP4 whose track has an identity display matrix, with a matrix that shows it
  /// turned `turns` quarter turns clockwise, as a phone records it.
  static func withDisplayMatrix(turning turns: Int, _ path: String, into copy: String) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let header = try #require(
      (0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("tkhd".utf8) })
    // Version 0: the matrix follows 40 bytes of flags, times, track id, duration and layer.
    #expect(bytes[header + 4] == 0)
    let (one, minus): (UInt32, UInt32) = (0x1_0000, 0xFFFF_0000)
    let matrices: [Int: [UInt32]] = [
      1: [0, one, 0, minus, 0, 0], 2: [minus, 0, 0, 0, minus, 0], 3: [0, minus, 0, one, 0, 0],
    ]
    let matrix = try #require(matrices[turns]) + [0, 0, 0x4000_0000]
    for (offset, value) in matrix.enumerated() {
      for byte in 0..<4 {
        bytes[header + 44 + offset * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
      }
    }
    try Data(bytes).write(to: URL(fileURLWithPath: copy))
  }

  @Test(
    "Each frame's time is its own presentation time, in a variable-frame-rate clip too", arguments: [1, 3])
  func presentationTimes(every: Int) throws {
    // make-fixtures shows frame N at N/10 s, then from frame 10 at 1 + (N - 10)/5 s: the
    // container's average rate (300/47 fps) would put frame 20 at 3.13 s instead of 3.
    let source = try FrameSourceFactory.open(
      try TestFiles.fixture("faces-vfr.mp4"), options: FrameSourceOptions(every: every))
    let (frames, errors) = source.drain()
    #expect(errors.isEmpty)
    let indices = Array(stride(from: 0, to: 30, by: every))
    #expect(frames.map(\.index) == indices)
    for (frame, index) in zip(frames, indices) {
      let expected = index < 10 ? Double(index) / 10 : 1 + Double(index - 10) / 5
      #expect(abs((frame.time ?? -1) - expected) < 1e-9, "frame \(index): \(frame.time ?? -1)")
    }
  }

  @Test("A bare motion-JPEG stream is a video with neither times nor a rate: counted at 25 fps, said once")
  func motionJPEG() throws {
    // make-fixtures writes 20 JPEG pictures one after another; ffmpeg's rate is its own guess.
    let clip = try TestFiles.fixture("faces-norate.mjpeg")
    #expect(FrameSourceFactory.locate(clip)?.kind == .video, "not the first picture alone")
    let notes = NoteCollector()
    let source = try FrameSourceFactory.open(
      clip, options: FrameSourceOptions(every: 3, onNote: { notes.add($0) }))
    #expect(source.frameRate == .unknown)
    let (frames, errors) = source.drain()
    #expect(errors.isEmpty)
    #expect(frames.map(\.index) == Array(stride(from: 0, to: 20, by: 3)))
    #expect(frames.map(\.time) == frames.map { Double($0.index) / 25 })
    #expect(
      notes.all == [
        clip + ": the stream gives neither frame times nor a frame rate: its frames are counted at 25 fps"
      ])
  }

  @Test("Frames without times are counted at the rate, and without a rate at 25 fps, said once")
  func countedTimes() {
    var timed = FrameClock(timeBase: (1, 1000), frameRate: FrameRate(framesPerSecond: 10))
    timed.noteDecoded(tick: 500)
    #expect(timed.time(ofFrame: 3, tick: 1_700).seconds == 1.2, "its own time less the first frame's")
    #expect(timed.time(ofFrame: 4, tick: nil).seconds == 0.4, "a frame without a time, at the rate")
    var untimed = FrameClock(timeBase: (0, 0), frameRate: .unknown)
    untimed.noteDecoded(tick: 7)
    let first = untimed.time(ofFrame: 0, tick: 7)
    let second = untimed.time(ofFrame: 5, tick: nil)
    #expect(first.seconds == 0 && second.seconds == 0.2)
    #expect(
      first.note == "the stream gives neither frame times nor a frame rate: its frames are counted at 25 fps")
    #expect(second.note == nil, "said once")
  }

  @Test("lavfi graphs are inputs too")
  func lavfi() throws {
    let source = try FrameSourceFactory.open("lavfi:testsrc=duration=1:size=64x48:rate=5")
    #expect(source.kind == .lavfi)
    #expect(source.kind == .lavfi && source.frameRate == FrameRate(framesPerSecond: 5))
    #expect(source.summary == "lavfi:testsrc=duration=1:size=64x48:rate=5 (lavfi, 64x48, 5 fps)")
    let (frames, errors) = source.drain()
    #expect(errors.isEmpty)
    #expect(frames.count == 5)
    #expect(frames.map(\.index) == [0, 1, 2, 3, 4])
    #expect(frames.last?.time == 0.8)
    #expect(frames.first?.image.width == 64 && frames.first?.image.height == 48)
  }

  @Test(
    "A video decodes in this process: no child, and the file is let go at the end, on close and on release")
  func inProcess() throws {
    let folder = try TestFiles.temporaryFolder().path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/own.mp4"
    try FileManager.default.copyItem(atPath: try TestFiles.fixture("faces.mp4"), toPath: path)
    /// Whether the process (this one by default) has the copy open.
    func isHeld(by process: String = "self") -> Bool {
      let folder = "/proc/\(process)/fd"
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return descriptors.contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path
      }
    }
    let closed = try VideoSource(input: path, kind: .video)
    _ = try closed.next()
    #expect(isHeld() && closed.isOpen)
    #expect(!ProcessCleanup.runningChildren.contains { isHeld(by: "\($0)") })
    closed.close()
    #expect(!isHeld() && !closed.isOpen)
    #expect(try closed.next() == nil)
    var released: VideoSource? = try VideoSource(input: path, kind: .video)
    _ = try released?.next()
    #expect(isHeld())
    released = nil
    #expect(!isHeld())
    let drained = try VideoSource(input: path, kind: .video, options: FrameSourceOptions(every: 10))
    #expect(drained.drain().frames.map(\.index) == [0, 10, 20])
    #expect(!isHeld() && !drained.isOpen)
  }

  @Test("Folders: sorted images, notes for other files, bad images reported and skipped")
  func folder() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manager = FileManager.default
    try manager.copyItem(
      atPath: try TestFiles.fixture("camera.pgm"), toPath: folder.appendingPathComponent("b.pgm").path)
    try manager.copyItem(
      atPath: try TestFiles.fixture("astronaut.ppm"), toPath: folder.appendingPathComponent("a.ppm").path)
    try Data("notes".utf8).write(to: folder.appendingPathComponent("readme.txt"))
    try Data([0xFF, 0xD8, 0xFF, 0x00]).write(to: folder.appendingPathComponent("c.jpg"))
    try manager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let notes = NoteCollector()
    let source = try FrameSourceFactory.open(
      folder.path, options: FrameSourceOptions(onNote: { notes.add($0) }))
    #expect(source.kind == .folder)
    #expect(source.expectedFrameCount == 3)
    #expect(source.slidePaths.count == 3 && source.frameRate == .unknown)
    #expect(source.summary == "\(folder.path) (folder, 3 images)")
    let (frames, errors) = source.drain()
    #expect(frames.map { ($0.source as NSString).lastPathComponent } == ["a.ppm", "b.pgm"])
    #expect(frames.allSatisfy { $0.index == 0 && $0.time == nil })
    #expect(errors.count == 1)
    #expect(errors.first?.description.hasPrefix(folder.appendingPathComponent("c.jpg").path) == true)
    #expect(notes.all.count == 1 && notes.all.first?.contains("readme.txt") == true)

    let empty = folder.appendingPathComponent("sub").path
    #expect(throws: FrameSourceError.noImages(folder: empty)) { try FrameSourceFactory.open(empty) }

    // Images the options skip are not read, in a folder or a list, and nothing else changes.
    let skipped = folder.appendingPathComponent("a.ppm").path
    var options = FrameSourceOptions()
    options.skipsImage = { $0 == skipped }
    let rest = (try FrameSourceFactory.open(folder.path, options: options)).drain()
    #expect(rest.frames.map { ($0.source as NSString).lastPathComponent } == ["b.pgm"])
    #expect(rest.errors.count == 1)
    let listed = FrameSourceFactory.open(
      [skipped, folder.appendingPathComponent("b.pgm").path], options: options
    ).drain()
    #expect(listed.frames.map { ($0.source as NSString).lastPathComponent } == ["b.pgm"])
  }

  @Test("Bad inputs are one-line typed errors naming the input")
  func badInputs() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.mp4").path
    #expect(throws: FrameSourceError.notFound(path: missing)) { try FrameSourceFactory.open(missing) }
    #expect(throws: FrameSourceError.notFound(path: "/dev/video987")) {
      try FrameSourceFactory.open("/dev/video987")
    }

    let garbage = folder.appendingPathComponent("garbage.mp4").path
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: URL(fileURLWithPath: garbage))
    do {
      _ = try FrameSourceFactory.open(garbage)
      Issue.record("opened garbage as a video")
    } catch {
      guard case .unreadableVideo(let path, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == garbage)
      #expect(!error.description.contains("\n"))
    }

    let empty = folder.appendingPathComponent("empty.mp4").path
    try Data().write(to: URL(fileURLWithPath: empty))
    #expect(throws: FrameSourceError.image(.emptyFile(path: empty))) {
      try FrameSourceFactory.open(empty).next()
    }

    let video = try TestFiles.fixture("faces.mp4")
    #expect(throws: FrameSourceError.tooLarge(path: video, width: 640, height: 360, limit: 1000)) {
      try FrameSourceFactory.open(video, options: FrameSourceOptions(maxPixels: 1000))
    }
    #expect(throws: FrameSourceError.invalidOption("--every must be at least 1 (got 0)")) {
      try FrameSourceFactory.open(video, options: FrameSourceOptions(every: 0))
    }
  }

  @Test("Lists: inputs one after another, a failing input reported once")
  func list() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = try TestFiles.fixture("camera.pgm")
    let missing = folder.appendingPathComponent("nope.png").path
    let listFile = folder.appendingPathComponent("inputs.txt")
    try "# inputs\n\(image)\n\n\(missing)\nlavfi:testsrc=duration=0.4:size=32x32:rate=5\n".write(
      to: listFile, atomically: true, encoding: .utf8)
    let source = try FrameSourceFactory.open("@" + listFile.path)
    #expect(source.kind == .list)
    #expect(source.kind == .list && source.frameRate == .unknown)
    #expect(source.summary == "\(image), \(missing), lavfi:testsrc=duration=0.4:size=32x32:rate=5 (list)")
    let (frames, errors) = source.drain()
    #expect(
      frames.map(\.source) == [
        image, "lavfi:testsrc=duration=0.4:size=32x32:rate=5", "lavfi:testsrc=duration=0.4:size=32x32:rate=5",
      ])
    #expect(errors == [.notFound(path: missing)])
    #expect(FrameSourceFactory.open([image, image]).drain().frames.count == 2)
  }
}

/// Notes collected from a frame source.
final class NoteCollector: Sendable {
  private let notes = LockedValue<[String]>([])

  func add(_ note: String) {
    notes.withLock { $0.append(note) }
  }

  var all: [String] { notes.withLock { $0 } }
}
