import TerminalUI

/// Decodes a sixel picture (the body of `ESC P … q … ESC \`) into pixels, written from the
/// DEC VT330/VT340 description: raster attributes (`"`), color registers (`#n;2;r;g;b` in
/// percent, `#n;1;h;l;s`), repeats (`!n`), carriage return (`$`) and next band (`-`). Pixels
/// no sixel set are black. The tests' independent reading of what libsixel writes.
public enum SixelDecoder {
  /// The picture, or nil when the data holds none.
  public static func decode(_ body: [UInt8]) -> RGBImage? {
    guard let start = body.firstIndex(of: UInt8(ascii: "q")) else { return nil }
    var palette = [Int: (UInt8, UInt8, UInt8)]()
    var color = (UInt8(255), UInt8(255), UInt8(255))
    var canvas: [[(UInt8, UInt8, UInt8)?]] = []
    var declared = (width: 0, height: 0)
    var x = 0
    var band = 0
    var index = start + 1

    func numbers() -> [Int] {
      var values: [Int] = []
      var current: Int?
      while index < body.count {
        let byte = body[index]
        if (0x30...0x39).contains(byte) {
          current = (current ?? 0) * 10 + Int(byte - 0x30)
        } else if byte == UInt8(ascii: ";") {
          values.append(current ?? 0)
          current = nil
        } else {
          break
        }
        index += 1
      }
      if let current { values.append(current) }
      return values
    }

    func put(_ bits: UInt8, count: Int) {
      for _ in 0..<max(1, count) {
        for bit in 0..<6 where bits & (1 << bit) != 0 {
          let y = band * 6 + bit
          while canvas.count <= y { canvas.append([]) }
          while canvas[y].count <= x { canvas[y].append(nil) }
          canvas[y][x] = color
        }
        x += 1
      }
    }

    while index < body.count {
      let byte = body[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        let values = numbers()
        if values.count >= 4 { declared = (values[2], values[3]) }
      case UInt8(ascii: "#"):
        index += 1
        let values = numbers()
        guard let register = values.first else { continue }
        if values.count >= 5 {
          if values[1] == 2 {
            palette[register] = (percent(values[2]), percent(values[3]), percent(values[4]))
          } else if values[1] == 1 {
            palette[register] = hls(values[2], values[3], values[4])
          }
        }
        color = palette[register] ?? color
      case UInt8(ascii: "!"):
        index += 1
        let count = numbers().first ?? 1
        if index < body.count, (0x3F...0x7E).contains(body[index]) {
          put(body[index] - 0x3F, count: count)
          index += 1
        }
      case UInt8(ascii: "$"):
        x = 0
        index += 1
      case UInt8(ascii: "-"):
        x = 0
        band += 1
        index += 1
      case 0x3F...0x7E:
        put(byte - 0x3F, count: 1)
        index += 1
      default:
        index += 1
      }
    }
    let width = max(declared.width, canvas.map(\.count).max() ?? 0)
    let height = max(declared.height, declared.height > 0 ? 0 : canvas.count)
    guard width > 0, height > 0 else { return nil }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<min(height, canvas.count) {
      for (column, value) in canvas[y].enumerated() where column < width {
        guard let value else { continue }
        pixels[(y * width + column) * 3] = value.0
        pixels[(y * width + column) * 3 + 1] = value.1
        pixels[(y * width + column) * 3 + 2] = value.2
      }
    }
    return try? RGBImage(width: width, height: height, pixels: pixels)
  }

  private static func percent(_ value: Int) -> UInt8 {
    UInt8(clamping: (min(100, value) * 255 + 50) / 100)
  }

  /// DEC's HLS: hue in degrees with blue at 0, lightness and saturation in percent.
  private static func hls(_ hue: Int, _ lightness: Int, _ saturation: Int) -> (UInt8, UInt8, UInt8) {
    let l = Double(min(100, lightness)) / 100
    let s = Double(min(100, saturation)) / 100
    let h = Double((hue + 240) % 360) / 360
    guard s > 0 else { return (UInt8(l * 255), UInt8(l * 255), UInt8(l * 255)) }
    let q = l < 0.5 ? l * (1 + s) : l + s - l * s
    let p = 2 * l - q
    func channel(_ t: Double) -> UInt8 {
      var t = t
      if t < 0 { t += 1 }
      if t > 1 { t -= 1 }
      let value: Double =
        t < 1.0 / 6 ? p + (q - p) * 6 * t : t < 0.5 ? q : t < 2.0 / 3 ? p + (q - p) * (2.0 / 3 - t) * 6 : p
      return UInt8(clamping: Int((value * 255).rounded()))
    }
    return (channel(h + 1.0 / 3), channel(h), channel(h - 1.0 / 3))
  }
}
