import Foundation
import Testing

@testable import Inference
@testable import InferenceONNX

/// Damaged, foreign and unsupported ONNX files give a clear error naming the problem, never a
/// crash or a read outside the bytes.
@Suite("Hostile ONNX files")
struct ONNXHostileFileTests {
  @Test("a file that is not ONNX says so")
  func notONNX() throws {
    let url = try TestFixtures.url("onnx/not_onnx.onnx")
    #expect(throws: ModelError.notONNX(url.path)) { try ONNXModel(contentsOf: url) }
  }

  @Test("a missing file is named")
  func missingFile() {
    #expect(throws: ModelError.fileNotFound("/nonexistent/model.onnx")) {
      try ONNXModel(contentsOf: URL(fileURLWithPath: "/nonexistent/model.onnx"))
    }
  }

  @Test("a truncated file is damaged, with the byte where it ends")
  func truncated() throws {
    let url = try TestFixtures.url("onnx/truncated.onnx")
    let error = #expect(throws: ModelError.self) { try ONNXModel(contentsOf: url) }
    guard case .corruptONNX(let path, let reason) = error else {
      Issue.record("expected corruptONNX, got \(String(describing: error))")
      return
    }
    #expect(path == url.path)
    #expect(reason.contains("past the end") || reason.contains("remain"), "\(reason)")
  }

  @Test("an operator the runtime does not run is named with its node")
  func unsupportedOperator() throws {
    let url = try TestFixtures.url("onnx/unsupported.onnx")
    #expect(throws: ModelError.unsupportedONNXOperator("Erf", node: "erf_node")) {
      try ONNXModel(contentsOf: url)
    }
    #expect(
      ModelError.unsupportedONNXOperator("Erf", node: "erf_node").description
        == "unsupported ONNX operator Erf (node 'erf_node')")
  }

  @Test("weights kept in an external file are refused by name")
  func externalData() throws {
    let url = try TestFixtures.url("onnx/external_data.onnx")
    let error = #expect(throws: ModelError.self) { try ONNXModel(contentsOf: url) }
    #expect(error?.description.contains("external file") == true, "\(String(describing: error))")
  }

  @Test("every truncation and every flipped byte of a model loads or fails cleanly")
  func everyDamageFailsCleanly() throws {
    let bytes = try [UInt8](Data(contentsOf: TestFixtures.url("onnx/sface_head_listed_initializers.onnx")))
    var failures = 0
    for length in 0..<bytes.count {
      do {
        _ = try ONNXModel(bytes: Array(bytes[..<length]), path: "cut")
      } catch {
        failures += 1
      }
    }
    #expect(failures == bytes.count)
    for position in stride(from: 0, to: bytes.count, by: 3) {
      var damaged = bytes
      damaged[position] ^= 0xA5
      // Loading may succeed (a flipped weight) or fail; it must not trap.
      _ = try? ONNXModel(bytes: damaged, path: "flipped")
    }
  }

  @Test("a shape or pads of 1e300 or NaN is refused, not converted (found by Tools/fuzz onnx)")
  func hugeIntegers() throws {
    let url = try TestFixtures.url("onnx/fuzz_huge_integer.onnx")
    let error = #expect(throws: ModelError.self) { try ONNXModel(contentsOf: url) }
    #expect(error?.description.contains("where an integer is expected") == true, "\(String(describing: error))")
  }

  @Test("a hostile protobuf: lengths past the end, overlong varints and groups")
  func hostileWireFormat() {
    let cases: [[UInt8]] = [
      [0x08, 0x06, 0x3A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F],  // graph: 4 GiB claimed
      [0x08] + Array(repeating: 0xFF, count: 11),  // an eleven-byte varint
      [0x08, 0x06, 0x3B],  // a group's start
      [0x08, 0x06],  // no graph
    ]
    for bytes in cases {
      #expect(throws: ModelError.self) { try ONNXModel(bytes: bytes, path: "hostile") }
    }
  }
}
