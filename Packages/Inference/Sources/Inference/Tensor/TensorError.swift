/// Why a tensor could not be made or reshaped.
public enum TensorError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A dimension is negative.
  case negativeDimension([Int])
  /// The number of values differs from the product of the shape.
  case countMismatch(shape: [Int], count: Int)
  /// Tensors to stack or compare differ in shape.
  case shapeMismatch([Int], [Int])
  /// A batch index past the end of the batch, or a tensor of rank 0 where a batch is needed.
  case indexOutOfRange(index: Int, count: Int)

  /// A one-line message naming the problem.
  public var description: String {
    switch self {
    case .negativeDimension(let shape):
      return "shape \(shape) has a negative dimension"
    case .countMismatch(let shape, let count):
      return "shape \(shape) needs \(shape.reduce(1, *)) values, got \(count)"
    case .shapeMismatch(let first, let second):
      return "shapes \(first) and \(second) differ"
    case .indexOutOfRange(let index, let count):
      return "index \(index) is out of range for a batch of \(count)"
    }
  }
}
