import Foundation

/// A video file, a V4L2 camera or an ffmpeg `lavfi` graph, decoded by an `ffmpeg` child
/// process into raw RGB frames (`-f rawvideo -pix_fmt rgb24`). Size and frame rate come from
/// `ffprobe`, so the pixel limit is checked before this process reads a frame; for files and
/// graphs ffmpeg starts beside ffprobe, as each takes a tenth of a second or more to load its
/// libraries (a camera waits for the probe to let go of it). With `every` N,
/// ffmpeg's `select` filter keeps frames 0, N, 2N, … and each keeps its original index.
///
/// The child is always reaped: at the end of the stream, on an error, on `close()` and when
/// the source is released. If this process dies first, the child's next write fails on the
/// closed pipe and it exits too.
public final class VideoSource: FrameSource {
  /// The input as given.
  public let name: String
  /// `.video`, `.camera` or `.lavfi`.
  public let kind: FrameSourceKind
  /// The frame count ffprobe reports for files, divided by `every`; nil for cameras and graphs.
  public let expectedFrameCount: Int?
  /// Frame width in pixels.
  public let width: Int
  /// Frame height in pixels.
  public let height: Int
  /// Frames per second (0 when ffprobe does not know).
  public let frameRate: Double
  /// The frame rate as ffprobe gave it, a fraction such as `30000/1001`; nil when unknown.
  public let frameRateFraction: String?
  /// A file plays at its frame rate and ends; a camera or a graph runs live.
  public var playback: Playback {
    let framesPerSecond = frameRate > 0 ? frameRate : nil
    return kind == .video
      ? .video(framesPerSecond: framesPerSecond)
      : .live(framesPerSecond: framesPerSecond, isCamera: kind == .camera)
  }
  /// `clip.mp4 (video, 640x360, 25 fps)`; without the rate when ffprobe does not know it.
  public var summary: String {
    let rate = frameRate > 0 ? String(format: ", %g fps", frameRate) : ""
    return "\(name) (\(kind.rawValue), \(width)x\(height)\(rate))"
  }
  /// The ffmpeg arguments, for diagnostics.
  public let arguments: [String]

  private let every: Int
  private let ffmpeg: String
  private var child: ToolRunner.Running?
  private var produced = 0
  private var finished = false

  /// Probes the input; ffmpeg starts at the same time for files and graphs, with the first
  /// `next()` for cameras.
  public init(
    input: String, kind: FrameSourceKind, options: FrameSourceOptions = FrameSourceOptions()
  )
    throws(FrameSourceError)
  {
    guard options.every >= 1 else {
      throw FrameSourceError.invalidOption("--every must be at least 1 (got \(options.every))")
    }
    self.name = input
    self.kind = kind
    self.every = options.every
    self.ffmpeg = options.ffmpeg
    let inputArguments = Self.inputArguments(input, kind: kind)
    _ = try ToolRunner.locate(options.ffmpeg)
    var arguments = ["-nostdin", "-hide_banner", "-loglevel", "error"] + inputArguments + ["-map", "0:v:0"]
    if options.every > 1 {
      arguments += ["-vf", "select=not(mod(n\\,\(options.every)))"]
    }
    arguments += ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
    // Until the probe has answered, ffmpeg's frames wait in its pipe. If it cannot start,
    // next() starts it again and reports why.
    let early = kind == .camera ? nil : try? ToolRunner.Running(tool: options.ffmpeg, arguments: arguments)
    let probe: Probe
    do throws(FrameSourceError) {
      probe = try Self.probe(input, inputArguments: inputArguments, ffprobe: options.ffprobe)
      guard probe.width > 0, probe.height > 0 else {
        throw FrameSourceError.unreadableVideo(path: input, detail: "no video stream")
      }
      let (pixels, overflow) = probe.width.multipliedReportingOverflow(by: probe.height)
      guard !overflow, pixels <= options.maxPixels else {
        throw FrameSourceError.tooLarge(
          path: input, width: probe.width, height: probe.height, limit: options.maxPixels)
      }
    } catch {
      early?.stop()
      throw error
    }
    width = probe.width
    height = probe.height
    frameRate = probe.frameRate
    frameRateFraction = probe.frameRateFraction
    expectedFrameCount = probe.frameCount.map { ($0 + options.every - 1) / options.every }
    self.arguments = arguments
    child = early
  }

  /// The next frame, nil at the end of the stream.
  public func next() throws(FrameSourceError) -> Frame? {
    guard !finished else { return nil }
    if child == nil {
      child = try ToolRunner.Running(tool: ffmpeg, arguments: arguments)
    }
    guard let child else { return nil }
    let frameBytes = width * height * 3
    var pixels = [UInt8](repeating: 0, count: frameBytes)
    let count = pixels.withUnsafeMutableBytes { child.readFully($0) }
    if count < frameBytes {
      finished = true
      let status = child.finish()
      if status != 0 {
        throw FrameSourceError.decodingFailed(path: name, detail: child.errorSummary())
      }
      if count > 0 {
        throw FrameSourceError.decodingFailed(path: name, detail: "the stream ended inside a frame")
      }
      if produced == 0 {
        throw FrameSourceError.decodingFailed(path: name, detail: "no frames decoded")
      }
      return nil
    }
    let index = produced * every
    produced += 1
    let time = frameRate > 0 ? Double(index) / frameRate : nil
    return Frame(
      source: name, index: index, time: time,
      image: RGBImage(uncheckedWidth: width, height: height, pixels: pixels))
  }

  /// The running ffmpeg's process id, nil before it starts and after the end.
  var processIdentifier: Int32? {
    guard let child, child.exitStatus == nil else { return nil }
    return child.pid
  }

  /// Stops ffmpeg (if running) and reaps it.
  public func close() {
    finished = true
    child?.stop()
  }

  deinit {
    child?.stop()
  }

  static func inputArguments(_ input: String, kind: FrameSourceKind) -> [String] {
    switch kind {
    case .lavfi: return ["-f", "lavfi", "-i", String(input.dropFirst("lavfi:".count))]
    case .camera: return ["-f", "v4l2", "-i", input]
    default: return ["-i", input]
    }
  }

  /// What ffprobe says of the first video stream.
  struct Probe {
    var width: Int
    var height: Int
    var frameRate: Double
    var frameRateFraction: String?
    var frameCount: Int?

    /// The first video stream of ffprobe's JSON answer, upright; nil without one.
    init?(ffprobeJSON data: Data) {
      guard let answer = try? JSONDecoder().decode(ProbeAnswer.self, from: data),
        let stream = answer.streams?.first
      else { return nil }
      width = stream.width ?? 0
      height = stream.height ?? 0
      var rotation = stream.sideDataList?.compactMap({ $0.rotation.flatMap { Int(exactly: $0) } }).last ?? 0
      if let value = stream.tags?.rotate.flatMap({ Int($0) }) { rotation = value }
      // ffmpeg turns rotated videos upright, so their frames come out with the sides swapped.
      if abs(rotation) % 180 == 90 { swap(&width, &height) }
      frameRateFraction = [stream.averageFrameRate, stream.frameRate].compactMap { $0 }
        .first { VideoSource.rational($0) != nil }
      frameRate = VideoSource.rational(frameRateFraction) ?? 0
      frameCount = stream.frameCount.flatMap { Int($0) }
    }
  }

  /// Size, rate and length of the first video stream, from `ffprobe -of json`.
  static func probe(
    _ input: String, inputArguments: [String], ffprobe: String
  ) throws(FrameSourceError) -> Probe {
    let arguments =
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=width,height,avg_frame_rate,r_frame_rate,nb_frames:stream_side_data=rotation:stream_tags=rotate",
        "-of", "json",
      ] + inputArguments
    let data: Data
    switch try ToolRunner.run(ffprobe, arguments: arguments) {
    case .success(let output): data = output
    case .failure(let failure): throw FrameSourceError.unreadableVideo(path: input, detail: failure.message)
    }
    guard let probe = Probe(ffprobeJSON: data) else {
      throw FrameSourceError.unreadableVideo(path: input, detail: "no video stream")
    }
    return probe
  }

  private static func rational(_ text: String?) -> Double? {
    guard let text else { return nil }
    let parts = text.split(separator: "/")
    guard let numerator = parts.first.flatMap({ Double($0) }) else { return nil }
    let denominator = parts.count > 1 ? Double(parts[1]) ?? 0 : 1
    guard denominator > 0, numerator > 0 else { return nil }
    return numerator / denominator
  }
}
