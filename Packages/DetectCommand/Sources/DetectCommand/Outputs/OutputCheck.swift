import FaceAnalysis
import Foundation
import System

/// Checks every file a `detect` run would write (`--output`, `--timeline`, `--annotate` and
/// each file planned in its folder) before anything is read, so that no output replaces an
/// input or an existing file.
///
/// Files are compared by device and inode (``FileIdentity``), so a hard link, a symbolic
/// link or another spelling of an input's path is still that input. Each refusal is one line
/// naming both paths; the run then ends with status 2.
struct OutputCheck {
  /// One file to write: the option that names it, the option's value and the file's path.
  struct Output {
    /// `--output`, `--timeline` or `--annotate`.
    var option: String
    /// The option's value as given (the folder, for a picture of `--annotate`).
    var value: String
    /// The file this run would write.
    var path: String
    /// Whether an existing file may stay because the run continues it (`--resume`).
    var isContinued = false
  }

  /// What the run reads.
  let inventory: InputInventory
  /// `--overwrite`: existing files may be replaced (never an input).
  let replaces: Bool

  /// The first refusal for `outputs`, or nil when every one may be written. `folders` are
  /// output folders (`--annotate <folder>`), which may exist but may not be input folders.
  func problem(outputs: [Output], folders: [Output] = []) -> OutputOptionError? {
    for folder in folders {
      if let identity = FileIdentity(path: folder.path), let input = inventory.folders[identity] {
        return OutputOptionError(
          "\(folder.option) \(folder.value) is the input folder \(input), whose pictures it would replace; "
            + "give another folder")
      }
    }
    var places: [Place: Output] = [:]
    for output in outputs {
      // A picture of a folder is named with its folder: `--annotate out would write out/a.png, which…`.
      let named =
        output.path == output.value ? output.value : "\(output.value) would write \(output.path), which"
      if let identity = FileIdentity(path: output.path), let input = inventory.files[identity] {
        let same = input == output.path ? "" : " (the same file)"
        return OutputOptionError("\(output.option) \(named) is the input \(input)\(same); give another name")
      }
      if let folder = inventory.folder(containing: output.path) {
        return OutputOptionError(
          "\(output.option) \(named) is inside the input folder \(folder), which is read; write it elsewhere")
      }
      let place = Place(output.path)
      if let other = places[place] {
        return OutputOptionError(
          "\(output.option) \(named) is the file \(other.option) \(other.value) writes; give another name")
      }
      places[place] = output
      if !replaces, !output.isContinued, FileIdentity.exists(output.path) {
        let resume = output.option == "--output" ? " or --resume to continue it" : ""
        return OutputOptionError("\(output.option) \(named) exists; add --overwrite to replace it\(resume)")
      }
    }
    return nil
  }

  /// Where a path puts its file: the file itself when it exists, else its name in its folder.
  private enum Place: Hashable {
    case file(FileIdentity)
    case name(folder: FileIdentity, name: String)
    case path(String)

    init(_ path: String) {
      if let identity = FileIdentity(path: path) {
        self = .file(identity)
        return
      }
      let parent = (path as NSString).deletingLastPathComponent
      if let folder = FileIdentity(path: parent.isEmpty ? "." : parent) {
        self = .name(folder: folder, name: (path as NSString).lastPathComponent)
      } else {
        self = .path((path as NSString).standardizingPath)
      }
    }
  }
}
