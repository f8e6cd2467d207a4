import Foundation
import Pixels
import System

/// Decodes JPEG, PNG, PPM and PGM files into RGB images, refusing images whose header
/// announces more than `maxPixels` pixels before any pixel memory is allocated.
public struct ImageDecoder: Sendable {
  /// The default pixel-count limit: 100 megapixels.
  public static let defaultMaxPixels = 100_000_000

  /// Images with more pixels than this are rejected from their header.
  public var maxPixels: Int

  /// A decoder with the given pixel-count limit.
  public init(maxPixels: Int = ImageDecoder.defaultMaxPixels) {
    self.maxPixels = maxPixels
  }

  /// Reads and decodes the file at `path`. The format comes from the file's first bytes.
  public func decode(contentsOfFile path: String) throws(ImageError) -> RGBImage {
    let data = try Self.readFile(path)
    return try decode(data, name: path)
  }

  /// Decodes an image held in memory; `name` appears in error messages.
  public func decode(_ data: Data, name: String) throws(ImageError) -> RGBImage {
    guard !data.isEmpty else { throw ImageError.emptyFile(path: name) }
    guard let format = ImageFormat.sniff(data) else { throw ImageError.unsupportedFormat(path: name) }
    let bytes = [UInt8](data)
    switch format {
    case .jpeg: return try JPEGDecoder(maxPixels: maxPixels).decode(bytes, name: name)
    case .png: return try PNGDecoder(maxPixels: maxPixels).decode(bytes, name: name)
    case .pnm: return try PNMDecoder(maxPixels: maxPixels).decode(bytes, name: name)
    }
  }

  /// The whole file, with typed errors for a missing, unreadable or empty file, and for a
  /// path that is not a regular file (a named pipe is refused, never read, so it cannot hang).
  static func readFile(_ path: String) throws(ImageError) -> Data {
    switch RegularFile.bytes(at: path) {
    case .success(let bytes):
      guard !bytes.isEmpty else { throw ImageError.emptyFile(path: path) }
      return Data(bytes)
    case .failure(let problem):
      switch problem.status {
      case .missing: throw ImageError.fileNotFound(path: path)
      case .directory: throw ImageError.unreadable(path: path, reason: "is a directory")
      case .special(let what): throw ImageError.unreadable(path: path, reason: "\(what), not a regular file")
      case .failed(let reason): throw ImageError.unreadable(path: path, reason: reason)
      case .regularFile: throw ImageError.unreadable(path: path, reason: "unknown error")
      }
    }
  }

  static func checkLimit(width: Int, height: Int, maxPixels: Int, name: String) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw ImageError.corrupt(path: name, format: "image", detail: "size \(width)x\(height)")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maxPixels else {
      throw ImageError.tooLarge(path: name, width: width, height: height, limit: maxPixels)
    }
  }
}
