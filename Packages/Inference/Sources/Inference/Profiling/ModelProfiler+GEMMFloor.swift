import Dispatch

extension ModelProfiler {
  /// Times each ordinary convolution's product (pointwise halves included) for a batch of
  /// `batch` on the calling thread, with the patches already in place: as one `cblas_sgemm`
  /// call and as one call per chunk of the execution plan, in both orientations (pixels as
  /// rows, or channels as rows), keeping the fastest.
  ///
  /// The benchmarking hook behind the claim that a target is out of reach while
  /// `cblas_sgemm` carries the convolutions: the sum of these floors, split perfectly over the
  /// threads, is less time than any run of the model can take. Nothing else (im2col,
  /// depthwise, pooling, epilogues) is counted.
  ///
  /// - Throws: ``ModelError`` when OpenBLAS cannot be loaded.
  @_spi(Benchmarks)
  public func gemmFloors(batch: Int, repeats: Int) throws(ModelError) -> [GEMMFloor] {
    try OpenBLAS.require()
    let plan = runner.plan
    var floors: [GEMMFloor] = []
    for step in plan.steps {
      let node = plan.graph.nodes[step.node]
      let product: (pixels: Int, convolution: Convolution)
      switch node.operation {
      case .convolution(let convolution):
        product = (convolution.geometry.outputHeight * convolution.geometry.outputWidth, convolution)
      case .separable(let depthwise, let pointwise):
        product = (depthwise.geometry.outputHeight * depthwise.geometry.outputWidth, pointwise)
      default:
        continue
      }
      let m = batch * product.pixels
      let n = product.convolution.outputChannels
      let k = product.convolution.patchLength
      let chunks = min(step.chunks(batch: batch), m)
      floors.append(
        GEMMFloor(
          name: node.name, m: m, n: n, k: k, chunks: chunks,
          seconds: Self.fastestProduct(m: m, n: n, k: k, chunks: chunks, repeats: repeats)))
    }
    return floors
  }

  /// The fastest of `repeats` runs of `[m × k] · [k × n]`, or of its transpose
  /// `[n × k] · [k × m]`, on filled buffers: as one call, and as `chunks` calls over equal
  /// shares of the m rows.
  private static func fastestProduct(m: Int, n: Int, k: Int, chunks: Int, repeats: Int) -> Double {
    let patches = [Float](repeating: 0.5, count: m * k)
    let weights = [Float](repeating: 0.25, count: k * n)
    var output = [Float](repeating: 0, count: m * n)
    var best = Double.infinity
    patches.withUnsafeBufferPointer { patches in
      weights.withUnsafeBufferPointer { weights in
        output.withUnsafeMutableBufferPointer { output in
          guard let a = patches.baseAddress, let b = weights.baseAddress, let c = output.baseAddress else {
            return
          }
          for _ in 0..<max(repeats, 1) {
            for parts in Set([1, chunks]) {
              for pixelsAsRows in [true, false] {
                let start = DispatchTime.now().uptimeNanoseconds
                for part in 0..<parts {
                  let first = part * m / parts
                  let rows = (part + 1) * m / parts - first
                  if pixelsAsRows {
                    GEMM.multiply(m: rows, n: n, k: k, a: a + first * k, lda: k, b: b, c: c + first * n)
                  } else {
                    GEMM.multiply(
                      m: n, n: rows, k: k, a: b, lda: k, b: a + first, ldb: m, c: c + first, ldc: m)
                  }
                }
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
              }
            }
          }
        }
      }
    }
    return best
  }
}
