import CTurboJPEG

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
    try ImageDecoder.checkLimit(width: Int(width), height: Int(height), maxPixels: maxPixels, name: name)
    var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
          Int32(TJPF_RGB.rawValue), 0)
      }
    }
    // TurboJPEG reports truncated data as a warning with status -1; both count as failures.
    guard status == 0 else {
      throw ImageError.corrupt(path: name, format: "JPEG", detail: Self.message(handle))
    }
    let decoded = RGBImage(uncheckedWidth: Int(width), height: Int(height), pixels: pixels)
    return ExifOrientation.of(jpeg: bytes).apply(to: decoded)
  }

  private static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
    return String(cString: text)
  }
}
