/// The kitty graphics protocol: the picture's RGB bytes in base64, in chunks of 4096, sent
/// with `a=T` (transmit and show) as image `id` with one placement, scaled by the terminal to
/// the cells given (`c`, `r`), the cursor left where it was (`C=1`) and no replies (`q=2`).
/// Sending a picture again under the same id replaces it in place.
public struct KittyImageEncoder: TerminalImageEncoder {
  /// ``TerminalGraphics/kitty``.
  public let graphics = TerminalGraphics.kitty
  /// The terminal scales the picture to its cells.
  public let scalesToCells = true

  /// Creates the encoder.
  public init() {}

  /// `ESC _G a=T,f=24,s=…,v=…,i=…,p=1,c=…,r=…,C=1,q=2,m=1;<base64> ESC \`, then `m=1`
  /// continuation chunks, the last with `m=0`.
  public func encode(_ image: RGBImage, columns: Int, rows: Int, id: Int) -> [UInt8] {
    let payload = Base64.encode(image.pixels)
    let chunk = 4096
    var output: [UInt8] = []
    output.reserveCapacity(payload.count + payload.count / chunk * 16 + 128)
    var start = 0
    repeat {
      let end = min(payload.count, start + chunk)
      let more = end < payload.count ? 1 : 0
      let control =
        start == 0
        ? "a=T,f=24,s=\(image.width),v=\(image.height),i=\(id),p=1,c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2,m=\(more)"
        : "m=\(more)"
      output += Array("\u{1B}_G\(control);".utf8)
      output += payload[start..<end]
      output += [0x1B, 0x5C]
      start = end
    } while start < payload.count
    return output
  }

  /// `a=d,d=I`: deletes the image and its placements, freeing its data.
  public func erase(id: Int) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }

  /// `a=d,d=A`: deletes every placement and frees their images.
  public func eraseAll() -> [UInt8] {
    Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
  }
}
