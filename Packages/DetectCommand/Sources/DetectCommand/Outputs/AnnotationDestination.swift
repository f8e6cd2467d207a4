import FaceAnalysis
import Foundation
import Media
import System

/// Where `detect --annotate <out>` writes the frames it analysed, each face boxed and
/// labelled by ``FrameAnnotator`` (the drawing of the Vision screen's saved PNG).
///
/// `<out>` is a folder when it exists as one, ends with `/` or has no extension: every image
/// becomes a picture in it named after the input (JPEG for a JPEG, PNG otherwise) and every
/// video `<name>.mp4`. Otherwise it is the video file for the one video or camera given.
///
/// The names are planned before the run from the ``InputInventory`` (``plannedPaths``), so
/// they can be checked first and stay the same whichever inputs fail or are resumed. A file
/// is never replaced unless ``replaces``, and an input never.
struct AnnotationDestination {
  /// `<out>` as given.
  let path: String
  /// Whether `<out>` is a folder.
  let isFolder: Bool
  /// Whether files already there may be replaced (`--overwrite`).
  let replaces: Bool
  /// The files read by the run, which no output may replace.
  private let inputFiles: Set<FileIdentity>
  /// The files planned for each source, in order (a source given twice has two).
  private var planned: [String: [String]] = [:]
  /// Every name given out or planned in the folder, so that two inputs never share one.
  private var used: Set<String> = []

  /// The output for `path`, its file names planned for the inventory's sources; a usage
  /// problem as one line when it cannot take the inputs. Nothing is created yet
  /// (``createFolder()``).
  static func plan(
    path: String, inputs: [LocatedInput], inventory: InputInventory, replaces: Bool
  ) -> Result<AnnotationDestination, AnnotationError> {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let isFolder =
      (exists && isDirectory.boolValue) || path.hasSuffix("/")
      || (!exists && (path as NSString).pathExtension.isEmpty)
    if !isFolder {
      let videos = inputs.filter(\.isStream)
      guard inputs.count == 1, videos.count == 1 else {
        return .failure(
          AnnotationError(
            "--annotate \(path): a video file takes one video or camera; give a folder (such as "
              + "\((path as NSString).deletingPathExtension)/) for pictures or several inputs"))
      }
    }
    var output = AnnotationDestination(
      path: path, isFolder: isFolder, replaces: replaces, inputFiles: Set(inventory.files.keys))
    guard isFolder else { return .success(output) }
    // A listed video's frames become pictures whose number is not known before.
    for unit in inventory.units where !(unit.isVideo && unit.isListed) {
      let name =
        unit.isVideo
        ? output.freePath(stem: Self.stem(of: unit.source), extension: "mp4")
        : output.freePath(stem: Self.stem(of: unit.source), extension: Self.pictureExtension(of: unit.source))
      output.planned[unit.source, default: []].append(name)
    }
    return .success(output)
  }

  /// The files planned for `sources`: what this run may write, to check before it starts.
  func plannedPaths(for sources: [String]) -> [String] {
    guard isFolder else { return sources.isEmpty ? [] : [path] }
    var seen: Set<String> = []
    return sources.flatMap { planned[$0] ?? [] }.filter { seen.insert($0).inserted }
  }

  /// Makes the folder the files go in, when missing.
  func createFolder() -> AnnotationError? {
    let folder = isFolder ? path : (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return nil }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      return nil
    } catch {
      return AnnotationError(
        "--annotate \(path): cannot make the folder \(folder) (\(error.localizedDescription))")
    }
  }

  /// The video file for `input`: `<out>` itself, or `<out>/<name>.mp4` in a folder.
  mutating func videoPath(for input: String) -> String {
    guard isFolder else { return path }
    return takePlanned(input) ?? freePath(stem: Self.stem(of: input), extension: "mp4")
  }

  /// Writes `frame` with `faces` drawn on it as a picture in the folder; returns its path.
  mutating func writePicture(_ frame: Frame, faces: [RecognizedFace]) throws(AnnotationError) -> String {
    let image = Self.annotated(frame, faces: faces)
    let pathExtension = Self.pictureExtension(of: frame.source)
    let isJPEG = pathExtension != "png"
    var target: String
    if frame.time == nil, let name = takePlanned(frame.source) {
      target = name
    } else {
      var stem = Self.stem(of: frame.source)
      if frame.time != nil { stem += "-\(frame.index)" }
      target = freePath(stem: stem, extension: pathExtension)
    }
    if let identity = FileIdentity(path: target), inputFiles.contains(identity) {
      throw AnnotationError("--annotate: \(target) is one of the inputs; it was left as it is")
    }
    do throws(MediaWriteError) {
      if isJPEG {
        try JPEGEncoder.write(image, to: target, replacing: replaces)
      } else {
        try PNGEncoder.write(image, to: target, replacing: replaces)
      }
    } catch {
      throw AnnotationError("--annotate: \(Self.explained(error))")
    }
    return target
  }

  /// A failure's line, with the way out when a file was in the way.
  static func explained(_ failure: MediaWriteError) -> String {
    failure.reason == .exists ? failure.description + "; add --overwrite to replace it" : failure.description
  }

  /// The extension of an input's picture: its own for a JPEG, `png` otherwise.
  private static func pictureExtension(of source: String) -> String {
    let pathExtension = (((source as NSString).lastPathComponent) as NSString).pathExtension.lowercased()
    return pathExtension == "jpg" || pathExtension == "jpeg" ? pathExtension : "png"
  }

  private mutating func takePlanned(_ source: String) -> String? {
    guard var names = planned[source], !names.isEmpty else { return nil }
    let name = names.removeFirst()
    planned[source] = names
    return name
  }

  /// The frame's picture with every face boxed and labelled.
  static func annotated(_ frame: Frame, faces: [RecognizedFace]) -> RGBImage {
    FrameAnnotator.annotate(frame.image, with: FrameAnnotator.marks(for: faces))
  }

  private static func stem(of input: String) -> String {
    let name = ((input.hasPrefix("lavfi:") ? "lavfi" : input) as NSString).lastPathComponent
    let stem = (name as NSString).deletingPathExtension
    return stem.isEmpty ? "frame" : stem
  }

  /// `<out>/<stem>.<extension>`, or `<stem>-2.<extension>`… when this run planned or wrote
  /// that name.
  private mutating func freePath(stem: String, extension pathExtension: String) -> String {
    let name = FreeName.first(stem: stem, extension: pathExtension) { used.contains($0) }
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
