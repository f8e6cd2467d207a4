/// The still-image formats the decoder understands.
public enum ImageFormat: String, Sendable, CaseIterable {
  /// JPEG (JFIF/Exif), decoded by libjpeg-turbo.
  case jpeg
  /// PNG, decoded by libpng.
  case png
  /// Netpbm PPM (P3/P6) and PGM (P2/P5), parsed directly.
  case pnm

  /// The format the first bytes announce, or nil for anything else.
  public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
    let head = Array(bytes.prefix(8))
    if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
    if head.count >= 8, head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
    if head.count >= 2, head[0] == UInt8(ascii: "P"),
      [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")].contains(head[1])
    {
      return .pnm
    }
    return nil
  }

  /// The format a file name suggests (by extension), or nil.
  public static func fromExtension(_ pathExtension: String) -> ImageFormat? {
    switch pathExtension.lowercased() {
    case "jpg", "jpeg", "jpe", "jfif": return .jpeg
    case "png": return .png
    case "ppm", "pgm", "pnm": return .pnm
    default: return nil
    }
  }
}
