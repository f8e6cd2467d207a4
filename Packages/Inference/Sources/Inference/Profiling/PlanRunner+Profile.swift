extension PlanRunner {
  /// Runs the plan once on `batch` (already checked against the input shape) and times each
  /// step; see ``ModelProfiler``.
  package func profile(_ batch: Tensor, threads: Int) -> [StepTiming] {
    let items = batch.shape[0]
    guard items > 0 else { return [] }
    var timings = [(UInt64, Double)](repeating: (0, 0), count: plan.steps.count)
    var output = [Float](repeating: 0, count: items * outputCounts.reduce(0, +))
    let counts = outputCounts
    batch.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      timings.withUnsafeMutableBufferPointer { timings in
        output.withUnsafeMutableBufferPointer { output in
          guard let target = output.baseAddress else { return }
          var outputs: [UnsafeMutablePointer<Float>] = []
          var offset = 0
          for count in counts {
            outputs.append(target + offset)
            offset += items * count
          }
          run(base, items: items, threads: threads, outputs: outputs, timings: timings.baseAddress)
        }
      }
    }
    return zip(plan.steps, timings).map { step, timing in
      let node = plan.graph.nodes[step.node]
      return StepTiming(
        name: node.name, className: node.className, outputShape: node.shape,
        seconds: Double(timing.0) / 1e9, sgemmFLOPs: timing.1)
    }
  }
}
