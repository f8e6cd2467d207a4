import Dispatch

/// Runs an ``ExecutionPlan`` on a batch, inside one scratch arena.
enum Executor {
  /// The two scratch areas of a run.
  struct Scratch {
    /// im2col patches, aligned copies of GEMM inputs, depthwise intermediates.
    var patches: UnsafeMutablePointer<Float>
    /// GEMM results at the aligned item stride, before the epilogue compacts them.
    var products: UnsafeMutablePointer<Float>
  }

  /// Runs every step for `batch` items read from `input`; returns where the output is.
  ///
  /// `input` holds `batch` items of the model's input shape; the arena holds at least
  /// `plan.floats(batch: batch)` floats. When `timings` is given (the profiling hook), it
  /// receives the nanoseconds of each step, one entry per step; without it the loop reads
  /// no clock.
  static func run(
    _ plan: ExecutionPlan, input: UnsafePointer<Float>, batch: Int, arena: ScratchArena,
    timings: UnsafeMutablePointer<UInt64>? = nil, team: HelperTeam? = nil
  ) -> UnsafePointer<Float> {
    let scratch = Scratch(
      patches: arena.base + plan.offset(ofRegion: plan.patchesRegion, batch: batch),
      products: arena.base + plan.offset(ofRegion: plan.productsRegion, batch: batch))
    for (index, step) in plan.steps.enumerated() {
      let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
      let node = plan.graph.nodes[step.node]
      let output = arena.base + plan.offset(ofRegion: step.output, batch: batch)
      arena.inputPointers.removeAll(keepingCapacity: true)
      for source in step.inputs {
        arena.inputPointers.append(pointer(source, plan: plan, input: input, batch: batch, arena: arena))
      }
      arena.inputPointers.withUnsafeBufferPointer { inputs in
        if batch == 1, let team,
          runSplit(node, input: inputs[0], output: output, scratch: scratch, team: team)
        {
          return
        }
        run(node, step: step, inputs: inputs, output: output, scratch: scratch, batch: batch, plan: plan)
      }
      if let timings { timings[index] = DispatchTime.now().uptimeNanoseconds - start }
    }
    return UnsafePointer(arena.base + plan.offset(ofRegion: plan.output, batch: batch))
  }

  private static func pointer(
    _ storage: ExecutionPlan.Storage, plan: ExecutionPlan, input: UnsafePointer<Float>, batch: Int,
    arena: ScratchArena
  ) -> UnsafePointer<Float> {
    switch storage {
    case .input: return input
    case .slot(let slot): return UnsafePointer(arena.base + plan.offset(ofRegion: slot, batch: batch))
    }
  }

  private static func run(
    _ node: GraphNode, step: ExecutionPlan.Step, inputs: UnsafeBufferPointer<UnsafePointer<Float>>,
    output: UnsafeMutablePointer<Float>,
    scratch: Scratch, batch: Int, plan: ExecutionPlan
  ) {
    guard let first = inputs.first else { return }
    let channels = node.shape.last ?? 1
    let count = batch * node.itemCount
    switch node.operation {
    case .input, .identity:
      output.update(from: first, count: count)
    case .convolution(let convolution) where DirectConvolutionKernel.handles(convolution):
      DirectConvolutionKernel.run(
        convolution, activation: node.activation, input: first, output: output, batch: batch)
    case .convolution(let convolution):
      ConvolutionKernel.run(
        convolution, activation: node.activation, input: first, output: output, patches: scratch.patches,
        products: scratch.products, batch: batch)
    case .depthwise(let depthwise):
      DepthwiseKernel.run(depthwise, activation: node.activation, input: first, output: output, batch: batch)
    case .separable(let depthwise, let pointwise) where DirectConvolutionKernel.handles(pointwise):
      // The depthwise result goes to the patches, packed; the pointwise half reads it there.
      DepthwiseKernel.run(depthwise, activation: .linear, input: first, output: scratch.patches, batch: batch)
      DirectConvolutionKernel.run(
        pointwise, activation: node.activation, input: scratch.patches, output: output, batch: batch)
    case .separable(let depthwise, let pointwise):
      // The depthwise result goes to the patches, at the GEMM's aligned item stride.
      let rows = depthwise.geometry.outputHeight * depthwise.geometry.outputWidth
      DepthwiseKernel.run(
        depthwise, activation: .linear, input: first, output: scratch.patches, batch: batch,
        outputItemStride: GEMM.alignedRows(rows) * depthwise.outputChannels)
      ConvolutionKernel.run(
        pointwise, activation: node.activation, input: scratch.patches, output: output,
        patches: scratch.patches, products: scratch.products, batch: batch, inputIsAligned: true)
    case .channelAffine(let affine):
      MergeKernel.affine(
        affine, input: first, output: output, rows: count / channels, activation: node.activation)
    case .activation:
      Epilogue.apply(
        node.activation, bias: nil, source: first, destination: output, rows: count / channels,
        channels: channels)
    case .pooling(let pooling):
      PoolingKernel.run(pooling, activation: node.activation, input: first, output: output, batch: batch)
    case .globalAveragePooling:
      let source = plan.graph.nodes[node.inputs[0]].shape
      PoolingKernel.globalAverage(
        input: first, output: output, batch: batch, pixels: source.dropLast().reduce(1, *),
        channels: channels, activation: node.activation)
    case .add:
      MergeKernel.add(inputs, output: output, count: count, channels: channels, activation: node.activation)
    case .concatenate(let axis):
      let outer = batch * node.shape[..<axis].reduce(1, *)
      MergeKernel.concatenate(inputs, chunks: step.chunks, outer: outer, output: output)
      Epilogue.activate(node.activation, output, rows: count / channels, channels: channels)
    }
  }

  /// Runs one item's step as row chunks shared with `team`, when the step's kernels take row
  /// ranges (direct convolutions, separable ones with a direct pointwise half, max pooling);
  /// false for any other step. The kernels are the ones the batch path runs, so the bits are
  /// the same.
  private static func runSplit(
    _ node: GraphNode, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, scratch: Scratch,
    team: HelperTeam
  ) -> Bool {
    switch node.operation {
    case .convolution(let convolution)
    where DirectConvolutionKernel.handles(convolution) && DirectConvolutionKernel.fuses(node.activation):
      let rows = convolution.geometry.outputHeight
      team.run(chunks: chunkCount(rows)) { chunk in
        DirectConvolutionKernel.run(
          convolution, fusedActivation: node.activation, input: input, output: output,
          rows: chunkRange(chunk, rows: rows))
      }
      return true
    case .separable(let depthwise, let pointwise)
    where DirectConvolutionKernel.handles(pointwise) && DirectConvolutionKernel.fuses(node.activation)
      && DepthwiseKernel.splitsRows(depthwise) && depthwise.bias == nil:
      // A 1x1 pointwise half reads only the depthwise rows of its own output rows.
      let rows = depthwise.geometry.outputHeight
      team.run(chunks: chunkCount(rows)) { chunk in
        let range = chunkRange(chunk, rows: rows)
        DepthwiseKernel.run(depthwise, input: input, output: scratch.patches, rows: range)
        DirectConvolutionKernel.run(
          pointwise, fusedActivation: node.activation, input: scratch.patches, output: output, rows: range)
      }
      return true
    case .pooling(let pooling)
    where pooling.kind == .maximum && node.activation == .linear && pooling.geometry.cWindow != nil:
      let rows = pooling.geometry.outputHeight
      team.run(chunks: chunkCount(rows)) { chunk in
        PoolingKernel.maximum(pooling, input: input, output: output, rows: chunkRange(chunk, rows: rows))
      }
      return true
    default:
      return false
    }
  }

  /// Chunks for `rows` output rows: two, the top half for the caller (it claims first) and
  /// the bottom half for the helper, so each core mostly reads rows it wrote itself (measured:
  /// six chunks taken in any order moved rows between the cores' caches and gained nothing;
  /// two are as fast in the median and faster at best).
  private static func chunkCount(_ rows: Int) -> Int {
    rows >= 4 ? 2 : 1
  }

  /// The rows of chunk `chunk` of `rows` rows.
  private static func chunkRange(_ chunk: Int, rows: Int) -> Range<Int> {
    let count = chunkCount(rows)
    return (chunk * rows / count)..<((chunk + 1) * rows / count)
  }
}
