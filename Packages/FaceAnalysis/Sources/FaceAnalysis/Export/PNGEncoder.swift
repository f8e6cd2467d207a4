import CFaceAnalysisPNG
import Foundation
import System

/// Writes RGB images as PNG files through libpng (via the setjmp-safe `cfaceanalysis_png_` C shims).
///
/// ```swift
/// try PNGEncoder.write(image, to: "/tmp/frame.png")
/// ```
public enum PNGEncoder {
  /// Why a PNG could not be written.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What went wrong, from libpng or the system.
    public var reason: String

    /// `path: cannot write the PNG (reason)`.
    public var description: String { "\(path): cannot write the PNG (\(reason))" }
  }

  /// Writes `image` to `path`, replacing any file there unless `replacing` is false (then a
  /// file at `path` is kept and the write fails). The file appears whole or not at all: it is
  /// written next to its final name and moved there.
  public static func write(_ image: RGBImage, to path: String, replacing: Bool = true) throws(Failure) {
    let bytes: [UInt8]
    switch encode(image) {
    case .success(let data): bytes = data
    case .failure(let failure): throw Failure(path: path, reason: failure.reason)
    }
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(bytes, to: path, replacing: replacing, mode: 0o666)
    } catch {
      throw Failure(path: path, reason: error.description)
    }
  }

  /// The PNG data of `image`, or libpng's reason for failing.
  public static func encode(_ image: RGBImage) -> Result<[UInt8], Failure> {
    var message = [CChar](repeating: 0, count: 256)
    var data: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { text in
        cfaceanalysis_png_encode_rgb(
          pixels.baseAddress, UInt32(image.width), UInt32(image.height), &data, &size, text.baseAddress,
          text.count)
      }
    }
    defer { cfaceanalysis_png_free(data) }
    guard status == Int32(CFACEANALYSIS_PNG_OK), let data else {
      let text = String(nulTerminated: message)
      return .failure(Failure(path: "", reason: text.isEmpty ? "unknown error" : text))
    }
    return .success(Array(UnsafeBufferPointer(start: data, count: size)))
  }
}
