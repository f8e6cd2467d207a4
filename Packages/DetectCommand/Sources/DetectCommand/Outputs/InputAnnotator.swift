import FaceAnalysis
import Media
import System

/// One input's share of `--annotate`: a video writer for a video, camera or graph, or
/// pictures in the output folder for images. Frames come in order; a frame without faces
/// of its own (between every Nth) is drawn with the last frame's.
///
/// A video that cannot be finished (its source failed, standard output closed, ffmpeg
/// failed) is removed, with one line on standard error saying so.
struct InputAnnotator {
  /// The output, given back to the caller when the input is done (it remembers the names used).
  private(set) var output: AnnotationDestination?
  private let source: any FrameSource
  private let streams: StandardStreams
  private var writer: VideoWriter?
  private var videoPath: String?
  private var lastFaces: [RecognizedFace] = []
  private var broken = false

  init(output: AnnotationDestination?, source: any FrameSource, streams: StandardStreams) {
    self.output = output
    self.source = source
    self.streams = streams
  }

  private var isVideo: Bool { source.kind.isStream }

  /// Draws `frame` with `faces` (nil: the last ones) and writes it; false when writing failed
  /// (said on standard error).
  mutating func write(_ frame: Frame, faces: [RecognizedFace]?) -> Bool {
    if let faces { lastFaces = faces }
    guard var output, !broken else { return !broken }
    defer { self.output = output }
    if isVideo {
      do throws(MediaWriteError) {
        if writer == nil {
          let path = output.videoPath(for: source.name)
          videoPath = path
          writer = try VideoWriter(
            path: path, width: frame.image.width, height: frame.image.height,
            frameRate: source.frameRate,
            audioSource: source.kind == .video ? source.name : nil, replacing: output.replaces)
        }
        try writer?.write(AnnotationDestination.annotated(frame, faces: lastFaces))
      } catch {
        streams.printError("--annotate: \(error.description)")
        broken = true
        writer = nil
        return false
      }
      return true
    }
    do {
      _ = try output.writePicture(frame, faces: lastFaces)
      return true
    } catch {
      streams.printError(error.description)
      return false
    }
  }

  /// The source failed: an unfinished video is removed.
  mutating func sourceFailed() {
    discard(because: "\(source.name) could not be read to its end")
  }

  /// Standard output closed before the end: an unfinished video is removed.
  mutating func outputClosed() {
    discard(because: "the output closed before the end")
  }

  /// A signal stops the run: an unfinished video is removed.
  mutating func interrupted() {
    discard(because: "interrupted")
  }

  /// The input is done: the video is finished and moved into place.
  mutating func end() {
    guard let writer else { return }
    self.writer = nil
    do {
      try writer.finish()
    } catch {
      streams.printError("--annotate: \(error.description); nothing was written")
    }
  }

  private mutating func discard(because reason: String) {
    guard let writer, let videoPath else { return }
    writer.cancel()
    self.writer = nil
    broken = true
    streams.printError("--annotate \(videoPath): not written, \(reason)")
  }
}
