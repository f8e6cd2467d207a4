import CTurboJPEG
import Foundation
import Pixels

/// Writes RGB images as JPEG files through libjpeg-turbo's `tjCompress2` (4:2:0 chroma, as
/// most cameras write them).
///
/// ```swift
/// try JPEGEncoder.write(image, to: "/tmp/frame.jpg", quality: 90)
/// ```
public enum JPEGEncoder {
  /// The JPEG data of `image` at `quality` (1 to 100).
  public static func encode(_ image: RGBImage, quality: Int = 92) -> Result<[UInt8], MediaWriteError> {
    guard let handle = tjInitCompress() else {
      return .failure(
        MediaWriteError(path: "", kind: .jpeg, reason: .failed("cannot start the JPEG encoder")))
    }
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      tjCompress2(
        handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
        &buffer, &size, Int32(TJSAMP_420.rawValue), Int32(min(100, max(1, quality))), 0)
    }
    defer { tjFree(buffer) }
    guard status == 0, let buffer else {
      let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
      return .failure(MediaWriteError(path: "", kind: .jpeg, reason: .failed(reason)))
    }
    return .success(Array(UnsafeBufferPointer(start: buffer, count: Int(size))))
  }

  /// Writes `image` to `path`, replacing any file there unless `replacing` is false (then a
  /// file at `path` is kept and the write fails); the file appears whole or not at all.
  public static func write(
    _ image: RGBImage, to path: String, quality: Int = 92, replacing: Bool = true
  ) throws(MediaWriteError) {
    try PictureFile.write(encode(image, quality: quality), as: .jpeg, to: path, replacing: replacing)
  }
}
