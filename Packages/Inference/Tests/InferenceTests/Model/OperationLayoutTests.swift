import Testing

@testable import Inference
@testable import InferenceKeras

/// A loaded model is held until the process exits (the app's recognizer is), and LeakSanitizer
/// then scans memory for pointers to every block still allocated. Swift may keep an enum's case
/// number in the spare high bits of a payload pointer; LeakSanitizer cannot follow such a
/// pointer, and reported the folded weights of the fer model's separable convolutions as leaked
/// (`Tools/test --sanitize App`).
@Suite("Operation layout")
struct OperationLayoutTests {
  /// The arrays an operation holds.
  static func weights(of operation: Operation) -> [[Float]] {
    switch operation {
    case .convolution(let convolution): [convolution.kernel] + (convolution.bias.map { [$0] } ?? [])
    case .depthwise(let depthwise): [depthwise.kernel] + (depthwise.bias.map { [$0] } ?? [])
    case .separable(let depthwise, let pointwise):
      weights(of: .depthwise(depthwise)) + weights(of: .convolution(pointwise))
    case .channelAffine(let affine): [affine.scale, affine.shift]
    default: []
    }
  }

  /// The words of `operation` that hold the address of one of its arrays with high bits set.
  static func taggedWeights(in operation: Operation) -> [String] {
    // A [Float] is one pointer, to its storage object.
    let addresses = Set(weights(of: operation).map { unsafeBitCast($0, to: UInt.self) })
    let words: [UInt] = withUnsafeBytes(of: operation) { bytes in
      (0..<bytes.count / 8).map { bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt.self) }
    }
    let address: UInt = (1 << 48) - 1
    let tagged = words.filter { $0 > address && addresses.contains($0 & address) }
    return tagged.map { "0x" + String($0, radix: 16) }
  }

  @Test("the case number has a byte of its own, not the spare bits of a pointer")
  func caseByte() {
    let size = MemoryLayout<Operation>.size
    #expect(size % MemoryLayout<UInt>.size == 1, "\(size) bytes")
  }

  @Test("no node of the fer model, folded, holds a weights pointer with the case in its high bits")
  func ferModel() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    #expect(model.plan.graph.nodes.contains { if case .separable = $0.operation { true } else { false } })
    for node in model.plan.graph.nodes {
      let tagged = Self.taggedWeights(in: node.operation)
      #expect(tagged.isEmpty, "\(node.name): \(tagged)")
    }
  }
}
