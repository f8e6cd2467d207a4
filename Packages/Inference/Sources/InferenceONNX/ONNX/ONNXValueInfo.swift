/// A graph input's or output's declaration (`ValueInfoProto`): its name, element type and shape,
/// where the file gives them.
struct ONNXValueInfo {
  /// The value's name.
  var name = ""
  /// The tensor's element type (`TensorProto.DataType`), 0 when not given.
  var elementType = 0
  /// Each dimension's size; nil for a named (symbolic) or missing one. Nil when no shape is given.
  var shape: [Int?]?

  /// Parses a `ValueInfoProto`.
  init(_ reader: ProtobufReader) throws(ProtobufReader.Failure) {
    var reader = reader
    while let field = try reader.next() {
      switch field.number {
      case 1: name = reader.string(try field.range())
      case 2: try readType(reader.reader(over: try field.range()))
      default: continue
      }
    }
  }

  /// A `TypeProto`: only its tensor type (field 1) is read.
  private mutating func readType(_ reader: ProtobufReader) throws(ProtobufReader.Failure) {
    var reader = reader
    while let field = try reader.next() {
      guard field.number == 1 else { continue }
      var tensor = reader.reader(over: try field.range())
      while let part = try tensor.next() {
        switch part.number {
        case 1: elementType = try part.integer()
        case 2: shape = try Self.dimensions(tensor.reader(over: try part.range()))
        default: continue
        }
      }
    }
  }

  /// A `TensorShapeProto`'s dimensions.
  private static func dimensions(_ reader: ProtobufReader) throws(ProtobufReader.Failure) -> [Int?] {
    var reader = reader
    var dimensions: [Int?] = []
    while let field = try reader.next() {
      guard field.number == 1 else { continue }
      var dimension = reader.reader(over: try field.range())
      var size: Int?
      while let part = try dimension.next() {
        if part.number == 1 { size = try part.integer() }
      }
      dimensions.append(size)
    }
    return dimensions
  }
}
