import Foundation

/// The command line as the bytes the shell passed. Swift turns an argument that is not valid
/// UTF-8 into a `String` with replacement characters, which names no file on disk; `detect`
/// uses this to say so plainly instead of reporting "no such file".
enum RawArguments {
  /// The arguments that are not valid UTF-8, keyed by the `String` Swift made of them, each
  /// with its invalid bytes written as `\xFF`.
  static let undecodable: [String: String] = {
    var found: [String: String] = [:]
    for index in 0..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
        UInt8(bitPattern: $0)
      }
      guard String(validating: bytes, as: UTF8.self) == nil else { continue }
      found[String(decoding: bytes, as: UTF8.self)] = escaped(bytes)
    }
    return found
  }()

  /// The bytes as text, with every byte that is not part of valid UTF-8 written as `\xNN`.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] {
          text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
