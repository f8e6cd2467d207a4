/// A color as a style asks for it; the renderer turns it into what the terminal supports.
public enum Color: Hashable, Sendable {
  /// One of the 16 basic terminal colors (0-7 normal, 8-15 bright), themed by the user's terminal.
  case basic(UInt8)
  /// An entry of the xterm 256-color palette.
  case palette(UInt8)
  /// A 24-bit color; shown as the nearest palette entry when the terminal lacks 24-bit color.
  case rgb(UInt8, UInt8, UInt8)

  /// Basic red.
  public static let red = Color.basic(1)
  /// Basic green.
  public static let green = Color.basic(2)
  /// Basic yellow.
  public static let yellow = Color.basic(3)
  /// Basic blue.
  public static let blue = Color.basic(4)
  /// Basic magenta.
  public static let magenta = Color.basic(5)
  /// Basic cyan.
  public static let cyan = Color.basic(6)

  /// The nearest entry of the xterm 256-color palette to an RGB color (6x6x6 cube or gray ramp).
  public static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let levels: [Int] = [0, 95, 135, 175, 215, 255]
    func cubeIndex(_ value: UInt8) -> Int {
      let v = Int(value)
      if v < 48 { return 0 }
      if v < 115 { return 1 }
      return min(5, (v - 35) / 40)
    }
    let (r, g, b) = (cubeIndex(red), cubeIndex(green), cubeIndex(blue))
    let cubeColor = (levels[r], levels[g], levels[b])
    let average = (Int(red) + Int(green) + Int(blue)) / 3
    let grayIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grayLevel = 8 + 10 * grayIndex
    func distance(_ c: (Int, Int, Int)) -> Int {
      let dr = c.0 - Int(red)
      let dg = c.1 - Int(green)
      let db = c.2 - Int(blue)
      return dr * dr + dg * dg + db * db
    }
    if distance((grayLevel, grayLevel, grayLevel)) < distance(cubeColor) {
      return UInt8(232 + grayIndex)
    }
    return UInt8(16 + 36 * r + 6 * g + b)
  }
}
