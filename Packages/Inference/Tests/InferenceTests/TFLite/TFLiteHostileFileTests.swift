import Foundation
import Testing

@testable import Inference
@testable import InferenceKeras
@testable import InferenceTFLite

/// Wrong, damaged and hostile TFLite files: each gives a typed ``ModelError``, never a crash,
/// a trap or a hang.
@Suite("TFLite files that are wrong, damaged or hostile")
struct TFLiteHostileFileTests {
  /// The error loading `bytes` gives, or nil when it loads.
  private func error(_ bytes: [UInt8]) -> ModelError? {
    do {
      _ = try TFLiteModel(bytes: bytes, path: "hostile.tflite")
      return nil
    } catch {
      return error
    }
  }

  /// The name of `error`'s case, for comparing without the message.
  private func kind(_ error: ModelError?) -> String {
    switch error {
    case nil: return "loaded"
    case .fileNotFound: return "fileNotFound"
    case .notTFLite: return "notTFLite"
    case .corruptTFLite: return "corruptTFLite"
    case .unsupportedOperator: return "unsupportedOperator"
    case .unsupportedConfiguration: return "unsupportedConfiguration"
    case .missingWeight: return "missingWeight"
    case .weightShapeMismatch: return "weightShapeMismatch"
    case .incompatibleShapes: return "incompatibleShapes"
    case .some(let other): return "other: \(other)"
    }
  }

  private func kind(_ builder: TFLiteBuilder) -> String {
    kind(error(builder.bytes()))
  }

  /// input (1x2x2x1) → RELU → output: the smallest model that loads.
  private func reluModel() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 1])
    let output = builder.tensor("relu", [1, 2, 2, 1])
    builder.op(TFLiteBuilder.Code.relu, inputs: [input], outputs: [output])
    builder.outputs = [output]
    return builder
  }

  // MARK: - Operators this runtime does not run

  @Test("SOFTMAX is unsupportedOperator naming SOFTMAX and the tensor it writes")
  func softmax() throws {
    var builder = reluModel()
    let scores = builder.tensor("scores", [1, 2, 2, 1])
    builder.op(TFLiteBuilder.Code.softmax, inputs: [builder.outputs[0]], outputs: [scores])
    builder.outputs = [scores]
    #expect(error(builder.bytes()) == .unsupportedOperator("SOFTMAX", tensor: "scores"))
    #expect(error(builder.bytes())?.description.contains("SOFTMAX") == true)
  }

  @Test("a custom operator, and a builtin code past the known names, are unsupportedOperator")
  func customAndUnknownOperators() {
    var custom = reluModel()
    let output = custom.tensor("custom_out", [1, 2, 2, 1])
    custom.op(TFLiteBuilder.Code.custom, custom: "MyDetector", inputs: [custom.outputs[0]], outputs: [output])
    custom.outputs = [output]
    #expect(error(custom.bytes()) == .unsupportedOperator("custom MyDetector", tensor: "custom_out"))
    var unknown = reluModel()
    let next = unknown.tensor("next", [1, 2, 2, 1])
    unknown.op(150, inputs: [unknown.outputs[0]], outputs: [next])
    unknown.outputs = [next]
    #expect(error(unknown.bytes()) == .unsupportedOperator("builtin operator 150", tensor: "next"))
  }

  @Test("RESIZE_BILINEAR with both align_corners and half_pixel_centers is refused, as TFLite does")
  func resizeWithBothFlags() {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 1])
    builder.outputs = [
      builder.resizeBilinear(
        input, size: (4, 4), alignCorners: true, halfPixelCenters: true, output: [1, 4, 4, 1])
    ]
    #expect(kind(builder) == "unsupportedConfiguration")
  }

  // MARK: - Files that are not TFLite

  @Test("a missing file is fileNotFound; an empty, short, text or HDF5 file is notTFLite")
  func notTFLite() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tflite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.tflite")
    #expect(throws: ModelError.fileNotFound(missing.path)) { try TFLiteModel(contentsOf: missing) }
    for (name, contents) in [
      ("empty.tflite", Data()), ("short.tflite", Data([0x1C, 0, 0, 0, 0x54])),
      ("text.tflite", Data("this is not a model, only words\n".utf8)),
      ("model.h5", try Data(contentsOf: TestFixtures.url("sequential.h5"))),
    ] {
      let url = folder.appendingPathComponent(name)
      try contents.write(to: url)
      #expect(throws: ModelError.notTFLite(url.path), "\(name)") { try TFLiteModel(contentsOf: url) }
    }
    // A well-formed flatbuffer with another file identifier.
    let other = FlatBufferWriter.file(root: reluModel().model(), identifier: "TFL2")
    #expect(error(other) == .notTFLite("hostile.tflite"))
    #expect(kind(reluModel()) == "loaded")
  }

  // MARK: - The real model, truncated and with flipped bytes

  private static func blazeFace() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: TestFixtures.modelURL("face_detection_full_range.tflite")))
  }

  @Test(
    "BlazeFace truncated at every 64th of its length and near its start is an error", .timeLimit(.minutes(5)))
  func truncatedBlazeFace() throws {
    let bytes = try Self.blazeFace()
    let lengths = Array(0..<96) + (1..<64).map { bytes.count * $0 / 64 } + [bytes.count - 1]
    for length in lengths {
      let found = error(Array(bytes[..<length]))
      if length < 8 {
        #expect(found == .notTFLite("hostile.tflite"), "\(length) bytes")
      } else {
        #expect(kind(found) == "corruptTFLite", "\(length) bytes: \(kind(found))")
      }
    }
  }

  /// SplitMix64: the same flips on every run.
  private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// How many damaged copies of BlazeFace to load per seed.
  private static let variants = 50

  @Test(
    "BlazeFace with 1-4 flipped bytes loads or is a ModelError, never a crash (50 copies a seed)",
    .timeLimit(.minutes(10)), arguments: [2026, 7, 1_234_567, 42])
  func flippedBlazeFace(seed: UInt64) throws {
    let bytes = try Self.blazeFace()
    // Most of the file is weights; three variants in four flip bytes outside the buffers'
    // data, where the structure is.
    let file = try TFLiteFile(bytes: bytes)
    let data = file.buffers.filter { !$0.isEmpty }
    var isData = [Bool](repeating: false, count: bytes.count)
    for range in data { isData.replaceSubrange(range, with: repeatElement(true, count: range.count)) }
    let structure = bytes.indices.filter { !isData[$0] }
    var random = SeededGenerator(state: seed)
    var outcomes: [String: Int] = [:]
    var ran = 0
    for variant in 0..<Self.variants {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index =
          variant % 4 != 3
          ? structure[Int.random(in: structure.indices, using: &random)]
          : Int.random(in: bytes.indices, using: &random)
        damaged[index] ^= UInt8.random(in: 1...255, using: &random)
      }
      let model: TFLiteModel
      do {
        model = try TFLiteModel(bytes: damaged, path: "flipped.tflite")
      } catch {
        outcomes[kind(error), default: 0] += 1
        continue
      }
      outcomes["loaded", default: 0] += 1
      // A few of those that load also run, on a changed graph or changed weights.
      if ran < 2, model.inputShape.reduce(1, *) <= 192 * 192 * 3 {
        ran += 1
        let outputs = try model.predict(Tensor(shape: [1] + model.inputShape), threads: 1)
        #expect(outputs.count == model.outputShapes.count)
      }
    }
    print("flipped BlazeFace, seed \(seed): \(outcomes.sorted { $0.key < $1.key })")
    #expect(outcomes.values.reduce(0, +) == Self.variants)
    #expect(outcomes.keys.contains { $0 != "loaded" })
  }

  // MARK: - Hand-made hostile structures

  /// `model` with its subgraph changed by `change`.
  private func withSubgraph(_ builder: TFLiteBuilder, _ change: (inout FlatTable) -> Void) -> [UInt8] {
    var model = builder.model()
    guard case .tables(var subgraphs) = model[2] else { return [] }
    change(&subgraphs[0])
    model[2] = .tables(subgraphs)
    return FlatBufferWriter.file(root: model)
  }

  @Test("offsets and vtables pointing outside the file are corruptTFLite")
  func offsetsOutside() {
    var rootOutside = reluModel().bytes()
    rootOutside.replaceSubrange(0..<4, with: [0xF0, 0xFF, 0xFF, 0x7F])
    #expect(kind(error(rootOutside)) == "corruptTFLite")
    for vtableOffset in [Int32.min, Int32.max, -1_000_000, 3] {
      var model = reluModel().model()
      model.vtableOffset = vtableOffset
      #expect(kind(error(FlatBufferWriter.file(root: model))) == "corruptTFLite", "vtable at \(vtableOffset)")
    }
    for field in [1, 2, 4] {
      var model = reluModel().model()
      model[field] = .rawOffset(0x7FFF_FFF0)
      #expect(kind(error(FlatBufferWriter.file(root: model))) == "corruptTFLite", "field \(field)")
    }
    let tensorsOutside = withSubgraph(reluModel()) { $0[0] = .rawOffset(0xFFFF_FFFF) }
    #expect(kind(error(tensorsOutside)) == "corruptTFLite")
  }

  @Test("vectors claiming 2^31 (or 2^32 - 1) elements are corruptTFLite")
  func hugeVectors() {
    for count: UInt32 in [1 << 31, .max] {
      let tensors = withSubgraph(reluModel()) { $0[0] = .claimedVector(count: count, bytes: [0, 0, 0, 0]) }
      #expect(kind(error(tensors)) == "corruptTFLite")
      let inputs = withSubgraph(reluModel()) { $0[1] = .claimedVector(count: count, bytes: [0, 0, 0, 0]) }
      #expect(kind(error(inputs)) == "corruptTFLite")
      var data = TFLiteOperatorTestsModels.convolution()
      data.buffers[1][0] = .claimedVector(count: count, bytes: [0, 0, 0, 0])
      #expect(kind(data) == "corruptTFLite")
      var name = reluModel()
      name.tensors[0][3] = .claimedVector(count: count, bytes: Array("input".utf8))
      #expect(kind(name) == "corruptTFLite")
    }
  }

  @Test("tensor shapes with a huge, zero or negative dimension are errors")
  func badShapes() {
    for shape in [[1, 2_147_483_647, 1, 1], [1, -3, 4, 1], [1, 0, 2, 1], [1, 1 << 20, 1 << 20, 1], [1]] {
      var builder = TFLiteBuilder()
      let input = builder.input(shape)
      let output = builder.tensor("relu", shape)
      builder.op(TFLiteBuilder.Code.relu, inputs: [input], outputs: [output])
      builder.outputs = [output]
      #expect(kind(builder) == "incompatibleShapes", "\(shape)")
    }
  }

  @Test("an item shape whose element count wraps past 2^64 is refused, not trapped on")
  func wrappingShape() {
    // 2^16 four times is 2^64: each dimension is small, the product wraps to 0.
    let shape = [1, 1 << 16, 1 << 16, 1 << 16, 1 << 16]
    var builder = TFLiteBuilder()
    let input = builder.input(shape)
    let output = builder.tensor("relu", shape)
    builder.op(TFLiteBuilder.Code.relu, inputs: [input], outputs: [output])
    builder.outputs = [output]
    #expect(kind(builder) == "incompatibleShapes")
  }

  @Test("constants whose shape does not fit their bytes, or wraps, are errors")
  func badConstants() {
    // A float16 constant of 2 values dequantized into a shape of 2^93 values.
    var wrapped = TFLiteBuilder()
    let input = wrapped.input([1, 1, 1, 1])
    let half = wrapped.tensor("half", [2], type: .float16, data: [0, 0x3C, 0, 0x3C])
    let full = wrapped.tensor("full", [2_147_483_647, 2_147_483_647, 2_147_483_647])
    wrapped.op(TFLiteBuilder.Code.dequantize, inputs: [half], outputs: [full])
    wrapped.outputs = [wrapped.conv2D(input, filter: full, bias: nil, output: [1, 1, 1, 2])]
    #expect(kind(wrapped) == "corruptTFLite")
    // A filter declared [2, 1, 1, 1] with 12 bytes, and one of type int32.
    for (type, data) in [
      (TFLiteBuilder.ElementType.float32, [UInt8](repeating: 0, count: 12)),
      (.int32, [0, 0, 0, 0, 0, 0, 0, 0]),
    ] {
      var builder = TFLiteBuilder()
      let source = builder.input([1, 1, 1, 1])
      let filter = builder.tensor("filter", [2, 1, 1, 1], type: type, data: data)
      builder.outputs = [builder.conv2D(source, filter: filter, bias: nil, output: [1, 1, 1, 2])]
      #expect(kind(builder) == "corruptTFLite", "\(type)")
    }
    // A filter with no data at all: an activation where a constant belongs.
    var activation = TFLiteBuilder()
    let source = activation.input([1, 1, 1, 1])
    let filter = activation.tensor("filter", [2, 1, 1, 1])
    activation.outputs = [activation.conv2D(source, filter: filter, bias: nil, output: [1, 1, 1, 2])]
    #expect(kind(activation) == "missingWeight")
    // DEQUANTIZE of an activation.
    var dequantize = reluModel()
    let widened = dequantize.tensor("widened", [1, 2, 2, 1])
    dequantize.op(TFLiteBuilder.Code.dequantize, inputs: [dequantize.outputs[0]], outputs: [widened])
    #expect(kind(dequantize) == "unsupportedOperator")
  }

  @Test("operators naming tensors or operator codes that do not exist are corruptTFLite")
  func indicesOutOfRange() {
    for inputs in [[99], [-5], [Int(Int32.max)]] {
      var builder = reluModel()
      let output = builder.tensor("next", [1, 2, 2, 1])
      builder.op(TFLiteBuilder.Code.relu, inputs: inputs, outputs: [output])
      #expect(kind(builder) == "corruptTFLite", "inputs \(inputs)")
    }
    var negativeOutput = reluModel()
    negativeOutput.op(TFLiteBuilder.Code.relu, inputs: [0], outputs: [-1])
    #expect(kind(negativeOutput) == "corruptTFLite")
    var subgraphOutput = reluModel()
    subgraphOutput.outputs = [42]
    #expect(kind(subgraphOutput) == "corruptTFLite")
    var noInput = reluModel()
    noInput.inputs = []
    #expect(kind(noInput) == "corruptTFLite")
    var noOutput = reluModel()
    noOutput.outputs = []
    #expect(kind(noOutput) == "corruptTFLite")
    var code = reluModel()
    code.operators[0][0] = .uint32(7)
    #expect(kind(code) == "corruptTFLite")
    var noSubgraph = reluModel().model()
    noSubgraph[2] = .tables([])
    #expect(kind(error(FlatBufferWriter.file(root: noSubgraph))) == "corruptTFLite")
  }

  @Test("a tensor read before any operator writes it is corruptTFLite")
  func readBeforeWritten() {
    // RELU reads 'later', which the next operator writes.
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 1])
    let later = builder.tensor("later", [1, 2, 2, 1])
    let output = builder.tensor("relu", [1, 2, 2, 1])
    builder.op(TFLiteBuilder.Code.relu, inputs: [later], outputs: [output])
    builder.op(TFLiteBuilder.Code.relu, inputs: [input], outputs: [later])
    builder.outputs = [output]
    #expect(kind(builder) == "corruptTFLite")
    // An operator reading its own output.
    var cycle = TFLiteBuilder()
    _ = cycle.input([1, 2, 2, 1])
    let own = cycle.tensor("own", [1, 2, 2, 1])
    cycle.op(TFLiteBuilder.Code.relu, inputs: [own], outputs: [own])
    cycle.outputs = [own]
    #expect(kind(cycle) == "corruptTFLite")
    // An output nobody writes.
    var unwritten = reluModel()
    unwritten.outputs = [unwritten.tensor("never", [1, 2, 2, 1])]
    #expect(kind(unwritten) == "corruptTFLite")
  }

  @Test("options that are missing or out of range are errors, not traps")
  func badOptions() {
    var missing = TFLiteBuilder()
    let input = missing.input([1, 3, 3, 1])
    let filter = missing.constant("filter", [1, 1, 1, 1], [1])
    let output = missing.tensor("conv", [1, 3, 3, 1])
    missing.op(TFLiteBuilder.Code.conv2D, inputs: [input, filter], outputs: [output])
    missing.outputs = [output]
    #expect(kind(missing) == "unsupportedConfiguration")
    for (field, value) in [(1, Int32(0)), (2, -1), (1, Int32.max), (0, 7), (3, 9), (4, 0)] {
      var builder = TFLiteBuilder()
      let source = builder.input([1, 3, 3, 1])
      let weights = builder.constant("filter", [1, 1, 1, 1], [1])
      builder.outputs = [builder.conv2D(source, filter: weights, bias: nil, output: [1, 3, 3, 1])]
      let options = field == 0 || field == 3 ? FlatTable.Field.int8(Int8(value)) : .int32(value)
      guard case .table(var table) = builder.operators[0][4] else { continue }
      table[field] = options
      builder.operators[0][4] = .table(table)
      #expect(kind(builder) == "unsupportedConfiguration", "field \(field) = \(value)")
    }
  }
}

/// Models shared by the hostile-file tests.
enum TFLiteOperatorTestsModels {
  /// input 1x1x1x1 → CONV_2D 1x1 to 2 channels (weights 2 and -3) → output; buffer 1 is the filter.
  static func convolution() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 1, 1, 1])
    let filter = builder.constant("filter", [2, 1, 1, 1], [2, -3])
    builder.outputs = [builder.conv2D(input, filter: filter, bias: nil, output: [1, 1, 1, 2])]
    return builder
  }
}
