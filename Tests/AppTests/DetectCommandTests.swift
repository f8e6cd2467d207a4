import Foundation
import SystemTesting
import Testing

@testable import EmotionsApp

/// Runs the real `emotions` binary, as a script would.
@Suite("emotions detect", .serialized)
struct DetectCommandTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: [String]
  }

  /// The `emotions` executable built beside the test bundle.
  static let executable: String = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("emotions").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder.deleteLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/emotions").path
  }()

  static func run(
    _ arguments: [String], environment: [String: String] = [:], shell: String? = nil,
    deadline: Duration = .seconds(300)
  ) throws -> Run {
    var variables = ProcessInfo.processInfo.environment
    variables["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    variables.merge(environment) { $1 }
    let command = shell.map { ["/bin/bash", "-c", $0, executable] } ?? [executable]
    let result = try ChildProcess.run(command + arguments, environment: variables, deadline: deadline)
    return Run(
      status: result.status, output: String(decoding: result.output, as: UTF8.self),
      errors: String(decoding: result.errors, as: UTF8.self).split(separator: "\n").map(String.init))
  }

  /// A new empty folder.
  /// A new folder with the emotion model and BlazeFace's, and not SFace's.
  static func modelsWithoutSFace() throws -> URL {
    let folder = try emptyFolder()
    for model in ["emotion_model.hdf5", "face_detection_full_range.tflite"] {
      try FileManager.default.copyItem(
        atPath: repositoryRoot.appendingPathComponent("Models/\(model)").path,
        toPath: folder.appendingPathComponent(model).path)
    }
    return folder
  }

  static func emptyFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A folder of broken inputs, made fresh for each test.
  static func hostileFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let png = try Data(contentsOf: URL(fileURLWithPath: fixture("astronaut.png")))
    try png.prefix(png.count / 2).write(to: folder.appendingPathComponent("truncated.png"))
    try Data().write(to: folder.appendingPathComponent("empty.jpg"))
    var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    huge.append(contentsOf: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
    try huge.write(to: folder.appendingPathComponent("huge.png"))
    try Data("not a video at all".utf8).write(to: folder.appendingPathComponent("broken.mp4"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("no-images"), withIntermediateDirectories: true)
    try Data("text".utf8).write(to: folder.appendingPathComponent("no-images/readme.txt"))
    return folder
  }

  @Test func aPhotoAsJSON() throws {
    let run = try Self.run(["detect", "--json", fixture("astronaut.png")])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(object["source"] as? String == fixture("astronaut.png"))
    #expect(object["frame"] as? Int == 0)
    #expect(object["width"] as? Int == 512 && object["height"] as? Int == 512)
    let faces = try #require(object["faces"] as? [[String: Any]])
    #expect(faces.count == 1)
    #expect(faces.first?["emotion"] as? String == "happy")
    let scores = try #require(faces.first?["scores"] as? [String: Double])
    #expect(Set(scores.keys) == ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"])
    #expect(abs(scores.values.reduce(0, +) - 1) < 1e-4)
    #expect(lines[0].hasPrefix("{\"source\":"), "keys in the documented order")
  }

  @Test func embeddingsAreUnitVectorsThatTellPeopleApart() throws {
    // The astronaut twice (the photo and its JPEG copy) and the cameraman.
    let run = try Self.run(
      [
        "detect", "--json", "--embeddings", fixture("astronaut.png"), fixture("astronaut.jpg"),
        fixture("camera.png"),
      ])
    #expect(run.status == 0, "\(run.errors)")
    let embeddings = try run.output.split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let faces = try #require(object["faces"] as? [[String: Any]])
      let face = try #require(faces.first, "a face in \(object["source"] ?? "?")")
      return try #require(face["embedding"] as? [Double])
    }
    #expect(embeddings.count == 3)
    for embedding in embeddings {
      #expect(embedding.count == 128)
      #expect(abs(embedding.reduce(0) { $0 + $1 * $1 } - 1) < 1e-4)
    }
    let cosine = { (a: Int, b: Int) in zip(embeddings[a], embeddings[b]).reduce(0) { $0 + $1.0 * $1.1 } }
    #expect(cosine(0, 1) > 0.9)
    #expect(cosine(0, 2) < 0.3)
    // Without the flag, no face has one.
    let plain = try Self.run(["detect", "--json", fixture("astronaut.png")])
    #expect(!plain.output.contains("embedding"))
  }

  @Test func embeddingsNeedJSONAndTheirModelOnlyWhenAsked() throws {
    for format in ["table", "csv"] {
      let run = try Self.run(["detect", "--format", format, "--embeddings", fixture("astronaut.png")])
      #expect(run.status == 2)
      #expect(
        run.errors == ["emotions: --embeddings needs --json: a \(format) has no room for 128 numbers a face"])
    }
    let folder = try Self.modelsWithoutSFace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let withoutSFace = try Self.run([
      "detect", "--json", "--model-dir", folder.path, fixture("astronaut.png"),
    ])
    #expect(withoutSFace.status == 0 && withoutSFace.errors.isEmpty)
    let asked = try Self.run(
      ["detect", "--json", "--embeddings", "--model-dir", folder.path, fixture("astronaut.png")])
    #expect(asked.status == 1)
    #expect(asked.output.isEmpty)
    #expect(
      asked.errors.count == 1
        && asked.errors.first?.contains("face_recognition_sface_2021dec_int8bq.onnx not found") == true,
      "\(asked.errors)")
  }

  @Test func everyBrokenInputGetsOneLineAndTheOthersGoOn() throws {
    let folder = try Self.hostileFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    let inputs = [
      path("missing.png"), path("truncated.png"), fixture("astronaut.png"), path("empty.jpg"),
      path("huge.png"),
      path("broken.mp4"), path("no-images"),
    ]
    let run = try Self.run(["detect", "--json"] + inputs)
    #expect(run.status == 1)
    #expect(run.output.split(separator: "\n").count == 1, "the good photo still went through")
    #expect(run.errors.count == 6, "\(run.errors)")
    for (line, name) in zip(
      run.errors, ["missing.png", "truncated.png", "empty.jpg", "huge.png", "broken.mp4", "no-images"])
    {
      #expect(line.hasPrefix("emotions: ") && line.contains(name), "\(line)")
    }
  }

  /// One hostile input of the table: its file name, how to make it in a folder, and the exact
  /// line `detect` writes to stderr for it (nil when it is an image that decodes).
  struct HostileInput: Sendable {
    let name: String
    let make: @Sendable (URL) throws -> Void
    let error: String?
  }

  /// `count` bytes of a fixture.
  static func prefix(_ fixtureName: String, _ count: Int) -> @Sendable (URL) throws -> Void {
    { url in try Data(contentsOf: URL(fileURLWithPath: fixture(fixtureName))).prefix(count).write(to: url) }
  }

  /// A copy of a fixture under another name.
  static func copy(_ fixtureName: String) -> @Sendable (URL) throws -> Void {
    { url in try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture(fixtureName)), to: url) }
  }

  /// The JPEG fixture with its frame header (SOF0) claiming 60000x50000 pixels.
  static func hugeJPEG(_ url: URL) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("astronaut.jpg"))))
    guard let sof = (2..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xC3, 0x50])  // height, width
    try Data(bytes).write(to: url)
  }

  /// A PNG whose header (IHDR, with a valid CRC) claims 2147483647 x 2147483647 pixels.
  static func hugePNG(_ url: URL) throws {
    let header: [UInt8] = [
      0x49, 0x48, 0x44, 0x52, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0,
    ]
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in header {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    let bytes: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + header
      + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
    try Data(bytes).write(to: url)
  }

  /// Every kind of broken or tricky input, in the order they are given to `detect`.
  static let hostileInputs: [HostileInput] = [
    // Truncated at several offsets: inside the signature, the header, the first chunk, the data.
    HostileInput(
      name: "cut-8.png", make: prefix("astronaut.png", 8),
      error: "corrupt or truncated PNG: unexpected end of file (truncated PNG)"),
    HostileInput(
      name: "cut-33.png", make: prefix("astronaut.png", 33),
      error: "corrupt or truncated PNG: unexpected end of file (truncated PNG)"),
    HostileInput(
      name: "cut-400000.png", make: prefix("astronaut.png", 400_000),
      error: "corrupt or truncated PNG: unexpected end of file (truncated PNG)"),
    HostileInput(
      name: "cut-2.jpg", make: prefix("astronaut.jpg", 2), error: "not a JPEG, PNG, PPM or PGM image"),
    HostileInput(
      name: "cut-200.jpg", make: prefix("astronaut.jpg", 200),
      error: "corrupt or truncated JPEG: the data ends before the image size"),
    HostileInput(
      name: "cut-30000.jpg", make: prefix("astronaut.jpg", 30_000),
      error: "corrupt or truncated JPEG: Premature end of JPEG file"),
    HostileInput(
      name: "cut-15.ppm", make: prefix("astronaut.ppm", 15),
      error: "corrupt or truncated PPM: pixel data is truncated"),
    HostileInput(
      name: "cut-8.mp4", make: prefix("faces.mp4", 8),
      error: "ffmpeg cannot read it as a video: {path}: Invalid data found when processing input"),
    HostileInput(
      name: "cut-1000.mp4", make: prefix("faces.mp4", 1000),
      error: "ffmpeg cannot read it as a video: {path}: Invalid data found when processing input"),
    HostileInput(
      name: "cut-20000.mp4", make: prefix("faces.mp4", 20_000),
      error: "ffmpeg cannot read it as a video: {path}: Invalid data found when processing input"),
    // Wrong extensions: the content decides, so real images still decode.
    HostileInput(name: "png-named.jpg", make: copy("astronaut.png"), error: nil),
    HostileInput(name: "jpeg-named.png", make: copy("astronaut.jpg"), error: nil),
    HostileInput(
      name: "text.png", make: { try Data("hello, world\n".utf8).write(to: $0) },
      error: "not a JPEG, PNG, PPM or PGM image"),
    // Huge headers: refused from the header, before any pixel memory is allocated.
    HostileInput(
      name: "huge.png", make: hugePNG,
      error: "image of 2147483647x2147483647 pixels exceeds the limit of 100000000 pixels"),
    HostileInput(
      name: "huge.jpg", make: hugeJPEG,
      error: "image of 50000x60000 pixels exceeds the limit of 100000000 pixels"),
    HostileInput(
      name: "huge.ppm", make: { try Data("P6\n100000 100000\n255\n".utf8).write(to: $0) },
      error: "image of 100000x100000 pixels exceeds the limit of 100000000 pixels"),
    // Things that are not regular files. A named pipe with no writer would block a reader
    // forever: it must be refused without being opened for a blocking read.
    HostileInput(
      name: "loop.png",
      make: { url in
        let other = url.deletingLastPathComponent().appendingPathComponent("loop-other.png")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: other.path)
        try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: url.path)
      },
      error: "cannot read the file (Too many levels of symbolic links)"),
    HostileInput(
      name: "fifo.png", make: { #expect(mkfifo($0.path, 0o600) == 0) },
      error: "cannot read the file (a named pipe, not a regular file)"),
    HostileInput(
      name: "fifo.mp4", make: { #expect(mkfifo($0.path, 0o600) == 0) },
      error: "cannot read the file (a named pipe, not a regular file)"),
    HostileInput(
      name: "fifo", make: { #expect(mkfifo($0.path, 0o600) == 0) },
      error: "cannot read the file (a named pipe, not a regular file)"),
    // Names with spaces and other characters a shell would split or expand.
    HostileInput(name: "with space & $dollar.png", make: copy("astronaut.png"), error: nil),
  ]

  @Test func hostileInputsEachGetTheirOwnClearLine() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = Self.hostileInputs.map { folder.appendingPathComponent($0.name).path }
    for (input, path) in zip(Self.hostileInputs, paths) { try input.make(URL(fileURLWithPath: path)) }
    let run = try Self.run(["detect", "--json"] + paths)
    #expect(run.status == 1)
    let expected = zip(Self.hostileInputs, paths).compactMap { input, path in
      input.error.map { "emotions: \(path): " + $0.replacingOccurrences(of: "{path}", with: path) }
    }
    #expect(run.errors == expected)
    for (line, expectedLine) in zip(run.errors, expected) { #expect(line == expectedLine) }
    let decoded = run.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["source"] as? String
    }
    #expect(decoded == zip(Self.hostileInputs, paths).filter { $0.0.error == nil }.map(\.1))
  }

  /// A file the user may not read. Root reads any file whatever its mode, so when the tests
  /// run as root (as in CI) `detect` runs as the unprivileged user `nobody` through setpriv.
  @Test func aFileWithoutReadPermission() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let secret = folder.appendingPathComponent("secret.png")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("astronaut.png")), to: secret)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let asNobody = "exec setpriv --reuid=65534 --regid=65534 --clear-groups -- \"$0\" \"$@\""
    let run = try Self.run(
      ["detect", "--json", secret.path], environment: ["HOME": "/nonexistent"],
      shell: geteuid() == 0 ? asNobody : "exec \"$0\" \"$@\"")
    #expect(run.status == 1)
    #expect(run.errors == ["emotions: \(secret.path): cannot read the file (Permission denied)"])
    #expect(run.output.isEmpty)
  }

  /// File names that are not valid UTF-8 cannot be opened through Swift's `String` paths:
  /// `detect` says so, naming the file with its bad bytes escaped, and goes on.
  @Test func aFileNameThatIsNotUTF8() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Self.run(
      ["detect", "--json"],
      shell: "cd '\(folder.path)' && cp '\(fixture("astronaut.png"))' $'bad\\xff\\xfe name.png' && "
        + "exec \"$0\" \"$@\" $'bad\\xff\\xfe name.png' '\(fixture("astronaut.png"))'")
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "emotions: bad\\xFF\\xFE name.png: the file name is not valid UTF-8, which emotions cannot open; "
          + "rename it"
      ])
    #expect(run.output.split(separator: "\n").count == 1, "the next input still went through")
  }

  @Test func usageErrorsExitWithTwo() throws {
    #expect(try Self.run(["detect"]).status == 2)
    #expect(try Self.run(["detect", "--every", "0", "x"]).status == 2)
    #expect(try Self.run(["--frobnicate"]).errors.first == "emotions: unknown option --frobnicate")
  }

  @Test func aMissingModelIsOneClearLine() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("records.jsonl").path
    let run = try Self.run(
      ["detect", "--json", "--model-dir", "/nonexistent", fixture("astronaut.png"), "--output", output])
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.contains("Tools/setup") == true, "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: output), "nothing is left behind")
  }

  @Test func aCorruptModelLeavesNoOutputBehind() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("not a model".utf8).write(to: folder.appendingPathComponent("emotion_model.hdf5"))
    try FileManager.default.copyItem(
      atPath: repositoryRoot.appendingPathComponent("Models/face_detection_full_range.tflite").path,
      toPath: folder.appendingPathComponent("face_detection_full_range.tflite").path)
    let output = folder.appendingPathComponent("records.csv").path
    let run = try Self.run(
      ["detect", "--format", "csv", "--model-dir", folder.path, fixture("astronaut.png"), "--output", output])
    #expect(run.status == 1)
    #expect(
      run.errors.count == 1 && run.errors.first?.contains("emotion_model.hdf5") == true, "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: output), "the file it created, header and all, is gone")
  }

  @Test func withoutTheFFmpegExecutableVideosDecodeAndOnlyAnAnnotatedVideoFails() throws {
    let folder = try Self.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Frames decode in this process; only writing a video needs the executable.
    let decoded = try Self.run(
      ["detect", "--json", fixture("faces.mp4"), fixture("astronaut.png")],
      environment: ["PATH": "/nonexistent"])
    #expect(decoded.status == 0, "\(decoded.errors)")
    #expect(decoded.output.split(separator: "\n").count == 31)
    let annotated = try Self.run(
      ["detect", "--json", "--annotate", folder.path + "/out.mp4", fixture("faces.mp4")],
      environment: ["PATH": "/nonexistent"])
    #expect(annotated.status == 1)
    #expect(
      annotated.errors.count == 1 && annotated.errors[0].contains("ffmpeg is not installed"),
      "\(annotated.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func aClosedPipeEndsTheRunQuietlyWithoutLeftoverFFmpeg() throws {
    // A copy with a unique name, so no other ffmpeg on the machine is mistaken for ours.
    let video = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString).mp4")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("faces.mp4")), to: video)
    defer { try? FileManager.default.removeItem(at: video) }
    let run = try Self.run(
      ["detect", "--json", video.path],
      shell: "\"$0\" \"$@\" | head -1; status=${PIPESTATUS[0]}; sleep 0.3; "
        + "pgrep -f '[f]fmpeg.*\(video.lastPathComponent)' >/dev/null && echo LEFTOVER; exit $status")
    #expect(run.status == 0)
    #expect(run.errors.isEmpty, "\(run.errors)")
    #expect(run.output.split(separator: "\n").count == 1)
    #expect(!run.output.contains("LEFTOVER"))
  }

  /// Standard output closed before the start, not just a reader gone: the run ends at once,
  /// quietly, and starts no ffmpeg (whose pipe would have taken descriptor 1).
  @Test func aClosedStandardOutputEndsTheRunQuietly() throws {
    let video = FileManager.default.temporaryDirectory.appendingPathComponent(
      "closed-\(UUID().uuidString).mp4")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("faces.mp4")), to: video)
    defer { try? FileManager.default.removeItem(at: video) }
    let run = try Self.run(
      ["detect", "--json", video.path],
      shell: "\"$0\" \"$@\" >&-; status=$?; "
        + "pgrep -f '[f]fmpeg.*\(video.lastPathComponent)' >/dev/null && echo LEFTOVER; exit $status")
    #expect(run.status == 0)
    #expect(run.errors.isEmpty, "\(run.errors)")
    #expect(run.output.isEmpty)
  }

  @Test func aVideoFrameByFrameWithShardsAndATimeline() throws {
    let svg = FileManager.default.temporaryDirectory.appendingPathComponent(
      "timeline-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: svg) }
    let run = try Self.run(["detect", "--json", "--every", "5", "--timeline", svg.path, fixture("faces.mp4")])
    #expect(run.status == 0)
    let frames = run.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(frames.map { $0["frame"] as? Int } == [0, 5, 10, 15, 20, 25])
    #expect(frames.map { $0["time"] as? Double } == [0, 0.5, 1, 1.5, 2, 2.5])
    let drawing = try String(contentsOf: svg, encoding: .utf8)
    #expect(drawing.hasPrefix("<svg") && drawing.contains("</svg>"))
    #expect(
      drawing.contains("<polyline") && drawing.contains(">happy</text>") && drawing.contains("time (s)"))

    let all = [fixture("astronaut.png"), fixture("coffee.png"), fixture("group.png"), fixture("rocket.jpg")]
    let second = try Self.run(["detect", "--json", "--shard", "2/2"] + all)
    let sources = second.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["source"] as? String
    }
    #expect(sources == [fixture("coffee.png"), fixture("rocket.jpg")])
  }
}
