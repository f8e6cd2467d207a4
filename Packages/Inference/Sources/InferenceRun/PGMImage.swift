import Foundation

/// An 8-bit gray image read from a binary PGM (P5) file.
struct PGMImage {
  /// Why a file is not a readable PGM image.
  struct FormatError: Error, CustomStringConvertible {
    /// What is wrong.
    let description: String
  }

  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// Row-major gray levels.
  let pixels: [UInt8]

  /// Parses a P5 file: `P5`, width, height, maximum value (≤ 255), one byte per pixel.
  /// Comments (`#` to the end of the line) may appear between the header fields.
  init(data: Data) throws {
    let bytes = [UInt8](data)
    var index = 0

    func skipSpaceAndComments() {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        } else if [9, 10, 13, 32].contains(bytes[index]) {
          index += 1
        } else {
          return
        }
      }
    }

    func number(_ field: String) throws -> Int {
      skipSpaceAndComments()
      var value = 0
      var digits = 0
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
        digits += 1
        guard digits <= 6 else { throw FormatError(description: "the \(field) is too large") }
      }
      guard digits > 0 else { throw FormatError(description: "the header has no \(field)") }
      return value
    }

    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") else {
      throw FormatError(description: "not a binary PGM file (it does not start with P5)")
    }
    index = 2
    width = try number("width")
    height = try number("height")
    let maximum = try number("maximum value")
    guard width > 0, height > 0 else { throw FormatError(description: "the image is empty") }
    guard maximum > 0, maximum <= 255 else {
      throw FormatError(description: "maximum value \(maximum) (only 8-bit images are supported)")
    }
    index += 1  // the single whitespace byte after the maximum value
    let count = width * height
    guard bytes.count - index >= count else {
      throw FormatError(
        description: "the file is truncated: \(count) pixels expected, \(max(bytes.count - index, 0)) found")
    }
    pixels = (0..<count).map { offset in
      UInt8((Int(bytes[index + offset]) * 255 + maximum / 2) / maximum)
    }
  }
}
