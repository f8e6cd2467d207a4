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
    let failure = AtomicFile.write(to: path, replacing: replacing) { temporary in
      var message = [CChar](repeating: 0, count: 256)
      let status = image.pixels.withUnsafeBufferPointer { pixels in
        message.withUnsafeMutableBufferPointer { text in
          cfaceanalysis_png_write_rgb_file(
            temporary, pixels.baseAddress, UInt32(image.width), UInt32(image.height), text.baseAddress,
            text.count)
        }
      }
      guard status != Int32(CFACEANALYSIS_PNG_OK) else { return nil }
      let text = String(nulTerminated: message)
      return text.isEmpty ? "unknown error" : text
    }
    if let failure { throw Failure(path: path, reason: failure) }
  }
}
