/// The parts of an ONNX `ModelProto` that inference needs, read from the protobuf with every
/// length checked: the operator set version and the main graph. Anything else (metadata,
/// training information, functions, subgraphs of control-flow nodes) is skipped unread.
struct ONNXFile {
  /// The version of the default operator set (`ai.onnx`), which decides operators' forms.
  let opsetVersion: Int
  /// The main graph.
  let graph: Graph
  /// The file's bytes, which constants' raw data point into.
  let bytes: [UInt8]

  /// One graph: its nodes in order, its constants, and its declared inputs and outputs.
  struct Graph {
    /// The nodes, in the file's (topological) order.
    var nodes: [ONNXNode] = []
    /// The constants (`initializer`), by name.
    var initializers: [ONNXTensor] = []
    /// The declared inputs, which may list constants too (files of IR version 3 and before must).
    var inputs: [ONNXValueInfo] = []
    /// The declared outputs.
    var outputs: [ONNXValueInfo] = []
  }

  /// Parses a model.
  /// - Throws: ``ProtobufReader/Failure`` for bytes that are not a well-formed `ModelProto`
  ///   with a graph.
  init(bytes: [UInt8]) throws(ProtobufReader.Failure) {
    self.bytes = bytes
    var reader = ProtobufReader(bytes)
    var opset: Int?
    var graphRange: Range<Int>?
    var irVersion: Int?
    while let field = try reader.next() {
      switch field.number {
      case 1: irVersion = try field.integer()
      case 7: graphRange = try field.range()
      case 8:
        let (domain, version) = try Self.operatorSet(reader.reader(over: try field.range()))
        if domain.isEmpty || domain == "ai.onnx" { opset = version }
      default: continue
      }
    }
    guard let irVersion, irVersion > 0 else { throw ProtobufReader.Failure(reason: "no IR version") }
    guard let graphRange else { throw ProtobufReader.Failure(reason: "no graph") }
    // Operators' forms depend on it; files since IR version 3 (2017) must name it.
    guard let opset else { throw ProtobufReader.Failure(reason: "no version of the standard operator set") }
    opsetVersion = opset
    graph = try Self.graph(reader.reader(over: graphRange))
  }

  /// An `OperatorSetIdProto`: its domain and version.
  private static func operatorSet(_ reader: ProtobufReader) throws(ProtobufReader.Failure) -> (String, Int) {
    var reader = reader
    var domain = ""
    var version = 0
    while let field = try reader.next() {
      switch field.number {
      case 1: domain = reader.string(try field.range())
      case 2: version = try field.integer()
      default: continue
      }
    }
    return (domain, version)
  }

  /// A `GraphProto`.
  private static func graph(_ reader: ProtobufReader) throws(ProtobufReader.Failure) -> Graph {
    var reader = reader
    var graph = Graph()
    while let field = try reader.next() {
      switch field.number {
      case 1: graph.nodes.append(try ONNXNode(reader.reader(over: try field.range())))
      case 5: graph.initializers.append(try ONNXTensor(reader.reader(over: try field.range())))
      case 11: graph.inputs.append(try ONNXValueInfo(reader.reader(over: try field.range())))
      case 12: graph.outputs.append(try ONNXValueInfo(reader.reader(over: try field.range())))
      case 15:
        throw ProtobufReader.Failure(reason: "sparse initializers are not read")
      default: continue
      }
    }
    return graph
  }
}

extension ProtobufReader {
  /// The UTF-8 text of a length-delimited field.
  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }
}
