import FaceAnalysis
import Foundation
import Media
import System

/// What a `detect` run will read, found before it starts without reading any picture: the
/// files and folders (by ``FileIdentity``, so that an output reached through another name is
/// still recognised as one of them) and the sources its records will name, in reading order.
struct InputInventory {
  /// One source of records: an image file (a record of its own) or a video, camera or graph.
  struct Unit: Equatable {
    /// The `source` its records carry: the image's path, or the input as given.
    var source: String
    /// Whether its records are video frames (a video, camera or `lavfi:` graph).
    var isVideo: Bool
    /// Whether it came from a `@list` file, where a video's annotated frames are pictures.
    var isListed: Bool
  }

  /// Every file that would be read, with the name it was given by.
  private(set) var files: [FileIdentity: String] = [:]
  /// Every folder whose images would be read, with the name it was given by.
  private(set) var folders: [FileIdentity: String] = [:]
  /// The sources of the records, in reading order.
  private(set) var units: [Unit] = []
  /// The sources of the records, for look-ups.
  private(set) var sources: Set<String> = []

  /// How deep `@list` files may name other lists.
  private static let listDepth = 4

  /// The inventory of `inputs`, in their order; inputs that are missing or cannot be listed
  /// are left out, as the run will report them.
  init(inputs: [LocatedInput]) {
    for input in inputs { add(input, listed: false, depth: 0) }
  }

  /// The input folder `path` is directly inside, if any.
  func folder(containing path: String) -> String? {
    let parent = (path as NSString).deletingLastPathComponent
    return FileIdentity(path: parent.isEmpty ? "." : parent).flatMap { folders[$0] }
  }

  private mutating func add(_ located: LocatedInput, listed: Bool, depth: Int) {
    let input = located.input
    guard RawArguments.undecodable[input] == nil, let located = located.locator else { return }
    switch located.kind {
    case .image:
      addFile(input)
      addUnit(Unit(source: input, isVideo: false, isListed: listed))
    case .folder:
      if let identity = FileIdentity(path: input) { folders[identity] = input }
      guard let folder = try? FolderSource(path: input) else { return }
      for file in folder.files {
        addFile(file)
        addUnit(Unit(source: file, isVideo: false, isListed: listed))
      }
    case .list:
      let path = String(input.dropFirst())
      addFile(path)
      guard depth < Self.listDepth, let entries = try? FrameSourceFactory.listInputs(path) else { return }
      for entry in entries { add(LocatedInput(entry), listed: true, depth: depth + 1) }
    case .video, .camera, .lavfi:
      if located.kind != .lavfi { addFile(input) }
      addUnit(Unit(source: input, isVideo: true, isListed: listed))
    }
  }

  private mutating func addFile(_ path: String) {
    guard let identity = FileIdentity(path: path), files[identity] == nil else { return }
    files[identity] = path
  }

  private mutating func addUnit(_ unit: Unit) {
    units.append(unit)
    sources.insert(unit.source)
  }
}
