/// A model as a graph of nodes in topological order, one input and one output.
struct ModelGraph: Equatable, Sendable {
  /// The nodes; every node's inputs come before it.
  var nodes: [GraphNode]
  /// The index of the input node.
  var input: Int
  /// The index of the node whose output is the model's output.
  var output: Int

  /// The number of nodes reading each node's output (the model output counts as a reader).
  func readerCounts() -> [Int] {
    var counts = [Int](repeating: 0, count: nodes.count)
    for node in nodes {
      for input in node.inputs { counts[input] += 1 }
    }
    counts[output] += 1
    return counts
  }

  /// The graph with BatchNormalization folded into the convolution before it and
  /// activations fused into the node before them.
  ///
  /// A node folds into its producer only when the producer (and any identity nodes between
  /// them) feeds nothing else, keeps the shape, and has no activation of its own yet.
  func optimized() -> ModelGraph {
    var graph = self
    for index in graph.nodes.indices {
      switch graph.nodes[index].operation {
      case .channelAffine(let affine):
        guard let producer = graph.fusableProducer(of: index),
          graph.nodes[producer].operation.canFoldAffine
        else { continue }
        if graph.nodes[producer].operation.fold(affine) {
          graph.nodes[index].operation = .identity
        }
      case .activation:
        guard let producer = graph.fusableProducer(of: index) else { continue }
        graph.nodes[producer].activation = graph.nodes[index].activation
        graph.nodes[index].activation = .linear
        graph.nodes[index].operation = .identity
      default:
        continue
      }
    }
    return graph
  }

  /// The computing node that alone feeds `index` (through identity nodes of the same shape),
  /// with a linear activation; nil when fusing into it would change another reader's input.
  private func fusableProducer(of index: Int) -> Int? {
    let readers = readerCounts()
    guard let first = nodes[index].inputs.first, nodes[index].inputs.count == 1 else { return nil }
    var candidate = first
    while true {
      let node = nodes[candidate]
      guard readers[candidate] == 1, candidate != output, node.shape == nodes[index].shape else {
        return nil
      }
      if node.operation == .identity, let next = node.inputs.first {
        candidate = next
        continue
      }
      guard node.operation.computes, node.activation == .linear else { return nil }
      return candidate
    }
  }
}
