/// One node of a model graph: a Keras layer, after import.
package struct GraphNode: Equatable, Sendable {
  /// The Keras layer name.
  package var name: String
  /// The Keras layer class.
  package var className: String
  /// Indices of the nodes whose outputs this node reads, in order.
  package var inputs: [Int]
  /// The output shape of one batch item, for example `[62, 62, 8]`.
  package var shape: [Int]
  /// What the node computes.
  package var operation: Operation
  /// Applied to the node's output; fused activations land here.
  package var activation: Activation = .linear

  /// The value of these parts, for the importers.
  package init(
    name: String, className: String, inputs: [Int], shape: [Int], operation: Operation,
    activation: Activation = .linear
  ) {
    self.name = name
    self.className = className
    self.inputs = inputs
    self.shape = shape
    self.operation = operation
    self.activation = activation
  }

  /// Elements of one batch item's output.
  package var itemCount: Int { shape.reduce(1, *) }
}
