import FaceAnalysis
import Foundation

/// Where `detect --annotate <out>` writes the frames it analysed, each face boxed and
/// labelled by ``FrameAnnotator`` (the drawing of the Vision screen's saved PNG).
///
/// `<out>` is a folder when it exists as one, ends with `/` or has no extension: every image
/// becomes a picture in it named after the input (JPEG for a JPEG, PNG otherwise) and every
/// video `<name>.mp4`. Otherwise it is the video file for the one video or camera given.
struct AnnotationOutput {
  /// `<out>` as given.
  let path: String
  /// Whether `<out>` is a folder.
  let isFolder: Bool
  /// Names already written in the folder this run, so that two inputs never share one.
  private var used: Set<String> = []

  /// The output for `path`; a usage problem as one line when it cannot take `inputs`.
  static func make(path: String, inputs: [String]) -> Result<AnnotationOutput, AnnotationError> {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let isFolder =
      (exists && isDirectory.boolValue) || path.hasSuffix("/")
      || (!exists && (path as NSString).pathExtension.isEmpty)
    if !isFolder {
      let videos = inputs.filter { input in
        let kind = FrameSources.kind(of: input)
        return kind == .video || kind == .camera || kind == .lavfi
      }
      guard inputs.count == 1, videos.count == 1 else {
        return .failure(
          AnnotationError(
            "--annotate \(path): a video file takes one video or camera; give a folder (such as "
              + "\((path as NSString).deletingPathExtension)/) for pictures or several inputs"))
      }
    }
    let folder = isFolder ? path : (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
    } catch {
      return .failure(
        AnnotationError(
          "--annotate \(path): cannot make the folder \(folder) (\(error.localizedDescription))"))
    }
    return .success(AnnotationOutput(path: path, isFolder: isFolder))
  }

  /// The video file for `input`: `<out>` itself, or `<out>/<name>.mp4` in a folder.
  mutating func videoPath(for input: String) -> String {
    guard isFolder else { return path }
    return freePath(stem: Self.stem(of: input), extension: "mp4")
  }

  /// Writes `frame` with `faces` drawn on it as a picture in the folder; returns its path.
  mutating func writePicture(_ frame: Frame, faces: [RecognizedFace]) throws(AnnotationError) -> String {
    let image = Self.annotated(frame, faces: faces)
    let name = (frame.source as NSString).lastPathComponent
    let pathExtension = (name as NSString).pathExtension.lowercased()
    let isJPEG = pathExtension == "jpg" || pathExtension == "jpeg"
    var stem = Self.stem(of: frame.source)
    if frame.time != nil { stem += "-\(frame.index)" }
    let target = freePath(stem: stem, extension: isJPEG ? pathExtension : "png")
    do {
      if isJPEG {
        try JPEGEncoder.write(image, to: target)
      } else {
        try PNGEncoder.write(image, to: target)
      }
    } catch let failure as JPEGEncoder.Failure {
      throw AnnotationError("--annotate: \(failure.description)")
    } catch let failure as PNGEncoder.Failure {
      throw AnnotationError("--annotate: \(failure.description)")
    } catch {
      throw AnnotationError("--annotate \(target): \(error)")
    }
    return target
  }

  /// The frame's picture with every face boxed and labelled.
  static func annotated(_ frame: Frame, faces: [RecognizedFace]) -> RGBImage {
    let recognized = RecognizedFrame(
      index: frame.index, time: frame.time ?? 0, name: frame.source, image: frame.image, faces: faces)
    return FrameAnnotator.annotate(frame.image, with: FrameAnnotator.marks(for: recognized))
  }

  private static func stem(of input: String) -> String {
    let name = ((input.hasPrefix("lavfi:") ? "lavfi" : input) as NSString).lastPathComponent
    let stem = (name as NSString).deletingPathExtension
    return stem.isEmpty ? "frame" : stem
  }

  /// `<out>/<stem>.<extension>`, or `<stem>-2.<extension>`… when this run wrote that name.
  private mutating func freePath(stem: String, extension pathExtension: String) -> String {
    var name = "\(stem).\(pathExtension)"
    var counter = 2
    while used.contains(name) {
      name = "\(stem)-\(counter).\(pathExtension)"
      counter += 1
    }
    used.insert(name)
    return (path as NSString).appendingPathComponent(name)
  }
}

/// A problem with `--annotate`, as one line for standard error.
struct AnnotationError: Error, CustomStringConvertible {
  /// The line.
  let description: String

  init(_ description: String) { self.description = description }
}
