import Dispatch

/// Runs an ``ExecutionPlan`` on a batch, inside one scratch arena: the steps one after the
/// other, each over the whole batch, its chunks shared by the caller and the helper team.
package enum Executor {
  /// Runs every step for `batch` items read from `input`; the outputs are then in their slots
  /// (``ExecutionPlan/offset(ofSlot:batch:)`` of ``ExecutionPlan/outputs``).
  ///
  /// `input` holds `batch` items of the model's input shape; the arena holds at least
  /// `plan.floats(batch: batch, workers: workers)` floats, where `workers` is 1 plus the
  /// helpers of `team`, which take chunks beside the caller. When `timings` is given (the profiling
  /// hook), the nanoseconds and the `cblas_sgemm` FLOPs of each step are added to it: the
  /// FLOPs of every thread with a team, of the calling thread alone without one, since other
  /// runs may share the process then. Without it the loop reads no clock.
  package static func run(
    _ plan: ExecutionPlan, input: UnsafePointer<Float>, batch: Int, arena: ScratchArena,
    team: HelperTeam.Reservation?, timings: UnsafeMutablePointer<(UInt64, Double)>? = nil
  ) {
    func sgemmFLOPs() -> Double {
      team == nil ? BLASConfiguration.threadSGEMMFLOPs : BLASConfiguration.sgemmFLOPs
    }
    for (index, step) in plan.steps.enumerated() {
      let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
      let flops = timings == nil ? 0 : sgemmFLOPs()
      arena.inputPointers.removeAll(keepingCapacity: true)
      for source in step.inputs {
        switch source {
        case .input: arena.inputPointers.append(input)
        case .slot(let slot):
          arena.inputPointers.append(UnsafePointer(arena.base + plan.offset(ofSlot: slot, batch: batch)))
        }
      }
      let chunks = step.chunks(batch: batch)
      arena.inputPointers.withUnsafeBufferPointer { inputs in
        let work = StepWork(
          plan: plan, step: step, node: plan.graph.nodes[step.node], inputs: inputs,
          output: arena.base + plan.offset(ofSlot: step.output, batch: batch),
          arena: arena.base, batch: batch, chunks: chunks)
        if let team {
          team.run(chunks: chunks) { chunk, worker in work.run(chunk: chunk, worker: worker) }
        } else {
          for chunk in 0..<chunks { work.run(chunk: chunk, worker: 0) }
        }
      }
      if let timings {
        timings[index].0 += DispatchTime.now().uptimeNanoseconds - start
        timings[index].1 += sgemmFLOPs() - flops
      }
    }
  }
}

/// One step of a run, over the whole batch, as chunks of its rows that any worker can take.
private struct StepWork {
  package let plan: ExecutionPlan
  package let step: ExecutionPlan.Step
  package let node: GraphNode
  package let inputs: UnsafeBufferPointer<UnsafePointer<Float>>
  package let output: UnsafeMutablePointer<Float>
  package let arena: UnsafeMutablePointer<Float>
  package let batch: Int
  /// The chunks the step's rows are cut into.
  package let chunks: Int

  /// What a convolution step adds to its product: its second input, if it has one.
  package var addend: ConvolutionKernel.Addend {
    guard inputs.count == 2 else { return .none }
    return step.residualChannels > 0 ? .narrower(inputs[1], channels: step.residualChannels) : .output
  }

  /// Runs chunk `chunk` with the scratch of worker `worker`.
  package func run(chunk: Int, worker: Int) {
    guard let first = inputs.first else { return }
    let total = batch * step.rowsPerItem
    let rows = BatchRows(
      rowsPerItem: step.rowsPerItem, range: chunk * total / chunks..<(chunk + 1) * total / chunks)
    let scratch = arena + plan.offset(ofScratch: worker, batch: batch)
    let channels = node.shape.last ?? 1
    // Element-wise steps: rows are pixels, `offset` the chunk's first float.
    let offset = rows.range.lowerBound * channels
    let count = rows.range.count * channels
    switch node.operation {
    case .input, .identity:
      (output + offset).update(from: first + offset, count: count)
    case .convolution(let convolution):
      if let kernel = step.transposedKernel {
        PlanarConvolutionKernel.run(
          convolution, kernel: kernel, activation: node.activation, input: first, output: output, rows: rows,
          batch: batch, scratch: scratch, inputPlanes: step.inputPlanes, outputPlanes: step.outputPlanes)
        return
      }
      ConvolutionKernel.run(
        convolution, activation: node.activation, input: first, output: output, rows: rows, scratch: scratch,
        addend: addend, paddedKernel: step.paddedKernel)
    case .depthwise(let depthwise):
      let target = output + rows.range.lowerBound * depthwise.geometry.outputWidth * channels
      DepthwiseKernel.run(depthwise, input: first, output: target, rows: rows)
      Epilogue.activate(
        node.activation, target, rows: rows.range.count * depthwise.geometry.outputWidth, channels: channels)
    case .separable(let depthwise, let pointwise):
      // The depthwise rows go to the scratch, where the pointwise product reads them.
      DepthwiseKernel.run(depthwise, input: first, output: scratch, rows: rows)
      let pixels = rows.range.count * depthwise.geometry.outputWidth
      ConvolutionKernel.multiply(
        pointwise, activation: node.activation, a: scratch, lda: depthwise.outputChannels, pixels: pixels,
        firstPixel: rows.range.lowerBound * depthwise.geometry.outputWidth, output: output, addend: addend)
    case .channelAffine(let affine):
      MergeKernel.affine(
        affine, input: first + offset, output: output + offset, rows: rows.range.count,
        activation: node.activation)
    case .activation:
      Epilogue.apply(
        node.activation, bias: nil, source: first + offset, destination: output + offset,
        rows: rows.range.count, channels: channels)
    case .pooling(let pooling):
      PoolingKernel.run(
        pooling, activation: node.activation, input: first,
        output: output + rows.range.lowerBound * pooling.geometry.outputWidth * channels, rows: rows)
    case .pad(let padding):
      let target = output + rows.range.lowerBound * padding.outputWidth * channels
      PadKernel.run(padding, input: first, output: target, rows: rows)
      Epilogue.activate(
        node.activation, target, rows: rows.range.count * padding.outputWidth, channels: channels)
    case .resize(let resize):
      let target = output + rows.range.lowerBound * resize.outputWidth * channels
      ResizeKernel.run(resize, input: first, output: target, rows: rows)
      Epilogue.activate(
        node.activation, target, rows: rows.range.count * resize.outputWidth, channels: channels)
    case .globalAveragePooling:
      let source = plan.graph.nodes[node.inputs[0]].shape
      PoolingKernel.globalAverage(
        input: first, output: output, items: rows.range, pixels: source.dropLast().reduce(1, *),
        channels: channels,
        activation: node.activation)
    case .add:
      MergeKernel.add(
        inputs, offset: offset, output: output + offset, count: count, channels: channels,
        activation: node.activation)
    case .concatenate(let axis):
      MergeKernel.concatenate(
        inputs, chunks: step.chunks, outerPerItem: node.shape[..<axis].reduce(1, *), items: rows.range,
        output: output)
      let itemCount = node.itemCount
      Epilogue.activate(
        node.activation, output + rows.range.lowerBound * itemCount,
        rows: rows.range.count * itemCount / channels,
        channels: channels)
    }
  }
}
