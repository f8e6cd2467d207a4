import Testing

@testable import Inference

@Suite("Tensor")
struct TensorTests {
  @Test("shape and values must agree")
  func shapeChecks() throws {
    #expect(throws: TensorError.countMismatch(shape: [2, 3], count: 5)) {
      try Tensor(shape: [2, 3], values: [1, 2, 3, 4, 5])
    }
    #expect(throws: TensorError.negativeDimension([2, -1])) { try Tensor(shape: [2, -1]) }
    let tensor = try Tensor(shape: [2, 3], values: ramp(6))
    #expect(tensor.count == 6 && tensor.batchCount == 2)
    #expect(try Tensor(shape: [0, 7]).count == 0)
  }

  @Test("indexing is C order (NHWC for images)")
  func indexing() throws {
    let tensor = try Tensor(shape: [2, 2, 3, 1], values: ramp(12))
    #expect(tensor[0, 0, 0, 0] == 1)
    #expect(tensor[0, 1, 2, 0] == 6)
    #expect(tensor[1, 0, 1, 0] == 8)
    #expect(tensor[2, 0, 0, 0] == nil)
    #expect(tensor[0, 0] == nil)
  }

  @Test("stacking, items and reshaping")
  func batches() throws {
    let a = try Tensor(shape: [2], values: [1, 2])
    let b = try Tensor(shape: [2], values: [3, 4])
    let batch = try Tensor(stacking: [a, b], itemShape: [2])
    #expect(batch.shape == [2, 2] && batch.values == [1, 2, 3, 4])
    #expect(try batch.item(1) == b)
    #expect(throws: TensorError.indexOutOfRange(index: 2, count: 2)) { try batch.item(2) }
    #expect(throws: TensorError.shapeMismatch([3], [2])) { try Tensor(stacking: [a], itemShape: [3]) }
    #expect(try batch.reshaped([4]).shape == [4])
    #expect(throws: TensorError.countMismatch(shape: [3], count: 4)) { try batch.reshaped([3]) }
  }

  @Test("argmax per item and the largest difference")
  func comparisons() throws {
    let tensor = try Tensor(shape: [2, 3], values: [0.1, 0.7, 0.2, 0.5, 0.2, 0.3])
    #expect(tensor.argmaxPerItem == [1, 0])
    let other = try Tensor(shape: [2, 3], values: [0.1, 0.6, 0.2, 0.5, 0.2, 0.35])
    #expect(abs(try tensor.maxAbsoluteDifference(to: other) - 0.1) < 1e-6)
    #expect(throws: TensorError.shapeMismatch([2, 3], [6])) {
      try tensor.maxAbsoluteDifference(to: tensor.reshaped([6]))
    }
  }

  @Test("withUnsafeBufferPointer sees the values without copying")
  func buffer() throws {
    let tensor = try Tensor(shape: [3], values: [1, 2, 3])
    #expect(tensor.withUnsafeBufferPointer { $0.reduce(0, +) } == 6)
  }
}
