import CTurboJPEG
import Pixels

/// JPEG decoding through libjpeg-turbo's TurboJPEG API (accurate integer IDCT, fancy
/// upsampling: the defaults OpenCV's `imread` uses too), turned upright by its EXIF
/// orientation as `imread` does.
struct JPEGDecoder {
  let maxPixels: Int

  func decode(_ bytes: [UInt8], name: String) throws(ImageError) -> RGBImage {
    guard let handle = tjInitDecompress() else {
      throw ImageError.corrupt(path: name, format: "JPEG", detail: "cannot start the JPEG decoder")
    }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let headerStatus = bytes.withUnsafeBufferPointer { buffer in
      tjDecompressHeader3(
        handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colorspace)
    }
    guard headerStatus == 0 else {
      throw ImageError.corrupt(path: name, format: "JPEG", detail: Self.message(handle))
    }
    // A file cut before its frame header reads as a header of size 0x0 without an error.
    guard width > 0, height > 0 else {
      throw ImageError.corrupt(path: name, format: "JPEG", detail: "the data ends before the image size")
    }
    try ImageDecoder.checkLimit(width: Int(width), height: Int(height), maxPixels: maxPixels, name: name)
    let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    let channels = isCMYK ? 4 : 3
    var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
    let format = isCMYK ? TJPF_CMYK : TJPF_RGB
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
          Int32(format.rawValue), 0)
      }
    }
    // TurboJPEG reports truncated data as a warning with status -1; both count as failures.
    guard status == 0 else {
      throw ImageError.corrupt(path: name, format: "JPEG", detail: Self.message(handle))
    }
    if isCMYK { pixels = Self.rgb(fromCMYK: pixels) }
    let decoded = RGBImage(uncheckedWidth: Int(width), height: Int(height), pixels: pixels)
    return ExifOrientation.of(jpeg: bytes).apply(to: decoded)
  }

  /// OpenCV's conversion of the (Adobe-inverted) CMYK samples libjpeg returns:
  /// `channel = k - ((255 - c) * k >> 8)` for c, m, y giving R, G, B.
  static func rgb(fromCMYK samples: [UInt8]) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: samples.count / 4 * 3)
    for pixel in 0..<(samples.count / 4) {
      let key = Int(samples[pixel * 4 + 3])
      for channel in 0..<3 {
        let value = Int(samples[pixel * 4 + channel])
        rgb[pixel * 3 + channel] = UInt8(clamping: key - (((255 - value) * key) >> 8))
      }
    }
    return rgb
  }

  private static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
    return String(cString: text)
  }
}
