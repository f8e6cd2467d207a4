/// A reader of the protobuf wire format over a range of bytes, every length and index checked:
/// a truncated or hostile file gives a ``ProtobufReader/Failure``, never a read outside the bytes.
///
/// It reads fields one after the other, as they come; messages nested in a field are read by a
/// reader over that field's bytes. Groups (wire types 3 and 4), which ONNX never uses, are
/// refused.
struct ProtobufReader {
  /// Why a read failed.
  struct Failure: Error, Equatable {
    /// What was being read and what was wrong.
    let reason: String
  }

  /// One field: its number and its value as the wire gives it.
  struct Field {
    /// The field number from the message's schema.
    let number: Int
    /// The value.
    let value: Value
  }

  /// A field's value, by wire type.
  enum Value {
    /// Wire type 0: an integer of up to 64 bits, zigzag-free.
    case varint(UInt64)
    /// Wire type 1: eight little-endian bytes.
    case fixed64(UInt64)
    /// Wire type 2: the range of the field's bytes (a string, bytes, a message or a packed array).
    case bytes(Range<Int>)
    /// Wire type 5: four little-endian bytes.
    case fixed32(UInt32)
  }

  /// The whole file.
  let bytes: [UInt8]
  /// The next byte to read.
  private(set) var position: Int
  /// The end of this reader's bytes.
  let end: Int

  /// A reader over `range` of `bytes` (the whole array by default).
  init(_ bytes: [UInt8], range: Range<Int>? = nil) {
    self.bytes = bytes
    let range = range ?? bytes.indices
    position = range.lowerBound
    end = range.upperBound
  }

  /// A reader over a length-delimited field's bytes.
  func reader(over range: Range<Int>) -> ProtobufReader {
    ProtobufReader(bytes, range: range)
  }

  /// The next field, or nil at the end of the bytes.
  mutating func next() throws(Failure) -> Field? {
    guard position < end else { return nil }
    let key = try varint()
    let number = key >> 3
    guard number > 0, number < 1 << 29 else {
      throw Failure(reason: "field number \(number) at byte \(position) is out of range")
    }
    switch key & 7 {
    case 0:
      return Field(number: Int(number), value: .varint(try varint()))
    case 1:
      return Field(number: Int(number), value: .fixed64(try fixed(size: 8)))
    case 2:
      let length = try varint()
      guard length <= UInt64(end - position) else {
        throw Failure(
          reason: "field \(number) at byte \(position) claims \(length) bytes, \(end - position) remain")
      }
      let start = position
      position += Int(length)
      return Field(number: Int(number), value: .bytes(start..<position))
    case 5:
      return Field(number: Int(number), value: .fixed32(UInt32(try fixed(size: 4))))
    default:
      throw Failure(reason: "wire type \(key & 7) of field \(number) at byte \(position)")
    }
  }

  /// A base-128 varint of at most ten bytes.
  private mutating func varint() throws(Failure) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < end else { throw Failure(reason: "a varint runs past the end at byte \(position)") }
      let byte = bytes[position]
      position += 1
      guard shift < 64 else { throw Failure(reason: "a varint longer than ten bytes at byte \(position)") }
      value |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
  }

  /// `size` little-endian bytes.
  private mutating func fixed(size: Int) throws(Failure) -> UInt64 {
    guard end - position >= size else {
      throw Failure(reason: "a \(size)-byte value runs past the end at byte \(position)")
    }
    var value: UInt64 = 0
    for index in (0..<size).reversed() {
      value = value << 8 | UInt64(bytes[position + index])
    }
    position += size
    return value
  }
}

extension ProtobufReader.Field {
  /// The field as a signed integer (int32, int64, enum; two's complement in a varint).
  func integer() throws(ProtobufReader.Failure) -> Int {
    guard case .varint(let raw) = value else { throw wrongType("an integer") }
    return Int(truncatingIfNeeded: Int64(bitPattern: raw))
  }

  /// The field as a 32-bit float.
  func float() throws(ProtobufReader.Failure) -> Float {
    guard case .fixed32(let raw) = value else { throw wrongType("a float") }
    return Float(bitPattern: raw)
  }

  /// The field's bytes, for a string, bytes or a nested message.
  func range() throws(ProtobufReader.Failure) -> Range<Int> {
    guard case .bytes(let range) = value else { throw wrongType("a length-delimited value") }
    return range
  }

  /// A repeated integer field's values: one unpacked value, or a packed run of varints.
  func integers(in bytes: [UInt8]) throws(ProtobufReader.Failure) -> [Int] {
    guard case .bytes(let range) = value else { return [try integer()] }
    var reader = ProtobufReader(bytes, range: range)
    var values: [Int] = []
    while reader.position < reader.end {
      values.append(Int(truncatingIfNeeded: Int64(bitPattern: try reader.varint())))
    }
    return values
  }

  /// A repeated 32-bit field's values (float, fixed32): one unpacked value, or a packed run.
  func fixed32s(in bytes: [UInt8]) throws(ProtobufReader.Failure) -> [UInt32] {
    try fixedWidth(4, in: bytes).map { UInt32(truncatingIfNeeded: $0) }
  }

  /// A repeated 64-bit field's values (double, fixed64): one unpacked value, or a packed run.
  func fixed64s(in bytes: [UInt8]) throws(ProtobufReader.Failure) -> [UInt64] {
    try fixedWidth(8, in: bytes)
  }

  private func fixedWidth(_ size: Int, in bytes: [UInt8]) throws(ProtobufReader.Failure) -> [UInt64] {
    switch value {
    case .fixed32(let raw) where size == 4: return [UInt64(raw)]
    case .fixed64(let raw) where size == 8: return [raw]
    case .bytes(let range):
      guard range.count % size == 0 else {
        throw ProtobufReader.Failure(
          reason: "field \(number) packs \(range.count) bytes, not a whole number of \(size)-byte values")
      }
      var reader = ProtobufReader(bytes, range: range)
      var values: [UInt64] = []
      values.reserveCapacity(range.count / size)
      while reader.position < reader.end { values.append(try reader.fixed(size: size)) }
      return values
    default:
      throw wrongType("\(size)-byte values")
    }
  }

  private func wrongType(_ expected: String) -> ProtobufReader.Failure {
    ProtobufReader.Failure(reason: "field \(number) is not \(expected)")
  }
}
