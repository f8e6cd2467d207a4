import Pixels

/// Netpbm decoding: PGM (`P2` text, `P5` binary) and PPM (`P3` text, `P6` binary), with
/// `#` comments in the header, reproducing `cv2.imread`'s sample handling: binary 8-bit samples
/// are taken as they are; text 8-bit samples are scaled by `255 / maxval` (rounded down) and
/// clamped; 16-bit samples (maxval above 255, big-endian when binary) keep their high byte.
struct PNMDecoder {
  let maxPixels: Int

  func decode(_ bytes: [UInt8], name: String) throws(ImageError) -> RGBImage {
    var reader = HeaderReader(bytes: bytes)
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P") else {
      throw ImageError.unsupportedFormat(path: name)
    }
    let kind = bytes[1]
    reader.offset = 2
    let isColor = kind == UInt8(ascii: "3") || kind == UInt8(ascii: "6")
    let isBinary = kind == UInt8(ascii: "5") || kind == UInt8(ascii: "6")
    let format = isColor ? "PPM" : "PGM"
    guard let width = reader.nextNumber(), let height = reader.nextNumber(),
      let maxValue = reader.nextNumber()
    else {
      throw ImageError.corrupt(path: name, format: format, detail: "incomplete header")
    }
    guard maxValue >= 1, maxValue <= 65535 else {
      throw ImageError.corrupt(path: name, format: format, detail: "maximum sample value \(maxValue)")
    }
    try ImageDecoder.checkLimit(width: width, height: height, maxPixels: maxPixels, name: name)
    let channels = isColor ? 3 : 1
    let sampleCount = width * height * channels
    var samples = [UInt8](repeating: 0, count: sampleCount)
    if isBinary {
      // Exactly one whitespace byte separates the header from the samples.
      let start = reader.offset + 1
      let bytesPerSample = maxValue > 255 ? 2 : 1
      guard start <= bytes.count, bytes.count - start >= sampleCount * bytesPerSample else {
        throw ImageError.corrupt(path: name, format: format, detail: "pixel data is truncated")
      }
      for index in 0..<sampleCount {
        let value: Int
        if bytesPerSample == 2 {
          value = Int(bytes[start + 2 * index]) << 8 | Int(bytes[start + 2 * index + 1])
        } else {
          value = Int(bytes[start + index])
        }
        samples[index] = bytesPerSample == 2 ? UInt8(value >> 8) : UInt8(value)
      }
    } else {
      for index in 0..<sampleCount {
        guard let value = reader.nextNumber() else {
          throw ImageError.corrupt(path: name, format: format, detail: "pixel data is truncated")
        }
        samples[index] = Self.textSample(value, maxValue: maxValue)
      }
    }
    if isColor {
      return RGBImage(uncheckedWidth: width, height: height, pixels: samples)
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: samples).rgb()
  }

  private static func textSample(_ value: Int, maxValue: Int) -> UInt8 {
    if maxValue > 255 { return UInt8(min(value, 65535) >> 8) }
    if maxValue == 255 { return UInt8(clamping: value) }
    return UInt8(clamping: value * 255 / maxValue)
  }

  /// Reads whitespace-separated decimal numbers, skipping `#` comments.
  private struct HeaderReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func nextNumber() -> Int? {
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "#") {
          while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
        } else if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
          offset += 1
        } else {
          break
        }
      }
      var value = 0
      var digits = 0
      while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
        value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
        digits += 1
        offset += 1
        if digits > 9 { return nil }
      }
      return digits > 0 ? value : nil
    }
  }
}
