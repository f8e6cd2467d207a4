import Processor

/// A model graph laid out for running: the steps in order, where each tensor lives in the
/// scratch arena, and how each step's rows are cut into chunks.
///
/// Every tensor's size is a multiple of the batch size, so the slots are laid out per batch
/// item: slot k starts at `batch × (slots[0] + ... + slots[k-1])`. After the slots comes one
/// scratch area per worker thread (im2col patches, depthwise intermediates), sized for one
/// chunk. Slots are reused once the last reader of a tensor has run; identity nodes (Flatten,
/// Dropout, folded layers) share their input's slot. The first step copies the caller's input
/// into a slot.
package struct ExecutionPlan: Sendable {
  /// Where a step reads a tensor.
  package enum Storage: Equatable, Sendable {
    /// The caller's input tensor (read only by the first step, which copies it).
    case input
    /// A slot of the arena.
    case slot(Int)
  }

  /// One node to compute.
  package struct Step: Sendable {
    /// The node's index in the graph.
    package var node: Int
    /// Where its inputs are.
    package var inputs: [Storage]
    /// The slot it writes.
    package var output: Int
    /// For Concatenate: the floats each input adds to one block of the output.
    package var chunks: [Int] = []
    /// The rows of one item its chunks cut: output image rows for window operations, pixels
    /// for element-wise ones, 1 for operations on whole items.
    package var rowsPerItem = 1
    /// The most rows of a chunk: one `cblas_sgemm` call, or one share of a thread's work.
    package var rowsPerChunk = 1
    /// For a convolution run by ``PlanarConvolutionKernel``: its transposed kernel.
    package var transposedKernel: [Float]?
    /// For a convolution whose product has padded columns: its kernel with them
    /// (``ConvolutionKernel/paddedKernel(_:)``).
    package var paddedKernel: [Float]?
    /// Set when the step reads its input as channel planes.
    package var inputPlanes: PlaneLayout?
    /// Set when the step writes its output as channel planes.
    package var outputPlanes: PlaneLayout?
    /// For a product whose second input has fewer channels than its output (a shortcut widened
    /// with zero channels), or is its own input: that input's channels, added in the epilogue.
    /// 0 when the second input, if any, is the output's own slot, added in place.
    package var residualChannels = 0

    /// The chunks a batch of `batch` items is cut into: as few as hold at most
    /// ``rowsPerChunk`` rows each, and two when the step fits one but holds a sixteenth of the
    /// budgets or more, so that a helper can take half of it (two whatever the thread count:
    /// the results do not depend on it). ``Executor`` gives each chunk an equal share of the
    /// rows, within one.
    package func chunks(batch: Int) -> Int {
      let rows = batch * rowsPerItem
      let chunks = (rows + rowsPerChunk - 1) / rowsPerChunk
      return chunks == 1 && rows > 1 && 16 * rows >= rowsPerChunk ? 2 : chunks
    }
  }

  /// The floats a chunk reads and writes, about: its GEMM's A and C panels stay in the
  /// cores' private caches from im2col through the epilogue. OpenBLAS's AVX-512 kernels
  /// multiply such products unpacked; its AVX2 kernels pack every product, weights included,
  /// and there chunks four times larger pay for it (figures in Tools/Benchmarks/README.md).
  package static let chunkFloats = CPUFeatures.current.isSuperset(of: CPUFeatures.avx512) ? 16_384 : 65_536

  /// The multiply-adds of a chunk's product, at most: OpenBLAS multiplies products up to
  /// about a million of them without packing its operands, faster than it multiplies larger
  /// ones (figures in Tools/Benchmarks/README.md).
  package static let chunkMultiplyAdds = 960_000

  /// The optimised graph.
  package let graph: ModelGraph
  /// The computing nodes in order.
  package let steps: [Step]
  /// Floats per batch item of each slot, each rounded up to a multiple of 16 (a cache line).
  package let slots: [Int]
  /// Floats of scratch one worker thread needs for a chunk of any step (whole cache lines).
  package let scratchPerWorker: Int
  /// The slots holding the model's outputs, in order.
  package let outputs: [Int]

  /// Lays out `graph`.
  package init(graph: ModelGraph) {
    self.graph = graph
    var slots = SlotAllocator(readers: graph.readerCounts())
    var storage = [Storage](repeating: .input, count: graph.nodes.count)
    var steps: [Step] = []
    var scratch = 0
    let planes = Self.planeLayouts(graph)

    for (index, node) in graph.nodes.enumerated() {
      if node.operation == .identity, let source = node.inputs.first {
        storage[index] = storage[source]
        if case .slot(let slot) = storage[source] { slots.share(slot, with: index) }
        slots.release(storage[source])
        continue
      }
      let slot: Int
      let addend = node.inputs.count == 2 ? graph.nodes[node.inputs[1]].shape : []
      let narrower =
        addend.count == node.shape.count && addend.dropLast() == node.shape.dropLast()
        && (addend.last ?? 0) < (node.shape.last ?? 0)
      // A separable step adding its own input (a residual block around it) cannot write that
      // input's slot while other chunks' windows still read it: it adds it in the epilogue.
      var ownInput = false
      if case .separable = node.operation, node.inputs.count == 2 {
        ownInput = storage[node.inputs[0]] == storage[node.inputs[1]]
      }
      let inEpilogue = narrower || ownInput
      if node.operation.isProduct, node.inputs.count == 2, !inEpilogue,
        case .slot(let sum) = storage[node.inputs[1]]
      {
        // A convolution that adds its product to its second input writes that input's slot.
        slot = sum
        slots.share(slot, with: index)
      } else {
        slot = slots.allocate(for: index, size: planes[index]?.floatsPerItem ?? node.itemCount)
      }
      storage[index] = .slot(slot)
      let inputs = node.operation == .input ? [Storage.input] : node.inputs.map { storage[$0] }
      var step = Step(node: index, inputs: inputs, output: slot)
      if inEpilogue { step.residualChannels = addend.last ?? 0 }
      if case .concatenate(let axis) = node.operation {
        step.chunks = node.inputs.map { graph.nodes[$0].shape[axis...].reduce(1, *) }
      }
      if case .convolution(let convolution) = node.operation, PlanarConvolutionKernel.handles(convolution) {
        step.transposedKernel = PlanarConvolutionKernel.transposedKernel(convolution)
        step.inputPlanes = node.inputs.first.flatMap { planes[Self.source(of: $0, in: graph)] }
      } else if case .convolution(let convolution) = node.operation {
        step.paddedKernel = ConvolutionKernel.paddedKernel(convolution)
      }
      step.outputPlanes = planes[index]
      var partition = Self.partition(node, graph: graph)
      if let input = step.inputPlanes, case .convolution(let convolution) = node.operation {
        // Chunks of the tall image's rows, garbage rows included.
        let perPixel =
          convolution.outputChannels + (convolution.inputChannels >= 8 ? 0 : convolution.patchLength)
        let multiplyAdds =
          convolution.outputChannels
          * (convolution.inputChannels >= 8 ? convolution.inputChannels : convolution.patchLength)
        let pixels = min(Self.chunkFloats / perPixel, Self.chunkMultiplyAdds / multiplyAdds)
        partition.rowsPerItem = input.itemRows
        partition.rowsPerChunk = max(1, pixels / input.rowPitch)
        partition.scratch = PlanarConvolutionKernel.scratch(
          convolution, planarRows: partition.rowsPerChunk, layout: input)
      }
      step.rowsPerItem = partition.rowsPerItem
      step.rowsPerChunk = partition.rowsPerChunk
      scratch = max(scratch, partition.scratch)
      steps.append(step)
      for input in node.inputs { slots.release(storage[input]) }
      slots.releaseIfUnread(slot)
    }
    self.steps = steps
    self.slots = slots.sizes.map(Self.wholeCacheLines)
    self.scratchPerWorker = Self.wholeCacheLines(scratch)
    self.outputs = graph.outputs.map { output in
      if case .slot(let slot) = storage[output] { return slot }
      return 0
    }
  }

  /// The node whose storage `index` shares (through identity nodes).
  private static func source(of index: Int, in graph: ModelGraph) -> Int {
    var node = index
    while graph.nodes[node].operation == .identity, let input = graph.nodes[node].inputs.first {
      node = input
    }
    return node
  }

  /// The tensors kept as channel planes: the output of the input node (one channel) or of a
  /// planar convolution that reads planes, when every reader is a planar convolution without
  /// padding (which can read planes whose borders are not zeros).
  private static func planeLayouts(_ graph: ModelGraph) -> [PlaneLayout?] {
    var readers = [[Int]](repeating: [], count: graph.nodes.count)
    for (index, node) in graph.nodes.enumerated() where node.operation != .identity {
      for input in node.inputs { readers[source(of: input, in: graph)].append(index) }
    }
    readers[source(of: graph.output, in: graph)].append(-1)
    var layouts = [PlaneLayout?](repeating: nil, count: graph.nodes.count)
    for (index, node) in graph.nodes.enumerated() {
      let shape = node.shape
      guard shape.count == 3, !readers[index].isEmpty else { continue }
      var layout: PlaneLayout
      switch node.operation {
      case .input where shape[2] == 1:
        layout = PlaneLayout(channels: 1, itemRows: shape[0], rowPitch: shape[1], slack: 0)
      case .convolution(let convolution) where PlanarConvolutionKernel.handles(convolution):
        guard let first = node.inputs.first, let input = layouts[source(of: first, in: graph)] else {
          continue
        }
        layout = PlaneLayout(
          channels: convolution.outputChannels, itemRows: input.itemRows, rowPitch: input.rowPitch, slack: 0)
      default:
        continue
      }
      var readable = true
      for reader in readers[index] {
        guard reader >= 0, case .convolution(let convolution) = graph.nodes[reader].operation,
          PlanarConvolutionKernel.handles(convolution), convolution.geometry.padTop == 0,
          convolution.geometry.padLeft == 0,
          convolution.geometry.outputHeight + convolution.geometry.kernelHeight - 1
            == convolution.geometry.inputHeight,
          convolution.geometry.outputWidth + convolution.geometry.kernelWidth - 1
            == convolution.geometry.inputWidth
        else {
          readable = false
          break
        }
        let geometry = convolution.geometry
        layout.slack = max(
          layout.slack, (geometry.kernelHeight - 1) * layout.rowPitch + geometry.kernelWidth - 1)
      }
      if readable { layouts[index] = layout }
    }
    return layouts
  }

  /// How a node's work is cut: rows per item, rows per chunk, and the scratch floats a chunk
  /// needs.
  private static func partition(
    _ node: GraphNode, graph: ModelGraph
  ) -> (
    rowsPerItem: Int, rowsPerChunk: Int, scratch: Int
  ) {
    /// Rows of `width` pixels of `floatsPerPixel` each, and `multiplyAdds` each in a product,
    /// that fit the chunk budgets (at least one).
    func rows(width: Int, floatsPerPixel: Int, multiplyAdds: Int = 0) -> Int {
      let pixels = min(chunkFloats / max(floatsPerPixel, 1), chunkMultiplyAdds / max(multiplyAdds, 1))
      return max(1, pixels / max(width, 1))
    }
    let channels = node.shape.last ?? 1
    switch node.operation {
    case .convolution(let convolution) where PlanarConvolutionKernel.handles(convolution):
      let geometry = convolution.geometry
      let perPixel =
        convolution.inputChannels + convolution.outputChannels
        + (convolution.inputChannels >= 8 ? 0 : convolution.patchLength)
      let count = rows(
        width: geometry.outputWidth + geometry.kernelWidth - 1, floatsPerPixel: perPixel,
        multiplyAdds: convolution.outputChannels
          * (convolution.inputChannels >= 8 ? convolution.inputChannels : convolution.patchLength))
      return (geometry.outputHeight, count, PlanarConvolutionKernel.scratch(convolution, rows: count))
    case .convolution(let convolution):
      let geometry = convolution.geometry
      let count = rows(
        width: geometry.outputWidth, floatsPerPixel: convolution.patchLength + convolution.outputChannels,
        multiplyAdds: convolution.patchLength * convolution.outputChannels)
      return (geometry.outputHeight, count, ConvolutionKernel.scratch(convolution, rows: count))
    case .separable(let depthwise, let pointwise):
      let geometry = depthwise.geometry
      let count = rows(
        width: geometry.outputWidth, floatsPerPixel: depthwise.outputChannels + pointwise.outputChannels,
        multiplyAdds: pointwise.patchLength * pointwise.outputChannels)
      return (geometry.outputHeight, count, count * geometry.outputWidth * depthwise.outputChannels)
    case .depthwise(let depthwise):
      let geometry = depthwise.geometry
      let count = rows(
        width: geometry.outputWidth, floatsPerPixel: depthwise.inputChannels + depthwise.outputChannels)
      return (geometry.outputHeight, count, 0)
    case .pooling(let pooling):
      let geometry = pooling.geometry
      return (
        geometry.outputHeight, rows(width: geometry.outputWidth, floatsPerPixel: 2 * pooling.channels), 0
      )
    case .pad(let padding):
      return (
        padding.outputHeight,
        rows(width: padding.outputWidth, floatsPerPixel: padding.inputChannels + padding.outputChannels), 0
      )
    case .resize(let resize):
      return (resize.outputHeight, rows(width: resize.outputWidth, floatsPerPixel: 2 * resize.channels), 0)
    case .globalAveragePooling, .concatenate:
      let itemFloats = node.inputs.map { graph.nodes[$0].itemCount }.reduce(node.itemCount, +)
      return (1, rows(width: 1, floatsPerPixel: itemFloats), 0)
    case .input, .identity, .channelAffine, .activation, .add:
      let pixels = node.itemCount / max(channels, 1)
      return (pixels, rows(width: 1, floatsPerPixel: channels * (node.inputs.count + 1)), 0)
    }
  }

  private static func wholeCacheLines(_ floats: Int) -> Int {
    (floats + 15) / 16 * 16
  }

  /// Floats of arena a batch of `batch` items needs with `workers` threads.
  package func floats(batch: Int, workers: Int) -> Int {
    batch * slots.reduce(0, +) + workers * scratchPerWorker
  }

  /// The offset of slot `index` for a batch of `batch` items.
  package func offset(ofSlot index: Int, batch: Int) -> Int {
    batch * slots[..<index].reduce(0, +)
  }

  /// The offset of worker `worker`'s scratch for a batch of `batch` items.
  package func offset(ofScratch worker: Int, batch: Int) -> Int {
    batch * slots.reduce(0, +) + worker * scratchPerWorker
  }

  /// The number of arena slots (for tests of memory reuse).
  package var slotCount: Int { slots.count }
}
