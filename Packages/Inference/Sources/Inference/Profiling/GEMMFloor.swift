/// The time of one model layer's matrix product alone: what no way of running the layer
/// through `cblas_sgemm` can go below.
@_spi(Benchmarks)
public struct GEMMFloor: Sendable {
  /// The layer's name.
  public let name: String
  /// The product's dimensions for the whole batch: output pixels (M), output channels (N) and
  /// the patch length (K).
  public let m: Int, n: Int, k: Int
  /// The calls the plan cuts the product into (its chunks).
  public let chunks: Int
  /// The fastest of the repeated runs, in seconds: one call, or one call per chunk, in
  /// whichever orientation was faster.
  public let seconds: Double
}
