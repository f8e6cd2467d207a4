import Dispatch
@_spi(Benchmarks) import Inference

/// The time of one model layer's matrix product alone: what no way of running the layer
/// through `cblas_sgemm` can go below.
@_spi(Benchmarks)
public struct GEMMFloor: Sendable {
  /// The layer's name.
  public let name: String
  /// The product's dimensions for the whole batch: output pixels (M), output channels (N) and
  /// the patch length (K).
  public let m: Int, n: Int, k: Int
  /// The fastest of the repeated calls, in seconds, in whichever orientation was faster.
  public let seconds: Double
}

extension KerasModel {
  /// Times each ordinary convolution's product (pointwise halves included) for a batch of
  /// `batch` as one `cblas_sgemm` call on the calling thread, with the patches already in
  /// place, in both orientations (pixels as rows, or channels as rows), and keeps the faster.
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
    var floors: [GEMMFloor] = []
    for node in plan.graph.nodes {
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
      floors.append(
        GEMMFloor(
          name: node.name, m: m, n: n, k: k, seconds: Self.fastestProduct(m: m, n: n, k: k, repeats: repeats))
      )
    }
    return floors
  }

  /// The fastest of `repeats` calls of `[m × k] · [k × n]`, or of its transpose
  /// `[n × k] · [k × m]`, on filled buffers.
  private static func fastestProduct(m: Int, n: Int, k: Int, repeats: Int) -> Double {
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
            for pixelsAsRows in [true, false] {
              let start = DispatchTime.now().uptimeNanoseconds
              if pixelsAsRows {
                GEMM.multiply(m: m, n: n, k: k, a: a, lda: k, b: b, c: c)
              } else {
                GEMM.multiply(m: n, n: m, k: k, a: b, lda: k, b: a, c: c)
              }
              best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
          }
        }
      }
    }
    return best
  }
}
