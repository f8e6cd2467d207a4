import CMediaVideo
import Foundation
import Pixels
import System

/// A video file, a V4L2 camera or an ffmpeg `lavfi` graph, decoded in this process by FFmpeg's
/// libraries (``CMediaVideo``) into the RGB frames `ffmpeg -f rawvideo -pix_fmt rgb24`
/// writes: upright, through the same scaler and colour tables. Size, frame rate and frame
/// count come from the container before a frame is decoded, so the pixel limit is checked
/// first. With `every` N, frames 0, N, 2N, … are converted (the others only decoded) and each
/// keeps its original index. Each frame's time is its own presentation time (``FrameClock``).
///
/// In-process rather than an `ffmpeg` child and an `ffprobe`: each executable spends about
/// 0.14 s of CPU binding its 216 libraries before it reads a byte, while the decoding
/// libraries load here in about 50 ms, once, when the first video opens.
public final class VideoSource: FrameSource {
  /// The input as given.
  public let name: String
  /// `.video`, `.camera` or `.lavfi`.
  public let kind: FrameSourceKind
  /// The frame count the container declares, divided by `every`; nil when it does not say.
  public let expectedFrameCount: Int?
  /// Frame width in pixels.
  public let width: Int
  /// Frame height in pixels.
  public let height: Int
  /// The stream's frame rate, such as `30000/1001`.
  public let frameRate: FrameRate
  /// `clip.mp4 (video, 640x360, 25 fps)`; without the rate when the stream does not say.
  public var summary: String {
    let rate = frameRate.framesPerSecond.map { String(format: ", %g fps", $0) } ?? ""
    return "\(name) (\(kind.rawValue), \(width)x\(height)\(rate))"
  }

  private let every: Int
  /// Each frame's time, from its presentation time.
  private var clock: FrameClock
  private let onNote: (@Sendable (String) -> Void)?
  private var decoder: OpaquePointer?
  private var decoded = 0
  private var produced = 0

  /// Opens the input and its first video stream's decoder.
  public init(
    input: String, kind: FrameSourceKind, options: FrameSourceOptions = FrameSourceOptions()
  )
    throws(FrameSourceError)
  {
    guard options.every >= 1 else {
      throw FrameSourceError.invalidOption("--every must be at least 1 (got \(options.every))")
    }
    name = input
    self.kind = kind
    every = options.every
    var info = cmedia_video_info()
    var error = [CChar](repeating: 0, count: 512)
    // ffmpeg's own syntax for a graph is the text after `lavfi:`.
    let url = kind == .lavfi ? String(input.dropFirst("lavfi:".count)) : input
    let code = cmedia_video_open(url, Self.decoderKind(kind), &decoder, &info, &error, error.count)
    let reason = String(nulTerminated: error)
    switch code {
    case CMEDIA_VIDEO_FRAME: break
    case CMEDIA_VIDEO_NO_LIBRARY: throw FrameSourceError.decoderMissing(reason: reason)
    case CMEDIA_VIDEO_NO_STREAM:
      throw FrameSourceError.unreadableVideo(path: input, detail: "no video stream")
    default: throw FrameSourceError.unreadableVideo(path: input, detail: reason)
    }
    width = Int(info.width)
    height = Int(info.height)
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0, !overflow, pixels <= options.maxPixels else {
      cmedia_video_close(decoder)
      decoder = nil
      guard width > 0, height > 0 else {
        throw FrameSourceError.unreadableVideo(path: input, detail: "no video stream")
      }
      throw FrameSourceError.tooLarge(path: input, width: width, height: height, limit: options.maxPixels)
    }
    frameRate = FrameRate(numerator: Int(info.rate_numerator), denominator: Int(info.rate_denominator))
    clock = FrameClock(
      timeBase: (Int(info.time_base_numerator), Int(info.time_base_denominator)), frameRate: frameRate)
    onNote = options.onNote
    expectedFrameCount = info.frame_count >= 0 ? (Int(info.frame_count) + every - 1) / every : nil
  }

  /// The next frame, nil at the end of the stream.
  public func next() throws(FrameSourceError) -> Frame? {
    guard let decoder else { return nil }
    var error = [CChar](repeating: 0, count: 512)
    while decoded % every != 0 {
      let code = cmedia_video_next(decoder, nil, &error, error.count)
      guard code == CMEDIA_VIDEO_FRAME else { return try end(code, error) }
      clock.noteDecoded(tick: Self.tick(decoder))
      decoded += 1
    }
    let frameBytes = width * height * 3
    var code = CMEDIA_VIDEO_ERROR
    let pixels = [UInt8](unsafeUninitializedCapacity: frameBytes) { buffer, count in
      code = cmedia_video_next(decoder, buffer.baseAddress, &error, error.count)
      count = code == CMEDIA_VIDEO_FRAME ? frameBytes : 0
    }
    guard code == CMEDIA_VIDEO_FRAME else { return try end(code, error) }
    let index = decoded
    decoded += 1
    produced += 1
    let tick = Self.tick(decoder)
    clock.noteDecoded(tick: tick)
    let (time, note) = clock.time(ofFrame: index, tick: tick)
    if let note { onNote?("\(name): \(note)") }
    return Frame(
      source: name, index: index, time: time,
      image: RGBImage(uncheckedWidth: width, height: height, pixels: pixels))
  }

  /// The presentation time of the frame the decoder returned last, nil when it has none.
  private static func tick(_ decoder: OpaquePointer) -> Int64? {
    let tick = cmedia_video_frame_pts(decoder)
    return tick == Int64.min ? nil : tick
  }

  /// Whether the decoder is still open: until the end of the stream, an error or `close()`.
  var isOpen: Bool { decoder != nil }

  /// Closes the decoder and the input.
  public func close() {
    cmedia_video_close(decoder)
    decoder = nil
  }

  deinit {
    cmedia_video_close(decoder)
  }

  /// Closes the stream that ended with `code`: nil at its end, after at least one frame.
  private func end(_ code: cmedia_video_status, _ error: [CChar]) throws(FrameSourceError) -> Frame? {
    let problem = decoder.map { String(cString: cmedia_video_last_problem($0)) } ?? ""
    close()
    if code == CMEDIA_VIDEO_ERROR {
      throw FrameSourceError.decodingFailed(path: name, detail: String(nulTerminated: error))
    }
    if produced == 0 {
      throw FrameSourceError.decodingFailed(
        path: name, detail: problem.isEmpty ? "no frames decoded" : "no frames decoded (\(problem))")
    }
    return nil
  }

  private static func decoderKind(_ kind: FrameSourceKind) -> cmedia_video_kind {
    switch kind {
    case .camera: CMEDIA_VIDEO_CAMERA
    case .lavfi: CMEDIA_VIDEO_GRAPH
    default: CMEDIA_VIDEO_FILE
    }
  }
}
