import Inference

/// The parts of a TFLite flatbuffer (schema `tflite`, identifier `TFL3`) that a model graph
/// needs: the first subgraph's tensors, operators, inputs and outputs, and the buffers that
/// hold constant data. Every offset is checked against the file (``FlatBuffer``).
struct TFLiteFile {
  /// A tensor's declaration.
  struct Tensor {
    /// The shape, batch axis first.
    let shape: [Int]
    /// The element type (schema `TensorType`: 0 FLOAT32, 1 FLOAT16, 2 INT32, ...).
    let type: Int
    /// The index of its buffer; buffers with data hold constants.
    let buffer: Int
    /// Its name in the file.
    let name: String
  }

  /// One operator of the subgraph.
  struct Operator {
    /// The builtin code (schema `BuiltinOperator`), or nil for a custom operator.
    let code: Int?
    /// A custom operator's name.
    let customName: String?
    /// Input tensor indices (-1 for an absent optional input).
    let inputs: [Int]
    /// Output tensor indices.
    let outputs: [Int]
    /// The builtin options table, when the operator has one.
    let options: FlatBuffer.Table?
  }

  /// The element types this runtime reads (schema `TensorType`).
  enum ElementType {
    static let float32 = 0
    static let float16 = 1
    static let int32 = 2
  }

  /// The file.
  let buffer: FlatBuffer
  /// The tensors of the first subgraph.
  let tensors: [Tensor]
  /// Its operators in execution order.
  let operators: [Operator]
  /// Its input and output tensor indices.
  let inputs: [Int], outputs: [Int]
  /// Each buffer's bytes in the file (empty for a buffer without data).
  let buffers: [Range<Int>]

  /// Parses `bytes`.
  /// - Throws: ``FlatBuffer/Failure`` naming what is missing or does not fit.
  init(bytes: [UInt8]) throws(FlatBuffer.Failure) {
    let file = FlatBuffer(bytes)
    guard file.identifier == "TFL3" else {
      throw FlatBuffer.Failure(reason: "no TFL3 file identifier (not a TFLite model)")
    }
    let model = try file.root()
    let codes = try file.tables(model, 1, what: "operator codes").map { code throws(FlatBuffer.Failure) in
      // The code is the larger of the deprecated byte field and the 32-bit one (schema 3a).
      let deprecated = try file.int(code, 0, size: 1)
      let builtin = try file.int(code, 3, size: 4)
      let value = max(deprecated, builtin)
      return (value == 32 ? nil : value, try file.string(code, 1, what: "custom code"))
    }
    guard let subgraph = try file.tables(model, 2, what: "subgraphs").first else {
      throw FlatBuffer.Failure(reason: "the model has no subgraph")
    }
    tensors = try file.tables(subgraph, 0, what: "tensors").map { tensor throws(FlatBuffer.Failure) in
      Tensor(
        shape: try file.int32s(tensor, 0, what: "a tensor shape"), type: try file.int(tensor, 1, size: 1),
        buffer: try file.int(tensor, 2, signed: false),
        name: try file.string(tensor, 3, what: "a tensor name") ?? "")
    }
    inputs = try file.int32s(subgraph, 1, what: "subgraph inputs")
    outputs = try file.int32s(subgraph, 2, what: "subgraph outputs")
    let tensorCount = tensors.count
    operators = try file.tables(subgraph, 3, what: "operators").map { op throws(FlatBuffer.Failure) in
      let index = try file.int(op, 0, signed: false)
      guard index < codes.count else {
        throw FlatBuffer.Failure(reason: "an operator names operator code \(index) of \(codes.count)")
      }
      let inputs = try file.int32s(op, 1, what: "operator inputs")
      let outputs = try file.int32s(op, 2, what: "operator outputs")
      guard (inputs + outputs).allSatisfy({ $0 >= -1 && $0 < tensorCount }), outputs.allSatisfy({ $0 >= 0 })
      else {
        throw FlatBuffer.Failure(reason: "an operator names a tensor outside the \(tensorCount) tensors")
      }
      return Operator(
        code: codes[index].0, customName: codes[index].1, inputs: inputs, outputs: outputs,
        options: try file.subtable(op, 4, what: "operator options"))
    }
    guard (inputs + outputs).allSatisfy({ $0 >= 0 && $0 < tensorCount }) else {
      throw FlatBuffer.Failure(reason: "the subgraph's inputs or outputs name a tensor that does not exist")
    }
    buffers = try file.tables(model, 4, what: "buffers").map { buffer throws(FlatBuffer.Failure) in
      if let range = try file.byteRange(buffer, 0, what: "buffer data") { return range }
      // Files over 2 GB keep data after the flatbuffer, as an offset and a size.
      let offset = Int(clamping: try file.u64OrZero(buffer, 1))
      let size = Int(clamping: try file.u64OrZero(buffer, 2))
      guard offset > 1 else { return 0..<0 }
      guard offset <= bytes.count, size <= bytes.count - offset else {
        throw FlatBuffer.Failure(reason: "a buffer's data lies outside the file")
      }
      return offset..<(offset + size)
    }
    self.buffer = file
  }

  /// The constant bytes of tensor `index`, or nil when it has none (an activation).
  func constantBytes(of index: Int) -> ArraySlice<UInt8>? {
    let buffer = tensors[index].buffer
    guard buffer < buffers.count, !buffers[buffer].isEmpty else { return nil }
    return self.buffer.bytes[buffers[buffer]]
  }
}

extension FlatBuffer {
  /// An unsigned 64-bit field, or 0.
  fileprivate func u64OrZero(_ table: Table, _ field: Int) throws(Failure) -> UInt64 {
    guard let position = try fieldPosition(table, field) else { return 0 }
    return try u64(at: position)
  }
}
