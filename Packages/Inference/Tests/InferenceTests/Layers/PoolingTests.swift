import Foundation
import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("MaxPooling2D, AveragePooling2D, GlobalAveragePooling2D")
struct PoolingTests {
  private func pool(
    _ className: String, input: [Int], size: Int, strides: Int, padding: String
  ) -> ModelBuilder {
    var builder = ModelBuilder(input: input)
    builder.add(
      className, "pool", ["pool_size": [size, size], "strides": [strides, strides], "padding": padding])
    return builder
  }

  @Test("max 2x2 'same' on 3x3: the padding row and column are at the bottom/right")
  func maxSameOdd() throws {
    // Windows: rows 0-1 x cols 0-1, rows 0-1 x col 2, row 2 x cols 0-1, row 2 x col 2.
    let output = try pool("MaxPooling2D", input: [3, 3, 1], size: 2, strides: 2, padding: "same").run(ramp(9))
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [5, 6, 8, 9])
  }

  @Test("average 2x2 'same' on 3x3 divides by the real pixels only")
  func averageSameOdd() throws {
    let output = try pool("AveragePooling2D", input: [3, 3, 1], size: 2, strides: 2, padding: "same")
      .run(ramp(9))
    // (1+2+4+5)/4, (3+6)/2, (7+8)/2, 9/1.
    #expect(output.values == [3, 4.5, 7.5, 9])
  }

  @Test("3x3 stride 2 'same' on 5x5: one padding row on each side")
  func threeByThreeSameOdd() throws {
    let maximum = try pool("MaxPooling2D", input: [5, 5, 1], size: 3, strides: 2, padding: "same").run(
      ramp(25))
    let average = try pool("AveragePooling2D", input: [5, 5, 1], size: 3, strides: 2, padding: "same")
      .run(ramp(25))
    #expect(maximum.values == [7, 9, 10, 17, 19, 20, 22, 24, 25])
    // Rows {0,1}, {1,2,3}, {3,4} by the same columns; mean = 5·mean(row) + mean(column) + 1.
    // Corner (0,0): (1+2+6+7)/4 = 4; (0,1): (2+3+4+7+8+9)/6 = 5.5; centre: 117/9 = 13.
    #expect(average.values == [4, 5.5, 7, 11.5, 13, 14.5, 19, 20.5, 22])
  }

  @Test("'valid' pooling with the default stride (the pool size) drops the odd edge")
  func validDefaultStride() throws {
    var builder = ModelBuilder(input: [5, 4, 1])
    builder.add("MaxPooling2D", "pool", ["pool_size": [2, 2], "strides": NSNull(), "padding": "valid"])
    let output = try builder.run(ramp(20))
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [6, 8, 14, 16])
  }

  @Test("pooling keeps channels apart")
  func channels() throws {
    // 2x2x2: channel 0 = 1, 3, 5, 7; channel 1 = 8, 6, 4, 2.
    let maximum = try pool("MaxPooling2D", input: [2, 2, 2], size: 2, strides: 2, padding: "valid")
      .run([1, 8, 3, 6, 5, 4, 7, 2])
    #expect(maximum.values == [7, 8])
  }

  @Test("global average pooling: the mean of each channel")
  func globalAverage() throws {
    var builder = ModelBuilder(input: [2, 2, 2])
    builder.add("GlobalAveragePooling2D", "gap")
    let output = try builder.run(ramp(8))
    #expect(output.shape == [1, 2])
    #expect(output.values == [4, 5])
  }

  @Test("global average pooling with keepdims")
  func globalAverageKeepDimensions() throws {
    var builder = ModelBuilder(input: [1, 3, 1])
    builder.add("GlobalAveragePooling2D", "gap", ["keepdims": true])
    let output = try builder.run([1, 2, 6])
    #expect(output.shape == [1, 1, 1, 1])
    #expect(output.values == [3])
  }
}
