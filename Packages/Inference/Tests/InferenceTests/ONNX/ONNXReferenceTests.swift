import Foundation
import Testing

@testable import Inference
@testable import InferenceONNX

/// Small ONNX graphs, one or a few operators each, against ONNX Runtime's outputs on the same
/// input (written with the graphs by Tools/reference/onnx_reference.py).
@Suite("ONNX graphs against ONNX Runtime")
struct ONNXReferenceTests {
  /// One entry of `onnx/onnx_models.json`.
  struct Case: Decodable, CustomTestStringConvertible, Sendable {
    let name: String
    let batch: Int
    let inputShape: [Int]
    let outputShape: [Int]
    let operators: [String]

    var testDescription: String { "\(name) (\(operators.joined(separator: ", ")))" }
  }

  static let cases: [Case] = {
    guard
      let data = try? Data(contentsOf: TestFixtures.folder.appendingPathComponent("onnx/onnx_models.json")),
      let cases = try? decoder.decode([Case].self, from: data)
    else { return [] }
    return cases
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }()

  @Test("the manifest lists the graphs, every operator the importer maps among them")
  func manifestCoversTheOperators() {
    let covered = Set(Self.cases.flatMap(\.operators))
    let mapped: Set = [
      "Conv", "BatchNormalization", "PRelu", "Relu", "Clip", "Sigmoid", "Add", "Sub", "Mul", "Div", "MaxPool",
      "AveragePool", "GlobalAveragePool", "Flatten", "Gemm", "Softmax", "Concat", "Pad", "MatMul", "Dropout",
      "Reshape", "DequantizeLinear", "Constant",
    ]
    #expect(mapped.isSubset(of: covered), "not covered: \(mapped.subtracting(covered))")
  }

  @Test("each graph's output equals ONNX Runtime's within 1e-5 of its range", arguments: cases)
  func outputMatchesONNXRuntime(_ testCase: Case) throws {
    let model = try ONNXModel(contentsOf: TestFixtures.url("onnx/\(testCase.name).onnx"))
    #expect(model.inputShape == testCase.inputShape)
    #expect(model.outputShapes == [testCase.outputShape])
    let input = try TestFixtures.tensor(
      "onnx/\(testCase.name)_input.f32", shape: [testCase.batch] + testCase.inputShape)
    let expected = try TestFixtures.tensor(
      "onnx/\(testCase.name)_output.f32", shape: [testCase.batch] + testCase.outputShape)
    for threads in [1, 2] {
      let output = try #require(try model.predict(input, threads: threads).first)
      let range = max(expected.values.map(abs).max() ?? 1, 1)
      let difference = try output.maxAbsoluteDifference(to: expected)
      #expect(difference <= 1e-5 * range, "\(threads) threads: \(difference) of \(range)")
    }
  }

  @Test("a Flatten of an image keeps NHWC order and the product's weights follow it")
  func flattenedImagesPermuteTheProduct() throws {
    // Feature k of the runtime's [H, W, C] order is ONNX's (c, h, w) = ((k % C), ...).
    let order = ONNXImporter.featureOrder(12, flattenedImage: [3, 2, 2])
    #expect(order == [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11])
    #expect(ONNXImporter.featureOrder(3, flattenedImage: nil) == [0, 1, 2])
  }

  @Test("weights transposed in blocks of rows land where the permutation sends each column")
  func transposedWeights() {
    // Rows [0 1 2 3], [10 11 12 13], [20 21 22 23]; columns 0...3 go to output rows 2, 0, 3, 1.
    let source: [Float] = [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]
    let output = ONNXImporter.transposed(
      .init(dimensions: [3, 4], values: source), rows: 3, length: 4, destinations: [2, 0, 3, 1])
    #expect(output == [1, 11, 21, 3, 13, 23, 0, 10, 20, 2, 12, 22])
    // 37 rows: two whole blocks of 16 and a short one; element (i, j) is 100 i + j.
    var tall: [Float] = []
    for row in 0..<37 {
      for column in 0..<3 { tall.append(Float(100 * row + column)) }
    }
    let flipped = ONNXImporter.transposed(
      .init(dimensions: [37, 3], values: tall), rows: 37, length: 3, destinations: [2, 1, 0])
    #expect([flipped[0], flipped[36], flipped[37], flipped[2 * 37 + 20]] == [2, 3602, 1, 2000])
    let rows = ONNXImporter.permutedRows([0, 1, 2, 3, 4, 5], length: 2, order: [2, 0, 1])
    #expect(rows == [4, 5, 0, 1, 2, 3])
    #expect(ONNXImporter.inverse([2, 0, 3, 1]) == [1, 3, 0, 2])
  }

  @Test("quantized weights: any range of them dequantizes as the whole, and transposes the same")
  func quantizedRanges() throws {
    // A [2, 5] int8 tensor in blocks of 2 along axis 1: scales [2, 3], zero points 1.
    let layout = try #require(ONNXImporter.ScaleLayout(of: [2, 5], scale: [2, 3], axis: 1, blockSize: 2))
    let codes: [UInt8] = [1, 3, 5, 7, 9, 255, 254, 2, 4, 0]  // 255 and 254 are -1 and -2
    let quantized = ONNXImporter.QuantizedValues(
      codes: .bytes(codes[...], signed: true), scales: [1, 2, 4, 0.5, 1, 2], zeros: [1, 1, 1, 1, 1, 1],
      layout: layout)
    // (code - 1) times the scale of each element's block: 1 1 | 2 2 | 4, then 0.5 0.5 | 1 1 | 2.
    let expected: [Float] = [0, 2, 8, 12, 32, -1, -1.5, 1, 3, -2]
    #expect(quantized.floats() == expected)
    for range in [0..<10, 3..<8, 4..<5, 5..<10, 7..<7] {
      var part = [Float](repeating: .nan, count: range.count)
      part.withUnsafeMutableBufferPointer { quantized.dequantize(range, into: $0) }
      #expect(part == Array(expected[range]), "\(range)")
    }
    let weights = ONNXImporter.Constant(dimensions: [2, 5], values: [], quantized: quantized)
    let plain = ONNXImporter.Constant(dimensions: [2, 5], values: expected)
    let order = [4, 2, 0, 1, 3]
    #expect(
      ONNXImporter.transposed(weights, rows: 2, length: 5, destinations: order)
        == ONNXImporter.transposed(plain, rows: 2, length: 5, destinations: order))
  }

  @Test("blocked scales: each element finds its block's scale, the last block short")
  func blockedScaleIndices() throws {
    // A [2, 5] tensor in blocks of 2 along axis 1: scales [2, 3].
    let blocked = try #require(ONNXImporter.ScaleLayout(of: [2, 5], scale: [2, 3], axis: 1, blockSize: 2))
    #expect((0..<10).map(blocked.scale(of:)) == [0, 0, 1, 1, 2, 3, 3, 4, 4, 5])
    // A [4, 3] tensor in blocks of 3 along axis 0: scales [2, 3], the second block one row.
    let rows = try #require(ONNXImporter.ScaleLayout(of: [4, 3], scale: [2, 3], axis: 0, blockSize: 3))
    #expect((0..<12).map(rows.scale(of:)) == [0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5])
    // Per axis 0 of [2, 3]: one scale a row; per tensor: one for all.
    let perAxis = try #require(ONNXImporter.ScaleLayout(of: [2, 3], scale: [2], axis: 0, blockSize: 0))
    #expect((0..<6).map(perAxis.scale(of:)) == [0, 0, 0, 1, 1, 1])
    let perTensor = try #require(ONNXImporter.ScaleLayout(of: [2, 3], scale: [], axis: 1, blockSize: 0))
    #expect((0..<6).map(perTensor.scale(of:)) == [0, 0, 0, 0, 0, 0])
    #expect(ONNXImporter.ScaleLayout(of: [2, 3], scale: [3, 1], axis: 0, blockSize: 0) == nil)
  }

  @Test("Reshape's 0 and -1 resolve as ONNX says, and impossible targets are refused")
  func reshapeTargets() {
    #expect(ONNXImporter.resolve([0, -1], from: [4, 3, 2], allowZero: false) == [4, 6])
    #expect(ONNXImporter.resolve([-1], from: [4, 3, 2], allowZero: false) == [24])
    #expect(ONNXImporter.resolve([5, -1], from: [4, 3, 2], allowZero: false) == nil)
    #expect(ONNXImporter.resolve([-1, -1], from: [4], allowZero: false) == nil)
    #expect(ONNXImporter.resolve([1 << 40, -1], from: [4], allowZero: false) == nil)
  }
}
