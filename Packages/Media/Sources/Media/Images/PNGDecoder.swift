import CMediaPNG
import Pixels
import System

/// PNG decoding through libpng (via the setjmp-safe `cmedia_png_` C shims), turned upright by an
/// `eXIf` orientation as OpenCV's `imread` does.
struct PNGDecoder {
  let maxPixels: Int

  func decode(_ bytes: [UInt8], name: String) throws(ImageError) -> RGBImage {
    // The size sits in the IHDR chunk right after the signature: check the limit before libpng
    // reads any further (a header may promise gigapixels that the file does not hold).
    if bytes.count >= 24, bytes[12...15].elementsEqual("IHDR".utf8) {
      let headerWidth = bytes[16...19].reduce(0) { $0 << 8 | Int($1) }
      let headerHeight = bytes[20...23].reduce(0) { $0 << 8 | Int($1) }
      try ImageDecoder.checkLimit(width: headerWidth, height: headerHeight, maxPixels: maxPixels, name: name)
    }
    var message = [CChar](repeating: 0, count: 256)
    var width: UInt32 = 0
    var height: UInt32 = 0
    let headerStatus = bytes.withUnsafeBufferPointer { source in
      message.withUnsafeMutableBufferPointer { text in
        cmedia_png_read_size(
          source.baseAddress, source.count, &width, &height, text.baseAddress, text.count)
      }
    }
    guard headerStatus == Int32(CMEDIA_PNG_OK) else {
      throw ImageError.corrupt(path: name, format: "PNG", detail: Self.text(message))
    }
    try ImageDecoder.checkLimit(width: Int(width), height: Int(height), maxPixels: maxPixels, name: name)
    var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        message.withUnsafeMutableBufferPointer { text in
          cmedia_png_decode_rgb(
            source.baseAddress, source.count, target.baseAddress, width, height, text.baseAddress,
            text.count)
        }
      }
    }
    guard status == Int32(CMEDIA_PNG_OK) else {
      throw ImageError.corrupt(path: name, format: "PNG", detail: Self.text(message))
    }
    let decoded = RGBImage(uncheckedWidth: Int(width), height: Int(height), pixels: pixels)
    return ExifOrientation.of(png: bytes).apply(to: decoded)
  }

  private static func text(_ message: [CChar]) -> String {
    let text = String(nulTerminated: message)
    return text.isEmpty ? "unknown error" : text
  }
}
