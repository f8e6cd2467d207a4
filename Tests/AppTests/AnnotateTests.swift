import FaceAnalysis
import Foundation
import Media
import SystemTesting
import Testing

@testable import EmotionsApp

/// `emotions detect --annotate`, run as a script would, its output judged by ffprobe,
/// ffmpeg's decoder and the image decoders, against the source's own pixels.
@Suite("detect --annotate", .serialized)
struct AnnotateTests {
  static func run(_ arguments: [String], shell: String? = nil) throws -> DetectCommandTests.Run {
    try DetectCommandTests.run(["detect"] + arguments, shell: shell)
  }

  static func faces(inJSON output: String) throws -> [Int: [(box: [Int], emotion: String)]] {
    var faces: [Int: [(box: [Int], emotion: String)]] = [:]
    for line in output.split(separator: "\n") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let frame = try #require(object["frame"] as? Int)
      let list = try #require(object["faces"] as? [[String: Any]])
      faces[frame] = list.map { ($0["box"] as? [Int] ?? [], $0["emotion"] as? String ?? "") }
    }
    return faces
  }

  /// The mean color of a rectangle of an RGB frame.
  static func mean(_ pixels: [UInt8], width: Int, x: Range<Int>, y: Range<Int>) -> [Double] {
    var sums = [0.0, 0.0, 0.0]
    for row in y {
      for column in x {
        for channel in 0..<3 { sums[channel] += Double(pixels[(row * width + column) * 3 + channel]) }
      }
    }
    return sums.map { $0 / Double(x.count * y.count) }
  }

  /// BT.601 brightness.
  static func luma(_ color: [Double]) -> Double { 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] }

  @Test func aVideoGetsEveryFrameAtItsRateWithTheBoxesOfTheLastRecognisedFrame() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let video = folder.appendingPathComponent("out.mp4").path
    let run = try Self.run(["--json", "--every", "5", fixture("faces.mp4"), "--annotate", video])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let source = try MediaTools.probe(fixture("faces.mp4"))
    let written = try MediaTools.probe(video)
    #expect(written["codec_name"] as? String == "h264")
    #expect(written["nb_read_frames"] as? String == source["nb_read_frames"] as? String)
    #expect(written["avg_frame_rate"] as? String == source["avg_frame_rate"] as? String)
    #expect(written["width"] as? Int == 640 && written["height"] as? Int == 360)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.mp4"])

    let faces = try Self.faces(inJSON: run.output)
    #expect(faces.keys.sorted() == [0, 5, 10, 15, 20, 25])
    // Frame 5 is recognised; frames 6 and 7 keep its boxes.
    let recognised = try #require(faces[5])
    try #require(!recognised.isEmpty)
    for index in [5, 7] {
      let decoded = try MediaTools.frame(index, of: video)
      let original = try MediaTools.frame(index, of: fixture("faces.mp4"))
      try #require(decoded.count == 640 * 360 * 3 && original.count == decoded.count)
      var covered = [Bool](repeating: false, count: 640 * 360)
      for face in recognised {
        let (x, y, w, h) = (face.box[0], face.box[1], face.box[2], face.box[3])
        let color = EmotionPalette.components(of: try #require(Emotion(rawValue: face.emotion)))
        let expected = [Double(color.red), Double(color.green), Double(color.blue)]
        // The outline is 2 px thick (640x360 / 180); its left and right edges, below the label.
        // H.264 keeps brightness at full resolution and color at half, so a 2-px line keeps its
        // brightness, while its color is mixed with its neighbours'; the pictures test checks
        // colors exactly, in a lossless PNG.
        // An edge tells only where the source's brightness differs from the colour's; at least
        // one of the two must (the face's other edge may lie on a patch as bright as it).
        var telling = 0
        for edge in [x..<(x + 2), (x + w - 2)..<(x + w)] {
          let found = Self.mean(decoded, width: 640, x: edge, y: (y + 4)..<(y + h - 4))
          let before = Self.mean(original, width: 640, x: edge, y: (y + 4)..<(y + h - 4))
          if abs(Self.luma(before) - Self.luma(expected)) > 15 { telling += 1 }
          #expect(abs(Self.luma(found) - Self.luma(expected)) < 10, "frame \(index) edge \(edge): \(found)")
        }
        #expect(telling > 0, "frame \(index): the source is as bright as the box's colour at both edges")
        // What the box and its label tab (above it) cover, with a margin for the codec.
        for row in max(0, y - 16)..<min(360, y + h + 3) {
          for column in max(0, x - 3)..<min(640, x + w + 80) { covered[row * 640 + column] = true }
        }
      }
      var difference = 0
      var count = 0
      for pixel in 0..<(640 * 360) where !covered[pixel] {
        for channel in 0..<3 {
          difference += abs(Int(decoded[pixel * 3 + channel]) - Int(original[pixel * 3 + channel]))
        }
        count += 3
      }
      #expect(Double(difference) / Double(count) < 3, "frame \(index): elsewhere the source's pixels")
    }
  }

  @Test func theAudioIsCopiedOrReencodedWhereMP4CannotHoldIt() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, codec) in [("speech", "aac"), ("voice", "flac")] {
      _ = try MediaTools.output([
        "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=15:duration=1",
        "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:v", "libx264", "-c:a", codec,
        folder.appendingPathComponent("\(name).mkv").path,
      ])
    }
    let out = folder.appendingPathComponent("annotated/").path
    let run = try Self.run([
      "--json", folder.appendingPathComponent("speech.mkv").path,
      folder.appendingPathComponent("voice.mkv").path,
      "--annotate", out,
    ])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty, "\(run.errors)")
    for name in ["speech", "voice"] {
      let written = folder.appendingPathComponent("annotated/\(name).mp4").path
      #expect(try MediaTools.probe(written, stream: "a")["codec_name"] as? String == "aac")
      #expect(try MediaTools.probe(written)["nb_read_frames"] as? String == "15")
    }
  }

  @Test func imagesBecomePicturesNamedAfterThemWithTheBoxDrawn() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("pictures").path
    let run = try Self.run([
      "--json", fixture("astronaut.png"), fixture("rocket.jpg"), fixture("camera.pgm"), "--annotate", out,
    ])
    #expect(run.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
        "astronaut.png", "camera.png", "rocket.jpg",
      ])
    let decoder = ImageDecoder()
    let original = try decoder.decode(contentsOfFile: fixture("astronaut.png"))
    let annotated = try decoder.decode(contentsOfFile: out + "/astronaut.png")
    let face = try #require(try Self.faces(inJSON: String(run.output.split(separator: "\n")[0]))[0]?.first)
    let (x, y, w, h) = (face.box[0], face.box[1], face.box[2], face.box[3])
    let color = EmotionPalette.components(of: try #require(Emotion(rawValue: face.emotion)))
    // PNG is lossless: the box's own pixels are its color, everything away from it the photo's.
    #expect(annotated[x, y + h / 2] == color && annotated[x + w - 1, y + h / 2] == color)
    #expect(annotated[x + w / 2, y + h - 1] == color)
    #expect(annotated[x + w / 2, y + h / 2] == original[x + w / 2, y + h / 2])
    var outside = 0
    var same = 0
    for row in 0..<original.height where row < y - 20 || row > y + h + 2 {
      for column in 0..<original.width {
        outside += 1
        if annotated[column, row] == original[column, row] { same += 1 }
      }
    }
    #expect(outside > 0 && same == outside)
    let jpeg = try decoder.decode(contentsOfFile: out + "/rocket.jpg")
    let rocket = try decoder.decode(contentsOfFile: fixture("rocket.jpg"))
    #expect(jpeg.width == rocket.width && jpeg.height == rocket.height)
    let error = zip(jpeg.pixels, rocket.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    #expect(Double(error) / Double(jpeg.pixels.count) < 4, "no face: the JPEG is the photo again")
  }

  @Test func aVideoFileTakesOnlyOneVideo() throws {
    let run = try Self.run([fixture("astronaut.png"), "--annotate", "/tmp/emotions-never.mp4"])
    #expect(run.status == 2)
    #expect(run.errors.count == 1 && run.errors[0].contains("--annotate /tmp/emotions-never.mp4"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/emotions-never.mp4"))
  }

  @Test func aVideoFFmpegCannotWriteIsOneLineAndNoFile() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let video = folder.appendingPathComponent("out.nosuchformat").path
    let run = try Self.run(["--json", fixture("faces.mp4"), "--annotate", video])
    #expect(run.status == 1)
    #expect(run.errors.count == 1 && run.errors[0].contains("cannot write the video"), "\(run.errors)")
    #expect(run.output.split(separator: "\n").count == 30, "the results are all there")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func aReaderThatGoesAwayLeavesNoHalfVideo() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let video = folder.appendingPathComponent("out.mp4").path
    let run = try Self.run(
      ["--json", fixture("faces.mp4"), "--annotate", video],
      shell: #""$0" "$@" | true; exit "${PIPESTATUS[0]}""#)
    #expect(run.status == 0)
    #expect(
      run.errors.count == 1 && run.errors[0].contains("not written, the output closed"), "\(run.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func anInterruptReapsFFmpegAndRemovesTheUnfinishedVideo() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let video = folder.appendingPathComponent("long.mp4").path
    var environment = ProcessInfo.processInfo.environment
    environment["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    let child = try ChildProcess(
      [
        DetectCommandTests.executable, "detect", "--json", "lavfi:testsrc2=size=320x240:rate=30:duration=60",
        "--annotate", video,
      ], environment: environment)
    defer { child.end() }
    child.streamOutput { _ in }
    // Wait (at most 30 s) until ffmpeg writes the temporary file, then interrupt.
    let deadline = Date().addingTimeInterval(30)
    var started = false
    while Date() < deadline, !started {
      started = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains {
        $0.hasPrefix(".long.mp4.")
      }
      if !started { usleep(20_000) }
    }
    try #require(started)
    let encoders = childProcesses(of: child.pid).filter { $0.command == "ffmpeg" }
    #expect(encoders.count == 1, "the encoder: frames decode in this process")
    child.send(SIGINT)
    let status = child.waitForExit()
    #expect(status == 128 + SIGINT || status == SIGINT, "ended by the signal: \(status)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    #expect(encoders.allSatisfy { !isAlive($0.pid) })
  }
}
