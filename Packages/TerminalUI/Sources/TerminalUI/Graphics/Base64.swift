/// Standard base64 with padding (RFC 4648), for the kitty graphics protocol, without
/// Foundation.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The base64 text of `bytes`, as ASCII bytes.
  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0x3D, count: (bytes.count + 2) / 3 * 4)
    bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { text in
        var out = 0
        var index = 0
        while index + 2 < input.count {
          let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
          text[out] = alphabet[Int(value >> 18 & 63)]
          text[out + 1] = alphabet[Int(value >> 12 & 63)]
          text[out + 2] = alphabet[Int(value >> 6 & 63)]
          text[out + 3] = alphabet[Int(value & 63)]
          index += 3
          out += 4
        }
        let rest = input.count - index
        if rest > 0 {
          let second = rest > 1 ? UInt32(input[index + 1]) : 0
          let value = UInt32(input[index]) << 16 | second << 8
          text[out] = alphabet[Int(value >> 18 & 63)]
          text[out + 1] = alphabet[Int(value >> 12 & 63)]
          if rest > 1 { text[out + 2] = alphabet[Int(value >> 6 & 63)] }
        }
      }
    }
    return output
  }
}
