/// A model graph laid out for running: the steps in order and where each tensor lives in
/// the scratch arena.
///
/// Every tensor's size is a multiple of the batch size, so the arena is laid out per batch
/// item: slot k starts at `batch × slotOffsets[k]`. Slots are reused once the last reader
/// of a tensor has run; identity nodes (Flatten, Dropout, folded layers) share their input's
/// slot; the input tensor is read where the caller keeps it.
struct ExecutionPlan: Sendable {
  /// Where a tensor lives.
  enum Storage: Equatable, Sendable {
    /// The caller's input tensor.
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
    /// Where it writes.
    var output: Int
    /// For Concatenate: the floats each input adds to one block of the output.
    var chunks: [Int] = []
  }

  /// The optimised graph.
  let graph: ModelGraph
  /// The computing nodes in order.
  let steps: [Step]
  /// Per-item float offset of each slot.
  let slotOffsets: [Int]
  /// Per-item float offset of the scratch area (im2col patches, depthwise intermediates).
  let scratchOffset: Int
  /// Per-item floats of the whole arena.
  let floatsPerItem: Int
  /// Where the model's output is.
  let output: Storage

  /// Lays out `graph`.
  init(graph: ModelGraph) {
    self.graph = graph
    var remaining = graph.readerCounts()
    var storage = [Storage](repeating: .input, count: graph.nodes.count)
    var slotSizes: [Int] = []
    var slotReaders: [Int] = []
    var free: [Int] = []
    var steps: [Step] = []
    var scratch = 0

    func release(_ node: Int) {
      remaining[node] -= 1
      guard case .slot(let slot) = storage[node] else { return }
      slotReaders[slot] -= 1
      if slotReaders[slot] == 0 { free.append(slot) }
    }

    for (index, node) in graph.nodes.enumerated() {
      switch node.operation {
      case .input:
        storage[index] = .input
      case .identity:
        guard let source = node.inputs.first else { continue }
        storage[index] = storage[source]
        if case .slot(let slot) = storage[source] { slotReaders[slot] += remaining[index] }
        release(source)
      default:
        let size = node.itemCount
        let slot: Int
        if let fit = free.filter({ slotSizes[$0] >= size }).min(by: { slotSizes[$0] < slotSizes[$1] }) {
          slot = fit
        } else if let largest = free.max(by: { slotSizes[$0] < slotSizes[$1] }) {
          slot = largest
          slotSizes[slot] = size
        } else {
          slot = slotSizes.count
          slotSizes.append(size)
          slotReaders.append(0)
        }
        free.removeAll { $0 == slot }
        slotReaders[slot] = remaining[index]
        storage[index] = .slot(slot)
        var step = Step(node: index, inputs: node.inputs.map { storage[$0] }, output: slot)
        if case .concatenate(let axis) = node.operation {
          step.chunks = node.inputs.map { graph.nodes[$0].shape[axis...].reduce(1, *) }
        }
        steps.append(step)
        scratch = max(scratch, Self.scratchPerItem(node.operation))
        for input in node.inputs { release(input) }
        if slotReaders[slot] == 0 { free.append(slot) }
      }
    }
    var offsets: [Int] = []
    var total = 0
    for size in slotSizes {
      offsets.append(total)
      total += size
    }
    self.steps = steps
    self.slotOffsets = offsets
    self.scratchOffset = total
    self.floatsPerItem = total + scratch
    self.output = storage[graph.output]
  }

  /// Floats of scratch one batch item needs for `operation`.
  private static func scratchPerItem(_ operation: Operation) -> Int {
    switch operation {
    case .convolution(let convolution):
      return ConvolutionKernel.scratchPerItem(convolution)
    case .separable(let depthwise, _):
      return depthwise.geometry.outputHeight * depthwise.geometry.outputWidth * depthwise.outputChannels
    default:
      return 0
    }
  }

  /// The number of arena slots (for tests of memory reuse).
  var slotCount: Int { slotOffsets.count }
}
