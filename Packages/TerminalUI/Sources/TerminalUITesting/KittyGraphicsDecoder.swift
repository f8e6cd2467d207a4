import Foundation
import TerminalUI

/// Reads kitty graphics commands (the body of `ESC _ G … ESC \`), joining chunked
/// transmissions, as a kitty terminal would: the tests' independent reading of what
/// ``KittyImageEncoder`` writes. Handles `f=24` and `f=32` direct transmissions, `a=T`,
/// `a=t`, `a=q` and `a=d`.
struct KittyGraphicsDecoder {
  /// A finished command.
  enum Command: Equatable {
    /// Show a picture (`a=T`) with its placement's cells.
    case show(id: Int, image: RGBImage, columns: Int?, rows: Int?)
    /// A query (`a=q`) for image `id`.
    case query(id: Int)
    /// Delete (`a=d`): `what` is the `d` key (`a`/`A` all, `i`/`I` one id).
    case delete(what: String, id: Int?)
    /// Something malformed, with the reason.
    case invalid(String)
  }

  private var first: [String: String]?
  private var payload = ""

  /// Takes the body after `ESC _` (it starts with `G`); a command once its last chunk came.
  mutating func feed(_ body: String) -> Command? {
    guard body.hasPrefix("G") else { return nil }
    let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
    var keys: [String: String] = [:]
    for pair in (parts.first ?? "").split(separator: ",") {
      let sides = pair.split(separator: "=", maxSplits: 1)
      if sides.count == 2 { keys[String(sides[0])] = String(sides[1]) }
    }
    let data = parts.count > 1 ? String(parts[1]) : ""
    if first == nil { first = keys }
    payload += data
    guard keys["m"] != "1" else { return nil }
    let control = first ?? keys
    let text = payload
    first = nil
    payload = ""
    switch control["a"] ?? "t" {
    case "q": return .query(id: Int(control["i"] ?? "") ?? 0)
    case "d": return .delete(what: control["d"] ?? "a", id: control["i"].flatMap { Int($0) })
    case "T", "t":
      guard let width = control["s"].flatMap({ Int($0) }), let height = control["v"].flatMap({ Int($0) }),
        let bytes = Data(base64Encoded: text)
      else { return .invalid("no size or bad base64") }
      let format = control["f"] ?? "32"
      let channels = format == "24" ? 3 : 4
      guard bytes.count == width * height * channels else {
        return .invalid("\(bytes.count) bytes for \(width)x\(height)x\(channels)")
      }
      var rgb: [UInt8] = []
      rgb.reserveCapacity(width * height * 3)
      if channels == 3 {
        rgb = Array(bytes)
      } else {
        for (index, byte) in bytes.enumerated() where index % 4 != 3 { rgb.append(byte) }
      }
      guard let image = try? RGBImage(width: width, height: height, pixels: rgb) else {
        return .invalid("size")
      }
      return .show(
        id: Int(control["i"] ?? "") ?? 0, image: image, columns: control["c"].flatMap { Int($0) },
        rows: control["r"].flatMap { Int($0) })
    default:
      return .invalid("action \(control["a"] ?? "")")
    }
  }
}
