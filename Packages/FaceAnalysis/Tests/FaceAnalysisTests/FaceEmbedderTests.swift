import Foundation
import Inference
import SystemTesting
import Testing

@testable import FaceAnalysis

/// SFace on our runtime against ONNX Runtime on the same aligned crops (written by
/// Tools/reference/sface_reference.py from the model with its weights folded to floats).
@Suite("SFace embeddings against ONNX Runtime")
struct FaceEmbedderTests {
  static let side = FaceEmbedder.side

  /// The fixture crops as pictures, and ONNX Runtime's raw outputs for them.
  static func reference() throws -> (crops: [RGBImage], outputs: [[Float]]) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.referencePath("sface_crops.u8"))))
    let raw = try Data(contentsOf: URL(fileURLWithPath: TestFiles.referencePath("sface_embeddings.f32")))
    let cropBytes = side * side * 3
    let count = bytes.count / cropBytes
    #expect(raw.count == count * 128 * 4)
    let values = raw.withUnsafeBytes { buffer in
      (0..<(raw.count / 4)).map {
        Float(bitPattern: UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
      }
    }
    let crops = try (0..<count).map { index in
      try RGBImage(
        width: side, height: side, pixels: Array(bytes[(index * cropBytes)..<((index + 1) * cropBytes)]))
    }
    return (crops, (0..<count).map { Array(values[($0 * 128)..<(($0 + 1) * 128)]) })
  }

  static func embedder() throws -> FaceEmbedder {
    try FaceEmbedder(contentsOf: URL(fileURLWithPath: TestFiles.model(FaceEmbedder.modelName)))
  }

  @Test("the model's outputs equal ONNX Runtime's within 1e-4, and the embeddings are its unit vectors")
  func matchesONNXRuntime() throws {
    let (crops, outputs) = try Self.reference()
    let embedder = try Self.embedder()
    #expect(embedder.dimensions == 128)
    let input = try Tensor(
      shape: [crops.count, Self.side, Self.side, 3], values: crops.flatMap { $0.pixels.map(Float.init) })
    for threads in [1, 2] {
      let raw = try embedder.model.predict(input, threads: threads)[0]
      let difference = zip(raw.values, outputs.joined()).map { abs($0 - $1) }.max() ?? 0
      #expect(difference <= 1e-4, "\(threads) threads: largest difference \(difference)")
    }
    let embeddings = try embedder.embeddings(ofAligned: crops, threads: 2)
    for (embedding, output) in zip(embeddings, outputs) {
      let length = output.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
      #expect(abs(embedding.reduce(0) { $0 + Double($1) * Double($1) } - 1) < 1e-5)
      let expected = output.map { Float(Double($0) / length) }
      #expect((zip(embedding, expected).map { abs($0 - $1) }.max() ?? 1) <= 1e-5)
    }
  }

  @Test("a model that is not 112 x 112 RGB to one vector, or no model, is a clear error")
  func wrongModels() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/sface.onnx")
    #expect(
      throws: RecognizerError.embeddingModelLoad(
        path: missing.path, reason: "no model file at \(missing.path)")
    ) {
      try FaceEmbedder(contentsOf: missing)
    }
    let emotionModel = URL(fileURLWithPath: try TestFiles.model("emotion_model.hdf5"))
    #expect(
      throws: RecognizerError.embeddingModelLoad(
        path: emotionModel.path,
        reason: "\(emotionModel.path) is not an ONNX model (an .onnx protobuf is expected)")
    ) {
      try FaceEmbedder(contentsOf: emotionModel)
    }
  }

  @Test("two photos of one face are nearer than two people's")
  func samePersonIsNearer() throws {
    // The astronaut: crops 0 and 7 (each BlazeFace model on the photo), 4 and 5 (faces.mp4 is
    // made from the photo); the cameraman, in near profile: 1 and 8 (sface_reference.json).
    let (crops, _) = try Self.reference()
    let embeddings = try Self.embedder().embeddings(ofAligned: crops, threads: 1)
    func cosine(_ a: Int, _ b: Int) -> Float {
      zip(embeddings[a], embeddings[b]).reduce(0) { $0 + $1.0 * $1.1 }
    }
    for (first, second) in [(0, 7), (0, 4), (4, 5)] {
      #expect(cosine(first, second) > 0.8, "crops \(first) and \(second): \(cosine(first, second))")
    }
    for (astronaut, cameraman) in [(0, 1), (0, 8), (4, 1), (7, 8)] {
      #expect(cosine(astronaut, cameraman) < 0.3, "crops \(astronaut) and \(cameraman)")
      #expect(cosine(astronaut, cameraman) < cosine(1, 8))
    }
  }
}
