/// One node of a model graph: a Keras layer, after import.
struct GraphNode: Equatable, Sendable {
  /// The Keras layer name.
  var name: String
  /// The Keras layer class.
  var className: String
  /// Indices of the nodes whose outputs this node reads, in order.
  var inputs: [Int]
  /// The output shape of one batch item, for example `[62, 62, 8]`.
  var shape: [Int]
  /// What the node computes.
  var operation: Operation
  /// Applied to the node's output; fused activations land here.
  var activation: Activation = .linear

  /// Elements of one batch item's output.
  var itemCount: Int { shape.reduce(1, *) }
}
