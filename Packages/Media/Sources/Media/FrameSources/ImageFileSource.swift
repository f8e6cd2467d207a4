/// A single still image: one frame with index 0 and no time.
public final class ImageFileSource: FrameSource {
  /// The path as given.
  public let name: String
  /// Always `.image`.
  public let kind = FrameSourceKind.image
  /// Always 1.
  public let expectedFrameCount: Int? = 1
  private let decoder: ImageDecoder
  private var done = false

  /// A source for the image at `path`; nothing is read until `next()`.
  public init(path: String, maxPixels: Int = ImageDecoder.defaultMaxPixels) {
    self.name = path
    self.decoder = ImageDecoder(maxPixels: maxPixels)
  }

  /// The image, then nil.
  public func next() throws(FrameSourceError) -> Frame? {
    guard !done else { return nil }
    done = true
    do {
      return Frame(source: name, index: 0, time: nil, image: try decoder.decode(contentsOfFile: name))
    } catch {
      throw FrameSourceError.image(error)
    }
  }

  /// Ends the source.
  public func close() {
    done = true
  }
}
