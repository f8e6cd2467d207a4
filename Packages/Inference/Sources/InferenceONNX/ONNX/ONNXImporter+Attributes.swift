import Inference

extension ONNXImporter {
  /// An integer attribute, or `value` when the node does not set it.
  func integer(_ node: ONNXNode, _ name: String, default value: Int) throws(ModelError) -> Int {
    guard let attribute = node.attributes[name] else { return value }
    guard let integer = attribute.integer else { throw attributeError(node, name, "an integer") }
    return integer
  }

  /// A list-of-integers attribute, or `value` when the node does not set it.
  func integers(_ node: ONNXNode, _ name: String, default value: [Int]) -> [Int] {
    guard let attribute = node.attributes[name] else { return value }
    return attribute.integers
  }

  /// A float attribute, or `value` when the node does not set it.
  func float(_ node: ONNXNode, _ name: String, default value: Float) throws(ModelError) -> Float {
    guard let attribute = node.attributes[name] else { return value }
    guard let float = attribute.float else { throw attributeError(node, name, "a float") }
    return float
  }

  /// A string attribute, or `value` when the node does not set it.
  func string(_ node: ONNXNode, _ name: String, default value: String) -> String {
    node.attributes[name]?.string ?? value
  }

  private func attributeError(_ node: ONNXNode, _ name: String, _ kind: String) -> ModelError {
    ModelError.corruptONNX(path, reason: "attribute '\(name)' of node '\(node.label)' is not \(kind)")
  }

  /// A constant's values as integers (a shape, pads), each whole and within ±2^40.
  func integerValues(_ constant: Constant, _ node: ONNXNode) throws(ModelError) -> [Int] {
    var integers: [Int] = []
    for value in constant.exact ?? constant.values.map(Double.init) {
      guard let integer = Int(exactly: value), integer >= -(1 << 40), integer <= 1 << 40 else {
        throw unsupported(node, "with \(value) where an integer is expected")
      }
      integers.append(integer)
    }
    return integers
  }

  /// An operator form this runtime does not run, named with the node.
  func unsupported(_ node: ONNXNode, _ detail: String) -> ModelError {
    ModelError.unsupportedONNXOperator("\(node.opType) \(detail)", node: node.label)
  }
}
