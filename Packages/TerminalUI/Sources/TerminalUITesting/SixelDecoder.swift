import TerminalUI

/// Decodes a sixel picture (the body of `ESC P … q … ESC \`) into pixels, written from the
/// DEC VT330/VT340 description: raster attributes (`"`), color registers (`#n;2;r;g;b` in
/// percent, `#n;1;h;l;s`), repeats (`!n`), carriage return (`$`) and next band (`-`). Pixels
/// no sixel set are black. The tests' independent reading of what libsixel writes.
public enum SixelDecoder {
  /// The picture, or nil when the data holds none.
  public static func decode(_ body: [UInt8]) -> RGBImage? {
    guard let start = body.firstIndex(of: UInt8(ascii: "q")) else { return nil }
    var reader = Reader(body: body, index: start + 1)
    while reader.readCommand() {}
    return reader.canvas.image(declared: reader.declared)
  }

  private typealias Color = (UInt8, UInt8, UInt8)

  /// The decoder's place in the data, its color registers and the color it paints with.
  private struct Reader {
    let body: [UInt8]
    var index: Int
    var palette: [Int: Color] = [:]
    var color: Color = (255, 255, 255)
    /// The size the raster attributes give, or zero.
    var declared = (width: 0, height: 0)
    var canvas = Canvas()

    init(body: [UInt8], index: Int) {
      self.body = body
      self.index = index
    }

    /// Reads one command or sixel; false at the end of the data.
    mutating func readCommand() -> Bool {
      guard index < body.count else { return false }
      let byte = body[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): readRasterAttributes()
      case UInt8(ascii: "#"): readColor()
      case UInt8(ascii: "!"): readRepeat()
      case UInt8(ascii: "$"): canvas.x = 0
      case UInt8(ascii: "-"): canvas.nextBand()
      case 0x3F...0x7E: canvas.put(byte - 0x3F, count: 1, color: color)
      default: break
      }
      return true
    }

    /// `"pan;pad;width;height`.
    private mutating func readRasterAttributes() {
      let values = numbers()
      if values.count >= 4 { declared = (values[2], values[3]) }
    }

    /// `#n` selects register n; `#n;2;r;g;b` (percent) or `#n;1;h;l;s` also sets it.
    private mutating func readColor() {
      let values = numbers()
      guard let register = values.first else { return }
      if values.count >= 5 {
        if values[1] == 2 {
          palette[register] = (percent(values[2]), percent(values[3]), percent(values[4]))
        } else if values[1] == 1 {
          palette[register] = hls(values[2], values[3], values[4])
        }
      }
      color = palette[register] ?? color
    }

    /// `!n` and a sixel: the sixel n times.
    private mutating func readRepeat() {
      let count = numbers().first ?? 1
      guard index < body.count, (0x3F...0x7E).contains(body[index]) else { return }
      canvas.put(body[index] - 0x3F, count: count, color: color)
      index += 1
    }

    /// The numbers at the read position, separated by `;` (an empty one is 0).
    private mutating func numbers() -> [Int] {
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
  }

  /// The pixels painted so far, row by row, and where the next sixel goes.
  private struct Canvas {
    var rows: [[Color?]] = []
    var x = 0
    var band = 0

    mutating func nextBand() {
      x = 0
      band += 1
    }

    /// Paints the rows of the band that `bits` sets, `count` columns (at least one) from `x`.
    mutating func put(_ bits: UInt8, count: Int, color: Color) {
      for _ in 0..<max(1, count) {
        for bit in 0..<6 where bits & (1 << bit) != 0 {
          let y = band * 6 + bit
          while rows.count <= y { rows.append([]) }
          while rows[y].count <= x { rows[y].append(nil) }
          rows[y][x] = color
        }
        x += 1
      }
    }

    /// The picture: as wide as the widest row or the declared width, as high as the declared
    /// height or else the rows painted; pixels never painted are black.
    func image(declared: (width: Int, height: Int)) -> RGBImage? {
      let width = max(declared.width, rows.map(\.count).max() ?? 0)
      let height = max(declared.height, declared.height > 0 ? 0 : rows.count)
      guard width > 0, height > 0 else { return nil }
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      for y in 0..<min(height, rows.count) {
        for (column, value) in rows[y].enumerated() where column < width {
          guard let value else { continue }
          pixels[(y * width + column) * 3] = value.0
          pixels[(y * width + column) * 3 + 1] = value.1
          pixels[(y * width + column) * 3 + 2] = value.2
        }
      }
      return try? RGBImage(width: width, height: height, pixels: pixels)
    }
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
