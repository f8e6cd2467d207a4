import Foundation

/// The images of a folder (not its subfolders), sorted by file name. Files that are not
/// images by extension are skipped with a note; an image that fails to load throws once and
/// the next call continues with the following file.
public final class FolderSource: FrameSource {
  /// The folder path as given.
  public let name: String
  /// Always `.folder`.
  public let kind = FrameSourceKind.folder
  /// The number of images found.
  public var expectedFrameCount: Int? { files.count }
  /// The image files: the slides.
  public var slidePaths: [String] { files }
  /// `photos (folder, 3 images)`.
  public var summary: String { "\(name) (folder, \(files.count) image\(files.count == 1 ? "" : "s"))" }
  /// The image files, in order.
  public let files: [String]
  /// Files skipped because they are not images.
  public let skipped: [String]
  private var position = 0
  private let decoder: ImageDecoder
  private let skipsImage: (@Sendable (String) -> Bool)?

  /// Lists the folder; fails when it is missing or has no images.
  public init(path: String, options: FrameSourceOptions = FrameSourceOptions()) throws(FrameSourceError) {
    self.name = path
    self.decoder = ImageDecoder(maxPixels: options.maxPixels)
    self.skipsImage = options.skipsImage
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw FrameSourceError.notFound(path: path)
    }
    var images: [String] = []
    var others: [String] = []
    for entry in entries.sorted() where !entry.hasPrefix(".") {
      let full = (path as NSString).appendingPathComponent(entry)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue
      else {
        continue
      }
      if ImageFormat.fromExtension((entry as NSString).pathExtension) != nil {
        images.append(full)
      } else {
        others.append(full)
      }
    }
    self.files = images
    self.skipped = others
    for file in others {
      options.onNote?("\(file): skipped, not an image (JPEG, PNG, PPM or PGM by extension)")
    }
    guard !images.isEmpty else { throw FrameSourceError.noImages(folder: path) }
  }

  /// The next image as a frame named by its own path, nil after the last; images the
  /// options skip are passed over.
  public func next() throws(FrameSourceError) -> Frame? {
    while position < files.count, skipsImage?(files[position]) == true { position += 1 }
    guard position < files.count else { return nil }
    let file = files[position]
    position += 1
    do {
      return Frame(source: file, index: 0, time: nil, image: try decoder.decode(contentsOfFile: file))
    } catch {
      throw FrameSourceError.image(error)
    }
  }

  /// Ends the source.
  public func close() {
    position = files.count
  }
}
