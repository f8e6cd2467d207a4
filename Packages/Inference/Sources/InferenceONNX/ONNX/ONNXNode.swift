/// One node of an ONNX graph (`NodeProto`): an operator, the names of the values it reads and
/// writes, and its attributes.
struct ONNXNode {
  /// The node's name; may be empty.
  var name = ""
  /// The operator, for example `Conv`.
  var opType = ""
  /// The operator's domain; empty (or `ai.onnx`) for the standard operators.
  var domain = ""
  /// The values read, in order; an empty name is an omitted optional input.
  var inputs: [String] = []
  /// The values written, in order.
  var outputs: [String] = []
  /// The attributes, by name.
  var attributes: [String: ONNXAttribute] = [:]

  /// Parses a `NodeProto`.
  init(_ reader: ProtobufReader) throws(ProtobufReader.Failure) {
    var reader = reader
    while let field = try reader.next() {
      switch field.number {
      case 1: inputs.append(reader.string(try field.range()))
      case 2: outputs.append(reader.string(try field.range()))
      case 3: name = reader.string(try field.range())
      case 4: opType = reader.string(try field.range())
      case 5:
        let attribute = try ONNXAttribute(reader.reader(over: try field.range()))
        attributes[attribute.name] = attribute
      case 7: domain = reader.string(try field.range())
      default: continue
      }
    }
  }

  /// The name messages use: the node's own, or its first output's when it has none.
  var label: String {
    name.isEmpty ? (outputs.first ?? opType) : name
  }

  /// Input `index` when the node has it and it is not omitted.
  func input(_ index: Int) -> String? {
    index < inputs.count && !inputs[index].isEmpty ? inputs[index] : nil
  }
}

/// One attribute of a node (`AttributeProto`): the forms inference reads. Graphs (the bodies of
/// control-flow nodes) and sparse tensors are skipped.
struct ONNXAttribute {
  /// The attribute's name.
  var name = ""
  /// A single float (`f`).
  var float: Float?
  /// A single integer (`i`).
  var integer: Int?
  /// A string (`s`), as UTF-8 text.
  var string: String?
  /// A tensor (`t`), as for the `value` of a `Constant` node.
  var tensor: ONNXTensor?
  /// A list of floats (`floats`).
  var floats: [Float] = []
  /// A list of integers (`ints`).
  var integers: [Int] = []

  /// Parses an `AttributeProto`.
  init(_ reader: ProtobufReader) throws(ProtobufReader.Failure) {
    var reader = reader
    while let field = try reader.next() {
      switch field.number {
      case 1: name = reader.string(try field.range())
      case 2: float = try field.float()
      case 3: integer = try field.integer()
      case 4: string = reader.string(try field.range())
      case 5: tensor = try ONNXTensor(reader.reader(over: try field.range()))
      case 7: floats += try field.fixed32s(in: reader.bytes).map(Float.init(bitPattern:))
      case 8: integers += try field.integers(in: reader.bytes)
      default: continue
      }
    }
  }
}
