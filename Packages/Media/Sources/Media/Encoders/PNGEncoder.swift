import CMediaPNG
import Foundation
import Pixels
import System

/// Writes RGB images as PNG files through libpng (via the setjmp-safe `cmedia_png_` C shims).
///
/// ```swift
/// try PNGEncoder.write(image, to: "/tmp/frame.png")
/// ```
public enum PNGEncoder {
  /// Writes `image` to `path`, replacing any file there unless `replacing` is false (then a
  /// file at `path` is kept and the write fails). The file appears whole or not at all: it is
  /// written next to its final name and moved there.
  public static func write(_ image: RGBImage, to path: String, replacing: Bool = true) throws(MediaWriteError)
  {
    try PictureFile.write(encode(image), as: .png, to: path, replacing: replacing)
  }

  /// The PNG data of `image`, or libpng's reason for failing.
  public static func encode(_ image: RGBImage) -> Result<[UInt8], MediaWriteError> {
    var message = [CChar](repeating: 0, count: 256)
    var data: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { text in
        cmedia_png_encode_rgb(
          pixels.baseAddress, UInt32(image.width), UInt32(image.height), &data, &size, text.baseAddress,
          text.count)
      }
    }
    defer { cmedia_png_free(data) }
    guard status == Int32(CMEDIA_PNG_OK), let data else {
      let text = String(nulTerminated: message)
      return .failure(
        MediaWriteError(path: "", kind: .png, reason: .failed(text.isEmpty ? "unknown error" : text)))
    }
    return .success(Array(UnsafeBufferPointer(start: data, count: size)))
  }
}
