import Foundation

@testable import Inference
@testable import InferenceTFLite

/// A FlatBuffers table being written: its fields by their index in the schema.
struct FlatTable: Sendable {
  /// One field's value.
  indirect enum Field: Sendable {
    case int8(Int8), uint8(UInt8), bool(Bool), int32(Int32), uint32(UInt32)
    case table(FlatTable), tables([FlatTable]), int32s([Int32]), bytes([UInt8]), string(String)
    /// A vector whose length word says `count`, whatever number of `bytes` follows it.
    case claimedVector(count: UInt32, bytes: [UInt8])
    /// An offset field holding `value` as it is, pointing wherever that lands.
    case rawOffset(UInt32)
  }

  /// The fields set, by index.
  var fields: [Int: Field] = [:]
  /// When set, written instead of the table's real distance to its vtable.
  var vtableOffset: Int32?

  init(_ fields: [Int: Field] = [:]) {
    self.fields = fields
  }

  subscript(field: Int) -> Field? {
    get { fields[field] }
    set { fields[field] = newValue }
  }
}

/// Writes ``FlatTable``s as a FlatBuffers buffer the way `flatc` lays one out in spirit:
/// root offset, file identifier, then each table's vtable just before the table and every
/// sub-object after the table that points at it (offsets are unsigned and point forward).
struct FlatBufferWriter {
  private(set) var bytes: [UInt8] = []

  /// The buffer of `root` with `identifier` at bytes 4..<8.
  static func file(root: FlatTable, identifier: String = "TFL3") -> [UInt8] {
    var writer = FlatBufferWriter()
    writer.put(UInt32(0))
    writer.bytes += Array(identifier.utf8.prefix(4))
    writer.bytes += [UInt8](repeating: 0, count: 8 - writer.bytes.count)
    let root = writer.write(root)
    writer.store(UInt32(root), at: 0)
    return writer.bytes
  }

  private mutating func align(_ alignment: Int) {
    while bytes.count % alignment != 0 { bytes.append(0) }
  }

  private mutating func put<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private mutating func store(_ value: UInt32, at position: Int) {
    for index in 0..<4 { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  private static func inlineWidth(_ field: FlatTable.Field) -> Int {
    switch field {
    case .int8, .uint8, .bool: return 1
    default: return 4
    }
  }

  /// Writes `table` (vtable, table, then what it points at) and returns the table's position.
  private mutating func write(_ table: FlatTable) -> Int {
    let indices = table.fields.keys.sorted()
    var offsets: [Int: Int] = [:]
    var size = 4
    for index in indices {
      guard let field = table.fields[index] else { continue }
      let width = Self.inlineWidth(field)
      size = (size + width - 1) / width * width
      offsets[index] = size
      size += width
    }
    size = (size + 3) / 4 * 4
    let slots = (indices.last ?? -1) + 1
    align(4)
    let vtable = bytes.count
    put(UInt16(4 + 2 * slots))
    put(UInt16(size))
    for slot in 0..<slots { put(UInt16(offsets[slot] ?? 0)) }
    align(4)
    let position = bytes.count
    put(table.vtableOffset ?? Int32(position - vtable))
    bytes += [UInt8](repeating: 0, count: size - 4)
    var references: [(at: Int, field: FlatTable.Field)] = []
    for index in indices {
      guard let field = table.fields[index], let offset = offsets[index] else { continue }
      let at = position + offset
      switch field {
      case .int8(let value): bytes[at] = UInt8(bitPattern: value)
      case .uint8(let value): bytes[at] = value
      case .bool(let value): bytes[at] = value ? 1 : 0
      case .int32(let value): store(UInt32(bitPattern: value), at: at)
      case .uint32(let value), .rawOffset(let value): store(value, at: at)
      default: references.append((at, field))
      }
    }
    for (at, field) in references {
      let target = writeReferenced(field)
      store(UInt32(target - at), at: at)
    }
    return position
  }

  /// Writes a vector, string or table after everything so far; returns where it starts.
  private mutating func writeReferenced(_ field: FlatTable.Field) -> Int {
    align(4)
    let start = bytes.count
    switch field {
    case .table(let table):
      return write(table)
    case .tables(let tables):
      put(UInt32(tables.count))
      bytes += [UInt8](repeating: 0, count: 4 * tables.count)
      for (index, table) in tables.enumerated() {
        let element = start + 4 + 4 * index
        let target = write(table)
        store(UInt32(target - element), at: element)
      }
    case .int32s(let values):
      put(UInt32(values.count))
      for value in values { put(value) }
    case .bytes(let values):
      put(UInt32(values.count))
      bytes += values
    case .string(let text):
      put(UInt32(text.utf8.count))
      bytes += Array(text.utf8) + [0]
    case .claimedVector(let count, let values):
      put(count)
      bytes += values
    case .int8, .uint8, .bool, .int32, .uint32, .rawOffset:
      preconditionFailure("\(field) is stored inline")
    }
    return start
  }
}

/// Builds small TFLite models in memory (schema `tflite`, identifier `TFL3`), so operator
/// tests state exactly what a converter would have written: tensors, buffers, operator codes
/// and each operator's builtin options table.
struct TFLiteBuilder: Sendable {
  /// Schema `TensorType`.
  enum ElementType: Int8 {
    case float32 = 0, float16 = 1, int32 = 2
  }

  /// Schema `Padding`.
  enum Padding: Int8 {
    case same = 0, valid = 1
  }

  /// Schema `ActivationFunctionType`.
  enum Fused: Int8 {
    case none = 0, relu = 1, relu6 = 3
  }

  /// Schema `BuiltinOperator` codes.
  enum Code {
    static let add = 0, concatenation = 2, conv2D = 3, depthwiseConv2D = 4, dequantize = 6
    static let maxPool2D = 17, relu = 19, reshape = 22, resizeBilinear = 23, softmax = 25, custom = 32
    static let pad = 34
  }

  /// Schema `BuiltinOptions` union types.
  enum OptionsType {
    static let conv2D: UInt8 = 1, depthwiseConv2D: UInt8 = 2, pool2D: UInt8 = 5, concatenation: UInt8 = 10
    static let add: UInt8 = 11, resizeBilinear: UInt8 = 15, reshape: UInt8 = 17, pad: UInt8 = 22
  }

  /// The tensors, in index order.
  var tensors: [FlatTable] = []
  /// The buffers; buffer 0 is the empty one converters write first.
  var buffers: [FlatTable] = [FlatTable()]
  /// The operator codes, in index order.
  var codes: [FlatTable] = []
  /// What each operator code is, to reuse one.
  private var codeKeys: [String] = []
  /// The operators in execution order.
  var operators: [FlatTable] = []
  /// The subgraph's input and output tensors.
  var inputs: [Int] = [], outputs: [Int] = []
  /// The model's schema version.
  var version: Int32 = 3

  // MARK: - Tensors

  /// A tensor, with its own buffer of `data` when given (a constant).
  @discardableResult
  mutating func tensor(
    _ name: String, _ shape: [Int], type: ElementType = .float32, data: [UInt8]? = nil
  ) -> Int {
    var buffer: UInt32 = 0
    if let data {
      buffers.append(FlatTable([0: .bytes(data)]))
      buffer = UInt32(buffers.count - 1)
    }
    tensors.append(
      FlatTable([
        0: .int32s(shape.map { Int32(truncatingIfNeeded: $0) }), 1: .int8(type.rawValue), 2: .uint32(buffer),
        3: .string(name),
      ]))
    return tensors.count - 1
  }

  /// The model's input.
  mutating func input(_ shape: [Int], name: String = "input") -> Int {
    let index = tensor(name, shape)
    inputs.append(index)
    return index
  }

  /// A float32 constant.
  mutating func constant(_ name: String, _ shape: [Int], _ values: [Float]) -> Int {
    tensor(name, shape, data: values.flatMap { Self.littleEndian($0.bitPattern) })
  }

  /// A float16 constant of the given bit patterns behind a DEQUANTIZE to float32, as the
  /// converter writes float16 weights; returns the float32 tensor.
  mutating func float16Constant(_ name: String, _ shape: [Int], bits: [UInt16]) -> Int {
    let half = tensor(name + "_f16", shape, type: .float16, data: bits.flatMap { Self.littleEndian($0) })
    let full = tensor(name, shape)
    op(Code.dequantize, inputs: [half], outputs: [full])
    return full
  }

  /// An int32 constant of shape `[values.count]` (or `shape`).
  mutating func int32Constant(_ name: String, _ values: [Int], shape: [Int]? = nil) -> Int {
    tensor(
      name, shape ?? [values.count], type: .int32,
      data: values.flatMap { Self.littleEndian(UInt32(bitPattern: Int32(truncatingIfNeeded: $0))) })
  }

  static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }

  // MARK: - Operators

  /// The index of the operator code for `builtin` (or a custom operator), added when new.
  mutating func code(_ builtin: Int, custom: String? = nil) -> Int {
    var table = FlatTable([0: .int8(Int8(clamping: builtin)), 2: .int32(1), 3: .int32(Int32(builtin))])
    if let custom { table[1] = .string(custom) }
    let key = "\(builtin) \(custom ?? "")"
    if let index = codeKeys.firstIndex(of: key) { return index }
    codeKeys.append(key)
    codes.append(table)
    return codes.count - 1
  }

  /// An operator.
  mutating func op(
    _ builtin: Int, custom: String? = nil, inputs: [Int], outputs: [Int],
    options: (type: UInt8, table: FlatTable)? = nil
  ) {
    var table = FlatTable([
      0: .uint32(UInt32(code(builtin, custom: custom))), 1: .int32s(inputs.map { Int32($0) }),
      2: .int32s(outputs.map { Int32($0) }),
    ])
    if let options {
      table[3] = .uint8(options.type)
      table[4] = .table(options.table)
    }
    operators.append(table)
  }

  /// CONV_2D; `filter` is (out, height, width, in), TFLite's order.
  mutating func conv2D(
    _ input: Int, filter: Int, bias: Int?, output shape: [Int], padding: Padding = .valid,
    stride: (height: Int, width: Int) = (1, 1), dilation: (height: Int, width: Int) = (1, 1),
    activation: Fused = .none, name: String = "conv"
  ) -> Int {
    let output = tensor(name, shape)
    op(
      Code.conv2D, inputs: bias.map { [input, filter, $0] } ?? [input, filter], outputs: [output],
      options: (
        OptionsType.conv2D,
        FlatTable([
          0: .int8(padding.rawValue), 1: .int32(Int32(stride.width)), 2: .int32(Int32(stride.height)),
          3: .int8(activation.rawValue), 4: .int32(Int32(dilation.width)), 5: .int32(Int32(dilation.height)),
        ])
      ))
    return output
  }

  /// DEPTHWISE_CONV_2D; `filter` is (1, height, width, in · multiplier).
  mutating func depthwise(
    _ input: Int, filter: Int, bias: Int?, multiplier: Int, output shape: [Int], padding: Padding = .valid,
    stride: (height: Int, width: Int) = (1, 1), activation: Fused = .none, name: String = "depthwise"
  ) -> Int {
    let output = tensor(name, shape)
    op(
      Code.depthwiseConv2D, inputs: bias.map { [input, filter, $0] } ?? [input, filter], outputs: [output],
      options: (
        OptionsType.depthwiseConv2D,
        FlatTable([
          0: .int8(padding.rawValue), 1: .int32(Int32(stride.width)), 2: .int32(Int32(stride.height)),
          3: .int32(Int32(multiplier)), 4: .int8(activation.rawValue), 5: .int32(1), 6: .int32(1),
        ])
      ))
    return output
  }

  /// ADD of two activations.
  mutating func add(_ first: Int, _ second: Int, output shape: [Int], activation: Fused = .none) -> Int {
    let output = tensor("add", shape)
    op(
      Code.add, inputs: [first, second], outputs: [output],
      options: (OptionsType.add, FlatTable([0: .int8(activation.rawValue)])))
    return output
  }

  /// CONCATENATION on `axis` (negative counts from the end).
  mutating func concatenation(_ sources: [Int], axis: Int, output shape: [Int]) -> Int {
    let output = tensor("concat", shape)
    op(
      Code.concatenation, inputs: sources, outputs: [output],
      options: (OptionsType.concatenation, FlatTable([0: .int32(Int32(axis)), 1: .int8(0)])))
    return output
  }

  /// MAX_POOL_2D.
  mutating func maxPool(
    _ input: Int, filter: (height: Int, width: Int), stride: (height: Int, width: Int), padding: Padding,
    output shape: [Int]
  ) -> Int {
    let output = tensor("pool", shape)
    op(
      Code.maxPool2D, inputs: [input], outputs: [output],
      options: (
        OptionsType.pool2D,
        FlatTable([
          0: .int8(padding.rawValue), 1: .int32(Int32(stride.width)), 2: .int32(Int32(stride.height)),
          3: .int32(Int32(filter.width)), 4: .int32(Int32(filter.height)), 5: .int8(0),
        ])
      ))
    return output
  }

  /// PAD by `amounts`, (before, after) per axis of the NHWC tensor, as an int32 [4, 2] constant.
  mutating func pad(_ input: Int, amounts: [(Int, Int)], output shape: [Int]) -> Int {
    let paddings = int32Constant("paddings", amounts.flatMap { [$0.0, $0.1] }, shape: [amounts.count, 2])
    let output = tensor("pad", shape)
    op(Code.pad, inputs: [input, paddings], outputs: [output], options: (OptionsType.pad, FlatTable()))
    return output
  }

  /// RESIZE_BILINEAR to `size` (height, width) as an int32 [2] constant.
  mutating func resizeBilinear(
    _ input: Int, size: (height: Int, width: Int), alignCorners: Bool = false, halfPixelCenters: Bool = false,
    output shape: [Int]
  ) -> Int {
    let sizeTensor = int32Constant("size", [size.height, size.width])
    let output = tensor("resize", shape)
    op(
      Code.resizeBilinear, inputs: [input, sizeTensor], outputs: [output],
      options: (
        OptionsType.resizeBilinear, FlatTable([2: .bool(alignCorners), 3: .bool(halfPixelCenters)])
      ))
    return output
  }

  /// RESHAPE to `shape`, with the shape as an int32 constant input and in the options.
  mutating func reshape(_ input: Int, output shape: [Int]) -> Int {
    let shapeTensor = int32Constant("shape", shape)
    let output = tensor("reshape", shape)
    op(
      Code.reshape, inputs: [input, shapeTensor], outputs: [output],
      options: (OptionsType.reshape, FlatTable([0: .int32s(shape.map { Int32($0) })])))
    return output
  }

  // MARK: - The file

  /// The Model table.
  func model() -> FlatTable {
    let subgraph = FlatTable([
      0: .tables(tensors), 1: .int32s(inputs.map { Int32($0) }), 2: .int32s(outputs.map { Int32($0) }),
      3: .tables(operators), 4: .string("main"),
    ])
    return FlatTable([
      0: .uint32(UInt32(version)), 1: .tables(codes), 2: .tables([subgraph]), 3: .string("TFLiteBuilder"),
      4: .tables(buffers),
    ])
  }

  /// The flatbuffer.
  func bytes() -> [UInt8] {
    FlatBufferWriter.file(root: model())
  }

  /// The model loaded by the importer.
  func load(optimize: Bool = true) throws(ModelError) -> TFLiteModel {
    try TFLiteModel(bytes: bytes(), path: "built.tflite", optimize: optimize)
  }

  /// Loads the model (optimised and not: the two must agree to 1e-5) and runs it on one
  /// item of `values`; returns each output's values.
  func run(_ values: [Float]) throws -> [[Float]] {
    var results: [[[Float]]] = []
    for optimize in [false, true] {
      let model = try load(optimize: optimize)
      let outputs = try model.predict(Tensor(shape: [1] + model.inputShape, values: values), threads: 1)
      results.append(outputs.map(\.values))
    }
    guard results[0].count == results[1].count, zip(results[0], results[1]).allSatisfy({ close($0, $1) })
    else {
      throw BuilderMismatch(description: "optimised \(results[1]) and unoptimised \(results[0]) differ")
    }
    return results[1]
  }
}

/// The optimised and unoptimised graphs of a built model disagree.
struct BuilderMismatch: Error, CustomStringConvertible {
  let description: String
}
