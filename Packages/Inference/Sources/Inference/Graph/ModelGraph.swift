/// A model as a graph of nodes in topological order, one input and one or more outputs.
package struct ModelGraph: Equatable, Sendable {
  /// The nodes; every node's inputs come before it.
  package var nodes: [GraphNode]
  /// The index of the input node.
  package var input: Int
  /// The indices of the nodes whose outputs are the model's outputs, in order.
  package var outputs: [Int]

  /// A graph with one output.
  package init(nodes: [GraphNode], input: Int, output: Int) {
    self.init(nodes: nodes, input: input, outputs: [output])
  }

  /// A graph with any number of outputs.
  package init(nodes: [GraphNode], input: Int, outputs: [Int]) {
    self.nodes = nodes
    self.input = input
    self.outputs = outputs
  }

  /// The first output (a Keras model's only one).
  package var output: Int { outputs[0] }

  /// The number of nodes reading each node's output (each model output counts as a reader).
  package func readerCounts() -> [Int] {
    var counts = [Int](repeating: 0, count: nodes.count)
    for node in nodes {
      for input in node.inputs { counts[input] += 1 }
    }
    for output in outputs { counts[output] += 1 }
    return counts
  }

  /// The graph with BatchNormalization folded into the convolution before it and
  /// activations fused into the node before them.
  ///
  /// A node folds into its producer only when the producer (and any identity nodes between
  /// them) feeds nothing else, keeps the shape, and has no activation of its own yet.
  package consuming func optimized() -> ModelGraph {
    // Taken, not copied: the folds then change the weights in place.
    var graph = consume self
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
      case .add:
        if !graph.fuseWidenedShortcut(index) { graph.fuseAdd(index) }
      default:
        continue
      }
    }
    graph.fuseSeparable()
    graph.moveBiasPastMaxPooling()
    return graph
  }

  /// Moves the bias of a linear product that only a max pooling reads into the convolution
  /// that adds the pooled tensor in its epilogue (an Xception block's last separable layer, its
  /// pooling, and the Add fused into the shortcut's product): max(x + b) = max(x) + b, channel
  /// by channel and exactly, so the pass adding b to the block's largest tensor goes.
  private mutating func moveBiasPastMaxPooling() {
    let readers = readerCounts()
    for index in nodes.indices {
      guard case .convolution(var consumer) = nodes[index].operation, nodes[index].inputs.count == 2 else {
        continue
      }
      let pooled = nodes[index].inputs[1]
      guard readers[pooled] == 1, !outputs.contains(pooled),
        case .pooling(let pooling) = nodes[pooled].operation, pooling.kind == .maximum,
        pooling.channels == consumer.outputChannels, nodes[pooled].activation == .linear,
        nodes[pooled].inputs.count == 1,
        let producer = fusableProducer(of: pooled, input: nodes[pooled].inputs[0], keepingShape: false)
      else { continue }
      guard let bias = nodes[producer].operation.takeOutputBias() else { continue }
      consumer.bias = zip(consumer.bias ?? [Float](repeating: 0, count: bias.count), bias).map(+)
      nodes[index].operation = .convolution(consumer)
    }
  }

  /// Turns each depthwise convolution whose only reader is a 1x1 convolution (TFLite's and
  /// Keras's DepthwiseConv2D then Conv2D, BlazeFace's every block) into one separable step:
  /// a chunk's depthwise rows stay in the worker's scratch, in cache, for the product that
  /// reads them, instead of going out to a tensor and back. The depthwise bias moves into the
  /// pointwise one. (A product that adds the depthwise's own input, which other chunks'
  /// windows still read, adds it in its epilogue: see ``ExecutionPlan``.)
  private mutating func fuseSeparable() {
    let readers = readerCounts()
    for index in nodes.indices {
      guard case .convolution(var pointwise) = nodes[index].operation, pointwise.geometry.isPointwiseIdentity,
        let first = nodes[index].inputs.first, readers[first] == 1, !outputs.contains(first),
        case .depthwise(let depthwise) = nodes[first].operation, nodes[first].activation == .linear,
        depthwise.multiplier == 1, depthwise.geometry.dilationHeight == 1,
        depthwise.geometry.dilationWidth == 1, let source = nodes[first].inputs.first
      else { continue }
      var depthwiseWithoutBias = depthwise
      if let bias = depthwise.bias {
        pointwise.absorbInputBias(bias)
        depthwiseWithoutBias.bias = nil
      }
      nodes[index].operation = .separable(depthwiseWithoutBias, pointwise)
      nodes[index].inputs[0] = source
      // Read by nothing now: it shares its input's memory and computes nothing.
      nodes[first].operation = .identity
    }
  }

  /// Turns `add(other, convolution)` into a convolution that adds its product to `other` in
  /// place: one pass over the sum saved, and a step. The convolution (a channels-last one, no
  /// activation of its own) must feed nothing but the add; `other` (computed before it) may
  /// feed other nodes too when they all run before the convolution, as a residual block's
  /// input feeds its first layer and its shortcut.
  private mutating func fuseAdd(_ index: Int) {
    let inputs = nodes[index].inputs
    guard inputs.count == 2 else { return }
    for (productInput, otherInput) in [(inputs[1], inputs[0]), (inputs[0], inputs[1])] {
      guard let product = addingConvolution(of: index, input: productInput),
        let other = accumulationTarget(otherInput, of: index, before: product)
      else { continue }
      fold(index, into: product, reading: productInput, addend: other)
      return
    }
  }

  /// Turns `add(pad(shortcut), convolution)`, where the pad only appends zero channels (as
  /// BlazeFace widens its shortcuts), into a convolution that adds `shortcut` to the first
  /// channels of its product in its epilogue: the pad's and the add's passes are saved. The
  /// convolution (channels last, no activation of its own) must feed nothing but the add, the
  /// pad nothing but the add, and the shortcut must be computed before the convolution.
  private mutating func fuseWidenedShortcut(_ index: Int) -> Bool {
    let inputs = nodes[index].inputs
    guard inputs.count == 2 else { return false }
    let readers = readerCounts()
    for (productInput, padInput) in [(inputs[1], inputs[0]), (inputs[0], inputs[1])] {
      guard let product = addingConvolution(of: index, input: productInput),
        case .pad(let padding) = nodes[padInput].operation, padding.widensChannelsOnly,
        readers[padInput] == 1, !outputs.contains(padInput),
        let shortcut = nodes[padInput].inputs.first, shortcut < product
      else { continue }
      fold(index, into: product, reading: productInput, addend: shortcut)
      // Read by nothing now: it shares its input's memory and computes nothing.
      nodes[padInput].operation = .identity
      return true
    }
    return false
  }

  /// The convolution feeding input `input` of the add at `index` whose epilogue can take the add
  /// over: a fusable producer, channels last, with one input.
  private func addingConvolution(of index: Int, input: Int) -> Int? {
    guard let product = fusableProducer(of: index, input: input),
      case .convolution(let convolution) = nodes[product].operation, nodes[product].inputs.count == 1,
      !PlanarConvolutionKernel.handles(convolution)
    else { return nil }
    return product
  }

  /// Moves the add at `index` into the convolution at `product`, which then also reads `addend`
  /// and takes the add's activation; the add becomes an identity of `productInput`.
  private mutating func fold(_ index: Int, into product: Int, reading productInput: Int, addend: Int) {
    nodes[product].inputs.append(addend)
    nodes[product].activation = nodes[index].activation
    nodes[index].activation = .linear
    nodes[index].operation = .identity
    nodes[index].inputs = [productInput]
  }

  /// The node whose output a convolution at `product` can add its product to in place for the
  /// add at `index`: a computing node before `product` (reached through identity nodes, such
  /// as a fused ReLU's), of the add's shape, not a model output, and whose other readers (and
  /// those of the identity nodes between) all run before `product`.
  private func accumulationTarget(_ input: Int, of index: Int, before product: Int) -> Int? {
    var chain = [input]
    while let last = chain.last, nodes[last].operation == .identity, let source = nodes[last].inputs.first {
      chain.append(source)
    }
    guard let target = chain.last, target < product, nodes[target].operation.computes,
      nodes[target].operation != .input
    else { return nil }
    for link in chain {
      guard nodes[link].shape == nodes[index].shape, !outputs.contains(link) else { return nil }
      for (reader, node) in nodes.enumerated() where reader != index && !chain.contains(reader) {
        guard node.inputs.contains(link) else { continue }
        guard reader < product, node.operation != .identity else { return nil }
      }
    }
    return target
  }

  /// The computing node that alone feeds `index` (through identity nodes of the same shape),
  /// with a linear activation; nil when fusing into it would change another reader's input.
  private func fusableProducer(of index: Int) -> Int? {
    guard let first = nodes[index].inputs.first, nodes[index].inputs.count == 1 else { return nil }
    return fusableProducer(of: index, input: first)
  }

  /// The same for input `first` of node `index`; with `keepingShape` false, the nodes on the
  /// way may have any shape (for a node such as a pooling, which changes it).
  private func fusableProducer(of index: Int, input first: Int, keepingShape: Bool = true) -> Int? {
    let readers = readerCounts()
    var candidate = first
    while true {
      let node = nodes[candidate]
      guard readers[candidate] == 1, !outputs.contains(candidate),
        !keepingShape || node.shape == nodes[index].shape
      else {
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
