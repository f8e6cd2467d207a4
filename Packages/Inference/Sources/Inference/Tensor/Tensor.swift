/// A dense Float32 tensor, contiguous in C order; images are NHWC.
///
/// A value type: copies share storage until one of them is changed.
public struct Tensor: Sendable, Equatable, CustomStringConvertible {
  /// The dimensions, outermost first, for example `[8, 64, 64, 1]` for 8 gray 64x64 images.
  public let shape: [Int]
  /// The elements in C order; `values.count` is the product of `shape`.
  public let values: [Float]

  /// Makes a tensor of the given shape from its elements in C order.
  ///
  /// - Throws: ``TensorError/negativeDimension(_:)`` or ``TensorError/countMismatch(shape:count:)``.
  public init(shape: [Int], values: [Float]) throws(TensorError) {
    guard shape.allSatisfy({ $0 >= 0 }) else { throw TensorError.negativeDimension(shape) }
    guard shape.reduce(1, *) == values.count else {
      throw TensorError.countMismatch(shape: shape, count: values.count)
    }
    self.shape = shape
    self.values = values
  }

  /// Makes a tensor of the given shape filled with `value`.
  ///
  /// - Throws: ``TensorError/negativeDimension(_:)``.
  public init(shape: [Int], repeating value: Float = 0) throws(TensorError) {
    guard shape.allSatisfy({ $0 >= 0 }) else { throw TensorError.negativeDimension(shape) }
    self.shape = shape
    self.values = [Float](repeating: value, count: shape.reduce(1, *))
  }

  /// Stacks tensors of one shape along a new leading batch axis: n tensors `[64, 64, 1]`
  /// give one `[n, 64, 64, 1]`.
  ///
  /// - Throws: ``TensorError/shapeMismatch(_:_:)`` when the shapes differ.
  public init(stacking items: [Tensor], itemShape: [Int]) throws(TensorError) {
    var values: [Float] = []
    values.reserveCapacity(items.count * itemShape.reduce(1, *))
    for item in items {
      guard item.shape == itemShape else { throw TensorError.shapeMismatch(itemShape, item.shape) }
      values.append(contentsOf: item.values)
    }
    try self.init(shape: [items.count] + itemShape, values: values)
  }

  /// The number of elements.
  public var count: Int { values.count }

  /// The size of the leading (batch) axis; 1 for a tensor of rank 0.
  public var batchCount: Int { shape.first ?? 1 }

  /// Calls `body` with the elements in C order, without copying them.
  public func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<Float>) throws -> Result
  ) rethrows -> Result {
    try values.withUnsafeBufferPointer(body)
  }

  /// The element at a full index, one coordinate per axis, or nil when out of range.
  public subscript(index: Int...) -> Float? {
    guard index.count == shape.count else { return nil }
    var offset = 0
    for (coordinate, dimension) in zip(index, shape) {
      guard coordinate >= 0, coordinate < dimension else { return nil }
      offset = offset * dimension + coordinate
    }
    return values[offset]
  }

  /// The same elements under another shape with the same element count.
  ///
  /// - Throws: ``TensorError/countMismatch(shape:count:)``.
  public func reshaped(_ newShape: [Int]) throws(TensorError) -> Tensor {
    try Tensor(shape: newShape, values: values)
  }

  /// Item `index` of the leading axis, without that axis: `[8, 7]` gives a `[7]`.
  ///
  /// - Throws: ``TensorError/indexOutOfRange(index:count:)``.
  public func item(_ index: Int) throws(TensorError) -> Tensor {
    guard let count = shape.first, index >= 0, index < count else {
      throw TensorError.indexOutOfRange(index: index, count: shape.first ?? 0)
    }
    let itemShape = Array(shape.dropFirst())
    let size = itemShape.reduce(1, *)
    return try Tensor(shape: itemShape, values: Array(values[(index * size)..<((index + 1) * size)]))
  }

  /// For each item of the leading axis, the index of its largest element (the top class).
  public var argmaxPerItem: [Int] {
    let items = shape.first ?? 0
    guard items > 0, count > 0 else { return [] }
    let size = count / items
    return (0..<items).map { item in
      var best = item * size
      for index in (item * size)..<((item + 1) * size) where values[index] > values[best] {
        best = index
      }
      return best - item * size
    }
  }

  /// The largest absolute difference between corresponding elements.
  ///
  /// - Throws: ``TensorError/shapeMismatch(_:_:)`` when the shapes differ.
  public func maxAbsoluteDifference(to other: Tensor) throws(TensorError) -> Float {
    guard shape == other.shape else { throw TensorError.shapeMismatch(shape, other.shape) }
    var largest: Float = 0
    for (left, right) in zip(values, other.values) {
      let difference = abs(left - right)
      if difference > largest || difference.isNaN { largest = difference }
    }
    return largest
  }

  /// The shape and the first few elements.
  public var description: String {
    let head = values.prefix(8).map { String($0) }.joined(separator: ", ")
    return "Tensor(shape: \(shape), values: [\(head)\(values.count > 8 ? ", …" : "")])"
  }
}
