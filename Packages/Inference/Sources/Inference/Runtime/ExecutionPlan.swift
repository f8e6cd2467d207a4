/// A model graph laid out for running: the steps in order and where each tensor lives in
/// the scratch arena.
///
/// Every tensor's size is a multiple of the batch size, so the arena is laid out per batch
/// item: region k starts at `batch × (regions[0] + ... + regions[k-1])`. The regions are the
/// slots holding tensors, then two scratch areas: patches (im2col, aligned GEMM inputs,
/// depthwise intermediates) and products (aligned GEMM outputs; see ``GEMM``). Slots are
/// reused once the last reader of a tensor has run; identity nodes (Flatten, Dropout,
/// folded layers) share their input's slot. The first step copies the caller's input into
/// a slot.
struct ExecutionPlan: Sendable {
  /// Where a step reads a tensor.
  enum Storage: Equatable, Sendable {
    /// The caller's input tensor (read only by the first step, which copies it).
    case input
    /// A slot of the arena.
    case slot(Int)
  }

  /// One node to compute.
  struct Step: Sendable {
    /// The node's index in the graph.
    var node: Int
    /// Where its inputs are.
    var inputs: [Storage]
    /// The slot it writes.
    var output: Int
    /// For Concatenate: the floats each input adds to one block of the output.
    var chunks: [Int] = []
  }

  /// The optimised graph.
  let graph: ModelGraph
  /// The computing nodes in order.
  let steps: [Step]
  /// Floats per batch item of each region: the slots, then patches, then products, each
  /// rounded up to a multiple of 16 (a cache line).
  let regions: [Int]
  /// The slot holding the model's output.
  let output: Int

  /// Lays out `graph`.
  init(graph: ModelGraph) {
    self.graph = graph
    var slots = SlotAllocator(readers: graph.readerCounts())
    var storage = [Storage](repeating: .input, count: graph.nodes.count)
    var steps: [Step] = []
    var patches = 0
    var products = 0

    for (index, node) in graph.nodes.enumerated() {
      if node.operation == .identity, let source = node.inputs.first {
        storage[index] = storage[source]
        if case .slot(let slot) = storage[source] { slots.share(slot, with: index) }
        slots.release(storage[source])
        continue
      }
      let slot = slots.allocate(for: index, size: node.itemCount)
      storage[index] = .slot(slot)
      let inputs = node.operation == .input ? [Storage.input] : node.inputs.map { storage[$0] }
      var step = Step(node: index, inputs: inputs, output: slot)
      if case .concatenate(let axis) = node.operation {
        step.chunks = node.inputs.map { graph.nodes[$0].shape[axis...].reduce(1, *) }
      }
      steps.append(step)
      let need = Self.scratch(for: node.operation)
      patches = max(patches, need.patches)
      products = max(products, need.products)
      for input in node.inputs { slots.release(storage[input]) }
      slots.releaseIfUnread(slot)
    }
    self.steps = steps
    // Whole cache lines (16 floats), so every region of the arena starts on one.
    self.regions = (slots.sizes + [patches, products]).map { ($0 + 15) / 16 * 16 }
    if case .slot(let slot) = storage[graph.output] {
      self.output = slot
    } else {
      self.output = 0
    }
  }

  /// The scratch floats one batch item needs for `operation`.
  private static func scratch(for operation: Operation) -> (patches: Int, products: Int) {
    switch operation {
    case .convolution(let convolution):
      return (ConvolutionKernel.patchesPerItem(convolution), ConvolutionKernel.productsPerItem(convolution))
    case .separable(let depthwise, let pointwise):
      let rows = depthwise.geometry.outputHeight * depthwise.geometry.outputWidth
      return (GEMM.alignedRows(rows) * depthwise.outputChannels, ConvolutionKernel.productsPerItem(pointwise))
    default:
      return (0, 0)
    }
  }

  /// Floats of arena a batch of `batch` items needs.
  func floats(batch: Int) -> Int {
    batch * regions.reduce(0, +)
  }

  /// The offset of region `index` for a batch of `batch` items.
  func offset(ofRegion index: Int, batch: Int) -> Int {
    batch * regions[..<index].reduce(0, +)
  }

  /// The index of the patches scratch region.
  var patchesRegion: Int { regions.count - 2 }

  /// The index of the products scratch region.
  var productsRegion: Int { regions.count - 1 }

  /// The number of arena slots (for tests of memory reuse).
  var slotCount: Int { regions.count - 2 }
}
