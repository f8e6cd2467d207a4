import Pixels

/// The EXIF orientation of a JPEG (tag 0x0112 in the first APP1 `Exif` segment) or a PNG (its
/// `eXIf` chunk), applied the way OpenCV's `imread` applies it so pictures come out upright.
enum ExifOrientation: Int {
  case normal = 1
  case mirrored = 2
  case upsideDown = 3
  case flipped = 4
  case transposed = 5
  case rotatedClockwise = 6
  case transverse = 7
  case rotatedCounterclockwise = 8

  /// The orientation stored in a JPEG's bytes, `.normal` when there is none or it is unreadable.
  static func of(jpeg bytes: [UInt8]) -> ExifOrientation {
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      // Standalone markers and the start of the image data end the header search.
      if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        offset += 2
        continue
      }
      if marker == 0xDA || marker == 0xD9 { break }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { break }
      if marker == 0xE1 {
        let segment = Array(bytes[(offset + 4)..<(offset + 2 + length)])
        if segment.count > 6, segment.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) {
          return orientation(tiff: Array(segment[6...])) ?? .normal
        }
      }
      offset += 2 + length
    }
    return .normal
  }

  /// The orientation in a PNG's `eXIf` chunk before the image data, `.normal` without one.
  static func of(png bytes: [UInt8]) -> ExifOrientation {
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard length >= 0, offset + 12 + length <= bytes.count else { break }
      if type == "IDAT" || type == "IEND" { break }
      if type == "eXIf" {
        var tiff = Array(bytes[(offset + 8)..<(offset + 8 + length)])
        if tiff.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { tiff.removeFirst(6) }
        return orientation(tiff: tiff) ?? .normal
      }
      offset += 12 + length
    }
    return .normal
  }

  private static func orientation(tiff: [UInt8]) -> ExifOrientation? {
    guard tiff.count >= 8 else { return nil }
    let little: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func value16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }
    func value32(_ at: Int) -> Int? {
      guard let first = value16(at), let second = value16(at + 2) else { return nil }
      return little ? first | second << 16 : first << 16 | second
    }
    guard let directory = value32(4), let count = value16(directory) else { return nil }
    for entry in 0..<count {
      let base = directory + 2 + entry * 12
      guard let tag = value16(base) else { return nil }
      if tag == 0x0112, let type = value16(base + 2), type == 3, let value = value16(base + 8) {
        return ExifOrientation(rawValue: value)
      }
    }
    return nil
  }

  /// `image` turned upright.
  func apply(to image: RGBImage) -> RGBImage {
    if self == .normal { return image }
    let width = image.width
    let height = image.height
    let swaps = rawValue >= 5
    let outputWidth = swaps ? height : width
    let outputHeight = swaps ? width : height
    var pixels = [UInt8](repeating: 0, count: image.pixels.count)
    image.pixels.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        for y in 0..<outputHeight {
          for x in 0..<outputWidth {
            let (sourceX, sourceY): (Int, Int)
            switch self {
            case .normal: (sourceX, sourceY) = (x, y)
            case .mirrored: (sourceX, sourceY) = (width - 1 - x, y)
            case .upsideDown: (sourceX, sourceY) = (width - 1 - x, height - 1 - y)
            case .flipped: (sourceX, sourceY) = (x, height - 1 - y)
            case .transposed: (sourceX, sourceY) = (y, x)
            case .rotatedClockwise: (sourceX, sourceY) = (y, height - 1 - x)
            case .transverse: (sourceX, sourceY) = (width - 1 - y, height - 1 - x)
            case .rotatedCounterclockwise: (sourceX, sourceY) = (width - 1 - y, x)
            }
            let from = (sourceY * width + sourceX) * 3
            let to = (y * outputWidth + x) * 3
            target[to] = source[from]
            target[to + 1] = source[from + 1]
            target[to + 2] = source[from + 2]
          }
        }
      }
    }
    return RGBImage(uncheckedWidth: outputWidth, height: outputHeight, pixels: pixels)
  }
}
