import Foundation
import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("Add, Concatenate, Dense, Flatten, Dropout, activations")
struct MergeAndDenseTests {
  @Test("Add sums three inputs")
  func add() throws {
    var builder = ModelBuilder(input: [3])
    let a = builder.add(
      "Dense", "a", ["units": 3, "use_bias": false], weights: ["kernel": ([3, 3], identity(3, scale: 1))])
    let b = builder.add(
      "Dense", "b", ["units": 3, "use_bias": false], inputs: ["input"],
      weights: ["kernel": ([3, 3], identity(3, scale: 10))])
    let c = builder.add(
      "Dense", "c", ["units": 3, "use_bias": false], inputs: ["input"],
      weights: ["kernel": ([3, 3], identity(3, scale: 100))])
    builder.add("Add", "sum", inputs: [a, b, c])
    #expect(try builder.run([1, 2, 3]).values == [111, 222, 333])
  }

  @Test("Add of inputs with different shapes is an error naming the layer")
  func addShapeMismatch() throws {
    var builder = ModelBuilder(input: [2, 2, 1])
    let pooled = builder.add("MaxPooling2D", "pool", ["pool_size": [2, 2]])
    builder.add("Add", "sum", inputs: ["input", pooled])
    #expect(throws: ModelError.self) { try builder.build() }
    do {
      _ = try builder.build()
    } catch {
      #expect("\(error)".contains("'sum'"))
    }
  }

  @Test("Concatenate along channels interleaves per pixel")
  func concatenateChannels() throws {
    // The input, 1x2x2 = [[1, 2], [3, 4]], joined with b, a 1x1 conv summing channels + 6.
    var builder = ModelBuilder(input: [1, 2, 2])
    let b = builder.add(
      "Conv2D", "b", ["filters": 1, "kernel_size": [1, 1], "use_bias": true],
      weights: ["kernel": ([1, 1, 2, 1], [1, 1]), "bias": ([1], [6])])  // 1+2+6 = 9, 3+4+6 = 13
    builder.add("Concatenate", "join", ["axis": -1], inputs: ["input", b])
    let output = try builder.run([1, 2, 3, 4])
    #expect(output.shape == [1, 1, 2, 3])
    #expect(output.values == [1, 2, 9, 3, 4, 13])
  }

  @Test("Concatenate along height stacks blocks")
  func concatenateHeight() throws {
    var builder = ModelBuilder(input: [1, 2, 1])
    let doubled = builder.add(
      "Conv2D", "double", ["filters": 1, "kernel_size": [1, 1], "use_bias": false],
      weights: ["kernel": ([1, 1, 1, 1], [2])])
    builder.add("Concatenate", "join", ["axis": 1], inputs: ["input", doubled])
    let output = try builder.run([1, 2])
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [1, 2, 2, 4])
  }

  @Test("Dense: x · kernel + bias")
  func dense() throws {
    var builder = ModelBuilder(input: [3])
    builder.add(
      "Dense", "dense", ["units": 2, "use_bias": true],
      weights: ["kernel": ([3, 2], [1, 2, 0, 1, 1, 0]), "bias": ([2], [0.5, -0.5])])
    // [1, 2, 3] · [[1, 2], [0, 1], [1, 0]] = [4, 4]; + bias = [4.5, 3.5].
    #expect(try builder.run([1, 2, 3]).values == [4.5, 3.5])
  }

  @Test("Flatten then Dense: NHWC order, Dropout is the identity")
  func flattenDense() throws {
    var builder = ModelBuilder(input: [2, 1, 2])
    builder.add("Flatten", "flatten")
    builder.add("Dropout", "dropout", ["rate": 0.5])
    builder.add(
      "Dense", "dense", ["units": 1, "use_bias": false], weights: ["kernel": ([4, 1], [1, 10, 100, 1000])])
    #expect(try builder.run([1, 2, 3, 4]).values == [4321])
  }

  @Test("softmax over the last axis")
  func softmax() throws {
    var builder = ModelBuilder(input: [3])
    builder.add("Activation", "softmax", ["activation": "softmax"])
    let output = try builder.run([0, Float(log(2.0)), Float(log(3.0))])
    #expect(close(output.values, [1.0 / 6, 2.0 / 6, 3.0 / 6], tolerance: 1e-6))
  }

  @Test("softmax of large values does not overflow")
  func softmaxStable() throws {
    var builder = ModelBuilder(input: [2])
    builder.add("Activation", "softmax", ["activation": "softmax"])
    #expect(close(try builder.run([1000, 1000]).values, [0.5, 0.5]))
  }

  @Test("relu, relu6, sigmoid, tanh, linear")
  func activations() throws {
    let input: [Float] = [-2, 0, 3, 7]
    func run(_ name: String) throws -> [Float] {
      var builder = ModelBuilder(input: [4])
      builder.add("Activation", "act", ["activation": name])
      return try builder.run(input).values
    }
    #expect(try run("relu") == [0, 0, 3, 7])
    #expect(try run("relu6") == [0, 0, 3, 6])
    #expect(try run("linear") == input)
    #expect(close(try run("sigmoid"), [0.11920292, 0.5, 0.95257413, 0.99908895]))
    #expect(close(try run("tanh"), [-0.96402758, 0, 0.99505475, 0.99999834]))
  }

  @Test("the ReLU layer: max_value, negative_slope, threshold")
  func reluLayer() throws {
    var builder = ModelBuilder(input: [4])
    builder.add("ReLU", "relu", ["max_value": 3, "negative_slope": 0.1, "threshold": 1])
    // x > 1: min(x, 3); else 0.1 (x - 1).
    #expect(close(try builder.run([-2, 0.5, 2, 5]).values, [-0.3, -0.05, 2, 3]))
  }

  @Test("an activation on a layer with two readers stays a separate step")
  func activationNotFusedIntoSharedOutput() throws {
    var builder = ModelBuilder(input: [2])
    let dense = builder.add(
      "Dense", "dense", ["units": 2, "use_bias": false], weights: ["kernel": ([2, 2], [1, 0, 0, 1])])
    let relu = builder.add("Activation", "relu", ["activation": "relu"])
    builder.add("Add", "sum", inputs: [dense, relu])
    // dense = [-1, 2]; relu = [0, 2]; sum = [-1, 4].
    #expect(try builder.run([-1, 2]).values == [-1, 4])
  }

  private func identity(_ size: Int, scale: Float) -> [Float] {
    (0..<(size * size)).map { $0 / size == $0 % size ? scale : 0 }
  }
}
