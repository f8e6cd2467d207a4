import CMediaVideo
import Foundation
import Pixels
import System

/// Encodes frames into a video file through an `ffmpeg` child fed raw RGB frames on its
/// standard input (`-f rawvideo -pix_fmt rgb24`): H.264 in an MP4 by default, or what the
/// file's extension names (VP9 for `.webm`), at the source's frame rate, with the audio of
/// `audioSource` copied when it has some (re-encoded when the container cannot hold its
/// codec, such as FLAC in an MP4).
///
/// The file appears whole or not at all: ffmpeg writes a hidden temporary file beside it,
/// renamed by ``finish()``. ``cancel()``, an error, or releasing the writer unfinished, stops
/// ffmpeg, reaps it and removes the temporary file; `ProcessCleanup.removePartialFiles()` does the
/// same for a signal handler.
///
/// ```swift
/// let writer = try VideoWriter(path: "out.mp4", width: 640, height: 360, frameRate: source.frameRate)
/// for image in frames { try writer.write(image) }
/// try writer.finish()
/// ```
public final class VideoWriter {
  /// The file being written.
  public let path: String
  /// Frame width in pixels.
  public let width: Int
  /// Frame height in pixels.
  public let height: Int
  /// The ffmpeg arguments, for diagnostics.
  public let arguments: [String]

  private let temporary: String
  private let replacing: Bool
  private let errorFile: String
  private let child: Subprocess
  private var done = false

  /// Starts ffmpeg writing `path`.
  ///
  /// - Parameters:
  ///   - frameRate: the source's exact rate, such as `30000/1001`; an unknown rate is written as 25.
  ///   - audioSource: a file whose first audio stream is copied in, if it has one.
  ///   - ffmpeg: the ffmpeg executable.
  ///   - replacing: whether ``finish()`` may replace a file at `path`; when false a file
  ///     there (even one that appeared while the video was written) is kept and the video
  ///     is not written.
  /// - Throws: ``MediaWriteError`` when ffmpeg is missing or cannot start.
  public init(
    path: String, width: Int, height: Int, frameRate: FrameRate, audioSource: String? = nil,
    ffmpeg: String = "ffmpeg", replacing: Bool = true
  ) throws(MediaWriteError) {
    self.path = path
    self.replacing = replacing
    self.width = width
    self.height = height
    let name = (path as NSString).lastPathComponent
    let folder = (path as NSString).deletingLastPathComponent
    let pathExtension = (name as NSString).pathExtension.lowercased()
    // The temporary file keeps the extension, which is how ffmpeg picks the container.
    temporary =
      (folder.isEmpty ? "." : folder) + "/.\(name).\(getpid()).partial"
      + (pathExtension.isEmpty ? ".mp4" : ".\(pathExtension)")
    var arguments = [
      "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
      "-s", "\(width)x\(height)", "-framerate",
      (frameRate.isKnown ? frameRate : FrameRate(framesPerSecond: 25)).description, "-i", "pipe:0",
    ]
    let audioCodec = audioSource.flatMap { Self.audioCodec(of: $0) }
    if let audioSource, let audioCodec {
      arguments += ["-i", audioSource, "-map", "0:v:0", "-map", "1:a:0"]
      arguments += ["-c:a", Self.audioCodecFitting(audioCodec, container: pathExtension)]
    } else {
      arguments += ["-map", "0:v:0"]
    }
    // 4:2:0 needs even sides: an odd one gets one more row or column, a copy of the last.
    arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0,format=yuv420p"]
    switch pathExtension {
    case "webm": arguments += ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-row-mt", "1"]
    default: arguments += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20"]
    }
    if ["mp4", "mov", "m4v", ""].contains(pathExtension) { arguments += ["-movflags", "+faststart"] }
    arguments.append(temporary)
    self.arguments = arguments
    guard let executable = Subprocess.locate(ffmpeg) else {
      throw MediaWriteError(
        path: path, kind: .video, reason: .failed(FrameSourceError.toolMissing(tool: ffmpeg).description))
    }
    errorFile = NSTemporaryDirectory() + "emotions-video-writer-\(UUID().uuidString).log"
    do {
      // Stderr goes to a file, so a chatty ffmpeg never blocks on a full pipe; its input pipe
      // holds 1 MiB (the limit for unprivileged processes), a frame or more ahead of it.
      child = try Subprocess(
        executable: executable, arguments: [ffmpeg] + arguments, standardInput: .pipe,
        standardOutput: .nullDevice, standardError: .file(errorFile))
      child.standardInput?.requestPipeCapacity(1 << 20)
      ProcessCleanup.track(child)
    } catch {
      try? FileManager.default.removeItem(atPath: errorFile)
      throw MediaWriteError(path: path, kind: .video, reason: .failed("cannot start \(ffmpeg): \(error)"))
    }
    ProcessCleanup.addPartialFile(temporary, final: path)
  }

  /// Sends one frame. A frame of another size, or ffmpeg ending early, is a failure that
  /// cancels the file.
  public func write(_ image: RGBImage) throws(MediaWriteError) {
    guard !done else {
      throw MediaWriteError(path: path, kind: .video, reason: .failed("the video was already finished"))
    }
    guard image.width == width, image.height == height else {
      cancel()
      let reason = "a frame of \(image.width)x\(image.height) in a video of \(width)x\(height)"
      throw MediaWriteError(path: path, kind: .video, reason: .failed(reason))
    }
    let sent = Result { () throws(Errno) in try child.standardInput?.writeAll(image.pixels) }
    if case .failure = sent {
      let reason = endChild(stop: false).reason ?? "ffmpeg stopped reading frames"
      discard()
      throw MediaWriteError(path: path, kind: .video, reason: .failed(reason))
    }
  }

  /// Ends the stream, waits for ffmpeg to write the file, and moves it into place.
  public func finish() throws(MediaWriteError) {
    guard !done else { return }
    let (status, reason) = endChild(stop: false)
    guard status == 0 else {
      discard()
      throw MediaWriteError(path: path, kind: .video, reason: .failed(reason ?? "ffmpeg failed"))
    }
    do throws(AtomicFile.Failure) {
      try AtomicFile.moveIntoPlace(temporary, path, replacing: replacing)
    } catch {
      discard()
      throw MediaWriteError(path: path, kind: .video, error)
    }
    ProcessCleanup.forgetPartialFile(temporary)
  }

  /// Stops ffmpeg and removes what it wrote; the file at ``path`` is left as it was.
  public func cancel() {
    guard !done else { return }
    _ = endChild(stop: true)
    discard()
  }

  /// The codec of the first audio stream of `path` as ffprobe names it, read by FFmpeg's
  /// libraries in this process; nil when it has none or cannot be read.
  static func audioCodec(of path: String) -> String? {
    var name = [CChar](repeating: 0, count: 256)
    guard cmedia_video_audio_codec(path, &name, name.count) == CMEDIA_VIDEO_FRAME else {
      return nil
    }
    return String(nulTerminated: name)
  }

  /// `copy` when the container holds `codec` as it is, else a codec it holds (AAC, or Opus in
  /// WebM): MP4 does not take FLAC or PCM, for example.
  static func audioCodecFitting(_ codec: String, container: String) -> String {
    switch container {
    case "mp4", "m4v", "mov", "":
      return ["aac", "mp3", "ac3", "eac3", "alac", "opus"].contains(codec) ? "copy" : "aac"
    case "webm":
      return ["opus", "vorbis"].contains(codec) ? "copy" : "libopus"
    case "mkv":
      return "copy"
    default:
      return ["aac", "mp3"].contains(codec) ? "copy" : "aac"
    }
  }

  /// How long ffmpeg, stopped early, gets between SIGTERM and SIGKILL.
  static let stopGrace = Duration.milliseconds(500)

  /// The running ffmpeg's process id, nil once it ended.
  var processIdentifier: Int32? { done ? nil : child.pid }

  /// The temporary file ffmpeg writes.
  var temporaryPath: String { temporary }

  deinit {
    cancel()
    try? FileManager.default.removeItem(atPath: errorFile)
  }

  /// Closes ffmpeg's input and reaps it (after SIGTERM when `stop`); its status and the last
  /// line it wrote to stderr when it failed.
  private func endChild(stop: Bool) -> (status: Int32, reason: String?) {
    done = true
    child.close(.input)
    let status = (stop ? child.terminate(grace: Self.stopGrace) : child.waitForExit()).shellStatus
    guard status != 0 else { return (status, nil) }
    return (status, RegularFile.lastLine(of: errorFile) ?? "ffmpeg exit status \(status)")
  }

  private func discard() {
    _ = unlink(temporary)
    ProcessCleanup.forgetPartialFile(temporary)
  }
}
