/// Netpbm decoding: PGM (`P2` text, `P5` binary) and PPM (`P3` text, `P6` binary), with
/// `#` comments in the header. Samples with a maximum other than 255 are rescaled to 0...255
/// with rounding; 16-bit binary samples are big-endian.
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
        samples[index] = Self.scale(value, maxValue: maxValue)
      }
    } else {
      for index in 0..<sampleCount {
        guard let value = reader.nextNumber() else {
          throw ImageError.corrupt(path: name, format: format, detail: "pixel data is truncated")
        }
        samples[index] = Self.scale(value, maxValue: maxValue)
      }
    }
    if isColor {
      return RGBImage(uncheckedWidth: width, height: height, pixels: samples)
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: samples).rgb()
  }

  private static func scale(_ value: Int, maxValue: Int) -> UInt8 {
    if maxValue == 255 { return UInt8(clamping: value) }
    return UInt8(clamping: (min(value, maxValue) * 255 + maxValue / 2) / maxValue)
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
