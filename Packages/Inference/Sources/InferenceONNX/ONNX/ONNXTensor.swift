/// A constant tensor of an ONNX file (`TensorProto`): its name, shape and element type, and where
/// its values are: in `raw_data` (little-endian, a range of the file, not copied) or in the typed
/// repeated fields.
struct ONNXTensor {
  /// The element types this runtime reads (`TensorProto.DataType`).
  enum ElementType: Int {
    case float = 1, uint8 = 2, int8 = 3, uint16 = 4, int16 = 5, int32 = 6, int64 = 7
    case bool = 9, float16 = 10, double = 11, uint32 = 12, uint64 = 13

    /// The bytes of one element in `raw_data`.
    var size: Int {
      switch self {
      case .uint8, .int8, .bool: return 1
      case .uint16, .int16, .float16: return 2
      case .float, .int32, .uint32: return 4
      case .int64, .double, .uint64: return 8
      }
    }
  }

  /// The tensor's name.
  var name = ""
  /// The dimensions; empty for a scalar.
  var dimensions: [Int] = []
  /// The element type's code.
  var typeCode = 0
  /// `raw_data`'s bytes in the file.
  var raw: Range<Int>?
  /// `float_data`'s values, as bit patterns.
  var floatBits: [UInt32] = []
  /// `int32_data`'s values: int32, and the narrower integers, bool and float16's bits.
  var int32s: [Int] = []
  /// `int64_data`'s values.
  var int64s: [Int] = []
  /// `double_data`'s values, as bit patterns.
  var doubleBits: [UInt64] = []
  /// `uint64_data`'s values (uint32 and uint64).
  var uint64s: [UInt64] = []
  /// Whether the values are in a file of their own (`data_location` EXTERNAL).
  var isExternal = false

  /// Parses a `TensorProto`.
  init(_ reader: ProtobufReader) throws(ProtobufReader.Failure) {
    var reader = reader
    while let field = try reader.next() {
      switch field.number {
      case 1: dimensions += try field.integers(in: reader.bytes)
      case 2: typeCode = try field.integer()
      case 4: floatBits += try field.fixed32s(in: reader.bytes)
      case 5: int32s += try field.integers(in: reader.bytes)
      case 7: int64s += try field.integers(in: reader.bytes)
      case 8: name = reader.string(try field.range())
      case 9: raw = try field.range()
      case 10: doubleBits += try field.fixed64s(in: reader.bytes)
      case 11:
        uint64s += try field.integers(in: reader.bytes).map { UInt64(bitPattern: Int64($0)) }
      case 13: isExternal = true
      case 14: isExternal = try field.integer() == 1
      default: continue
      }
    }
  }

  /// The number of elements, or nil when a dimension is negative or the sizes multiply past
  /// 2^31 (zero sizes counted as one, so that no product of some of them can overflow later).
  var elementCount: Int? {
    var bound = 1
    for dimension in dimensions {
      guard dimension >= 0, dimension <= 1 << 31 else { return nil }
      bound *= max(dimension, 1)
      guard bound <= 1 << 31 else { return nil }
    }
    return dimensions.reduce(1, *)
  }

  /// Whether the element type is an integer wider than 16 bits, whose values (shapes, axes,
  /// indices) a float may not hold exactly.
  var isWideInteger: Bool {
    switch ElementType(rawValue: typeCode) {
    case .int32, .int64, .uint32, .uint64: return true
    default: return false
    }
  }

  /// The values as doubles (exact for every type read but 64-bit integers past 2^53), checked
  /// against the shape.
  /// - Throws: a ``ProtobufReader/Failure`` naming the tensor when its type is not read, its data
  ///   is elsewhere, or the count of values does not fit its shape.
  func values(in bytes: [UInt8]) throws(ProtobufReader.Failure) -> [Double] {
    try values(in: bytes, as: Double.self)
  }

  /// The values as floats (exact for floats, halves and integers to 2^24): what weights are
  /// computed in, at half the memory of doubles. Throws as ``values(in:)``.
  func floats(in bytes: [UInt8]) throws(ProtobufReader.Failure) -> [Float] {
    try values(in: bytes, as: Float.self)
  }

  private func values<Value: BinaryFloatingPoint>(
    in bytes: [UInt8], as _: Value.Type
  ) throws(ProtobufReader.Failure) -> [Value] {
    guard let type = ElementType(rawValue: typeCode) else {
      throw failure("has element type \(typeCode), which this runtime does not read")
    }
    guard !isExternal else { throw failure("keeps its values in an external file, which is not read") }
    guard let count = elementCount, count <= 1 << 28 else { throw failure("has shape \(dimensions)") }
    if let raw {
      guard raw.count == count * type.size else {
        throw failure("has \(raw.count) bytes of data for \(count) values of \(type.size) bytes")
      }
      return Self.decode(type, bytes[raw], count: count)
    }
    let values: [Value] = typedValues(type)
    guard values.count == count else { throw failure("has \(values.count) values for shape \(dimensions)") }
    return values
  }

  /// The values of the typed field that `type` uses.
  private func typedValues<Value: BinaryFloatingPoint>(_ type: ElementType) -> [Value] {
    switch type {
    case .float: return floatBits.map { Value(Float(bitPattern: $0)) }
    case .double: return doubleBits.map { Value(Double(bitPattern: $0)) }
    case .int64: return int64s.map { Value($0) }
    case .uint32, .uint64: return uint64s.map { Value($0) }
    case .float16: return int32s.map { Value(Float(Float16(bitPattern: UInt16(truncatingIfNeeded: $0)))) }
    case .uint8, .int8, .uint16, .int16, .int32, .bool: return int32s.map { Value($0) }
    }
  }

  /// `count` little-endian elements of `type` (their bytes checked by the caller), one typed
  /// loop each: weights run to millions of elements, decoded at every load.
  private static func decode<Value: BinaryFloatingPoint>(
    _ type: ElementType, _ bytes: ArraySlice<UInt8>, count: Int
  ) -> [Value] {
    bytes.withUnsafeBytes { buffer in
      [Value](unsafeUninitializedCapacity: count) { values, initialized in
        func each<Element>(_: Element.Type, _ convert: (Element) -> Value) {
          for index in 0..<count {
            values[index] = convert(buffer.loadUnaligned(fromByteOffset: index * type.size, as: Element.self))
          }
        }
        switch type {
        case .float: each(UInt32.self) { Value(Float(bitPattern: UInt32(littleEndian: $0))) }
        case .double: each(UInt64.self) { Value(Double(bitPattern: UInt64(littleEndian: $0))) }
        case .float16: each(UInt16.self) { Value(Float(Float16(bitPattern: UInt16(littleEndian: $0)))) }
        case .uint8, .bool: each(UInt8.self) { Value($0) }
        case .int8: each(Int8.self) { Value($0) }
        case .uint16: each(UInt16.self) { Value(UInt16(littleEndian: $0)) }
        case .int16: each(Int16.self) { Value(Int16(littleEndian: $0)) }
        case .uint32: each(UInt32.self) { Value(UInt32(littleEndian: $0)) }
        case .int32: each(Int32.self) { Value(Int32(littleEndian: $0)) }
        case .uint64: each(UInt64.self) { Value(UInt64(littleEndian: $0)) }
        case .int64: each(Int64.self) { Value(Int64(littleEndian: $0)) }
        }
        initialized = count
      }
    }
  }

  private func failure(_ detail: String) -> ProtobufReader.Failure {
    ProtobufReader.Failure(reason: "constant '\(name)' \(detail)")
  }
}
